"""A manual correction of one player's score, for what the log cannot say otherwise (a payment
the table agrees was wrong): the log's {"adjust": name, "points": n, "note": why}."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from views.widgets.common import do, labelled, pill, text

# Points are stepped, not typed: a phone's number pad often has no minus key.
STEPS = (-5, -1, 1, 5)


class CorrectionPanel:
    """Whose score, by how much and why; `event()` is the log entry, or None with the
    mistakes shown at their place. The panel lives as long as the screen, so a refresh keeps
    what was chosen and typed."""

    def __init__(self, t: Callable[..., str], on_add: Callable[[], Any]):
        self.t = t
        self.on_add = on_add
        self.player: int | None = None
        self.points = 0
        self.missing_player = self.missing_points = False
        self.note = ft.TextField(on_submit=do(on_add))

    def pick(self, player: int) -> None:
        self.player, self.missing_player = player, False

    def step(self, points: int) -> None:
        self.points += points
        self.missing_points = False

    def clear(self) -> None:
        self.player, self.points = None, 0
        self.missing_player = self.missing_points = False
        self.note.value = ""

    def event(self, names: list[str]) -> dict[str, Any] | None:
        self.missing_player, self.missing_points = self.player is None, self.points == 0
        if self.player is None or self.points == 0:
            return None
        event: dict[str, Any] = {"adjust": names[self.player], "points": self.points}
        if note := (self.note.value or "").strip():
            event["note"] = note
        return event

    def controls(self, names: list[str], on_pick: Callable[[int], Any],
                 on_step: Callable[[int], Any], problems: list[ft.Control],
                 on_cancel: Callable[[], Any]) -> list[ft.Control]:
        self.note.label = self.t("fossil.correct_note")
        shown = f"{self.points:+d}" if self.points else "0"
        steps = [pill(f"correct-step-{n:+d}", f"{n:+d}".replace("-", "\u2212"), do(on_step, n))
                 for n in STEPS]
        out: list[ft.Control] = [
            ft.Row([ft.Container(text(self.t("fossil.correct"), size=15, color=ft.Colors.PRIMARY,
                                      weight=ft.FontWeight.W_600), expand=True),
                    labelled("correct-cancel", ft.OutlinedButton(
                        self.t("fossil.cancel_edit"), on_click=do(on_cancel)))]),
            text(self.t("fossil.correct_about"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row([pill(f"correct-player-{i}", name, do(on_pick, i), selected=self.player == i)
                    for i, name in enumerate(names)], wrap=True, spacing=6, run_spacing=6)]
        out += self._mistake("correct-who", self.missing_player, "fossil.correct_who")
        points = self.t("fossil.correct_points", points=self.points)
        out.append(ft.Row([*steps[:2], labelled("correct-points", text(
            shown, size=24, weight=ft.FontWeight.BOLD, width=64,
            text_align=ft.TextAlign.CENTER), label=points), *steps[2:]],
            alignment=ft.MainAxisAlignment.CENTER, spacing=6))
        out += self._mistake("correct-no-points", self.missing_points, "fossil.correct_bad_points")
        out += [ft.Row([ft.Container(labelled("correct-note", self.note), expand=True)]),
                *problems,
                labelled("correct-add", ft.FilledTonalButton(
                    self.t("fossil.correct_add"), icon=ft.Icons.CHECK, height=48,
                    on_click=do(self.on_add)))]
        return out

    def _mistake(self, identifier: str, shown: bool, key: str) -> list[ft.Control]:
        return [labelled(identifier, text(self.t(key), size=14, color=ft.Colors.ERROR))] \
            if shown else []
