"""A manual correction of one player's score, for what the log cannot say otherwise (a payment
the table agrees was wrong): the log's {"adjust": name, "points": n, "note": why}."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from views.widgets.common import do, labelled, pill, text

# The minus sign and the en dash, which phone keyboards may type for "minus".
MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-"})


class CorrectionPanel:
    """Whose score, by how much and why; `event()` is the log entry, or None with the
    mistakes shown at their fields. The fields live as long as the screen, so a refresh keeps
    what was typed."""

    def __init__(self, t: Callable[..., str], on_add: Callable[[], Any]):
        self.t = t
        self.player: int | None = None
        self.missing_player = False
        self.points = ft.TextField(keyboard_type=ft.KeyboardType.NUMBER, width=150,
                                   on_change=self._typed, on_submit=do(on_add))
        self.note = ft.TextField(on_submit=do(on_add))
        self.on_add = on_add

    def _typed(self, _e) -> None:
        # Only the field changes: rebuilding its parents would take the keyboard focus away.
        self.points.error = None

    def pick(self, player: int) -> None:
        self.player, self.missing_player = player, False

    def clear(self) -> None:
        self.player, self.missing_player = None, False
        self.points.value = self.note.value = ""
        self.points.error = None

    def event(self, names: list[str]) -> dict[str, Any] | None:
        try:
            points = int((self.points.value or "").translate(MINUS_SIGNS).strip())
        except ValueError:
            points = 0
        self.points.error = None if points else self.t("fossil.correct_bad_points")
        self.missing_player = self.player is None
        if not points or self.player is None:
            return None
        event: dict[str, Any] = {"adjust": names[self.player], "points": points}
        if note := (self.note.value or "").strip():
            event["note"] = note
        return event

    def controls(self, names: list[str], on_pick: Callable[[int], Any],
                 problems: list[ft.Control], on_cancel: Callable[[], Any]) -> list[ft.Control]:
        self.points.label = self.t("fossil.correct_points")
        self.note.label = self.t("fossil.correct_note")
        out: list[ft.Control] = [
            ft.Row([ft.Container(text(self.t("fossil.correct"), size=15, color=ft.Colors.PRIMARY,
                                      weight=ft.FontWeight.W_600), expand=True),
                    labelled("correct-cancel", ft.OutlinedButton(
                        self.t("fossil.cancel_edit"), on_click=do(on_cancel)))]),
            text(self.t("fossil.correct_about"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row([pill(f"correct-player-{i}", name, do(on_pick, i), selected=self.player == i)
                    for i, name in enumerate(names)], wrap=True, spacing=6, run_spacing=6)]
        if self.missing_player:
            out.append(labelled("correct-who", text(self.t("fossil.correct_who"), size=14,
                                                    color=ft.Colors.ERROR)))
        out += [ft.Row([labelled("correct-points", self.points),
                        ft.Container(labelled("correct-note", self.note), expand=True)],
                       vertical_alignment=ft.CrossAxisAlignment.START),
                *problems,
                labelled("correct-add", ft.FilledTonalButton(
                    self.t("fossil.correct_add"), icon=ft.Icons.CHECK, height=48,
                    on_click=do(self.on_add)))]
        return out
