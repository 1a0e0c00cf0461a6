"""A Fossil game in play: the game log, the cards set aside at setup, and where the game stands.

Stored as `{"file": <fossil game file>, "set_aside": ["fish:1", ...], "confirmed": N|None}`.
The game is its log: an operation (a move, an exchange, an evaluation, a correction...) is
checked by the scorer and stored only if accepted; a refusal is returned, nothing is changed.
The log is replayed once per version (`live`); every question (whose turn, what is left, what
each player holds, which evaluation is due) is the scorer's (`scorer.fossil.state`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorer import Problem, ScoreEvent, ScoreSheet, check, score
from scorer.fossil import state
from scorer.fossil.models import (
    SET_ASIDE,
    START_SCORE,
    Adjust,
    Card,
    End,
    Evaluate,
    Exchange,
    ExchangeDetail,
    FossilFile,
    LogEvent,
    Move,
    card_of,
    card_text,
    max_cost,
    pieces,
)
from scorer.fossil.scoring import FossilGame
from scorer.places import LogEntry
from views import i18n
from views.model import Table, operation
from views.new_table import NewTable
from views.off_loop import LONG_LOG
from views.store import Store


def new_data(names: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The stored record of a game about to start."""
    file = {"version": 1, "game": "fossil", "players": list(names), "start_score": START_SCORE,
            "log": []}
    return {"file": file, "set_aside": [], "confirmed": None}


def track(points: int) -> str:
    """The score as the track shows it: '1×100 + 23' once a 100 marker is out."""
    hundreds, rest = divmod(points, 100)
    return f"{hundreds}×100 + {rest}" if hundreds else str(rest)


def _index(problem: Problem) -> int | None:
    """The log entry a problem is about; None: the file (players, start score)."""
    return problem.spot.index if isinstance(problem.spot, LogEntry) else None


@dataclass(frozen=True)
class Refusal:
    """Why the scorer refused an operation: the problem, the field of the entry it is about
    ("cost", "take", "exchange", "points"...), and the later entry it would break, if any."""

    problem: Problem
    field: str
    breaks: int | None = None


@dataclass(frozen=True)
class Live:
    """The replay of the log at one version. A log with errors scores as far as its first."""

    game: FossilGame  # the valid part of the log
    sheet: ScoreSheet  # of the valid part
    valid: int  # how many log entries score (all of them unless the log has errors)
    problems: dict[int, tuple[Problem, ...]]  # by log index (-1: the file)

    @property
    def broken(self) -> bool:
        return any(p.severity == "error" for found in self.problems.values() for p in found)


def replay(file: dict[str, Any]) -> Live:
    """Check the whole log; if it has errors, the scores are those of the log before the first."""
    game, problems = check(file)
    found: dict[int, list[Problem]] = {}
    for problem in problems:
        where = _index(problem)
        found.setdefault(-1 if where is None else where, []).append(problem)
    valid = len(file["log"])
    if game is None:
        errors = [_index(p) for p in problems if p.severity == "error"]
        valid = min((where for where in errors if where is not None), default=0)
        game, _ = check({**file, "log": file["log"][:valid]})
    if game is None:  # bad players: nothing scores
        game, _ = check({**file, "players": [f"#{i}" for i in range(max(2, len(file["players"])))],
                         "log": []})
    assert isinstance(game, FossilGame)
    return Live(game, score(game), valid, {k: tuple(v) for k, v in found.items()})


class FossilTable(Table):
    kind = "fossil"

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        return store.create_game(cls.kind, new_data(new.names))

    def load(self, data: dict[str, Any]) -> None:
        self.file = FossilFile.model_validate(data["file"])
        self.set_aside: tuple[Card, ...] = tuple(card_of(c) for c in data.get("set_aside") or [])
        self.confirmed: int | None = data.get("confirmed")
        self._live: tuple[int, Live] | None = None
        self._boards: dict[tuple[int, int], Live] = {}

    def game_file(self) -> dict[str, Any]:
        return self.file.model_dump(mode="json", by_alias=True, exclude_none=True)

    @classmethod
    def file_as_stored(cls, file: dict[str, Any], game: Any) -> dict[str, Any]:
        return FossilFile.model_validate(file).model_dump(mode="json", by_alias=True,
                                                          exclude_none=True)

    def data(self) -> dict[str, Any]:
        return {"file": self.game_file(), "set_aside": [card_text(c) for c in self.set_aside],
                "confirmed": self.confirmed}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.file.players)

    @property
    def log(self) -> list[LogEvent]:
        return self.file.log

    def rematch(self) -> NewTable:
        return NewTable(self.kind).seated(self.names)

    # the replay, once per version ---------------------------------------------------------
    @property
    def live(self) -> Live:
        if self._live is None or self._live[0] != self.version:
            self._live = (self.version, replay(self.game_file()))
        return self._live[1]

    @property
    def scored(self) -> bool:
        return len(self.log) < LONG_LOG or (self._live is not None
                                            and self._live[0] == self.version)

    @property
    def broken(self) -> bool:
        return self.live.broken

    @property
    def ended(self) -> bool:
        return bool(self.log) and isinstance(self.log[-1], End)

    @property
    def complete(self) -> bool:
        return self.ended and not self.broken

    @property
    def sheet(self) -> ScoreSheet | None:
        return self.live.sheet if self.complete else None

    def progress(self, lang: str) -> str:
        scores = " · ".join(f"{name} {track(points)}"
                            for name, points in zip(self.names, self.scores(), strict=True))
        return i18n.ui("fossil.progress", lang, turns=sum(isinstance(e, Move) for e in self.log),
                       scores=scores)

    # where the game stands ----------------------------------------------------------------
    @property
    def small(self) -> bool:
        return self.live.game.replayed.small_game

    def scores(self) -> tuple[int, ...]:
        return tuple(player.total for player in self.live.sheet.players)

    def event(self, index: int) -> ScoreEvent | None:
        return next((event for event in self.live.sheet.events if event.index == index), None)

    def holdings(self, player: int) -> tuple[Card, ...]:
        """A player's cards now, in fossil order, highest value first."""
        return tuple(state.holdings(self.live.game, player))

    def fossils_in_play(self) -> tuple[str, ...]:
        return tuple(state.fossils_in_play(self.small))

    def values_in_play(self, fossil: str) -> tuple[int, ...]:
        return tuple(sorted(pieces(fossil, self.small)))

    @property
    def max_cost(self) -> int:
        return max_cost(self.small)

    def pieces_left(self, fossil: str, without: int | None = None) -> dict[int, int]:
        """Pieces of each value of `fossil` still on the board, as far as the table knows;
        `without`: as if log entry `without` (a move being corrected) had not been made."""
        return state.pieces_left(self._board(without).game, fossil, self.set_aside)

    def _board(self, without: int | None) -> Live:
        if without is None:
            return self.live
        key = (self.version, without)
        if key not in self._boards:
            file = self.game_file()
            self._boards = {key: replay({**file, "log": [
                e for i, e in enumerate(file["log"]) if i != without]})}
        return self._boards[key]

    def next_mover(self) -> int | None:
        """Who moves next; None: nobody can pay for a move."""
        return state.next_mover(self.live.game)

    def skipping(self) -> tuple[int, ...]:
        return tuple(state.skipping(self.live.game))

    def due(self) -> state.Due | None:
        """The evaluation the table owes now (with its exchange, if not made yet)."""
        if self.broken:
            return None
        return state.due_evaluation(self.live.game, self.set_aside, self.confirmed)

    def may_be_last(self) -> str | None:
        """2-3 players without the set-aside cards: the fossil just taken may have been the
        last on the board; the players confirm."""
        if self.broken:
            return None
        return state.may_be_last(self.live.game, self.set_aside)

    def preview(self, fossil: str, holdings: dict[int, tuple[int, ...]]
                ) -> tuple[ScoreEvent | None, list[Problem]]:
        """What the quick calculator's evaluation would do on the scores so far: the scorer's
        event, or its refusal."""
        event = self._evaluation(fossil, holdings)
        file = self.game_file()
        valid = {**file, "log": [*file["log"][:self.live.valid], _dump(event)]}
        game, problems = check(valid)
        refused = [p for p in problems if p.severity == "error" and _index(p) == self.live.valid]
        if game is None or refused:
            return None, refused
        sheet = score(game)
        return (sheet.events[-1] if sheet.events else None), []

    def _evaluation(self, fossil: str, holdings: dict[int, tuple[int, ...]]) -> Evaluate:
        given: Any = {self.names[p]: sorted(values) for p, values in holdings.items() if values}
        return Evaluate.model_validate({"evaluate": fossil, "holdings": given})

    # operations: each is checked first and stored only if the scorer accepts it -----------
    @operation
    def move(self, player: int, cost: int, card: Card, at: int | None = None) -> list[Refusal]:
        """`player` pays `cost` and takes `card`: a new turn, or the correction of move `at`."""
        return self._put(Move(move=self.names[player], cost=cost, take=card_text(card)), at)

    @operation
    def exchange(self, player: int, gives: Card, other: int, gets: Card) -> list[Refusal]:
        return self._put(Exchange(exchange=ExchangeDetail.model_validate({
            "player": self.names[player], "gives": card_text(gives),
            "with": self.names[other], "gets": card_text(gets)})))

    @operation
    def evaluate(self, fossil: str, holdings: dict[int, tuple[int, ...]] | None = None
                 ) -> list[Refusal]:
        """Evaluate `fossil` from the log's holdings, or from the calculator's `holdings`."""
        event = (Evaluate.model_validate({"evaluate": fossil}) if holdings is None
                 else self._evaluation(fossil, holdings))
        return self._put(event)

    @operation
    def adjust(self, player: int, points: int, note: str = "") -> list[Refusal]:
        return self._put(Adjust(adjust=self.names[player], points=points, note=note or None))

    @operation
    def end(self) -> list[Refusal]:
        return self._put(End(end=True))

    @operation
    def confirm_last(self) -> None:
        """The players say the fossil just taken was the last one on the board."""
        take = state.last_take(self.live.game)
        self.confirmed = None if take is None else take.index

    @operation
    def undo(self) -> LogEvent | None:
        """Take back the last log entry; returns it."""
        if not self.log:
            return None
        event = self.log.pop()
        return event

    @operation
    def delete(self, index: int) -> None:
        del self.log[index]

    @operation
    def add_aside(self, card: Card) -> None:
        if len(self.set_aside) < SET_ASIDE:
            self.set_aside = (*self.set_aside, card)

    @operation
    def remove_aside(self, index: int) -> None:
        self.set_aside = self.set_aside[:index] + self.set_aside[index + 1:]

    def _store(self) -> None:
        self.finished = self.finished or self.ended  # the log's end ends the game: read-only
        super()._store()

    def _put(self, event: LogEvent, at: int | None = None) -> list[Refusal]:
        refused = self.refusal(event, at)
        if refused:
            return refused
        if at is None:
            self.log.append(event)
        else:
            self.log[at] = event
        return []

    def refusal(self, event: LogEvent, at: int | None = None) -> list[Refusal]:
        """The scorer's errors that `event` brings, appended to the log or put in place of
        entry `at`; none means it is accepted. Errors the log already had do not count
        against a correction."""
        file = self.game_file()
        log = file["log"]
        at = len(log) if at is None else at
        before = check(file)[1] if at < len(log) else []  # nothing new after an append
        _, problems = check({**file, "log": [*log[:at], _dump(event), *log[at + 1:]]})
        known = {(p.key, p.place) for p in before if p.severity == "error"}
        out = []
        for problem in problems:
            where = _index(problem)
            if problem.severity != "error" or (problem.key, problem.place) in known \
                    or where is None or where < at:
                continue
            field = problem.path[2] if len(problem.path) > 2 and where == at else ""
            out.append(Refusal(problem, str(field), None if where == at else where))
        return out


def _dump(event: LogEvent) -> dict[str, Any]:
    return event.model_dump(mode="json", by_alias=True, exclude_none=True)
