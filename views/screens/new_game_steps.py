"""The steps of the new-game screen, each a few widgets: the players (known ones as chips, a
name field, the seats in order with the seating circle), the variant and the boxes in play.
The screen (new_game.py) owns the state; the steps only show it and call back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import flet as ft

from views.tables.new_table import NewTable
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, pill, section, text
from views.widgets.seating import seating


def moved_up(names: tuple[str, ...], index: int) -> tuple[str, ...]:
    """The seats with player `index` one seat earlier (`index` > 0)."""
    seats = list(names)
    seats[index - 1], seats[index] = seats[index], seats[index - 1]
    return tuple(seats)


def without(names: tuple[str, ...], index: int) -> tuple[str, ...]:
    return tuple(name for i, name in enumerate(names) if i != index)


def players_step(app: AppSession, new: NewTable, field: ft.Control,
                 toggle_known: Callable[[str], Any], add_typed: Callable[..., Any],
                 seat: Callable[[tuple[str, ...]], Any]) -> list[ft.Control]:
    """The players: known ones as chips, the name field, the seats in order, the circle."""
    known: list[ft.Control] = [pill(f"known-player-{name}", name, do(toggle_known, name),
                               selected=name in new.names)
                              for name in app.store.known_players()]
    controls: list[ft.Control] = [section(app.t("new.players"))]
    if known:
        controls.append(ft.Row(known, wrap=True, spacing=8, run_spacing=8))
    controls.append(ft.Row([field, labelled("add-player", ft.IconButton(
        ft.Icons.PERSON_ADD, tooltip=app.t("new.add"), on_click=add_typed,
        width=TAP, height=TAP))], vertical_alignment=ft.CrossAxisAlignment.START))
    controls += [SeatRow(index, name, len(new.names), do(seat, moved_up(new.names, index)),
                         do(seat, without(new.names, index)))
                 for index, name in enumerate(new.names)]
    if new.names:
        controls.append(seating(list(new.names), _caption(app, new), _partners(new), app.width))
    return controls


def boxes_step(app: AppSession, new: NewTable,
               toggle_box: Callable[[str], Any]) -> list[ft.Control]:
    """The boxes in play, for a game that has boxes."""
    if not new.setup.boxes:
        return []
    return [section(app.t("new.boxes")), ft.Row(
        [pill(f"box-{box}", scorer_text(f"box.{box}", {}, app.lang), do(toggle_box, box),
              selected=box in new.boxes) for box in new.setup.boxes],
        wrap=True, spacing=8, run_spacing=8),
        text(app.t("new.boxes_note"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]


@ft.component
def SeatRow(index: int, name: str, count: int, on_up: Callable[[], Any],
            on_remove: Callable[[], Any]) -> ft.Control:
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


def variant_step(app: AppSession, new: NewTable,
                 set_new: Callable[[NewTable], Any]) -> list[ft.Control]:
    """A game with a choice of variants offers them as chips, each with what it changes; a
    game whose player count decides the rules says which rules those are."""
    if not new.variants:
        return []
    about = f"variant.{new.game}.{new.variant}.about"
    has_about = app.t(about) != about
    if any(len(variants) > 1 for variants in new.setup.variants.values()):
        chips: list[ft.Control] = [
            pill(f"mode-{variant}", app.t(f"variant.{new.game}.{variant}"),
                 do(set_new, replace(new, variant=variant)), selected=new.variant == variant)
            for variant in new.variants]
        controls: list[ft.Control] = [section(app.t("new.variant")), ft.Row(chips, wrap=True)]
        if has_about:
            controls.append(text(app.t(about), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        return controls
    if not has_about:
        return []
    return [section(app.t("new.rules")),
            labelled(f"{new.game}-rules", text(app.t(about), size=14), label=app.t(about))]
