"""A Fossil game in play: the game log, the cards set aside at setup, and where the game stands.

Stored as `{"file": <fossil game file>, "set_aside": ["fish:1", ...], "confirmed": N|None}`.
The game is its log: an operation (a move, an exchange, an evaluation, a correction...) is
checked by the scorer (`Position.push`) and stored only if accepted; a refusal is returned,
nothing is changed. The log is replayed once per change (the position an accepted event gives
is the next one); every question (whose turn, what is left, what each player holds, which
evaluation is due, the sheet so far) is the scorer's (`Position`, `scorer.fossil.state`).
"""

from __future__ import annotations

from typing import Any

from scorer import Problem, ScoreEvent, ScoreSheet
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
from scorer.fossil.position import Position, Refusal
from scorer.places import Spot
from scorer.progress import Progress
from views.storage.off_loop import LONG_LOG
from views.storage.store import Store
from views.tables.model import Table, operation
from views.tables.new_table import NewTable
from views.text import i18n


def new_data(names: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The stored record of a game about to start."""
    file = {"version": 1, "game": "fossil", "players": list(names), "start_score": START_SCORE,
            "log": []}
    return {"file": file, "set_aside": [], "confirmed": None}


def track(points: int) -> str:
    """The score as the track shows it: '1×100 + 23' once a 100 marker is out."""
    hundreds, rest = divmod(points, 100)
    return f"{hundreds}×100 + {rest}" if hundreds else str(rest)


class FossilTable(Table):
    kind = "fossil"

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        return store.create_game(cls.kind, new_data(new.names))

    def load(self, data: dict[str, Any]) -> None:
        self.file = FossilFile.model_validate(data["file"])
        self.set_aside: tuple[Card, ...] = tuple(card_of(c) for c in data.get("set_aside") or [])
        self.confirmed: int | None = data.get("confirmed")
        self._position: Position | None = None  # of self.file, once asked for
        self._without: tuple[Position, int, Position] | None = None  # (of, entry, without it)

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

    # the scorer's position, once per log -------------------------------------------------
    @property
    def position(self) -> Position:
        """The scorer's position of the log as it is (the one an accepted event gave)."""
        if self._position is None or self._position.file is not self.file:
            self._position = Position.of(self.file)
        return self._position

    @property
    def live(self) -> Progress:
        """The sheet so far (a log with errors scores as far as its first), every problem,
        and the entries left out of the score."""
        return self.position.so_far()

    @property
    def problems(self) -> dict[Spot | None, tuple[Problem, ...]]:
        """Every problem by its place: a log entry, or None for the players."""
        found: dict[Spot | None, list[Problem]] = {}
        for problem in self.position.problems:
            found.setdefault(problem.spot, []).append(problem)
        return {spot: tuple(problems) for spot, problems in found.items()}

    @property
    def valid(self) -> int:
        """How many log entries score: all of them unless the log has an error."""
        first = self.position.first_error
        return len(self.log) if first is None else first

    @property
    def scored(self) -> bool:
        return len(self.log) < LONG_LOG or (self._position is not None
                                            and self._position.file is self.file)

    @property
    def broken(self) -> bool:
        return self.position.broken

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
        return self.position.replayed.small_game

    def scores(self) -> tuple[int, ...]:
        return tuple(player.total for player in self.live.sheet.players)

    def event(self, index: int) -> ScoreEvent | None:
        return next((event for event in self.live.sheet.events if event.index == index), None)

    def holdings(self, player: int) -> tuple[Card, ...]:
        """A player's cards now, in fossil order, highest value first."""
        return tuple(state.holdings(self.position.game, player))

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

    def _board(self, without: int | None) -> Position:
        position = self.position
        if without is None:
            return position
        if self._without is None or self._without[:2] != (position, without):
            self._without = (position, without, position.without(without))
        return self._without[2]

    def next_mover(self) -> int | None:
        """Who moves next; None: nobody can pay for a move."""
        return self.position.next_mover

    def skipping(self) -> tuple[int, ...]:
        return tuple(state.skipping(self.position.game))

    def due(self) -> state.Due | None:
        """The evaluation the table owes now (with its exchange, if not made yet)."""
        if self.broken:
            return None
        return state.due_evaluation(self.position.game, self.set_aside, self.confirmed)

    def may_be_last(self) -> str | None:
        """2-3 players without the set-aside cards: the fossil just taken may have been the
        last on the board; the players confirm."""
        if self.broken:
            return None
        return state.may_be_last(self.position.game, self.set_aside)

    def preview(self, fossil: str, holdings: dict[int, tuple[int, ...]]
                ) -> tuple[ScoreEvent | None, list[Problem]]:
        """What the quick calculator's evaluation would do on the scores so far: the scorer's
        event, or its refusal."""
        after = self.position.valid_part.push(self._evaluation(fossil, holdings))
        if not isinstance(after, Position):
            return None, [refusal.problem for refusal in after]
        events = after.replayed.events
        return (events[-1] if events else None), []

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
        take = state.last_take(self.position.game)
        self.confirmed = None if take is None else take.index

    @operation
    def undo(self) -> LogEvent | None:
        """Take back the last log entry; returns it."""
        if not self.log:
            return None
        event = self.log[-1]
        self._set_log(self.log[:-1])
        return event

    @operation
    def delete(self, index: int) -> None:
        self._set_log(self.log[:index] + self.log[index + 1:])

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

    def _set_log(self, log: list[LogEvent]) -> None:
        # A new file, never the old one changed: a position holds the file it replayed.
        self.file = self.file.model_copy(update={"log": log})

    def _put(self, event: LogEvent, at: int | None = None) -> list[Refusal]:
        """Append `event` (or put it in place of entry `at`) if the scorer finds it legal
        there; otherwise its refusals, and nothing changed."""
        after = self.position.push(event, at)
        if not isinstance(after, Position):
            return list(after)
        self.file, self._position = after.file, after
        return []
