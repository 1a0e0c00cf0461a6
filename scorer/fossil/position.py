"""A Fossil game in play, in the spirit of python-chess's `Board`: the players and the log so
far, replayed once. `refusals(event)` says whether an event is legal here, and if not, why, at
its place; `push(event)` gives the position after it (or the refusals); `next_mover` says who
moves now. A correction is an event pushed `at` the entry it replaces.

The app keeps a position per version of its log and asks it, never the file twice over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic import ValidationError

from scorer.fossil.models import START_SCORE, FossilFile, LogEvent
from scorer.fossil.places import spot_of
from scorer.fossil.replay import Replay
from scorer.fossil.replay import next_mover as replay_next_mover
from scorer.fossil.scoring import FossilGame, checked_replay, score
from scorer.places import LogEntry
from scorer.problems import GameFileError, Problem, from_validation_error
from scorer.progress import LeftOut, Progress
from scorer.sheet import Explanation


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why an event is not legal here: an error it would bring (the problem, with its spot).
    `breaks`: the other log entry the error is at (an exchange a move may not follow); None:
    the event itself."""

    problem: Problem
    breaks: LogEntry | None = None

    @property
    def field(self) -> str:
        """The part of the event the error is about ("cost", "take", "exchange", "points"…);
        "" for the event as a whole or another entry."""
        path = self.problem.path
        return str(path[2]) if self.breaks is None and len(path) > 2 else ""


@dataclass(frozen=True, eq=False)  # a position is the same as itself only: no deep compare
class Position:
    """The game at one point of its log: `replayed` is the replay of the whole log, `problems`
    every problem of the file, each with its spot (a log entry; None: the players)."""

    file: FossilFile
    replayed: Replay
    problems: tuple[Problem, ...]

    @classmethod
    def of(cls, file: FossilFile) -> Position:
        state, problems = checked_replay(file)
        return cls(file, state, tuple(p.at(spot_of(None, p.path)) for p in problems))

    @classmethod
    def start(cls, names: list[str], start_score: int = START_SCORE) -> Position:
        return cls.of(FossilFile(version=1, game="fossil", players=names,
                                 start_score=start_score))

    @property
    def log(self) -> list[LogEvent]:
        return self.file.log

    @cached_property
    def first_error(self) -> int | None:
        """The first log entry with an error, if any: the scores stop before it."""
        return min((p.spot.index for p in self.problems if p.severity == "error"
                    and isinstance(p.spot, LogEntry) and p.spot.index is not None), default=None)

    @property
    def broken(self) -> bool:
        """Whether the file has an error anywhere (its players or its log)."""
        return any(p.severity == "error" for p in self.problems)

    @cached_property
    def valid_part(self) -> Position:
        """The position before the log's first error (this one if the log has none)."""
        if self.first_error is None:
            return self
        return Position.of(self.file.model_copy(update={"log": self.log[:self.first_error]}))

    @property
    def game(self) -> FossilGame:
        """The game of the valid part of the log, for the questions of `scorer.fossil.state`."""
        part = self.valid_part
        return FossilGame(part.file, part.replayed)

    @property
    def next_mover(self) -> int | None:
        """Who moves next after the valid part of the log; None: nobody can pay for a move."""
        return replay_next_mover(self.valid_part.replayed)

    def refusals(self, event: LogEvent, at: int | None = None) -> tuple[Refusal, ...]:
        """The errors `event` brings, appended to the log or put in place of entry `at`; none:
        it is legal here. An error the log already had at another entry does not count."""
        return self._tried(event, at)[1]

    def is_legal(self, event: LogEvent, at: int | None = None) -> bool:
        return not self.refusals(event, at)

    def push(self, event: LogEvent, at: int | None = None) -> Position | tuple[Refusal, ...]:
        """The position with `event` appended (or in place of entry `at`), or why not."""
        after, refused = self._tried(event, at)
        return refused or after

    def without(self, index: int) -> Position:
        """The position as if log entry `index` had never been made."""
        return Position.of(self.file.model_copy(
            update={"log": self.log[:index] + self.log[index + 1:]}))

    def so_far(self) -> Progress:
        """The sheet of the log before its first error, every problem, and the entries from
        that error on, left out of the score."""
        return self._progress

    @cached_property
    def _progress(self) -> Progress:
        sheet = score(self.game)
        first = self.first_error
        if first is None:
            return Progress(sheet, self.problems, ())
        left_out = [LeftOut(LogEntry(first), Explanation("fossil.left_out_error", {}))]
        left_out += [LeftOut(LogEntry(index), Explanation("fossil.left_out_after_error",
                                                          {"number": first + 1}))
                     for index in range(first + 1, len(self.log))]
        return Progress(sheet, self.problems, tuple(left_out))

    def _tried(self, event: LogEvent, at: int | None) -> tuple[Position, tuple[Refusal, ...]]:
        log = self.log
        index = len(log) if at is None else at
        after = Position.of(self.file.model_copy(
            update={"log": [*log[:index], event, *log[index + 1:]]}))
        here = LogEntry(index)
        known = {(p.key, p.path) for p in self.problems
                 if p.severity == "error" and p.spot != here}
        refused = tuple(Refusal(p, p.spot if isinstance(p.spot, LogEntry) and p.spot != here
                                else None)
                        for p in after.problems
                        if p.severity == "error" and (p.key, p.path) not in known)
        return after, refused


def so_far(data: FossilFile | Mapping[str, Any]) -> Progress:
    """A Fossil game as entered so far (its file, or the file's data): see `Position.so_far`.
    Data that is no Fossil file raises GameFileError with its problems."""
    if isinstance(data, FossilFile):
        return Position.of(data).so_far()
    try:
        file = FossilFile.model_validate(data)
    except ValidationError as error:
        raise GameFileError(from_validation_error(error, data)) from error
    return Position.of(file).so_far()
