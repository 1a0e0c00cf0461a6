"""A Fossil game as the app keeps it: the game file of GAME_FILES.md plus what the table knows.

Stored data: `{"file": <fossil game file>, "set_aside": ["fish:1", ...], "confirmed": N|None}`.
Every score, evaluation and refusal comes from the scorer (`scorer.check` / `scorer.score` on the
log); the app itself only counts pieces on the board and whose turn it is.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from scorer import Problem, ScoreEvent, ScoreSheet, check, score
from scorer.fossil.models import FOSSILS, SMALL_GAME_PLAYERS, START_SCORE, pieces

SET_ASIDE = 7  # 2-3 players: the cards left over after the 7 x 7 grid is laid out
_PLACE = re.compile(r"^log\[(\d+)\](?:\.(.*))?$")


def new_data(names: list[str]) -> dict[str, Any]:
    file = {"version": 1, "game": "fossil", "players": list(names), "start_score": START_SCORE,
            "log": []}
    return {"file": file, "set_aside": [], "confirmed": None}


def is_small(names: list[str]) -> bool:
    return len(names) in SMALL_GAME_PLAYERS


def fossils_in_play(small: bool) -> list[str]:
    return [fossil for fossil in FOSSILS if pieces(fossil, small)]


def track(points: int) -> str:
    """The score as the track shows it: '1×100 + 23' once a 100 marker is out."""
    hundreds, rest = divmod(points, 100)
    return f"{hundreds}×100 + {rest}" if hundreds else str(rest)


def log_index(place: str) -> tuple[int, str] | None:
    match = _PLACE.match(place)
    return (int(match[1]), match[2] or "") if match else None


@dataclass
class FossilTable:
    data: dict[str, Any]
    sheet: ScoreSheet  # of the valid part of the log
    valid: int  # how many log events score (all of them unless the log has errors)
    problems: dict[int, list[Problem]] = field(default_factory=dict)  # by log index (-1: file)
    replayed: Any = None

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
        return is_small(self.names)

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

    def taken(self) -> Counter:
        return Counter(self.replayed.taken) if self.replayed else Counter()

    def evaluated(self) -> set[str]:
        return set(self.replayed.evaluated) if self.replayed else set()

    def finds(self, player: int) -> list[str]:
        """A player's cards now, 'fossil:value', in fossil order."""
        if not self.replayed:
            return []
        held = self.replayed.finds[player]
        return [f"{fossil}:{value}" for fossil in FOSSILS for value in (3, 2, 1)
                for _ in range(held.get((fossil, value), 0))]

    def aside(self) -> Counter:
        return Counter(tuple((card.split(":")[0], int(card.split(":")[1])))
                       for card in self.data.get("set_aside") or [])

    def on_board(self, fossil: str) -> dict[int, int]:
        """Pieces of each value of `fossil` still on the board (as far as the app knows)."""
        if fossil in self.evaluated():
            return {value: 0 for value in pieces(fossil, self.small)}
        taken, aside = self.taken(), self.aside()
        return {value: max(0, n - taken[(fossil, value)] - aside[(fossil, value)])
                for value, n in pieces(fossil, self.small).items()}

    def knows_board(self) -> bool:
        """4-6 players: all pieces are on the board; 2-3: once the set-aside cards are entered."""
        return not self.small or len(self.data.get("set_aside") or []) >= SET_ASIDE

    def last_move(self) -> int | None:
        """The index of the last move, if only exchanges follow it."""
        for index in range(len(self.log) - 1, -1, -1):
            if "exchange" in self.log[index]:
                continue
            return index if "move" in self.log[index] else None
        return None

    def pending(self) -> str | None:
        """The fossil whose last piece was just taken and which awaits its evaluation."""
        if self.broken:
            return None
        index = self.last_move()
        if index is None or not self.log[index].get("take"):
            return None
        fossil = self.log[index]["take"].split(":")[0]
        if not self.small:
            missing = [p for p in self.sheet.problems if p.key == "fossil.evaluation_missing"
                       and p.place == f"log[{index}]"]
            return fossil if missing else None
        if fossil in self.evaluated():
            return None
        if self.data.get("confirmed") == index:
            return fossil
        return fossil if self.knows_board() and not any(self.on_board(fossil).values()) else None

    def may_be_last(self) -> str | None:
        """2-3 players without the set-aside cards: the fossil just taken may have been the
        last on the board; the players confirm."""
        if not self.small or self.knows_board() or self.broken or self.pending():
            return None
        index = self.last_move()
        if index is None or index != len(self.log) - 1 or not self.log[index].get("take"):
            return None
        fossil = self.log[index]["take"].split(":")[0]
        return None if fossil in self.evaluated() else fossil

    def taker(self) -> int | None:
        index = self.last_move()
        return None if index is None else self.names.index(self.log[index]["move"])

    def exchanged(self) -> bool:
        index = self.last_move()
        return index is not None and any("exchange" in e for e in self.log[index + 1:])

    def next_player(self) -> int:
        """Clockwise after the last mover, skipping players at 0 points."""
        scores = self.scores()
        last = self.replayed.last_mover if self.replayed else None
        start = -1 if last is None else last
        for step in range(1, len(scores) + 1):
            candidate = (start + step) % len(scores)
            if scores[candidate] > 0:
                return candidate
        return (start + 1) % len(scores)

    def skipped(self) -> list[int]:
        return [index for index, points in enumerate(self.scores()) if points <= 0]


def read(data: dict[str, Any]) -> FossilTable:
    """Check the whole log; if it has errors, the scores are those of the log before the first."""
    file = data["file"]
    game, problems = check(file)
    found: dict[int, list[Problem]] = {}
    for problem in problems:
        where = log_index(problem.place)
        found.setdefault(where[0] if where else -1, []).append(problem)
    valid = len(file["log"])
    if game is None:
        errors = [log_index(p.place) for p in problems if p.severity == "error"]
        valid = min((where[0] for where in errors if where), default=0)
        game, _ = check({**file, "log": file["log"][:valid]})
    if game is None:  # bad players: nothing scores
        game, _ = check({**file, "players": [f"#{i}" for i in range(max(2, len(file["players"])))],
                         "log": []})
    return FossilTable(data, score(game), valid, found, game.replayed)


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
    found = [((log_index(p.place) or (-1, ""))[0], p) for p in problems
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
