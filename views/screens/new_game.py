"""New game: players from known ones or typed, the seating circle, the variant and the boxes in
play (remembered on this device), and whatever else the game asks (its registry `options`).
A rematch starts as the last game was set up. The steps' widgets are in new_game_steps.py."""

from __future__ import annotations

import json

import flet as ft

from scorer.players import MAX_NAME_LENGTH, check_names
from views.screens.new_game_steps import boxes_step, players_step, variant_step
from views.tables.model import Table
from views.tables.new_table import NewTable
from views.tables.registry import GameViews
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled
from views.widgets.top_bar import top_bar
from views.widgets.typed_field import use_typed_text
from views.widgets.typed_flet import use_lazy_state

PREFS_BOXES = "tallybook.boxes.{game}"


@ft.component
def NewGame(game: GameViews, rematch: Table | None) -> ft.View:
    app = use_app()
    new, set_new = use_lazy_state(lambda: first_table(game, rematch))
    typed = use_typed_text()  # the name being typed: the phone's, never redrawn older
    error, set_error = ft.use_state("")
    touched = ft.use_ref(rematch is not None)  # boxes chosen here win over remembered ones

    async def remembered_boxes() -> None:
        boxes = [] if touched.current else await remembered(game, new)
        if boxes and not touched.current:  # a tap made before the answer came wins
            set_new(lambda current: current.with_boxes(boxes))

    ft.on_mounted(remembered_boxes)

    def seat(names: tuple[str, ...]) -> None:
        set_new(lambda current: current.seated(names))

    def add(name: str) -> bool:
        """Seat `name` next; False (and why, at the field) if it cannot be."""
        problem = _name_problem(app, new, name)
        set_error(problem)
        if not problem:
            seat((*new.names, name))
        return not problem

    async def add_typed(e: ft.Event[ft.TextField] | None = None) -> None:
        if add(typed.submitted(e).strip()):
            typed.clear()  # the re-render the seating asked for empties the field
        field = e.control if e is not None and isinstance(e.control, ft.TextField) else None
        if field is not None:
            await field.focus()  # keep typing the next name, or fix this one

    def typing(e: ft.Event[ft.TextField]) -> None:
        if error:
            set_error("")

    def toggle_known(name: str) -> None:
        if name in new.names:
            seat(tuple(n for n in new.names if n != name))
        else:
            add(name)

    def toggle_box(box: str) -> None:
        touched.current = True
        set_new(lambda current: current.with_box(box))

    field = typed.field(label=app.t("new.name"), error=error or None, error_max_lines=4,
                        on_change=typing, on_submit=add_typed, expand=True,
                        max_length=MAX_NAME_LENGTH, text_size=16)
    controls = players_step(app, new, field, toggle_known, add_typed, seat)
    controls += variant_step(app, new, set_new) + boxes_step(app, new, toggle_box)
    if game.options is not None and new.ready:
        controls += game.options(new, set_new)
    return ft.View(
        route=f"/new/{game.game}", padding=16,
        appbar=top_bar(app, app.t(f"new.title.{game.game}")),
        controls=[ft.Column(controls, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)],
        bottom_appbar=start_bar(app, game, new))


def start_bar(app: AppSession, game: GameViews, new: NewTable) -> ft.BottomAppBar:
    return ft.BottomAppBar(content=ft.Row([labelled("start", ft.Button(
        app.t("new.start"), icon=ft.Icons.PLAY_ARROW, disabled=not new.ready,
        on_click=do(start_game, app, game, new), height=TAP))],
        alignment=ft.MainAxisAlignment.END))


def first_table(game: GameViews, rematch: Table | None) -> NewTable:
    """A rematch starts as the last game was set up; a new game with the base box, where there
    are boxes."""
    if rematch is not None:
        return rematch.rematch()
    fresh = game.new_table(game.game).seated(())
    return fresh.with_boxes(fresh.setup.boxes[:1])


async def remembered(game: GameViews, new: NewTable) -> list[str]:
    """The boxes this device played last time, of those the game has."""
    if not new.setup.boxes:
        return []
    saved = await ft.SharedPreferences().get(PREFS_BOXES.format(game=game.game))
    try:
        return ([box for box in json.loads(saved) if box in new.setup.boxes]
                if isinstance(saved, str) and saved else [])
    except (TypeError, ValueError):
        return []


async def start_game(app: AppSession, game: GameViews, new: NewTable) -> None:
    """The table made and opened, the players and boxes remembered for next time."""
    if not new.ready:
        return  # a tap on the button as it was disabled
    app.store.remember_players(list(new.names))
    if new.setup.boxes:
        await ft.SharedPreferences().set(PREFS_BOXES.format(game=game.game),
                                         json.dumps(list(new.boxes)))
    game_id = game.table.start(app.store, new)
    app.store.open_table(game_id)  # its join code, for the host's table screen
    await app.go(f"/{game.game}/{game_id}")


def _name_problem(app: AppSession, new: NewTable, name: str) -> str:
    """Why `name` cannot take the next seat, in the user's words; empty if it can."""
    if len(new.names) >= new.setup.max_players:
        return app.t(f"new.too_many.{new.game}", max=new.setup.max_players)
    problems = [p for p in check_names([*new.names, name],
                                       [(i,) for i in range(len(new.names) + 1)])
                if p.path == (len(new.names),)]
    return scorer_text(problems[0].key, problems[0].params, app.lang) if problems else ""
