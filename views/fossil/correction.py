"""A manual correction of one player's score, for what the log cannot say otherwise (a payment
the table agrees was wrong): the log's {"adjust": name, "points": n, "note": why}."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from views.fossil.model import FossilTable
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import TAP, do, labelled, pill, text
from views.widgets.typed_field import use_typed_text

# Points are stepped, not typed: a phone's number pad often has no minus key.
STEPS = (-5, -1, 1, 5)


@ft.component
def Correction(table: FossilTable, on_close: Callable[[], Any]) -> ft.Control:
    """Whose score, by how much and why; a mistake or the scorer's refusal shows at its place
    and keeps what was chosen and typed."""
    app = use_app()
    player, set_player = ft.use_state(None)
    points, set_points = ft.use_state(0)
    note = use_typed_text()  # the phone's text, never drawn back older while typed
    missing, set_missing = ft.use_state(False)  # "add" was tapped with a part missing
    refused, set_refused = ft.use_state("")

    def step(by: int) -> None:
        set_points(lambda current: current + by)
        set_refused("")

    def add(e: ft.Event[Any] | None = None) -> None:  # Enter in the field, or the button
        said = note.submitted(e)
        if player is None or points == 0:
            set_missing(True)
            return
        refusals = table.adjust(player, points, said.strip())
        if app.game_over(refusals):
            return
        if refusals:
            message = scorer_text(refusals[0].problem.key, refusals[0].problem.params, app.lang)
            set_refused(message)
            app.notice(message)
            return
        on_close()

    shown = f"{points:+d}" if points else "0"
    steps = [pill(f"correct-step-{n:+d}", f"{n:+d}".replace("-", "\u2212"),
                  do(step, n), width=TAP) for n in STEPS]
    out: list[ft.Control] = [
        ft.Row([ft.Container(text(app.t("fossil.correct"), size=15, color=ft.Colors.PRIMARY,
                                  weight=ft.FontWeight.W_600), expand=True),
                labelled("correct-cancel", ft.OutlinedButton(
                    app.t("fossil.cancel_edit"), on_click=on_close, height=TAP))]),
        text(app.t("fossil.correct_about"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([pill(f"correct-player-{i}", name, do(set_player, i),
                     selected=player == i) for i, name in enumerate(table.names)],
               wrap=True, spacing=6, run_spacing=6)]
    if missing and player is None:
        out.append(_mistake("correct-who", app.t("fossil.correct_who")))
    label = app.t("fossil.correct_points", points=points)
    out.append(ft.Row([*steps[:2], labelled("correct-points", text(
        shown, size=24, weight=ft.FontWeight.BOLD, width=64,
        text_align=ft.TextAlign.CENTER), label=label), *steps[2:]],
        alignment=ft.MainAxisAlignment.CENTER, spacing=6))
    if missing and points == 0:
        out.append(_mistake("correct-no-points", app.t("fossil.correct_bad_points")))
    out.append(ft.Row([ft.Container(labelled("correct-note", note.field(
        label=app.t("fossil.correct_note"), on_submit=add, max_length=80)), expand=True)]))
    if refused:
        out.append(_mistake("problem-correct", refused))
    out.append(labelled("correct-add", ft.FilledTonalButton(
        app.t("fossil.correct_add"), icon=ft.Icons.CHECK, height=TAP, on_click=add)))
    return ft.Column(out, spacing=10)


def _mistake(identifier: str, message: str) -> ft.Control:
    return labelled(identifier, text(message, size=14, color=ft.Colors.ERROR,
                                     weight=ft.FontWeight.W_600))
