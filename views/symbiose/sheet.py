"""The Symbiose score sheet: places (shared on ties), team totals, and per-card lines that
explain themselves; a line tapped says the rule and our ruling behind it."""

from __future__ import annotations

import flet as ft

from scorer import ScoreLine, ScoreSheet
from scorer.places import PondTile
from scorer.symbiose.models import Card
from views.symbiose.card_face import card_face, describe
from views.symbiose.model import SymbioseTable
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import labelled, section, text
from views.widgets.score_sheet import SheetScreen, ranked_cards, rule_button


@ft.component
def Sheet(table: SymbioseTable) -> ft.View:
    app = use_app()

    def body(sheet: ScoreSheet) -> list[ft.Control]:
        teams = [labelled(f"team-{index}", text(app.t(
            "result.team_line", place=team.place, names=" & ".join(team.players),
            total=team.total), size=16, weight=ft.FontWeight.W_600))
            for index, team in enumerate(sorted(sheet.teams, key=lambda team: team.place))]
        return [*teams, section(app.t("result.players")), *ranked_cards(
            sheet, lambda player, number, line: Line(player, number, line, table))]

    return SheetScreen(table, body)


@ft.component
def Line(player: int, number: int, line: ScoreLine, table: SymbioseTable) -> ft.Control:
    app = use_app()
    explanation = scorer_text(line.explain.key, line.explain.params, app.lang)
    card = table.card_at(line.place) if isinstance(line.place, PondTile) else None
    row = ft.Container(ft.Row([
        card_face(card, width=52, height=52),
        text(explanation, size=13, expand=True),
        text(str(line.points), size=18, weight=ft.FontWeight.BOLD),
        rule_button(app, table, player, number, line),
    ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=4),
        on_click=lambda: app.page.show_dialog(rule_dialog(app, line, card)), ink=True)
    return labelled(f"line-{player}-{number}", row, label=explanation, button=True)


def rule_dialog(app: AppSession, line: ScoreLine, card: Card | None) -> ft.AlertDialog:
    """The card, the points, the rule of its column, and our ruling where sources differ."""
    column = line.explain.params.get("column", "middle")
    parts = [describe(card, app.lang) if card is not None else line.item,
             scorer_text(line.explain.key, line.explain.params, app.lang),
             app.t("rule.fixed") if line.explain.key == "symbiose.fixed"
             else app.t(f"rule.{column}"),
             app.t(f"ruling.{column}")]
    return ft.AlertDialog(
        title=text(app.t("result.why")),
        content=labelled("rule-dialog", ft.Column([text(part) for part in parts], tight=True,
                                                  spacing=10)),
        actions=[ft.TextButton(app.t("result.close"), on_click=lambda: app.page.pop_dialog())])
