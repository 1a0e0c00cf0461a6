"""The live totals bar at the bottom of entry: every player's (and team's) running total.

The bar and its chips are made once and then only their words and numbers change, so a tap
sends the browser a few changed values, not the whole bar."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import ScoreSheet
from views.widgets.common import labelled, text


class TotalsBar:
    def __init__(self, on_finish: Callable):
        self.on_finish = on_finish
        self.chips = ft.Row(scroll=ft.ScrollMode.AUTO, expand=True, spacing=4)
        self.row = ft.Row([self.chips])
        self.bar = ft.BottomAppBar(content=self.row, height=72,
                                   padding=ft.Padding.symmetric(horizontal=8, vertical=4))
        self._chips: dict[str, tuple[ft.Semantics, ft.Text, ft.Text]] = {}
        self._finish: dict[str, ft.Control] = {}

    def _chip(self, identifier: str, team: bool) -> tuple[ft.Semantics, ft.Text, ft.Text]:
        if identifier not in self._chips:
            caption = text("", size=12, max_lines=1)
            number = text("", size=18, weight=ft.FontWeight.BOLD,
                          color=ft.Colors.PRIMARY if team else None)
            chip = labelled(identifier, ft.Container(
                ft.Column([caption, number], spacing=0,
                          horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                padding=ft.Padding.symmetric(horizontal=8)))
            self._chips[identifier] = (chip, caption, number)
        return self._chips[identifier]

    def show(self, sheet: ScoreSheet, t: Callable[..., str], can_finish: bool) -> None:
        shown: list[ft.Control] = []
        rows = [(f"total-{index}", False, player.name, player.total,
                 t("totals.player", name=player.name, total=player.total))
                for index, player in enumerate(sheet.players)]
        rows += [(f"team-total-{index}", True, t("totals.team", number=index + 1), team.total,
                  t("totals.team_total", number=index + 1, total=team.total))
                 for index, team in enumerate(sheet.teams)]
        for identifier, team, caption, total, label in rows:
            chip, caption_text, number = self._chip(identifier, team)
            caption_text.value, number.value, chip.label = caption, str(total), label
            shown.append(chip)
        self.chips.controls = shown
        self.row.controls = [self.chips, self._finish_button(t)] if can_finish else [self.chips]

    def _finish_button(self, t: Callable[..., str]) -> ft.Control:
        words = t("entry.score_sheet")
        if words not in self._finish:
            self._finish[words] = labelled("finish", ft.FilledButton(
                words, icon=ft.Icons.LEADERBOARD, on_click=self.on_finish))
        return self._finish[words]
