"""Facts about players shared by every game: names and who sits next to whom."""

from __future__ import annotations

from collections.abc import Sequence

from scorer.places import Path
from scorer.problems import Problem, problem

MAX_NAME_LENGTH = 40


def check_names(names: Sequence[str], place_of: Sequence[Path]) -> list[Problem]:
    """Names are 1-40 characters after trimming and unique (ignoring case) within a game."""
    problems = []
    seen: dict[str, int] = {}
    for index, (name, place) in enumerate(zip(names, place_of, strict=True)):
        trimmed = name.strip()
        if not trimmed:
            problems.append(problem(place, "players.name_empty"))
        elif len(trimmed) > MAX_NAME_LENGTH:
            problems.append(problem(place, "players.name_too_long", name=trimmed,
                                    limit=MAX_NAME_LENGTH))
        elif trimmed.casefold() in seen:
            problems.append(problem(place, "players.name_duplicate", name=trimmed,
                                    first=seen[trimmed.casefold()] + 1))
        else:
            seen[trimmed.casefold()] = index
    return problems


def left_of(index: int, count: int) -> int:
    """Players are listed clockwise, so the left neighbour is the next one in the list."""
    return (index + 1) % count


def right_of(index: int, count: int) -> int:
    return (index - 1) % count
