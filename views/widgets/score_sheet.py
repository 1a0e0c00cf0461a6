"""Score sheet pieces every game shares: the winners line, a player's expandable card with the
paper score pad's categories, and the screen around them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer import PlayerScore, Problem, ScoreLine, ScoreSheet
from scorer.reference import entry_for_line
from views.storage.off_loop import in_worker
from views.tables.model import Table, use_table
from views.text.i18n import scorer_text, when
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, text
from views.widgets.confirm import confirm
from views.widgets.rules_link import line_route
from views.widgets.sheet_actions import SheetActions
from views.widgets.top_bar import top_bar
from views.widgets.typed_flet import keyed

LineComponent = Callable[[int, int, ScoreLine], Any]  # (player, number, line) -> control


def winners_line(sheet: ScoreSheet, lang: str) -> ft.Control:
    winners = scorer_text("sheet.winners", {"names": sheet.winners}, lang)
    return labelled("winners", text(winners, size=20, weight=ft.FontWeight.BOLD))


def categories_line(player: PlayerScore, lang: str, skip: tuple[str, ...] = ()) -> str:
    """The categories in one line, "trees 30 · top 33 · ...". A no-break space keeps each
    label on the same screen line as its number."""
    return " · ".join(f"{scorer_text('category.' + name, {}, lang)}\u00a0{points}"
                      for name, points in player.categories.items() if name not in skip)


@ft.component
def PlayerCard(index: int, player: PlayerScore, line: LineComponent | None,
               total: str | None = None, skip: tuple[str, ...] = ()) -> ft.Card:
    """The player's place, total and categories; tapped, the lines that make them up (`line`
    draws one; None: the card does not open). `total` as the game writes it, if not a number."""
    app = use_app()
    expanded, set_expanded = ft.use_state(False)
    opens = line is not None and bool(player.lines)
    header = ft.ListTile(
        leading=ft.CircleAvatar(content=text(str(player.place))),
        title=text(f"{player.name} — {total or player.total}", size=17,
                   weight=ft.FontWeight.W_600, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        subtitle=text(categories_line(player, app.lang, skip)),
        trailing=(ft.Icon(ft.Icons.EXPAND_LESS if expanded else ft.Icons.EXPAND_MORE)
                  if opens else None),
        on_click=(lambda: set_expanded(not expanded)) if opens else None)
    body: list[ft.Control] = [labelled(
        f"result-{index}", header, label=app.t("result.player_label", place=player.place,
                                               name=player.name, total=player.total),
        button=opens)]
    if expanded and line is not None:
        body += [line(index, number, item)
                 for number, item in enumerate(player.lines[:SHOWN_LINES])]
        body += more_lines(app, len(player.lines))
    return ft.Card(ft.Column(body, spacing=0))


# Lines of a sheet listed in one list (a player's lines, a game's corrections): a very long game
# (a Fossil log of 100,000 events) would otherwise send the phone a control for each one.
SHOWN_LINES = 300


def more_lines(app: AppSession, count: int) -> list[ft.Control]:
    """'… and 12 more lines', for a list cut to SHOWN_LINES."""
    hidden = count - SHOWN_LINES
    return [text(app.t("result.more_lines", count=hidden), size=13,
                 color=ft.Colors.ON_SURFACE_VARIANT)] if hidden > 0 else []


def rule_button(app: AppSession, table: Table, player: int, number: int,
                line: ScoreLine) -> ft.Control:
    """The way from a sheet line to the rules entry that explains it (views/screens/rules.py); back
    returns to this sheet. An empty place where no entry explains the line."""
    entry = entry_for_line(table.kind, line)
    if entry is None:
        return ft.Container(width=TAP)
    return labelled(f"line-rule-{player}-{number}", ft.IconButton(
        ft.Icons.MENU_BOOK_OUTLINED, tooltip=app.t("rules.open"), width=TAP, height=TAP,
        on_click=do(app.go, line_route(table, entry))))


@ft.component
def FinishRow(table: Table) -> ft.Control:
    """The host ends the game here: every phone then shows this sheet, final."""
    app = use_app()
    return ft.Row([
        text(app.t("result.still_open"), size=13, color=ft.Colors.ON_SURFACE_VARIANT,
             expand=True),
        labelled("finish-game", ft.FilledButton(
            app.t("table.finish"), icon=ft.Icons.FLAG, height=TAP,
            on_click=do(confirm, app, "table.finish", table.finish))),
    ], spacing=8)


def use_scored(table: Table) -> bool:
    """Whether the sheet is at hand. A finished game whose sheet is long work (a very long
    Fossil log) has it worked out off the event loop first, so that no other table waits for
    it; the screen is drawn again then. (A finished game is read-only: nothing changes it
    meanwhile.)"""
    ready, set_ready = ft.use_state(table.scored or not table.finished)

    async def work_out() -> None:
        if not ready:
            await in_worker(lambda: table.complete and table.sheet)
            set_ready(True)

    ft.use_effect(work_out, [table])
    return ready


Where = Callable[[Problem], str]  # a problem's place at the table, in the reader's words


@ft.component
def Provisional(problems: list[Problem], where: Where | None) -> ft.Control:
    """What keeps the sheet provisional: every problem, where it is and what it is."""
    app = use_app()
    lines = [f"{where(problem) if where else problem.place}: "
             f"{scorer_text(problem.key, problem.params, app.lang)}" for problem in problems]
    words = app.t("result.provisional", count=len(problems))
    return labelled("provisional-sheet", ft.Container(ft.Column(
        [text(words, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.ON_ERROR_CONTAINER),
         *[text(line, size=13, color=ft.Colors.ON_ERROR_CONTAINER) for line in lines]],
        spacing=4), bgcolor=ft.Colors.ERROR_CONTAINER, padding=12, border_radius=12),
        label="\n".join([words, *lines]))


def ranked_cards(sheet: ScoreSheet, line: LineComponent | None,
                 **options: Any) -> list[ft.Control]:
    """Every player's card, best place first."""
    return [keyed(PlayerCard, f"player-{index}")(index, player, line, **options)
            for index, player in sorted(enumerate(sheet.players), key=lambda i: i[1].place)]


@ft.component
def SheetScreen(table: Table, body: Callable[[ScoreSheet], list[ft.Control]],
                unfinished: str = "result.unfinished", where: Where | None = None) -> ft.View:
    """A game's score sheet: `body(sheet)` below the title, the share/export/rematch bar;
    while some of the game has problems, the sheet of the rest, marked provisional, with each
    problem at its place (nothing to finish, share or export yet); while the game does not
    score at all, `unfinished` says why."""
    app = use_app()
    use_table(table)
    scored = use_scored(table)
    view = ft.View(route=table.route + "/sheet", padding=12,
                   appbar=top_bar(app, app.t("result.title"), back=app.host or not table.finished))
    if not scored:
        view.controls = [labelled("sheet-scoring", ft.Column([
            text(app.t("result.scoring"), size=16), ft.ProgressBar(value=None)], spacing=12))]
        return view
    sheet = table.sheet if table.complete else None
    provisional = table.provisional if sheet is None else None
    if provisional is not None:
        so_far, problems = provisional
        ahead = app.t("result.ahead", names=", ".join(so_far.winners))
        view.controls = [ft.Column([Provisional(problems, where),
                                    labelled("winners", text(ahead, size=20,
                                                             weight=ft.FontWeight.BOLD)),
                                    *body(so_far)], spacing=8, scroll=ft.ScrollMode.AUTO,
                                   expand=True)]
        return view
    if sheet is None:
        view.controls = [text(app.t(unfinished), size=16)]
        return view
    top = [winners_line(sheet, app.lang)]
    if table.finished:
        top.append(text(app.t("result.finished", when=when(table.updated, app.lang)), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT))
    elif app.host:
        top.append(FinishRow(table))
    view.controls = [ft.Column([*top, *body(sheet)], spacing=8, scroll=ft.ScrollMode.AUTO,
                               expand=True)]
    view.bottom_appbar = SheetActions(table, sheet)
    return view

