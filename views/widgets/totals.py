"""The live totals bar at the bottom of entry: every player's (and team's) running total."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import ScoreSheet
from views.widgets.common import labelled, text


def totals_bar(sheet: ScoreSheet, t: Callable[..., str], can_finish: bool,
               on_finish: Callable) -> ft.BottomAppBar:
    chips: list[ft.Control] = []
    for index, player in enumerate(sheet.players):
        chips.append(labelled(f"total-{index}", ft.Container(
            ft.Column([text(player.name, size=12, max_lines=1),
                       text(str(player.total), size=18, weight=ft.FontWeight.BOLD)],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=8)),
            label=t("totals.player", name=player.name, total=player.total)))
    for index, team in enumerate(sheet.teams):
        chips.append(labelled(f"team-total-{index}", ft.Container(
            ft.Column([text(t("totals.team", number=index + 1), size=12),
                       text(str(team.total), size=18, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.PRIMARY)],
                      spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.symmetric(horizontal=8)),
            label=t("totals.team_total", number=index + 1, total=team.total)))
    row: list[ft.Control] = [ft.Row(chips, scroll=ft.ScrollMode.AUTO, expand=True, spacing=4)]
    if can_finish:
        row.append(labelled("finish", ft.FilledButton(t("entry.score_sheet"),
                                                      icon=ft.Icons.LEADERBOARD,
                                                      on_click=on_finish)))
    return ft.BottomAppBar(content=ft.Row(row), height=72,
                           padding=ft.Padding.symmetric(horizontal=8, vertical=4))
