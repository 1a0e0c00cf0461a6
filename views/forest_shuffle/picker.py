"""The picker: the tree being entered with its four slots, the species that fit the slot being
filled (a grid, likeliest first, found by sight through each group's icon), a search in
English, German and Dutch, and the trees, shrubs and sapling of the boxes in play, a tap away.

Its parts are memoised and stay mounted, shown or hidden: a pick sends the card placed, the
slot the picker moved on to and the totals, not a new grid. A grid's order is the one it had
when its slot was opened, so no tile moves under a thumb while another phone enters its cards.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.forest_shuffle.models import SAPLING
from scorer.forest_shuffle.placing import choices, matching
from views.forest_shuffle.flow import WHOLE, Taps
from views.forest_shuffle.model import CLOCKWISE, Tree
from views.forest_shuffle.names import (
    ARROWS,
    columns,
    fitted_name,
    group_icon,
    host_icon,
    species_name,
    tile_height,
)
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import TAP, do, labelled, named, text
from views.widgets.typed_field import use_typed_text
from views.widgets.typed_flet import keyed, memo

GAP = 6  # px between tiles
HOST_TILE = 48  # px: the narrowest tile of the strip of trees (seven a row on a 390 px phone)
STRIP_GAP = 4
PADDING = 10  # px: the view's padding at each side
# A bar cell's padding, thickest border, arrow and the gap after it, both sides counted.
INSIDE_CELL = 2 * 4 + 2 * 3 + 14 + 2  # (a border of 1 px, or 3 with a problem)


def hosts(boxes: tuple[str, ...]) -> tuple[str, ...]:
    """Every tree and shrub of the boxes in play, in catalogue order, then the sapling: an
    order that never changes, so a thumb learns where each one is."""
    return (*(s.id for s in choices(WHOLE, boxes)), SAPLING)


def scrolls_alone(scale: float) -> bool:
    """Whether the grid scrolls on its own between the tree bar and the trees (text of the
    usual size), or the picker scrolls as one (large text: the trees alone fill a phone)."""
    return scale < 1.3


def tile_width(screen: float, columns: int) -> float:
    return (screen - 2 * PADDING - (columns - 1) * GAP) // columns


# the tree being entered ---------------------------------------------------------------------
def _tree_bar(player: int, index: int, tree: Tree, target: str, takes: tuple[str, ...],
              problems: tuple[str, ...], taps: Taps) -> ft.Control:
    """The tree and its four slots in one row, clockwise from the top as the picker fills them;
    the slot being filled is marked, and so is a slot with a problem. `takes`: the slots that
    take a card (empty, or shared)."""
    app = use_app()
    name = species_name(tree.species, app.lang)
    tree_label = f"{app.t('forest.tree', number=index + 1)}: {name}"
    cells: list[ft.Control] = [labelled("bar-tree", ft.Container(
        ft.Column([host_icon(tree.species, 24), text(str(index + 1), size=12)], spacing=0,
                  horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True),
        width=44, height=TAP, alignment=ft.Alignment.CENTER), label=tree_label)]
    width = (app.width - 2 * PADDING - 44 - 4 * 4) / 4
    for slot in CLOCKWISE:
        cells.append(BarSlot(slot, tuple(card.species for card in tree.cards(slot)), width,
                             slot == target, slot in takes, slot in problems, taps.open_slot,
                             index))
    return labelled("tree-bar", ft.Row(cells, spacing=4))


TreeBar = memo(ft.component(_tree_bar))


def _bar_slot(slot: str, cards: tuple[str, ...], width: float, target: bool, takes: bool,
              problem: bool, on_target: Callable[[int, str], object], tree: int) -> ft.Control:
    app = use_app()
    slot_name = scorer_text(f"slot.{slot}", {}, app.lang)
    names = [species_name(card, app.lang) for card in cards]
    label = f"{slot_name.capitalize()}: {', '.join(names) if names else app.t('forest.empty')}"
    inside: list[ft.Control] = [ft.Icon(ARROWS[slot], size=14,
                                        color=ft.Colors.ON_SURFACE_VARIANT)]
    if cards:
        # the card's name where it fits whole, else its group's icon (several: icons, count)
        words = fitted_name(names[0], width - INSIDE_CELL, app.text_scale,
                            sizes=(12.0, 11.0, 10.0)) if len(cards) == 1 else None
        if words is not None:
            inside.append(ft.Container(words, expand=True))
        else:
            inside += [group_icon(card, 16) for card in cards[:2]]
            if len(cards) > 2:
                inside.append(text(f"+{len(cards) - 2}", size=12))
    else:
        inside.append(ft.Icon(ft.Icons.ADD, size=18, color=ft.Colors.PRIMARY if takes
                              else ft.Colors.ON_SURFACE_VARIANT))
    # The slot being filled is marked by its fill and a bar under it, as a tab is: moving
    # the mark from slot to slot sends two flags a slot (a border would send four sides).
    mark = ft.Container(height=3, bgcolor=ft.Colors.PRIMARY, border_radius=2, visible=target)
    box = ft.Container(
        ft.Column([ft.Row(inside, spacing=2, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                          alignment=ft.MainAxisAlignment.CENTER, expand=True), mark],
                  spacing=0),
        width=width, height=tile_height(app.text_scale),
        padding=ft.Padding.only(left=4, right=4, top=2, bottom=2),
        border_radius=8, border=ft.Border.all(3, ft.Colors.ERROR) if problem
        else ft.Border.all(1, ft.Colors.OUTLINE),
        bgcolor=ft.Colors.PRIMARY_CONTAINER if target else None,
        on_click=do(on_target, tree, slot) if takes else None, ink=True)
    # one shape whether it takes a card or not (then a disabled button)
    return named(ft.Semantics(identifier=f"bar-{slot}", label=label, button=True,
                              disabled=not takes, selected=target, content=box))


BarSlot = memo(ft.component(_bar_slot))


# the species that fit the slot ----------------------------------------------------------------
def _species_grid(side: str, boxes: tuple[str, ...], order: tuple[str, ...], query: str,
                  shown: bool, taps: Taps) -> ft.Control:
    """The species of one side (`order`: likeliest first), those the search keeps."""
    app = use_app()
    unit = tile_width(app.width, columns(app.text_scale))
    found = matching(order, query) if query.strip() else list(order)
    tiles: list[ft.Control] = [keyed(SpeciesTile, species)(species, unit, taps.pick)
                               for species in found]
    if not found:
        tiles.append(NothingFits(side, boxes, query))
    grid = ft.Row(tiles, wrap=True, spacing=GAP, run_spacing=GAP)
    # one shape shown or hidden: showing another slot's grid sends two flags, not a grid
    alone = scrolls_alone(app.text_scale)
    return ft.Semantics(identifier="species-grid", expand=alone, visible=shown,
                        content=ft.Column([grid], scroll=ft.ScrollMode.AUTO if alone else None,
                                          expand=alone))


SpeciesGrid = memo(ft.component(_species_grid))


def _species_tile(species: str, unit: float, on_pick: Callable[[str], object]) -> ft.Control:
    """A species: its group's icon and its name, whole: a name no size fits takes two tiles."""
    app = use_app()
    name = species_name(species, app.lang)
    inner = 16 + 4 + 2 * 6  # the icon, its gap, the padding
    width = unit
    scale = app.text_scale
    words = fitted_name(name, unit - inner, scale)
    if words is None:
        width = 2 * unit + GAP
        words = fitted_name(name, width - inner, scale) or text(name, size=10, max_lines=2)
    box = ft.Container(
        ft.Row([group_icon(species, 16), ft.Container(words, expand=True)], spacing=4,
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        width=width, height=tile_height(scale), padding=ft.Padding.symmetric(horizontal=6),
        border_radius=10,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, ink=True, on_click=do(on_pick, species))
    return named(ft.Semantics(identifier=f"pick-{species}", label=name, button=True,
                              content=box))


SpeciesTile = memo(ft.component(_species_tile))


@ft.component
def NothingFits(side: str, boxes: tuple[str, ...], query: str) -> ft.Control:
    """"Nothing by that name fits this slot", and where the cards searched for do go."""
    app = use_app()
    lines = [app.t("forest.nothing_fits")]
    for species, sides in elsewhere(side, boxes, query)[:5]:
        where = ", ".join(app.t("forest.as_tree") if s == WHOLE
                          else scorer_text(f"slot.{s}", {}, app.lang) for s in sides)
        lines.append(app.t("forest.goes", name=species_name(species, app.lang), slots=where))
    words = "\n".join(lines)
    return labelled("nothing-fits", text(words, size=14), label=words)


def elsewhere(side: str, boxes: tuple[str, ...], query: str) -> list[tuple[str, list[str]]]:
    """For a search that finds nothing for `side`: the species it finds, each with the sides
    they do go on (WHOLE: a tree or shrub)."""
    sides: dict[str, list[str]] = {}
    for other in (*CLOCKWISE, WHOLE):
        if other != side:
            offered = hosts(boxes)[:-1] if other == WHOLE \
                else [s.id for s in choices(other, boxes)]
            for species in matching(offered, query):
                sides.setdefault(species, []).append(other)
    return list(sides.items())


# the trees ------------------------------------------------------------------------------------
def _host_tiles(boxes: tuple[str, ...], big: bool, shown: bool,
                on_pick: Callable[[str], object]) -> ft.Control:
    """Every tree, shrub and the sapling of the boxes in play, in one order that never changes:
    big tiles with whole names when the picker asks for a tree, a strip of small ones under the
    species otherwise (the next tree is one tap from wherever the player is)."""
    app = use_app()
    if big:
        unit = tile_width(app.width, columns(app.text_scale))
    else:
        wide = HOST_TILE * max(1.0, app.text_scale)
        count = max(1, int((app.width - 2 * PADDING + STRIP_GAP) // (wide + STRIP_GAP)))
        unit = (app.width - 2 * PADDING - (count - 1) * STRIP_GAP) // count
    tiles: list[ft.Control] = [keyed(HostTile, species)(species, unit, big, on_pick)
                               for species in hosts(boxes)]
    gap = GAP if big else STRIP_GAP
    row = ft.Row(tiles, wrap=True, spacing=gap, run_spacing=gap)
    if big:
        alone = scrolls_alone(app.text_scale)
        return ft.Semantics(identifier="hosts", expand=alone, visible=shown,
                            content=ft.Column([row], scroll=ft.ScrollMode.AUTO if alone
                                              else None, expand=alone))
    caption = text(app.t("forest.next_tree"), size=12, color=ft.Colors.ON_SURFACE_VARIANT)
    return ft.Semantics(identifier="next-tree", visible=shown,
                        content=ft.Column([caption, row], spacing=2))


HostTiles = memo(ft.component(_host_tiles))


def _host_tile(species: str, unit: float, big: bool,
               on_pick: Callable[[str], object]) -> ft.Control:
    app = use_app()
    name = species_name(species, app.lang)
    scale = app.text_scale
    if big:
        words: ft.Text | None = fitted_name(name, unit - 28 - 4 - 12, scale) or text(
            name, size=10, max_lines=2)
        content: ft.Control = ft.Row([host_icon(species, 28), ft.Container(words, expand=True)],
                                     spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        height = tile_height(scale) + 8
    else:
        short = scorer_text(f"species_short.{species}", {}, app.lang)
        words = fitted_name(short, unit, scale, sizes=(12.0, 11.0, 10.0)) \
            if " " not in short else None
        words = words or fitted_name(short, unit, scale, sizes=(10.0, 9.0))
        content = ft.Column([host_icon(species, 22), *([words] if words else [])], spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True,
                            alignment=ft.MainAxisAlignment.CENTER)
        height = tile_height(scale, lines=1) + 22
    box = ft.Container(content, width=unit, height=height, border_radius=10, ink=True,
                       padding=ft.Padding.symmetric(horizontal=6 if big else 0),
                       alignment=ft.Alignment.CENTER if not big else None,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH, on_click=do(on_pick, species))
    return named(ft.Semantics(identifier=f"quick-{species}", label=name, button=True,
                              content=box))


HostTile = memo(ft.component(_host_tile))


# the search -----------------------------------------------------------------------------------
@ft.component
def SearchRow(on_search: Callable[[str], object], on_close: Callable[[], object],
              searching: bool) -> ft.Control:
    """The search over the grid (`searching`: a slot's grid is shown), and the way back to the
    forest. Keyed by the searches made: a new target after a search starts empty, and a
    target reached without one keeps the field as it is (nothing to send)."""
    app = use_app()
    typed = use_typed_text()  # the phone's text, never drawn back older while typed
    # the languages it searches are named where the label has room for them (not at 200 %)
    words = app.t("forest.search" if scrolls_alone(app.text_scale) else "forest.search_short")
    field = labelled("search", typed.field(
        label=words, dense=True, prefix_icon=ft.Icons.SEARCH,
        on_change=lambda e: on_search(e.control.value or "")))
    close = labelled("picker-close", ft.IconButton(
        ft.Icons.CLOSE, tooltip=app.t("forest.picker_close"), on_click=do(on_close),
        width=TAP, height=TAP))
    title = text(app.t("forest.pick_tree"), size=15, weight=ft.FontWeight.W_600)
    return ft.Row([ft.Container(field, expand=True, visible=searching),
                   ft.Container(title, expand=True, visible=not searching), close], spacing=4)
