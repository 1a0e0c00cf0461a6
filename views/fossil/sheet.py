"""The Fossil score sheet: places, each player's categories and lines, the corrections with
their reasons, the evaluations with their arithmetic. The game is stored as finished once its
log ends with `{"end": true}`."""

from __future__ import annotations

import flet as ft

from scorer import ScoreLine, ScoreSheet
from scorer.fossil.models import Adjust
from views.fossil.model import FossilTable, track
from views.fossil.parts import EvaluationView, summary
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import labelled, section, text
from views.widgets.score_sheet import (
    SHOWN_LINES,
    PlayerCard,
    SheetScreen,
    more_lines,
    rule_button,
)
from views.widgets.typed_flet import keyed


@ft.component
def Sheet(table: FossilTable) -> ft.View:
    app = use_app()

    def body(sheet: ScoreSheet) -> list[ft.Control]:
        out: list[ft.Control] = []
        for index, player in sorted(enumerate(sheet.players), key=lambda i: i[1].place):
            # Every part of the total, the start score too, so the line adds up to it; only
            # corrections are left out where there are none.
            skip = () if player.categories.get("adjustments") else ("adjustments",)
            out.append(keyed(PlayerCard, f"player-{index}")(
                index, player, lambda p, n, line: Line(p, n, line, table),
                total=track(player.total), skip=skip))
        corrections = [(index, entry) for index, entry in enumerate(table.log)
                       if isinstance(entry, Adjust)]
        if corrections:
            out.append(section(app.t("fossil.corrections")))
            out += [labelled(f"sheet-correction-{index}", text(
                f"{index + 1}. {summary(entry, app.lang)}", size=14))
                for index, entry in corrections[:SHOWN_LINES]]
            out += more_lines(app, len(corrections))
        out.append(section(app.t("fossil.evaluations")))
        for event in sheet.events:
            if event.kind not in ("evaluate", "end"):
                continue
            out.append(text(f"{event.index + 1}. {summary(table.log[event.index], app.lang)}",
                            size=14, weight=ft.FontWeight.W_600))
            out.append(EvaluationView(event, table.names, app.lang,
                                      f"sheet-evaluation-{event.index}"))
        return out

    return SheetScreen(table, body, unfinished="fossil.unfinished")


@ft.component
def Line(player: int, number: int, line: ScoreLine, table: FossilTable) -> ft.Control:
    """One line of a player's score: a move paid, a find, a payment, a correction and why,
    and the way to the rule behind it."""
    app = use_app()
    said = scorer_text(line.explain.key, line.explain.params, app.lang).strip()
    return labelled(f"line-{player}-{number}", ft.Container(ft.Row([
        text(said, size=13, expand=True),
        text(f"{line.points:+d}", size=16, weight=ft.FontWeight.BOLD),
        rule_button(app, table, player, number, line)], spacing=8),
        padding=ft.Padding.symmetric(horizontal=12, vertical=4)), label=said)
