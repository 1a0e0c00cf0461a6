"""Fossil: checking a game file and turning its replayed log into a score sheet."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.fossil.models import MAX_PLAYERS, MIN_PLAYERS, FossilFile
from scorer.fossil.replay import CATEGORIES, Replay, replay
from scorer.players import check_names
from scorer.problems import Problem, problem
from scorer.sheet import ScoreSheet, build_sheet, player_score


@dataclass(frozen=True)
class FossilGame:
    """A checked Fossil game file and the replay of its log that checked it."""

    file: FossilFile
    replayed: Replay

    @property
    def names(self) -> list[str]:
        return [name.strip() for name in self.file.players]


def build_game(file: FossilFile, partial: bool = False) -> tuple[FossilGame | None, list[Problem]]:
    """A log is never incomplete: any prefix of a game is a game, so `partial` changes nothing."""
    state, problems = checked_replay(file)
    if any(p.severity == "error" for p in problems):
        return None, problems
    return FossilGame(file, state), problems


def checked_replay(file: FossilFile) -> tuple[Replay, list[Problem]]:
    """The replay of the log and every problem of the file (its players and its log)."""
    count = len(file.players)
    problems = check_names(file.players, [("players", i) for i in range(count)])
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        problems.append(problem(("players",), "fossil.player_count", count=count,
                                min=MIN_PLAYERS, max=MAX_PLAYERS))
    state = replay(file)  # even with bad names or count, so that every problem is listed
    return state, problems + state.problems


def score(game: FossilGame) -> ScoreSheet:
    state = game.replayed
    players = [player_score(name, lines, CATEGORIES)
               for name, lines in zip(state.names, state.lines, strict=True)]
    warnings = [p for p in state.problems if p.severity == "warning"]
    return build_sheet("fossil", players, events=state.events, problems=warnings)
