"""A 2 x 4 pond (or the duel river) as big tiles, with what each edge column counts."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.symbiose.models import COLUMNS, ROWS
from views.i18n import ui
from views.state import Slot, SymbioseEntry
from views.symbiose.live import LiveTable
from views.widgets.card_face import card_face, describe
from views.widgets.common import Keeper, do, text

TILE_W, TILE_H, GAP = 84, 88, 6


def column_captions(live: LiveTable, player: int, lang: str) -> tuple[str, str, str]:
    def label(column: str) -> str:
        kind, owner = live.counts[player][column]
        if kind == "own":
            return ui("pond.counts_own", lang)
        if kind == "river":
            return ui("pond.counts_river", lang)
        return ui("pond.counts", lang, name=owner)

    return label("left"), label("middle"), label("right")


def column_labels(captions: tuple[str, str, str]) -> ft.Row:
    """What each edge column of the pond counts (see `column_captions`)."""
    def cell(caption: str, width: float, identifier: str) -> ft.Control:
        return ft.Semantics(identifier=identifier, content=ft.Container(
            text(caption, size=12, text_align=ft.TextAlign.CENTER, max_lines=2,
                 color=ft.Colors.ON_SURFACE_VARIANT),
            width=width, alignment=ft.Alignment.CENTER))

    left, middle, right = captions
    return ft.Row([cell(left, TILE_W, "label-left"),
                   cell(middle, TILE_W * 2 + GAP, "label-middle"),
                   cell(right, TILE_W, "label-right")],
                  spacing=GAP, alignment=ft.MainAxisAlignment.CENTER)


def tile(entry: SymbioseEntry, live: LiveTable, slot: Slot, on_tap: Callable, lang: str,
         keep: Keeper) -> ft.Control:
    """A tile, kept while nothing it shows has changed (no diff to send)."""
    card = entry.card_at(slot)
    selected = slot == entry.cursor
    problems = live.tile_problems(slot)
    line = live.tile_lines.get(slot)
    key = ("tile", slot, card, selected, bool(problems), line.points if line else None, lang,
           tuple(entry.names))
    return keep(key, lambda: _tile(entry, slot, card, selected, bool(problems), line, on_tap,
                                   lang))


def _tile(entry: SymbioseEntry, slot: Slot, card: str | None, selected: bool, problems: bool,
          line, on_tap: Callable, lang: str) -> ft.Control:
    color = (ft.Colors.ERROR if problems else ft.Colors.PRIMARY if selected
             else ft.Colors.OUTLINE_VARIANT)
    border = ft.Border.all(4 if selected or problems else 1, color)
    where = slot_name(entry, slot, lang)
    if card is None:
        face: ft.Control = ft.Container(
            ft.Icon(ft.Icons.ADD, color=ft.Colors.ON_SURFACE_VARIANT), width=TILE_W,
            height=TILE_H, border_radius=10, border=border, alignment=ft.Alignment.CENTER,
            on_click=do(on_tap, slot), ink=True)
        label = ui("pond.empty_tile", lang, where=where)
    else:
        points = line.points if line else None
        face = card_face(card, width=TILE_W, height=TILE_H, points=points, border=border,
                         on_click=do(on_tap, slot))
        label = ui("pond.tile", lang, where=where, card=describe(card, lang),
                   points="" if points is None else ui("pond.points", lang, points=points))
    return ft.Semantics(identifier=tile_id(slot), label=label, button=True, selected=selected,
                        content=face)


def tile_id(slot: Slot) -> str:
    return "tile-" + "-".join(str(part) for part in slot[1:]) if slot[0] == "pond" \
        else f"river-{slot[1]}"


def slot_name(entry: SymbioseEntry, slot: Slot, lang: str) -> str:
    if slot[0] == "river":
        return ui("pond.river_slot", lang, number=slot[1] + 1)
    _, player, row, column = slot
    return ui("pond.slot", lang, name=entry.names[player], row=ui(f"pond.row{row}", lang),
              column=column + 1)


class Grid:
    """The 2 x 4 tiles of one pond, or the duel river: the rows are made once and get the tiles
    of the owner shown, so a tap changes only the tiles that changed."""

    def __init__(self) -> None:
        self.rows = [ft.Row(spacing=GAP, alignment=ft.MainAxisAlignment.CENTER)
                     for _ in range(ROWS)]
        self.control = ft.Column(self.rows, spacing=GAP)

    def show(self, entry: SymbioseEntry, live: LiveTable, owner: int | str, on_tap: Callable,
             lang: str, keep: Keeper) -> ft.Column:
        """The pond of player `owner`, or the river when `owner` is "river"."""
        for r, row in enumerate(self.rows):
            slots = [("river", r * COLUMNS + c) if owner == "river" else ("pond", owner, r, c)
                     for c in range(COLUMNS)]
            row.controls = [tile(entry, live, slot, on_tap, lang, keep) for slot in slots]
        return self.control
