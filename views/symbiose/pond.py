"""A 2 x 4 pond (or the duel river) as big tiles, with what each edge column counts.

Each tile is memoised on what it shows (card, selected, problem, points): a tap re-renders the
tiles that changed, not the grid."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.places import PondTile, RiverTile
from scorer.symbiose.models import COLUMNS, ROWS, Card
from views.symbiose.card_face import card_face, describe, face_height
from views.symbiose.model import Owner, SymbioseTable, Tile
from views.text.i18n import ui
from views.web.session import use_app
from views.widgets.common import named, text
from views.widgets.typed_flet import keyed, memo

TILE_W, TILE_H, GAP = 84, 88, 6  # px: a tile at its largest, and between tiles
MARGIN = 16  # px: the screen's padding around the pond
# An edge column's caption is a quarter wider than its tiles, the middle one's narrower: at
# 200 % text on a 320 px phone a word ("counts", "eigenen") then fits its line whole; at 100 %
# each still stands over its column.
EDGE_CAPTION = 1.25


def tile_width(screen_width: float) -> float:
    """Four tiles and their gaps fit the screen (a 320 px phone too), never wider than
    TILE_W."""
    return min(TILE_W, (screen_width - MARGIN - GAP * (COLUMNS - 1)) // COLUMNS)


def tile_name(table: SymbioseTable, tile: Tile, lang: str) -> str:
    if isinstance(tile, RiverTile):
        return ui("pond.river_slot", lang, number=tile.index + 1)
    return ui("pond.slot", lang, name=table.names[tile.player],
              row=ui(f"pond.row{tile.row}", lang), column=tile.column + 1)


def tile_id(tile: Tile) -> str:
    if isinstance(tile, RiverTile):
        return f"river-{tile.index}"
    return f"tile-{tile.player}-{tile.row}-{tile.column}"


def column_captions(table: SymbioseTable, player: int, lang: str) -> tuple[str, str, str]:
    def label(column: str) -> str:
        kind, owner = table.live.counts[player][column]
        if kind == "own":
            return ui("pond.counts_own", lang)
        if kind == "river":
            return ui("pond.counts_river", lang)
        return ui("pond.counts", lang, name=owner)

    return label("left"), label("middle"), label("right")


@ft.component
def ColumnLabels(captions: tuple[str, str, str], tile: float = TILE_W) -> ft.Row:
    """What each edge column of the pond counts. A long name wraps onto three lines and ends
    in an ellipsis; screen readers get the whole caption."""
    def cell(caption: str, width: float, identifier: str) -> ft.Control:
        return ft.Semantics(identifier=identifier, label=caption, content=ft.Container(
            text(caption, size=12, text_align=ft.TextAlign.CENTER, max_lines=3,
                 overflow=ft.TextOverflow.ELLIPSIS, color=ft.Colors.ON_SURFACE_VARIANT),
            width=width, alignment=ft.Alignment.CENTER))

    left, middle, right = captions
    edge = tile * EDGE_CAPTION
    return ft.Row([cell(left, edge, "label-left"),
                   cell(middle, tile * (COLUMNS - 2 * EDGE_CAPTION) + GAP, "label-middle"),
                   cell(right, edge, "label-right")],
                  spacing=GAP, alignment=ft.MainAxisAlignment.CENTER,
                  vertical_alignment=ft.CrossAxisAlignment.START)


@ft.component
def Pond(table: SymbioseTable, owner: Owner, cursor: Tile | None,
         tile: float = TILE_W) -> ft.Column:
    """The tiles of player `owner`, or of the river when `owner` is "river", with this phone's
    selected tile `cursor`; `tile`: their width."""
    live = table.live
    rows: list[ft.Control] = []
    for r in range(ROWS):
        row: list[Tile] = [RiverTile(r * COLUMNS + c) if owner == "river"
                           else PondTile(int(owner), r, c) for c in range(COLUMNS)]
        tiles: list[ft.Control] = []
        for place in row:
            line = live.tile_lines.get(place)
            tiles.append(keyed(PondCard, tile_id(place))(
                table, place, table.card_at(place), place == cursor,
                bool(live.tile_problems(place)), line.points if line else None, tile))
        rows.append(ft.Row(tiles, spacing=GAP, alignment=ft.MainAxisAlignment.CENTER))
    return ft.Column(rows, spacing=GAP)


@memo
@ft.component
def PondCard(table: SymbioseTable, tile: Tile, card: Card | None, selected: bool,
             problem: bool, points: int | None, width: float = TILE_W) -> ft.Control:
    app = use_app()
    return tile_face(table, tile, card, selected, problem, points, app.lang, width,
                     lambda: app.game_over(table.select(tile, app.device)), app.text_scale)


def tile_face(table: SymbioseTable, tile: Tile, card: Card | None, selected: bool,
              problem: bool, points: int | None, lang: str, width: float,
              tapped: Callable[[], object], scale: float = 1.0) -> ft.Control:
    """Every tile of a pond is as tall as one with its points badge, so its rows stay even."""
    height = width * TILE_H / TILE_W
    color = (ft.Colors.ERROR if problem else ft.Colors.PRIMARY if selected
             else ft.Colors.OUTLINE_VARIANT)
    border = ft.Border.all(4 if selected or problem else 1, color)
    where = tile_name(table, tile, lang)
    if card is None:
        face: ft.Control = ft.Container(
            ft.Icon(ft.Icons.ADD, color=ft.Colors.ON_SURFACE_VARIANT), width=width,
            height=face_height(width, height, scale), border_radius=10, border=border,
            alignment=ft.Alignment.CENTER, on_click=tapped, ink=True)
        label = ui("pond.empty_tile", lang, where=where)
    else:
        face = card_face(card, width=width, height=height, points=points, border=border,
                         on_click=tapped, scale=scale)
        label = ui("pond.tile", lang, where=where, card=describe(card, lang),
                   points=scored(card, points, lang))
    return named(ft.Semantics(identifier=tile_id(tile), label=label, button=True,
                              selected=selected, content=face))


def scored(card: Card, points: int | None, lang: str) -> str:
    """", 6 points" after a per-card's rule; nothing where the rule already says the points
    (a fixed card), so a label never reads "5 points, 5 points"."""
    if points is None or card.per is None:
        return ""
    return ui("pond.points", lang, points=points)
