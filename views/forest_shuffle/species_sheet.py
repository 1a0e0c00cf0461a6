"""The species sheet: what can go where, from the boxes in play, grouped and searchable in
English, German and Dutch. A species whose copies print different tree symbols shows each
printed symbol as a chip, so species + symbol is one tap; a species printed with one symbol
only gets it by itself."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import flet as ft

from scorer.forest_shuffle.catalog import Species, load_catalog
from scorer.forest_shuffle.models import SAPLING
from scorer.forest_shuffle.placing import choices, printed_symbols
from views.i18n import scorer_text, ui
from views.widgets.common import Keeper, do, labelled, pill, section

# Light tints per tree symbol, readable with black text in both themes.
SYMBOL_COLORS = {"beech": "#FFE082", "birch": "#E0E0E0", "douglas_fir": "#A5D6A7",
                 "horse_chestnut": "#FFAB91", "linden": "#E6EE9C", "oak": "#BCAAA4",
                 "silver_fir": "#80CBC4", "sycamore": "#F48FB1", "european_larch": "#C5E1A5",
                 "stone_pine": "#B0BEC5", "golden_palm": "#FFF59D", "bamboo": "#DCEDC8",
                 "european_alder": "#CE93D8"}


def species_name(species_id: str, lang: str) -> str:
    return scorer_text(f"species.{species_id}", {}, lang)


def symbol_name(symbol: str, lang: str) -> str:
    return scorer_text(f"tree_symbol.{symbol}", {}, lang)


@cache
def _search_words(species_id: str) -> str:
    s = load_catalog().by_id(species_id)
    return " ".join((s.id.replace("_", " "), s.names.en, s.names.de, s.names.nl,
                     *s.aliases)).casefold()


class SpeciesSheet:
    """Built for one slot (or for a new tree); `on_pick(species_id, symbol)` gets the choice."""

    def __init__(self, on_pick: Callable, on_close: Callable):
        self.on_pick = on_pick
        self.on_close = on_close
        self.query = ""
        self.field = ft.TextField(on_change=self._typed, prefix_icon=ft.Icons.SEARCH,
                                  dense=True)
        self.list = ft.Column(spacing=6, scroll=ft.ScrollMode.AUTO, expand=True)
        self.keep = Keeper()

    def _typed(self, e) -> None:
        self.query = (self.field.value or "").strip().casefold()
        self.fill()
        self.list.update()

    def open(self, side: str, boxes: list[str], lang: str) -> None:
        self.side, self.boxes, self.lang = side, boxes, lang
        self.query = ""
        self.field.value = ""

    def build(self, title: str) -> ft.Control:
        self.field.label = ui("forest.search", self.lang)
        self.fill()
        close = labelled("picker-close", ft.IconButton(
            ft.Icons.CLOSE, tooltip=ui("result.close", self.lang), on_click=do(self.on_close)))
        return ft.Column([ft.Row([section(title), close],
                                 alignment=ft.MainAxisAlignment.SPACE_BETWEEN),
                          labelled("search", self.field), self.list], expand=True, spacing=8)

    def fill(self) -> None:
        lang, side, boxes = self.lang, self.side, self.boxes
        shown = [s for s in choices(side, boxes) if self.query in _search_words(s.id)]
        controls: list[ft.Control] = []
        if side == "whole" and self.query in species_name(SAPLING, lang).casefold() + " sapling":
            controls.append(self._row(None, lang))
        for group in load_catalog().groups:
            members = [s for s in shown if s.group == group]
            if not members:
                continue
            controls.append(self.keep(("group", group, lang), lambda g=group: section(
                scorer_text(f"forest_shuffle.group.{g}", {}, lang))))
            controls += [self._row(s, lang) for s in members]
        self.list.controls = controls
        self.keep.next_round()

    def _row(self, species: Species | None, lang: str) -> ft.Control:
        key = ("row", species.id if species else SAPLING, self.side, tuple(self.boxes), lang)
        return self.keep(key, lambda: self._make_row(species, lang))

    def _make_row(self, species: Species | None, lang: str) -> ft.Control:
        if species is None:
            return pill(f"pick-{SAPLING}", species_name(SAPLING, lang),
                        do(self.on_pick, SAPLING, None))
        name = species_name(species.id, lang)
        symbols = printed_symbols(species.id, self.side, self.boxes)
        alone = symbols[0] if len(symbols) == 1 else None
        items: list[ft.Control] = [pill(f"pick-{species.id}", name,
                                        do(self.on_pick, species.id, alone))]
        if len(symbols) < 2:
            return items[0]
        items += [pill(f"pick-{species.id}-{symbol}", symbol_name(symbol, lang),
                       do(self.on_pick, species.id, symbol), color=SYMBOL_COLORS.get(symbol),
                       tooltip=f"{name} · {symbol_name(symbol, lang)}")
                  for symbol in symbols]
        # One tinted band per species, so a symbol chip that wraps to the next line still
        # reads as this species' and not as a species of its own.
        return ft.Container(ft.Row(items, wrap=True, spacing=6, run_spacing=6), padding=4,
                            border_radius=28, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)


def symbol_chips(prefix: str, species_id: str, side: str, boxes: list[str], lang: str,
                 current: str | None, on_symbol: Callable) -> list[ft.Control]:
    """Chips to set the tree symbol of a card already in the forest (the one-tap fix)."""
    return [pill(f"{prefix}-{symbol}", symbol_name(symbol, lang), do(on_symbol, symbol),
                 selected=symbol == current, color=SYMBOL_COLORS.get(symbol))
            for symbol in printed_symbols(species_id, side, boxes)]
