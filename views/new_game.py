"""New game: players from known ones or typed, the seating circle, the variant and the boxes in
play (remembered on this device), and whatever else the game asks (its registry `options`).
A rematch starts as the last game was set up."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace

import flet as ft

from scorer.players import MAX_NAME_LENGTH, check_names
from views.i18n import scorer_text
from views.model import Table
from views.new_table import NewTable
from views.registry import GameViews
from views.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, pill, section, text
from views.widgets.seating import seating
from views.widgets.top_bar import top_bar
from views.widgets.typed_field import use_typed_text
from views.widgets.typed_flet import SetState, use_lazy_state

PREFS_BOXES = "tallybook.boxes.{game}"


@ft.component
def NewGame(game: GameViews, rematch: Table | None) -> ft.View:
    app = use_app()

    def first() -> NewTable:
        if rematch is not None:
            return rematch.rematch()
        fresh = game.new_table(game.game).seated(())
        return fresh.with_boxes(fresh.setup.boxes[:1])  # the base box, where there are boxes

    new, set_new = use_lazy_state(first)
    typed = use_typed_text()  # the name being typed: the phone's, never redrawn older
    error, set_error = ft.use_state("")
    touched = ft.use_ref(rematch is not None)  # boxes chosen here win over remembered ones

    async def remembered_boxes() -> None:
        if not new.setup.boxes or touched.current:
            return
        saved = await ft.SharedPreferences().get(PREFS_BOXES.format(game=game.game))
        try:
            boxes = ([box for box in json.loads(saved) if box in new.setup.boxes]
                     if isinstance(saved, str) and saved else [])
        except (TypeError, ValueError):
            boxes = []
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

    def move_up(index: int) -> None:
        names = list(new.names)
        names[index - 1], names[index] = names[index], names[index - 1]
        seat(tuple(names))

    def toggle_box(box: str) -> None:
        touched.current = True
        set_new(lambda current: current.with_box(box))

    async def start() -> None:
        if not new.ready:
            return
        app.store.remember_players(list(new.names))
        if new.setup.boxes:
            await ft.SharedPreferences().set(PREFS_BOXES.format(game=game.game),
                                             json.dumps(list(new.boxes)))
        game_id = game.table.start(app.store, new)
        app.store.open_table(game_id)  # its join code, for the host's table screen
        await app.go(f"/{game.game}/{game_id}")

    suffix = game.game
    field = typed.field(label=app.t("new.name"), error=error or None, error_max_lines=4,
                        on_change=typing, on_submit=add_typed, expand=True,
                        max_length=MAX_NAME_LENGTH, text_size=16)
    known: list[ft.Control] = [pill(f"known-player-{name}", name, do(toggle_known, name),
                  selected=name in new.names) for name in app.store.known_players()]
    controls: list[ft.Control] = [section(app.t("new.players"))]
    if known:
        controls.append(ft.Row(known, wrap=True, spacing=8, run_spacing=8))
    controls.append(ft.Row([field, labelled("add-player", ft.IconButton(
        ft.Icons.PERSON_ADD, tooltip=app.t("new.add"), on_click=add_typed,
        width=TAP, height=TAP))], vertical_alignment=ft.CrossAxisAlignment.START))
    controls += [SeatRow(index, name, len(new.names), do(move_up, index),
                         do(seat, tuple(n for i, n in enumerate(new.names) if i != index)))
                 for index, name in enumerate(new.names)]
    if new.names:
        controls.append(seating(list(new.names), _caption(app, new), _partners(new), app.width))
    controls += _variant_controls(app, new, set_new)
    if new.setup.boxes:
        controls += [section(app.t("new.boxes")), ft.Row(
            [pill(f"box-{box}", scorer_text(f"box.{box}", {}, app.lang), do(toggle_box, box),
                  selected=box in new.boxes) for box in new.setup.boxes],
            wrap=True, spacing=8, run_spacing=8),
            text(app.t("new.boxes_note"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
    if game.options is not None and new.ready:
        controls += game.options(new, set_new)
    return ft.View(
        route=f"/new/{game.game}", padding=16,
        appbar=top_bar(app, app.t(f"new.title.{suffix}")),
        controls=[ft.Column(controls, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)],
        bottom_appbar=ft.BottomAppBar(content=ft.Row([labelled("start", ft.Button(
            app.t("new.start"), icon=ft.Icons.PLAY_ARROW, disabled=not new.ready,
            on_click=start, height=TAP))], alignment=ft.MainAxisAlignment.END)))


@ft.component
def SeatRow(index: int, name: str, count: int, on_up: Callable[[], object],
            on_remove: Callable[[], object]) -> ft.Control:
    app = use_app()
    return ft.Row([
        text(f"{index + 1}.", width=24),
        text(name, expand=True, size=16, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        labelled(f"up-{index}", ft.IconButton(
            ft.Icons.ARROW_UPWARD, tooltip=app.t("new.move_up", name=name), width=TAP,
            height=TAP, disabled=index == 0, on_click=on_up)),
        labelled(f"remove-{index}", ft.IconButton(
            ft.Icons.CLOSE, tooltip=app.t("new.remove", name=name), width=TAP, height=TAP,
            on_click=on_remove)),
    ])


def _name_problem(app: AppSession, new: NewTable, name: str) -> str:
    """Why `name` cannot take the next seat, in the user's words; empty if it can."""
    if len(new.names) >= new.setup.max_players:
        return app.t(f"new.too_many.{new.game}", max=new.setup.max_players)
    problems = [p for p in check_names([*new.names, name],
                                       [(i,) for i in range(len(new.names) + 1)])
                if p.path == (len(new.names),)]
    return scorer_text(problems[0].key, problems[0].params, app.lang) if problems else ""


def _caption(app: AppSession, new: NewTable) -> str:
    if len(new.names) < new.setup.min_players:
        return app.t("new.need_players", min=new.setup.min_players, max=new.setup.max_players)
    pairs = ", ".join(app.t("new.left_of", name=name, left=new.names[(i + 1) % len(new.names)])
                      for i, name in enumerate(new.names))
    return app.t("new.clockwise") + " " + pairs


def _partners(new: NewTable) -> dict[str, int] | None:
    """Each player's team, numbered from 1, in a variant played in teams (the scorer's)."""
    teams = new.setup.teams(new.variant, new.names)
    return {name: number for number, team in enumerate(teams, 1) for name in team} or None


def _variant_controls(app: AppSession, new: NewTable,
                     set_new: SetState[NewTable]) -> list[ft.Control]:
    """A game with a choice of variants offers them as chips, each with what it changes; a
    game whose player count decides the rules says which rules those are."""
    if not new.variants:
        return []
    about = f"variant.{new.game}.{new.variant}.about"
    has_about = app.t(about) != about
    if any(len(variants) > 1 for variants in new.setup.variants.values()):
        chips: list[ft.Control] = [pill(f"mode-{variant}", app.t(f"variant.{new.game}.{variant}"),
                      do(set_new, replace(new, variant=variant)),
                      selected=new.variant == variant) for variant in new.variants]
        controls: list[ft.Control] = [section(app.t("new.variant")), ft.Row(chips, wrap=True)]
        if has_about:
            controls.append(text(app.t(about), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        return controls
    if not has_about:
        return []
    return [section(app.t("new.rules")),
            labelled(f"{new.game}-rules", text(app.t(about), size=14), label=app.t(about))]
