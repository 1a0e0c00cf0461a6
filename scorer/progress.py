"""A table still being entered, as the scorer sees it.

`Progress` is what the scorer answers for a game entered so far: the sheet of what can be scored,
every problem at its place, and each card or event left out of the score with the reason. The
app shows a live sheet from it and keeps no scoring rule of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from scorer.gc_pause import paused_cycle_collection
from scorer.places import Path, Spot
from scorer.problems import Problem, from_validation_error
from scorer.sheet import Explanation, ScoreSheet, build_sheet


@dataclass(frozen=True, slots=True)
class LeftOut:
    """A card or event the sheet so far does not count, and why (a message key and params)."""

    spot: Spot
    why: Explanation


@dataclass(frozen=True, slots=True)
class Progress:
    sheet: ScoreSheet
    problems: tuple[Problem, ...]
    left_out: tuple[LeftOut, ...]


Build = Callable[[Any, bool], tuple[Any, list[Problem]]]
SpotOf = Callable[[object, Path], Spot | None]


def read_file(data: Any, file_model: type[BaseModel], build: Build, spot_of: SpotOf,
              partial: bool) -> tuple[Any, Any, list[Problem]]:
    """A game's file read by its own parts, once its envelope is checked (scorer.loading):
    the file model (None if its shape is wrong), the game (None on any error) and every
    problem at its spot. Taking the game's parts, not the registry, keeps scorer/ free of
    import circles: each game's `so_far` reads its file with this."""
    with paused_cycle_collection():
        try:
            file = file_model.model_validate(data)
        except ValidationError as error:
            return None, None, [found.at(spot_of(data, found.path))
                                for found in from_validation_error(error, data)]
        game, problems = build(file, partial)
    return file, game, [found.at(spot_of(data, found.path)) for found in problems]


def no_sheet(game: str, problems: list[Problem]) -> Progress:
    """What a file too wrong to score answers: a sheet without players, and its problems."""
    return Progress(build_sheet(game, []), tuple(problems), ())
