"""Symbiose entry: player chips, the pond, the card sheet, live totals, undo.

Every change is an operation of the shared model (`SymbioseTable`), which saves it and tells
every phone; numbers come from the scorer through the model. What this phone shows (which pond,
the half-composed card) is its own state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer.symbiose.models import Card
from views.symbiose.card_sheet import CardSheet
from views.symbiose.model import Owner, SymbioseTable, Tile, owner_of
from views.symbiose.pond import ColumnLabels, Pond, column_captions, tile_name, tile_width
from views.tables.model import use_table
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import NAME_CHIP, TAP, do, labelled, pill, section, swipeable, text
from views.widgets.fit import LARGE_TEXT
from views.widgets.top_bar import entry_bar
from views.widgets.totals import TotalsBar, totals_of
from views.widgets.typed_flet import use_lazy_state


@ft.component
def Play(table: SymbioseTable) -> ft.View:
    app = use_app()
    use_table(table)
    phone = app.device
    cursor = table.cursor(phone)
    # The pond shown: the one chosen here, until the selected tile moves (a card placed, a tile
    # tapped, another phone's change); then the selected tile's.
    chosen, set_chosen = use_lazy_state(lambda: first_shown(app, table, cursor))

    def to_own_pond() -> None:
        seat = app.own_seat(table.id)
        if seat is not None and (cursor is None or owner_of(cursor) != seat):
            show(seat)

    ft.on_mounted(to_own_pond)
    shown: Owner = chosen[1] if chosen[0] == cursor or cursor is None else owner_of(cursor)
    seen = ft.use_ref(cursor)  # the tile this phone was last shown as selected
    seen.current = cursor

    def place(card: Card) -> None:
        """Onto the tile this phone shows selected. A tap sent before the phone saw the tile
        move on (the second of a double tap) is dropped, never placed on the next tile."""
        if seen.current == table.cursor(phone):
            app.game_over(table.place(card, phone))

    place_stable = ft.use_callback(place, [table])

    def show(owner: Owner) -> None:
        table.show(owner, phone)
        set_chosen((table.cursor(phone), owner))

    def step(by: int) -> None:
        owners = table.owners()
        show(owners[(owners.index(shown) + by) % len(owners)])

    async def open_sheet() -> None:
        await app.go(table.route + "/sheet")

    finish = ft.use_callback(open_sheet, [table])
    live = table.live
    tile = tile_width(app.width)
    large = app.text_scale >= LARGE_TEXT
    top = pond_controls(app, table, shown, cursor, tile, show)
    lower = sheet_controls(app, table, cursor, place_stable)
    return ft.View(
        route=table.route, padding=0, spacing=0,
        appbar=play_bar(app, table, phone, finish),
        # At large text the pond and the card sheet scroll as one: the pond alone can be
        # taller than what the totals bar leaves of a small phone.
        controls=[swipeable(ft.Column([
            ft.Container(ft.Column(top, spacing=6,
                                   horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                         padding=ft.Padding.only(left=8, right=8, top=8)),
            ft.Container(ft.Column(lower, spacing=8, scroll=None if large else ft.ScrollMode.AUTO),
                         expand=not large, padding=ft.Padding.symmetric(horizontal=12)),
        ], expand=True, spacing=8, scroll=ft.ScrollMode.AUTO if large else None), step),
            TotalsBar(totals_of(live.sheet, app.t), finish if table.complete else None)])


def pond_controls(app: AppSession, table: SymbioseTable, shown: Owner, cursor: Tile | None,
                  tile: float, show: Callable[[Owner], Any]) -> list[ft.Control]:
    """Above the card sheet: the player chips, the teams, the pond shown with its captions,
    and the game's problems."""
    top: list[ft.Control] = [PlayerChips(table.names, table.owners(), shown, show)]
    if teams := table.teams():
        one, two = (" & ".join(team) for team in teams)
        top.append(text(app.t("entry.teams", one=one, two=two),
                        size=13, color=ft.Colors.ON_SURFACE_VARIANT))
    if shown == "river":
        top.append(text(app.t("pond.river_caption"), size=12, text_align=ft.TextAlign.CENTER,
                        color=ft.Colors.ON_SURFACE_VARIANT))
    else:
        top.append(ColumnLabels(column_captions(table, int(shown), app.lang), tile))
    top += [Pond(table, shown, cursor, tile), *problem_texts(app, table)]
    return top


def play_bar(app: AppSession, table: SymbioseTable, phone: str,
             finish: Callable[[], Any]) -> ft.AppBar:
    undo = ft.IconButton(ft.Icons.UNDO, tooltip=app.t("entry.undo"), width=TAP, height=TAP,
                         disabled=table.undoable(phone) is None,
                         on_click=lambda: app.game_over(table.undo(phone)))
    to_sheet = ft.IconButton(ft.Icons.LEADERBOARD, tooltip=app.t("entry.score_sheet"),
                             width=TAP, height=TAP, disabled=not table.complete,
                             on_click=finish)
    return entry_bar(app, table.route, app.t("game.symbiose"),
                     actions=[labelled("undo", undo), labelled("open-sheet", to_sheet)])


def first_shown(app: AppSession, table: SymbioseTable,
                cursor: Tile | None) -> tuple[Tile | None, Owner]:
    """A guest's phone opens on its own pond (its first empty tile selected); the host's on
    the selected tile's."""
    seat = app.own_seat(table.id)
    return cursor, seat if seat is not None else owner_of(cursor) if cursor else 0


@ft.component
def PlayerChips(names: tuple[str, ...], owners: list[Owner], shown: Owner,
                show: Callable[[Owner], None]) -> ft.Row:
    app = use_app()
    chips: list[ft.Control] = [
        pill(f"player-{owner}", app.t("entry.river") if owner == "river" else names[int(owner)],
             do(show, owner), selected=owner == shown, max_width=NAME_CHIP)
        for owner in owners]
    return ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO)


def problem_texts(app: AppSession, table: SymbioseTable) -> list[ft.Control]:
    out: list[ft.Control] = []
    for tile, problems in table.live.problems.items():
        for problem in problems:
            message = scorer_text(problem.key, problem.params, app.lang)
            where = (tile_name(table, tile, app.lang) if tile
                     else table.names[problem.player] if problem.player is not None else "")
            words = f"{where}: {message}" if where else message
            out.append(labelled(f"problem-{problem.place}",
                                text(words, color=ft.Colors.ERROR, size=13)))
    return out


def sheet_controls(app: AppSession, table: SymbioseTable, cursor: Tile | None,
                   place: Callable[[Card], None]) -> list[ft.Control]:
    """Below the pond: the selected tile, what its card scores, and the card sheet."""
    if cursor is None:
        return [text(app.t("entry.all_done"), size=15)]
    controls: list[ft.Control] = [section(tile_name(table, cursor, app.lang))]
    if table.card_at(cursor) is not None:
        line = table.live.tile_lines.get(cursor)
        if line is not None:
            controls.append(labelled("tile-explain", text(
                scorer_text(line.explain.key, line.explain.params, app.lang), size=14)))
        controls.append(ft.Row([
            labelled("clear-tile", ft.OutlinedButton(
                app.t("entry.clear"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
                on_click=lambda: app.game_over(table.place(None, app.device)))),
            text(app.t("entry.replace_hint"), size=12, expand=True)]))
    return [*controls, CardSheet(table, cursor, place)]
