"""The Fossil companion: running scores, whose turn it is, the turn panel (cost, fossil,
value: three taps), the exchange and evaluation when a fossil's last piece is taken, what each
player holds, the log.

What each tap does is in taps.py, this phone's state and the stage of the turn in turn.py;
here is what the screen shows of them. A move in the log can be corrected in place through the
same turn panel.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from scorer.fossil.models import SET_ASIDE, Card, End, Evaluate, Move, card_of
from scorer.fossil.state import Due
from views.fossil.correction import Correction
from views.fossil.log_panel import LogPanel
from views.fossil.model import FossilTable
from views.fossil.parts import (
    EvaluationView,
    ScoreTile,
    card_name,
    fossil_grid,
    fossil_name,
    summary,
)
from views.fossil.taps import Picks, Taps
from views.fossil.turn import Screen, Shown, Stage, Turn, current, stage
from views.tables.model import use_table
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, pill, section, text
from views.widgets.top_bar import entry_bar
from views.widgets.typed_flet import keyed, memo

MemoScoreTile = memo(ScoreTile)


@ft.component
def Play(table: FossilTable) -> ft.View:
    app = use_app()
    version = use_table(table)
    kept, set_screen = ft.use_state(Screen())
    screen = current(kept, len(table.log))
    picks = ft.use_memo(lambda: Picks(app, table, set_screen), [table])
    taps = Taps(app, table, set_screen, screen)
    scroller: MutableRef[ft.Column] = ft.use_ref(None)

    async def to_top() -> None:
        if screen.busy and scroller.current is not None:
            await scroller.current.scroll_to(offset=0, duration=250)

    ft.use_effect(to_top, [screen.turn.editing, screen.correcting])
    ft.use_dialog(end_dialog(app, taps.end_game, lambda: taps.ask_end(False))
                  if screen.asking_end else None)

    ended, broken = table.ended, table.broken
    at = refused_at(screen.refused)
    evaluated = last_evaluation(app, table)
    controls: list[ft.Control] = [scores(table, app, None if screen.busy or ended
                                         else taps.mover(), picks.pick_mover)]
    if not screen.busy:
        controls.append(turn_line(app, table, taps.mover()))
    if broken:
        controls.append(labelled("log-broken", text(app.t(
            "fossil.broken", number=table.valid + 1), color=ft.Colors.ERROR, size=14)))
    now = stage(screen, ended=ended, broken=broken, due=table.due() is not None,
                evaluated=bool(evaluated), log_length=len(table.log))
    controls += next_step(app, table, now, taps, picks, at, evaluated)
    if ended:
        controls += evaluated
    if not ended and not broken and not screen.busy:
        controls += [game_buttons(app, table, taps), *at.get("end", [])]
    controls.append(Holdings(table, version, app.lang))
    if table.small:
        controls.append(SetAside(table, version))
    controls.append(LogPanel(table, version, picks.edit, picks.delete))
    column = ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
    scroller.current = column
    return ft.View(route=table.route, padding=ft.Padding.symmetric(horizontal=12, vertical=8),
                   appbar=play_bar(app, table, taps), controls=[column])


def next_step(app: AppSession, table: FossilTable, now: Stage, taps: Taps, picks: Picks,
              at: dict[str, list[ft.Control]], evaluated: list[ft.Control]) -> list[ft.Control]:
    """What the stage offers: the turn panel, the correction, the evaluation, or nothing."""
    screen = taps.screen
    if now is Stage.CORRECTING_MOVE:
        return turn_panel(app, table, screen.turn, taps.mover(), at, picks.pick_cost,
                          picks.pick_fossil, taps.take, taps.cancel_edit)
    if now is Stage.CORRECTING_SCORE:
        return [Correction(table, lambda: taps.correct(False))]
    if now is Stage.ENDED:
        return [text(app.t("fossil.ended"), size=15)]
    if now is Stage.EVALUATING:
        due = table.due()
        assert due is not None  # the stage says one is owed
        return evaluation_panel(app, table, due, screen.gives, taps.give, taps.exchange, at,
                                lambda: taps.evaluate(due.fossil))
    if now is Stage.LOOKING:
        return [*evaluated, labelled("continue", ft.FilledButton(
            app.t("fossil.continue"), icon=ft.Icons.ARROW_FORWARD, height=TAP,
            on_click=taps.go_on))]
    if now is Stage.TURN:
        return turn_panel(app, table, screen.turn, taps.mover(), at, picks.pick_cost,
                          picks.pick_fossil, taps.take, None)
    return []  # a broken log gets no next step until it is corrected


def game_buttons(app: AppSession, table: FossilTable, taps: Taps) -> ft.Row:
    return ft.Row([
        labelled("calculator", ft.OutlinedButton(
            app.t("calc.title"), icon=ft.Icons.CALCULATE, height=TAP,
            on_click=do(app.go, table.route + "/calc"))),
        labelled("correct-score", ft.OutlinedButton(
            app.t("fossil.correct"), icon=ft.Icons.EXPOSURE, height=TAP,
            on_click=lambda: taps.correct(True))),
        labelled("end-game", ft.OutlinedButton(
            app.t("fossil.end"), icon=ft.Icons.FLAG, height=TAP,
            on_click=lambda: taps.ask_end(True))),
    ], alignment=ft.MainAxisAlignment.SPACE_EVENLY, wrap=True, run_spacing=8)


def play_bar(app: AppSession, table: FossilTable, taps: Taps) -> ft.AppBar:
    last = table.log[-1] if table.log else None
    undo_label = (app.t("fossil.undo", what=summary(last, app.lang)) if last is not None
                  else app.t("entry.undo"))
    return entry_bar(app, table.route, app.t("game.fossil"), actions=[
        labelled("undo", ft.IconButton(ft.Icons.UNDO, tooltip=undo_label, width=TAP,
                                       height=TAP, disabled=last is None, on_click=taps.undo)),
        labelled("open-sheet", ft.IconButton(
            ft.Icons.LEADERBOARD, tooltip=app.t("entry.score_sheet"), width=TAP,
            height=TAP, disabled=not table.complete,
            on_click=do(app.go, table.route + "/sheet")))])


def refused_at(refused: tuple[Shown, ...]) -> dict[str, list[ft.Control]]:
    """The refusals as error lines, by the control they show at."""
    out: dict[str, list[ft.Control]] = {}
    for shown in refused:
        out.setdefault(shown.at, []).append(labelled(f"problem-{shown.at}", text(
            shown.message, color=ft.Colors.ERROR, size=14, weight=ft.FontWeight.W_600)))
    return out


def end_dialog(app: AppSession, on_end: Callable[[], Any],
               on_cancel: Callable[[], Any]) -> ft.AlertDialog:
    return ft.AlertDialog(
        modal=True, title=text(app.t("fossil.end_title")),
        content=text(app.t("fossil.end_about")),
        actions=[labelled("end-cancel", ft.TextButton(app.t("fossil.cancel_edit"),
                                                      on_click=on_cancel, height=TAP)),
                 labelled("end-confirm", ft.FilledButton(app.t("fossil.end"), icon=ft.Icons.FLAG,
                                                         on_click=on_end, height=TAP))])


def scores(table: FossilTable, app: AppSession, mover: int | None,
           on_pick: Callable[[int], Any]) -> ft.Control:
    count = len(table.names)
    per_row = 3 if count in (3, 5, 6) else 2
    width = (app.width - 24 - 8 * (per_row - 1)) // per_row  # the screen less its padding
    skipped = set(table.skipping())
    return ft.Row([keyed(MemoScoreTile, f"score-{i}")(i, name, points, app.lang, i == mover,
                                                      i in skipped, width, on_pick)
                   for i, (name, points) in enumerate(zip(table.names, table.scores(),
                                                          strict=True))],
                  wrap=True, spacing=8, run_spacing=8, alignment=ft.MainAxisAlignment.CENTER)


def turn_line(app: AppSession, table: FossilTable, mover: int | None) -> ft.Control:
    parts = [] if table.ended else [app.t("fossil.nobody_can_pay") if mover is None
                                    else app.t("fossil.turn", name=table.names[mover])]
    skipped = [table.names[i] for i in table.skipping()]
    if skipped:
        parts.append(app.t("fossil.skipping", names=", ".join(skipped)))
    line = " · ".join(parts)
    return labelled("turn", text(line, size=15, weight=ft.FontWeight.W_600), label=line)


def turn_panel(app: AppSession, table: FossilTable, turn: Turn, mover: int | None,
               at: dict[str, list[ft.Control]], pick_cost: Callable[[int], Any],
               pick_fossil: Callable[[str], Any], take: Callable[[int], Any],
               cancel: Callable[[], Any] | None) -> list[ft.Control]:
    """Cost, fossil, value; while correcting entry `turn.editing`, the board is offered as if
    that move had not been made, and `cancel` leaves the correction."""
    lang, editing = app.lang, turn.editing
    was = None  # the value of the move being corrected, while its fossil is chosen
    if editing is not None:
        entry = table.log[editing]
        if isinstance(entry, Move) and entry.take:
            fossil, value = card_of(entry.take)
            was = value if fossil == turn.fossil else None
    choice = app.t("fossil.choice", name="…" if mover is None else table.names[mover],
                   cost=turn.cost or "…",
                   fossil=fossil_name(turn.fossil, lang) if turn.fossil else "…")
    out: list[ft.Control] = []
    if editing is not None and cancel is not None:
        label = app.t("fossil.editing", number=editing + 1)
        out.append(ft.Row([
            ft.Container(labelled("editing", text(label, size=15, color=ft.Colors.PRIMARY,
                                                  weight=ft.FontWeight.W_600), label=label),
                         expand=True),
            labelled("edit-cancel", ft.OutlinedButton(app.t("fossil.cancel_edit"),
                                                      on_click=cancel, height=TAP))]))
    out += [labelled("choice", text(choice, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                     label=choice),
            section(app.t("fossil.cost")),
            ft.Row([pill(f"cost-{n}", str(n), do(pick_cost, n), width=TAP,
                         selected=turn.cost == n, tooltip=app.t("fossil.cost_chip", cost=n))
                    for n in range(1, table.max_cost + 1)], wrap=True, spacing=6,
                   run_spacing=6),
            *at.get("cost", []),
            section(app.t("fossil.card"))]
    left = {fossil: table.pieces_left(fossil, editing) for fossil in table.fossils_in_play()}
    out.append(fossil_grid(
        "fossil", table.fossils_in_play(), lang, pick_fossil, turn.fossil,
        {fossil: app.t("fossil.left", count=sum(board.values())) for fossil, board in left.items()},
        frozenset(fossil for fossil, board in left.items() if any(board.values()))))
    if turn.fossil is not None:
        board = left[turn.fossil]
        name = fossil_name(turn.fossil, lang)
        out += [section(app.t("fossil.value", fossil=name)), ft.Row([
            pill(f"value-{value}", app.t("fossil.value_chip", value=value, count=board[value]),
                 do(take, value), tooltip=f"{name} {value}",
                 selected=value == was, disabled=not board[value])
            for value in sorted(board)], wrap=True, spacing=6)]
        if turn.cost is None:
            out.append(text(app.t("fossil.cost_first"), size=13, color=ft.Colors.ERROR))
    out += at.get("take", [])
    maybe = table.may_be_last() if editing is None else None
    if maybe is not None:
        out.append(ft.Row([
            text(app.t("fossil.confirm_last", fossil=fossil_name(maybe, lang)), size=14,
                 expand=True),
            labelled("confirm-last", ft.FilledTonalButton(
                app.t("fossil.yes_last"), height=TAP,
                on_click=lambda: app.game_over(table.confirm_last())))]))
    return out


def evaluation_panel(app: AppSession, table: FossilTable, due: Due, gives: Card | None,
                     set_gives: Callable[[Card | None], Any],
                     exchange: Callable[[int, Card], Any], at: dict[str, list[ft.Control]],
                     evaluate: Callable[[], Any]) -> list[ft.Control]:
    lang, taker = app.lang, due.taker
    name = fossil_name(due.fossil, lang)
    out: list[ft.Control] = [labelled("last-taken", text(app.t(
        "fossil.last_taken", name=table.names[taker], fossil=name), size=16,
        weight=ft.FontWeight.BOLD))]
    if not due.exchanged:
        out.append(section(app.t("fossil.exchange", name=table.names[taker])))
        out.append(ft.Row([pill(f"gives-{i}", card_name(card, lang),
                                do(set_gives, None if gives == card else card),
                                selected=gives == card)
                           for i, card in enumerate(table.holdings(taker))],
                          wrap=True, spacing=6, run_spacing=6))
        if gives is not None:
            out.append(text(app.t("fossil.gets", card=card_name(gives, lang)), size=14))
            for other, other_name in enumerate(table.names):
                cards = table.holdings(other)
                if other == taker or not cards:
                    continue
                out.append(ft.Row([text(other_name, size=14, width=80, max_lines=2,
                                        overflow=ft.TextOverflow.ELLIPSIS), *[
                    pill(f"gets-{other}-{i}", card_name(card, lang),
                         do(exchange, other, card))
                    for i, card in enumerate(cards)]], wrap=True, spacing=6, run_spacing=6))
        out += at.get("exchange", [])
    out.append(labelled("evaluate", ft.FilledButton(
        app.t("fossil.evaluate", fossil=name), icon=ft.Icons.CHECK, on_click=evaluate,
        height=TAP)))
    out += at.get("evaluate", [])
    return out


def last_evaluation(app: AppSession, table: FossilTable) -> list[ft.Control]:
    """The arithmetic of the last entry, if it is an evaluation or the end."""
    if not table.log or table.broken or not isinstance(table.log[-1], Evaluate | End):
        return []
    event = table.event(len(table.log) - 1)
    if event is None:
        return []
    return [section(app.t("fossil.evaluation")),
            EvaluationView(event, table.names, app.lang, "evaluation")]


@memo
@ft.component
def Holdings(table: FossilTable, version: int, lang: str) -> ft.Control:
    """What each player holds now, per fossil and value: 'ammonite 2, 1 · trilobite 3'."""
    app = use_app()
    rows: list[ft.Control] = [section(app.t("fossil.holdings"))]
    for player, name in enumerate(table.names):
        by_fossil: dict[str, list[str]] = {}
        for fossil, value in table.holdings(player):
            by_fossil.setdefault(fossil, []).append(str(value))
        held = " · ".join(f"{fossil_name(fossil, lang)} {', '.join(values)}"
                          for fossil, values in by_fossil.items()) or app.t("fossil.holds_none")
        rows.append(labelled(f"holdings-{player}", ft.Row([
            text(name, size=14, weight=ft.FontWeight.W_600, width=96, max_lines=2,
                 overflow=ft.TextOverflow.ELLIPSIS),
            text(held, size=14, expand=True)], vertical_alignment=ft.CrossAxisAlignment.START),
            label=app.t("fossil.holds", name=name, cards=held)))
    return ft.Column(rows, spacing=4)


@ft.component
def SetAside(table: FossilTable, version: int) -> ft.Control:
    """2-3 players: the 7 cards set aside unseen at setup, once the players look at them."""
    app = use_app()
    shown, set_shown = ft.use_state(False)
    fossil: str | None = None
    fossil, set_fossil = ft.use_state(fossil)
    pick = ft.use_callback(set_fossil, [])
    cards = table.set_aside

    def remove(index: int) -> None:
        app.game_over(table.remove_aside(index))

    def add(card: Card) -> None:
        app.game_over(table.add_aside(card))

    out: list[ft.Control] = [labelled("set-aside", ft.TextButton(
        app.t("fossil.set_aside", count=len(cards), total=SET_ASIDE),
        icon=ft.Icons.EXPAND_LESS if shown else ft.Icons.EXPAND_MORE, height=TAP,
        on_click=lambda: set_shown(not shown)))]
    if shown:
        out.append(text(app.t("fossil.set_aside_about"), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT))
        out.append(ft.Row([pill(f"aside-{i}", card_name(card, app.lang),
                                do(remove, i),
                                tooltip=app.t("fossil.remove_aside"))
                           for i, card in enumerate(cards)], wrap=True, spacing=6))
        if len(cards) < SET_ASIDE:
            out.append(fossil_grid("aside-fossil", table.fossils_in_play(), app.lang, pick,
                                   fossil))
            if fossil:
                out.append(ft.Row([pill(f"aside-value-{v}", str(v), width=TAP,
                                        on_click=do(add, (fossil, v)))
                                   for v in table.values_in_play(fossil)], spacing=6))
    return ft.Column(out, spacing=10)
