"""A Fossil game as the app keeps it: the game file of GAME_FILES.md plus what the table knows.

Stored data: `{"file": <fossil game file>, "set_aside": ["fish:1", ...], "confirmed": N|None}`.
Every score, evaluation and refusal comes from the scorer (`scorer.check` / `scorer.score` on the
log), and so does where the game stands (`scorer.fossil.state`): whose turn it is, what is left
on the board, which evaluation is due. The app counts nothing itself.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from scorer import Problem, ScoreEvent, ScoreSheet, check, score
from scorer.fossil import state
from scorer.fossil.models import (
    START_SCORE,
    Card,
    card_of,
    card_text,
    pieces,
)
from scorer.fossil.scoring import FossilGame
from scorer.places import LogEntry


def new_data(names: list[str]) -> dict[str, Any]:
    file = {"version": 1, "game": "fossil", "players": list(names), "start_score": START_SCORE,
            "log": []}
    return {"file": file, "set_aside": [], "confirmed": None}


def track(points: int) -> str:
    """The score as the track shows it: '1×100 + 23' once a 100 marker is out."""
    hundreds, rest = divmod(points, 100)
    return f"{hundreds}×100 + {rest}" if hundreds else str(rest)


def log_index(problem: Problem) -> int | None:
    """The log entry a problem is about; None: the file (players, start score)."""
    return problem.spot.index if isinstance(problem.spot, LogEntry) else None


@dataclass
class FossilTable:
    data: dict[str, Any]
    game: FossilGame  # the valid part of the log
    sheet: ScoreSheet  # of the valid part of the log
    valid: int  # how many log events score (all of them unless the log has errors)
    problems: dict[int, list[Problem]] = field(default_factory=dict)  # by log index (-1: file)

    # reading ------------------------------------------------------------------------------
    @property
    def file(self) -> dict[str, Any]:
        return self.data["file"]

    @property
    def log(self) -> list[dict[str, Any]]:
        return self.file["log"]

    @property
    def names(self) -> list[str]:
        return list(self.file["players"])

    @property
    def small(self) -> bool:
        return self.game.replayed.small_game

    @property
    def broken(self) -> bool:
        return any(p.severity == "error" for ps in self.problems.values() for p in ps)

    @property
    def ended(self) -> bool:
        return bool(self.log) and "end" in self.log[-1]

    def scores(self) -> list[int]:
        return [player.total for player in self.sheet.players]

    def event(self, index: int) -> ScoreEvent | None:
        return next((event for event in self.sheet.events if event.index == index), None)

    def finds(self, player: int) -> list[str]:
        """A player's cards now, 'fossil:value', in fossil order."""
        return [card_text(card) for card in state.holdings(self.game, player)]

    def set_aside(self) -> list[Card]:
        return [card_of(card) for card in self.data.get("set_aside") or []]

    def on_board(self, fossil: str) -> dict[int, int]:
        """Pieces of each value of `fossil` still on the board (as far as the app knows)."""
        return state.pieces_left(self.game, fossil, self.set_aside())

    def fossils_in_play(self) -> list[str]:
        return state.fossils_in_play(self.small)

    def values_in_play(self, fossil: str) -> list[int]:
        return sorted(pieces(fossil, self.small))

    def last_move(self) -> int | None:
        """The index of the last move, if only exchanges follow it."""
        take = state.last_take(self.game)
        return None if take is None else take.index

    def due(self) -> state.Due | None:
        """The evaluation the table owes now (with its exchange, if not made yet)."""
        if self.broken:
            return None
        return state.due_evaluation(self.game, self.set_aside(), self.data.get("confirmed"))

    def may_be_last(self) -> str | None:
        """2-3 players without the set-aside cards: the fossil just taken may have been the
        last on the board; the players confirm."""
        if self.broken:
            return None
        return state.may_be_last(self.game, self.set_aside())

    def next_player(self) -> int | None:
        """Who moves next; None: nobody can pay for a move."""
        return state.next_mover(self.game)

    def skipped(self) -> list[int]:
        return state.skipping(self.game)


def read(data: dict[str, Any]) -> FossilTable:
    """Check the whole log; if it has errors, the scores are those of the log before the first."""
    file = data["file"]
    game, problems = check(file)
    found: dict[int, list[Problem]] = {}
    for problem in problems:
        where = log_index(problem)
        found.setdefault(-1 if where is None else where, []).append(problem)
    valid = len(file["log"])
    if game is None:
        errors = [log_index(p) for p in problems if p.severity == "error"]
        valid = min((where for where in errors if where is not None), default=0)
        game, _ = check({**file, "log": file["log"][:valid]})
    if game is None:  # bad players: nothing scores
        game, _ = check({**file, "players": [f"#{i}" for i in range(max(2, len(file["players"])))],
                         "log": []})
    return FossilTable(data, game, score(game), valid, found)


def refusal(data: dict[str, Any], event: dict[str, Any],
            at: int | None = None) -> list[tuple[int, Problem]]:
    """The scorer's errors that `event` brings, appended to the log or put in place of entry
    `at`, each with the index of the entry it is about; none means it is accepted. Errors the
    log already had do not count against a correction."""
    file = data["file"]
    log = file["log"]
    at = len(log) if at is None else at
    _, before = check(file) if at < len(log) else (None, [])  # nothing after an append
    _, problems = check({**file, "log": [*log[:at], event, *log[at + 1:]]})
    known = {(p.key, p.place) for p in before if p.severity == "error"}
    found = [(-1 if (where := log_index(p)) is None else where, p) for p in problems
             if p.severity == "error" and (p.key, p.place) not in known]
    return [(index, p) for index, p in found if index >= at]


def appended(data: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    changed["file"]["log"].append(event)
    return changed


def preview(data: dict[str, Any], event: dict[str, Any]) -> tuple[ScoreEvent | None,
                                                                   list[Problem]]:
    """What `event` would do if appended: the scorer's event, or its refusal."""
    refused = [problem for _, problem in refusal(data, event)]
    if refused:
        return None, refused
    sheet = score(appended(data, event)["file"])
    return (sheet.events[-1] if sheet.events else None), []
