"""The Fossil game companion: running scores, whose turn it is, the turn panel (cost, fossil,
value: three taps), the exchange and evaluation when a fossil's last piece is taken, the log.

The game is its log: each tap appends an event, the scorer checks it, and a refused event is
never stored; the selection stays so it can be corrected. A move in the log can be corrected in
place through the same turn panel.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import flet as ft

from scorer import Problem
from scorer.fossil.models import SET_ASIDE, card_of, max_cost
from scorer.fossil.state import Due
from views.fossil.correction import CorrectionPanel
from views.fossil.log_panel import log_panel
from views.fossil.parts import (
    card_name,
    evaluation_view,
    fossil_grid,
    fossil_name,
    score_tile,
)
from views.fossil.table import (
    FossilTable,
    read,
    refusal,
)
from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.widgets.common import do, labelled, pill, section, text


class CompanionScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/fossil/{game_id}")
        self.game_id = game_id
        self.cost: int | None = None
        self.fossil: str | None = None
        self.mover: int | None = None  # somebody other than the next player moves
        self.gives: str | None = None
        self.aside_fossil: str | None = None
        self.show_aside = False
        self.whole_log = False
        self.seen = -1  # the log length whose last evaluation has been looked at
        self.editing: int | None = None  # the log entry being corrected
        # refused choices: (the field it shows at, the problem, the later entry it breaks)
        self.refused: list[tuple[str, Problem, int | None]] = []
        self.correcting_score = False
        self.correction = CorrectionPanel(self.t, self.add_correction)
        self.scroller = ft.Column(spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        self.table = self._load()

    # state --------------------------------------------------------------------------------
    def _load(self) -> FossilTable:
        record = self.app.store.game(self.game_id)
        return read(record.data)  # type: ignore[union-attr]

    def _store(self, data: dict[str, Any]) -> None:
        ended = bool(data["file"]["log"]) and "end" in data["file"]["log"][-1]
        self.app.store.save_game(self.game_id, data, status="finished" if ended else "active")
        self.table = read(data)

    def _append(self, event: dict[str, Any],
                field: str | Callable[[list[tuple[int, Problem]], int], str],
                at: int | None = None) -> bool:
        """Append `event` (or put it in place of entry `at`) if the scorer accepts it; else
        show its refusal at `field` (or at the field chosen from the refusal and `at`)."""
        self.table = self._load()
        refused = refusal(self.table.data, event, at)
        if refused:
            end = len(self.table.log) if at is None else at
            if callable(field):
                field = field(refused, end)
            self.refused = [(field, p, None if index == end else index)
                            for index, p in refused]
            self.refresh()
            return False
        data = copy.deepcopy(self.table.data)
        if at is None:
            data["file"]["log"].append(event)
        else:
            data["file"]["log"][at] = event
        self.refused = []
        self._store(data)
        return True

    # actions ------------------------------------------------------------------------------
    def pick_cost(self, cost: int) -> None:
        self.cost = cost
        self.refused = []
        self.refresh()

    def pick_fossil(self, fossil: str) -> None:
        self.fossil = fossil
        self.refused = []
        self.refresh()

    def pick_mover(self, player: int) -> None:
        correcting = self.editing is not None
        self.mover = None if player == self.table.next_player() and not correcting else player
        self.refresh()

    def take(self, value: int) -> None:
        if self.cost is None or self.fossil is None:
            return
        player = self._mover()
        if player is None:
            return
        event = {"move": self.table.names[player], "cost": self.cost,
                 "take": f"{self.fossil}:{value}"}
        if self._append(event, _turn_field, self.editing):
            self.cost = self.fossil = self.mover = self.editing = None
            self.gives = None
        self.refresh()

    async def edit(self, index: int) -> None:
        """Correct move `index`: the turn panel at the top, filled in with that move."""
        entry = self.table.log[index]
        self.editing, self.cost = index, entry["cost"]
        self.fossil = card_of(entry["take"])[0]
        self.mover = self.table.names.index(entry["move"])
        self.refused = []
        self.refresh()
        self.view.update()
        await self.scroller.scroll_to(offset=0, duration=250)

    async def toggle_correction(self) -> None:
        """The correction panel takes the turn panel's place at the top, in sight."""
        self.correcting_score = not self.correcting_score
        self.refused = []
        self.refresh()
        if self.correcting_score:
            self.view.update()
            await self.scroller.scroll_to(offset=0, duration=250)

    def pick_corrected(self, player: int) -> None:
        self.correction.pick(player)
        self.refresh()

    def step_correction(self, points: int) -> None:
        self.correction.step(points)
        self.refused = []
        self.refresh()

    def add_correction(self) -> None:
        event = self.correction.event(self.table.names)
        if event is not None and self._append(event, "correct"):
            self.correction.clear()
            self.correcting_score = False
        self.refresh()

    def cancel_edit(self) -> None:
        self._stop_editing()
        self.refresh()

    def _stop_editing(self) -> None:
        """Leave the correction of a move (also when the log under it changes)."""
        if self.editing is not None:
            self.editing = self.cost = self.fossil = self.mover = None
        self.refused = []

    def pick_gives(self, card: str) -> None:
        self.gives = None if self.gives == card else card
        self.refused = []
        self.refresh()

    def exchange(self, other: int, card: str) -> None:
        due = self.table.due()
        if due is None or self.gives is None:
            return
        event = {"exchange": {"player": self.table.names[due.taker], "gives": self.gives,
                              "with": self.table.names[other], "gets": card}}
        if self._append(event, "exchange"):
            self.gives = None
        self.refresh()

    def evaluate(self, fossil: str) -> None:
        self._append({"evaluate": fossil}, "evaluate")
        self.refresh()

    def confirm_last(self) -> None:
        data = copy.deepcopy(self.table.data)
        data["confirmed"] = self.table.last_move()
        self._store(data)
        self.refresh()

    def undo(self) -> None:
        self.table = self._load()
        if not self.table.log:
            return
        data = copy.deepcopy(self.table.data)
        data["file"]["log"].pop()
        self._stop_editing()
        self._store(data)
        self.refresh()

    def delete(self, index: int) -> None:
        self.table = self._load()
        data = copy.deepcopy(self.table.data)
        del data["file"]["log"][index]
        self._stop_editing()
        self._store(data)
        self.refresh()

    def continue_play(self) -> None:
        self.seen = len(self.table.log)
        self.refresh()

    def show_whole_log(self) -> None:
        self.whole_log = True
        self.refresh()

    def toggle_aside(self) -> None:
        self.show_aside = not self.show_aside
        self.refresh()

    def pick_aside_fossil(self, fossil: str) -> None:
        self.aside_fossil = fossil
        self.refresh()

    def add_aside(self, value: int) -> None:
        data = copy.deepcopy(self.table.data)
        cards = data.setdefault("set_aside", [])
        if self.aside_fossil and len(cards) < SET_ASIDE:
            cards.append(f"{self.aside_fossil}:{value}")
            self._store(data)
        self.refresh()

    def remove_aside(self, index: int) -> None:
        data = copy.deepcopy(self.table.data)
        del data["set_aside"][index]
        self._store(data)
        self.refresh()

    async def end_game(self) -> None:
        if self._append({"end": True}, "end"):
            await self.app.go(f"/fossil/{self.game_id}/sheet")

    async def open_sheet(self) -> None:
        await self.app.go(f"/fossil/{self.game_id}/sheet")

    async def open_calculator(self) -> None:
        await self.app.go(f"/fossil/{self.game_id}/calc")

    # view ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.table = self._load()
        table = self.table
        self.view.appbar = ft.AppBar(title=text(self.t("game.fossil")), actions=[
            labelled("undo", ft.IconButton(ft.Icons.UNDO, tooltip=self.t("entry.undo"),
                                           disabled=not table.log, on_click=self.undo)),
            labelled("open-sheet", ft.IconButton(
                ft.Icons.LEADERBOARD, tooltip=self.t("entry.score_sheet"),
                disabled=not table.ended or table.broken, on_click=self.open_sheet))])
        # while a move or a score is corrected, nobody "moves now"
        correcting = self.editing is not None or self.correcting_score
        controls: list[ft.Control] = [self._scores(), *([] if correcting else
                                                        [self._turn_line()])]
        if table.broken:
            controls.append(labelled("log-broken", text(self.t(
                "fossil.broken", number=table.valid + 1), color=ft.Colors.ERROR, size=14)))
        if self.editing is not None:
            controls += self._turn_panel()
        elif self.correcting_score:
            controls += self.correction.controls(table.names, self.pick_corrected,
                                                 self.step_correction,
                                                 self._problem("correct"),
                                                 self.toggle_correction)
        elif not table.broken:  # a broken log gets no next step until it is corrected
            controls += self._next_step()
        if table.ended:
            controls += self._last_evaluation()
        if not table.ended and not table.broken and not correcting:
            controls.append(ft.Row([
                labelled("calculator", ft.OutlinedButton(
                    self.t("calc.title"), icon=ft.Icons.CALCULATE,
                    on_click=self.open_calculator)),
                labelled("correct-score", ft.OutlinedButton(
                    self.t("fossil.correct"), icon=ft.Icons.EXPOSURE,
                    on_click=self.toggle_correction)),
                labelled("end-game", ft.OutlinedButton(
                    self.t("fossil.end"), icon=ft.Icons.FLAG, on_click=self.end_game)),
            ], alignment=ft.MainAxisAlignment.SPACE_EVENLY, wrap=True, run_spacing=8))
        if table.small:
            controls += self._aside_controls()
        controls += log_panel(table, self.t, self.app.lang, self.whole_log, self.edit,
                              self.delete, self.show_whole_log)
        self.scroller.controls = controls
        self.view.controls = [self.scroller]
        self.view.padding = ft.Padding.symmetric(horizontal=12, vertical=8)

    def _next_step(self) -> list[ft.Control]:
        table = self.table
        if table.ended:
            return [text(self.t("fossil.ended"), size=15)]
        if (due := table.due()) is not None:
            return self._evaluation_panel(due)
        if self.seen != len(table.log) and (shown := self._last_evaluation()):
            # everyone looks at the arithmetic until somebody continues
            return [*shown, labelled("continue", ft.FilledButton(
                self.t("fossil.continue"), icon=ft.Icons.ARROW_FORWARD, height=48,
                on_click=self.continue_play))]
        return self._turn_panel()

    def _scores(self) -> ft.Control:
        table = self.table
        count = len(table.names)
        per_row = 3 if count in (3, 5, 6) else 2
        width = (366 - 8 * (per_row - 1)) / per_row
        mover = self._mover()
        skipped = set(table.skipped())
        moving = not table.ended and self.editing is None and not self.correcting_score
        tiles = [score_tile(i, name, points, self.app.lang, mover=i == mover and moving,
                            skips=i in skipped, on_click=do(self.pick_mover, i), width=width)
                 for i, (name, points) in enumerate(zip(table.names, table.scores(),
                                                        strict=True))]
        return ft.Row(tiles, wrap=True, spacing=8, run_spacing=8,
                      alignment=ft.MainAxisAlignment.CENTER)

    def _mover(self) -> int | None:
        return self.mover if self.mover is not None else self.table.next_player()

    def _turn_line(self) -> ft.Control:
        table = self.table
        mover = self._mover()
        parts = [] if table.ended else [self.t("fossil.nobody_can_pay") if mover is None
                                        else self.t("fossil.turn", name=table.names[mover])]
        skipped = [table.names[i] for i in table.skipped()]
        if skipped:
            parts.append(self.t("fossil.skipping", names=", ".join(skipped)))
        line = " · ".join(parts)
        return labelled("turn", text(line, size=15, weight=ft.FontWeight.W_600), label=line)

    def _problem(self, field: str) -> list[ft.Control]:
        out: list[ft.Control] = []
        for at, problem, breaks in self.refused:
            if at != field:
                continue
            message = scorer_text(problem.key, problem.params, self.app.lang)
            if breaks is not None:
                message = self.t("fossil.breaks_entry", number=breaks + 1, problem=message)
            out.append(labelled(f"problem-{field}", text(
                message, color=ft.Colors.ERROR, size=14, weight=ft.FontWeight.W_600)))
        return out

    def _board(self) -> FossilTable:
        """The table whose board the turn panel offers: without the move being corrected."""
        if self.editing is None:
            return self.table
        data = copy.deepcopy(self.table.data)
        del data["file"]["log"][self.editing]
        return read(data)

    def _turn_panel(self) -> list[ft.Control]:
        table, lang, board_of = self.table, self.app.lang, self._board()
        was = None  # the value of the move being corrected, while its fossil is chosen
        if self.editing is not None:
            fossil, value = card_of(table.log[self.editing]["take"])
            was = value if fossil == self.fossil else None
        costs = [pill(f"cost-{n}", str(n), do(self.pick_cost, n), selected=self.cost == n,
                      tooltip=self.t("fossil.cost_chip", cost=n))
                 for n in range(1, max_cost(table.small) + 1)]
        mover = self._mover()
        choice = self.t("fossil.choice", name="…" if mover is None else table.names[mover],
                        cost=self.cost or "…",
                        fossil=fossil_name(self.fossil, lang) if self.fossil else "…")
        out: list[ft.Control] = []
        if self.editing is not None:
            editing = self.t("fossil.editing", number=self.editing + 1)
            out.append(ft.Row([
                ft.Container(labelled("editing", text(editing, size=15, color=ft.Colors.PRIMARY,
                                                      weight=ft.FontWeight.W_600),
                                      label=editing), expand=True),
                labelled("edit-cancel", ft.OutlinedButton(self.t("fossil.cancel_edit"),
                                                          on_click=self.cancel_edit))]))
        out += [labelled("choice", text(choice, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
                         label=choice),
                section(self.t("fossil.cost")),
                ft.Row(costs, wrap=True, spacing=6, run_spacing=6)]
        out += self._problem("cost")
        out.append(section(self.t("fossil.card")))

        def left(fossil: str) -> str:
            return self.t("fossil.left", count=sum(board_of.on_board(fossil).values()))

        out.append(fossil_grid("fossil", table.fossils_in_play(), lang, self.pick_fossil,
                               self.fossil, left,
                               available=lambda fossil: any(board_of.on_board(fossil).values())))
        if self.fossil is not None:
            board = board_of.on_board(self.fossil)
            name = fossil_name(self.fossil, lang)
            values = [pill(f"value-{value}", self.t("fossil.value_chip", value=value,
                                                    count=board[value]),
                           do(self.take, value), tooltip=f"{name} {value}",
                           selected=value == was)
                      for value in sorted(board)]
            hint = [] if self.cost is not None else [text(self.t("fossil.cost_first"), size=13,
                                                          color=ft.Colors.ERROR)]
            out += [section(self.t("fossil.value", fossil=name)),
                    ft.Row(values, wrap=True, spacing=6), *hint]
        out += self._problem("take")
        maybe = table.may_be_last() if self.editing is None else None
        if maybe is not None:
            out.append(ft.Row([
                text(self.t("fossil.confirm_last", fossil=fossil_name(maybe, lang)), size=14,
                     expand=True),
                labelled("confirm-last", ft.FilledTonalButton(self.t("fossil.yes_last"),
                                                              on_click=self.confirm_last))]))
        return out

    def _evaluation_panel(self, due: Due) -> list[ft.Control]:
        table, lang = self.table, self.app.lang
        fossil, taker = due.fossil, due.taker
        name = fossil_name(fossil, lang)
        out: list[ft.Control] = [labelled("last-taken", text(self.t(
            "fossil.last_taken", name=table.names[taker], fossil=name), size=16,
            weight=ft.FontWeight.BOLD))]
        if not due.exchanged:
            out.append(section(self.t("fossil.exchange", name=table.names[taker])))
            own = table.finds(taker)
            out.append(ft.Row([pill(f"gives-{i}", card_name(card, lang),
                                    do(self.pick_gives, card), selected=self.gives == card)
                               for i, card in enumerate(own)], wrap=True, spacing=6,
                              run_spacing=6))
            if self.gives is not None:
                out.append(text(self.t("fossil.gets", card=card_name(self.gives, lang)),
                                size=14))
                for other, other_name in enumerate(table.names):
                    cards = table.finds(other)
                    if other == taker or not cards:
                        continue
                    out.append(ft.Row([text(other_name, size=14, width=80), *[
                        pill(f"gets-{other}-{i}", card_name(card, lang),
                             do(self.exchange, other, card))
                        for i, card in enumerate(cards)]], wrap=True, spacing=6,
                        run_spacing=6))
            out += self._problem("exchange")
        out.append(labelled("evaluate", ft.FilledButton(
            self.t("fossil.evaluate", fossil=name), icon=ft.Icons.CHECK,
            on_click=do(self.evaluate, fossil), height=48)))
        out += self._problem("evaluate")
        return out

    def _last_evaluation(self) -> list[ft.Control]:
        table = self.table
        if not table.log or table.broken:
            return []
        last = len(table.log) - 1
        entry = table.log[last]
        if "evaluate" not in entry and "end" not in entry:
            return []
        event = table.event(last)
        if event is None:
            return []
        return [section(self.t("fossil.evaluation")),
                evaluation_view(event, table.names, self.app.lang, "evaluation")]

    def _aside_controls(self) -> list[ft.Control]:
        table, lang = self.table, self.app.lang
        cards = table.data.get("set_aside") or []
        out: list[ft.Control] = [labelled("set-aside", ft.TextButton(
            self.t("fossil.set_aside", count=len(cards), total=SET_ASIDE),
            icon=ft.Icons.EXPAND_LESS if self.show_aside else ft.Icons.EXPAND_MORE,
            on_click=self.toggle_aside))]
        if not self.show_aside:
            return out
        out.append(text(self.t("fossil.set_aside_about"), size=13,
                        color=ft.Colors.ON_SURFACE_VARIANT))
        out.append(ft.Row([pill(f"aside-{i}", card_name(card, lang), do(self.remove_aside, i),
                                tooltip=self.t("fossil.remove_aside"))
                           for i, card in enumerate(cards)], wrap=True, spacing=6))
        if len(cards) < SET_ASIDE:
            out.append(fossil_grid("aside-fossil", table.fossils_in_play(), lang,
                                   self.pick_aside_fossil, self.aside_fossil))
            if self.aside_fossil:
                out.append(ft.Row([pill(f"aside-value-{v}", str(v), do(self.add_aside, v))
                                   for v in table.values_in_play(self.aside_fossil)],
                                  spacing=6))
        return out


def _turn_field(refused: list[tuple[int, Problem]], at: int) -> str:
    """Where a refused move is explained: at the cost chips if it cannot be paid."""
    return "cost" if any(p.path[-1:] == ("cost",) and index == at
                         for index, p in refused) else "take"
