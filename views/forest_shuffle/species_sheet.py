"""The species sheet: what can go where, from the boxes in play, grouped (with each group's icon
beside every name, so a card is found by sight) and searchable in English, German and Dutch.

A species whose copies print different tree symbols on this side is offered only as its
printed-symbol chips: species + symbol is one tap, and a card entered so never needs its symbol
later (when a Roe Deer joins the table). A species printed with one symbol gets it by itself.
A search that finds nothing for this slot says where the card searched for does go."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Protocol

import flet as ft

from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SAPLING, SLOTS
from scorer.forest_shuffle.placing import WHOLE, choices, printed_symbols
from views.i18n import scorer_text
from views.session import use_app
from views.widgets.common import TAP, do, labelled, pill, section, text
from views.widgets.typed_field import use_typed_text

# Light tints per tree symbol, readable with black text in both themes.
SYMBOL_COLORS = {"beech": "#FFE082", "birch": "#E0E0E0", "douglas_fir": "#A5D6A7",
                 "horse_chestnut": "#FFAB91", "linden": "#E6EE9C", "oak": "#BCAAA4",
                 "silver_fir": "#80CBC4", "sycamore": "#F48FB1", "european_larch": "#C5E1A5",
                 "stone_pine": "#B0BEC5", "golden_palm": "#FFF59D", "bamboo": "#DCEDC8",
                 "european_alder": "#CE93D8"}

# The catalogue's groups, each as a Material icon.
GROUP_ICONS = {"trees": ft.Icons.PARK, "shrubs": ft.Icons.GRASS, "birds": ft.Icons.FLUTTER_DASH,
               "butterflies": ft.Icons.EMOJI_NATURE, "insects": ft.Icons.BUG_REPORT,
               "bats": ft.Icons.NIGHTS_STAY, "amphibians": ft.Icons.WATER_DROP,
               "plants": ft.Icons.LOCAL_FLORIST, "mushrooms": ft.Icons.UMBRELLA,
               "deer": ft.Icons.FOREST, "pawed_animals": ft.Icons.PETS,
               "cloven_hoofed_animals": ft.Icons.AGRICULTURE, "persons": ft.Icons.PERSON}
SAPLING_GROUP = "trees"

Pick = Callable[[str, str | None], object]  # (species, printed symbol or None)


def species_name(species_id: str, lang: str) -> str:
    return scorer_text(f"species.{species_id}", {}, lang)


def symbol_name(symbol: str, lang: str) -> str:
    return scorer_text(f"tree_symbol.{symbol}", {}, lang)


def group_of(species_id: str) -> str:
    return SAPLING_GROUP if species_id == SAPLING else load_catalog().by_id(species_id).group


def group_icon(species_id: str, size: int = 18) -> ft.Icon:
    return ft.Icon(GROUP_ICONS.get(group_of(species_id), ft.Icons.CIRCLE), size=size,
                   color=ft.Colors.ON_SURFACE_VARIANT)


@cache
def _search_words(species_id: str) -> str:
    if species_id == SAPLING:
        return "sapling " + " ".join(scorer_text(f"species.{SAPLING}", {}, lang)
                                     for lang in ("en", "de", "nl")).casefold()
    s = load_catalog().by_id(species_id)
    return " ".join((s.id.replace("_", " "), s.names.en, s.names.de, s.names.nl,
                     *s.aliases)).casefold()


def _found(side: str, boxes: tuple[str, ...], query: str) -> list[str]:
    """The species for `side` whose names (in any language) hold `query`, in catalogue order."""
    shown = [s.id for s in choices(side, boxes)]
    if side == WHOLE:
        shown.append(SAPLING)
    return [s for s in shown if query in _search_words(s)]


def elsewhere(side: str, boxes: tuple[str, ...], query: str) -> list[tuple[str, list[str]]]:
    """For a search that finds nothing for `side`: the species it finds, each with the sides
    they do go on ("whole": a tree or shrub)."""
    sides: dict[str, list[str]] = {}
    for other in (*SLOTS, WHOLE):
        if other != side:
            for species in _found(other, boxes, query):
                sides.setdefault(species, []).append(other)
    return list(sides.items())


@dataclass(frozen=True)
class Picking:
    """What the open sheet is for: a slot of a tree, or a new tree (`tree` -1, side "whole");
    `replacing` names the card a pick swaps."""

    tree: int
    side: str
    replacing: tuple[int, int, str, int | None] | None = None


class SheetTaps(Protocol):
    """What the sheet's taps do: pick a species (and printed symbol), search, close."""

    def pick(self, species: str, symbol: str | None) -> object: ...
    def search(self, query: str) -> object: ...
    def close_sheet(self) -> object: ...


def _species_sheet(boxes: tuple[str, ...], picking: Picking, title: str, query: str,
                   opened: int, taps: SheetTaps) -> ft.Control:
    """`opened` counts the sheet's openings: each one starts with an empty search."""
    app = use_app()
    found = _found(picking.side, boxes, query.strip().casefold())
    rows: list[ft.Control] = []
    catalog = load_catalog()
    for group in catalog.groups:
        members = [s for s in found if group_of(s) == group]
        if members:
            rows.append(GroupTitle(group, key=f"group-{group}"))
            rows += [SpeciesRow(s, picking.side, boxes, taps.pick, key=s) for s in members]
    if not found and query.strip():
        rows.append(NothingFits(picking.side, boxes, query.strip().casefold()))
    close = labelled("picker-close", ft.IconButton(
        ft.Icons.CLOSE, tooltip=app.t("result.close"), on_click=do(taps.close_sheet),
        width=TAP, height=TAP))
    return ft.Column([
        ft.Row([ft.Container(section(title), expand=True), close]),
        SearchField(taps.search, key=f"search-{opened}"),
        ft.Column(rows, spacing=6, scroll=ft.ScrollMode.AUTO, expand=True),
    ], expand=True, spacing=8)


# memoised: a pick closes the sheet and changes the forest; the sheet itself stays as it was
SpeciesSheet = ft.memo(ft.component(_species_sheet))


@ft.component
def SearchField(on_search: Callable[[str], object]) -> ft.Control:
    app = use_app()
    typed = use_typed_text()  # the phone's text, never drawn back older while typed
    return ft.Row([ft.Container(labelled("search", typed.field(  # the sheet's whole width
        label=app.t("forest.search"), dense=True, prefix_icon=ft.Icons.SEARCH,
        on_change=lambda e: on_search(e.control.value or ""))), expand=True)])


@ft.component
def GroupTitle(group: str) -> ft.Control:
    app = use_app()
    return ft.Row([ft.Icon(GROUP_ICONS.get(group, ft.Icons.CIRCLE), size=18,
                           color=ft.Colors.PRIMARY),
                   section(scorer_text(f"forest_shuffle.group.{group}", {}, app.lang))],
                  spacing=6)


@ft.component
def NothingFits(side: str, boxes: tuple[str, ...], query: str) -> ft.Control:
    """"Nothing fits this slot", and where the cards searched for do go."""
    app = use_app()
    lines = [app.t("forest.nothing_fits")]
    for species, sides in elsewhere(side, boxes, query)[:5]:
        where = ", ".join(app.t("forest.as_tree") if s == WHOLE
                          else scorer_text(f"slot.{s}", {}, app.lang) for s in sides)
        lines.append(app.t("forest.goes", name=species_name(species, app.lang), slots=where))
    words = "\n".join(lines)
    return labelled("nothing-fits", text(words, size=14), label=words)


def _species_row(species: str, side: str, boxes: tuple[str, ...], on_pick: Pick) -> ft.Control:
    app = use_app()
    name = species_name(species, app.lang)
    symbols = [] if species == SAPLING else printed_symbols(species, side, boxes)
    if len(symbols) < 2:
        alone = symbols[0] if symbols else None
        return pill(f"pick-{species}", name, do(on_pick, species, alone),
                    leading=group_icon(species))
    chips = [pill(f"pick-{species}-{symbol}", symbol_name(symbol, app.lang),
                  do(on_pick, species, symbol), color=SYMBOL_COLORS.get(symbol),
                  tooltip=f"{name} · {symbol_name(symbol, app.lang)}")
             for symbol in symbols]
    # Only the printed symbols are offered; one tinted band per species, so that a chip that
    # wraps to the next line still reads as this species'.
    caption = labelled(f"pick-{species}", ft.Row(
        [group_icon(species), text(name, size=15, weight=ft.FontWeight.W_600)],
        spacing=6, tight=True), label=name)
    return ft.Container(ft.Row([caption, *chips], wrap=True, spacing=6, run_spacing=6,
                               vertical_alignment=ft.CrossAxisAlignment.CENTER),
                        padding=ft.Padding.symmetric(horizontal=10, vertical=4),
                        border_radius=28, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)


# a typed letter filters the list: the rows still shown are not built again
SpeciesRow = ft.memo(ft.component(_species_row))


def symbol_chips(prefix: str, card: str, side: str, boxes: tuple[str, ...], lang: str,
                 current: str | None, on_symbol: Callable[[str], object]) -> list[ft.Control]:
    """Chips to set the tree symbol of a card already in the forest (the one-tap fix)."""
    return [pill(f"{prefix}-{symbol}", symbol_name(symbol, lang), do(on_symbol, symbol),
                 selected=symbol == current, color=SYMBOL_COLORS.get(symbol))
            for symbol in printed_symbols(card, side, boxes)]
