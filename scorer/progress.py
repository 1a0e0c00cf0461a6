"""A table still being entered, as the scorer sees it.

`Progress` is what the scorer answers for a game entered so far: the sheet of what can be scored,
every problem at its place, and each card or event left out of the score with the reason. The
app shows a live sheet from it and keeps no scoring rule of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer.places import Spot
from scorer.problems import Problem
from scorer.sheet import Explanation, ScoreSheet


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
