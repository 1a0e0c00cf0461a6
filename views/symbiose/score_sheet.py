"""The score sheet: places (shared on ties), team totals, per-card lines that explain themselves,
share as text, export the game file. Opening it for a complete table stores the game as finished.
"""

from __future__ import annotations

import flet as ft

from scorer import ScoreLine, ScoreSheet, score
from views.i18n import scorer_text
from views.session import AppSession
from views.state import SymbioseEntry
from views.symbiose.live import live_table
from views.widgets.card_face import card_face, describe
from views.widgets.common import do, labelled, text
from views.widgets.score_sheet import SheetScreen, winners_line
from views.widgets.sheet_actions import sheet_actions


class ScoreSheetScreen(SheetScreen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/symbiose/{game_id}/sheet", game_id)

    def _entry(self) -> SymbioseEntry:
        return SymbioseEntry.from_data(self.app.store.game(self.game_id).data)  # type: ignore[union-attr]

    def refresh(self) -> None:
        entry = self._entry()
        self.view.appbar = ft.AppBar(title=text(self.t("result.title")))
        self.view.padding = 12
        live = live_table(entry)
        if not entry.is_complete() or live.problems:
            self.view.controls = [text(self.t("result.unfinished"), size=16)]
            self.view.bottom_appbar = None
            return
        record = self.app.store.game(self.game_id)
        if record is not None and record.status != "finished":
            self.app.store.save_game(self.game_id, record.data, status="finished")
        sheet = score(entry.file)
        self.view.controls = [ft.Column(self._ranking(sheet) + self.players(sheet),
                                        spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)]
        self.view.bottom_appbar = sheet_actions(self.app, self.t, sheet, entry.file,
                                                "symbiose", self.game_id)

    def _ranking(self, sheet: ScoreSheet) -> list[ft.Control]:
        out: list[ft.Control] = [winners_line(sheet, self.app.lang)]
        for index, team in enumerate(sorted(sheet.teams, key=lambda team: team.place)):
            out.append(labelled(f"team-{index}", text(self.t(
                "result.team_line", place=team.place, names=" & ".join(team.players),
                total=team.total), size=16, weight=ft.FontWeight.W_600)))
        return out

    def line(self, player: int, number: int, line: ScoreLine) -> ft.Control:
        explanation = scorer_text(line.explain.key, line.explain.params, self.app.lang)
        row = ft.Container(ft.Row([
            card_face(line.item, width=52, height=52),
            text(explanation, size=13, expand=True),
            text(str(line.points), size=18, weight=ft.FontWeight.BOLD),
        ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=4),
            on_click=do(self.show_rule, line), ink=True)
        return labelled(f"line-{player}-{number}", row, label=explanation, button=True)

    def show_rule(self, line: ScoreLine) -> None:
        lang = self.app.lang
        column = line.explain.params.get("column", "middle")
        parts = [describe(line.item, lang),
                 scorer_text(line.explain.key, line.explain.params, lang),
                 self.t("rule.fixed") if line.explain.key == "symbiose.fixed"
                 else self.t(f"rule.{column}"),
                 self.t(f"ruling.{column}")]
        self.app.page.show_dialog(ft.AlertDialog(
            title=text(self.t("result.why")),
            content=labelled("rule-dialog", ft.Column([text(part) for part in parts],
                                                     tight=True, spacing=10)),
            actions=[ft.TextButton(self.t("result.close"), on_click=self.app.page.pop_dialog)]))

