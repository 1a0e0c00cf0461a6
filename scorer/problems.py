"""Problems in a game file: values with a place, never exceptions raised one at a time.

A problem's path into the game file is rendered like a JSON path (`players[1].pond[0][3]`) so
that the CLI, the app and a person reading the file all point at the same spot.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic import ValidationError

from scorer.places import Path, Spot, path_text


@dataclass(frozen=True, slots=True)
class Problem:
    """What is wrong (a message key and its parameters) and where: `path` in the game file and,
    when it is a card, tile or log entry, the `spot` at the table (set by `scorer.check`)."""

    path: Path
    key: str
    params: dict[str, Any] = field(default_factory=dict)
    severity: Literal["error", "warning"] = "error"
    spot: Spot | None = None

    @property
    def place(self) -> str:
        """The path as GAME_FILES.md writes it: 'players[1].pond[0][3]'."""
        return path_text(self.path)

    @property
    def player(self) -> int | None:
        """The player whose part of the file the problem is in (their index), if any."""
        match self.path:
            case ("players", int(index), *_):
                return index
        return None

    def at(self, spot: Spot | None) -> Problem:
        return replace(self, spot=spot)


def problem(place: Path, key: str, /, **params: Any) -> Problem:
    return Problem(place, key, params)


def warning(place: Path, key: str, /, **params: Any) -> Problem:
    return Problem(place, key, params, severity="warning")


# The problems a person is shown (the CLI's stderr, the app's import): the first this many in
# the file's order, then how many more. A file of 200,000 players has 200,000 problems; the
# first few say what is wrong, and nobody reads 124 MB of the rest.
MAX_SHOWN_PROBLEMS = 50


def first_shown(problems: Sequence[Problem],
                limit: int = MAX_SHOWN_PROBLEMS) -> tuple[list[Problem], int]:
    """The problems to show and the number of those left unshown."""
    return list(problems[:limit]), max(len(problems) - limit, 0)


class GameFileError(ValueError):
    """A game file that cannot be scored, with every problem found in it."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(f"{p.place}: {p.key} {p.params}" for p in self.problems))


# Pydantic's own error types that deserve a message of ours; any other becomes `file.invalid`.
_PYDANTIC_KEYS = {
    "missing": "file.missing",
    "too_short": "file.too_short",
    "too_long": "file.too_long",
    "greater_than_equal": "file.too_small",
    "greater_than": "file.too_small",
    "less_than_equal": "file.too_large",
    "less_than": "file.too_large",
    "string_too_short": "file.too_short",
    "string_too_long": "file.too_long",
}
_LIMITS = {"ge", "gt", "le", "lt", "min_length", "max_length"}
# Pydantic's type errors in strict mode (file_model.py) -> the JSON type expected (a term
# `json_type.<id>` in the catalogues).
_TYPE_ERRORS = {"string_type": "text", "int_type": "whole_number", "list_type": "list",
                "dict_type": "object", "model_type": "object"}
# The values a `Literal` error lists, as pydantic writes them: 'fish', 3, True.
_LITERAL = re.compile(r"'([^']*)'|(-?\d+)|(True|False)")


def from_validation_error(error: ValidationError, data: Any) -> list[Problem]:
    """Every pydantic error as a Problem, at most one per place."""
    problems: dict[Path, Problem] = {}
    for detail in error.errors(include_url=False):
        kind = detail["type"]
        place = _place_in(data, detail["loc"], missing=kind == "missing")
        context = detail.get("ctx") or {}
        if kind in _TYPE_ERRORS:
            found = problem(place, "file.wrong_type", expected=_TYPE_ERRORS[kind])
        elif kind == "extra_forbidden":
            found = problem(place, "file.unknown_key", key=str(detail["loc"][-1]))
        elif kind == "literal_error":
            found = problem(place, "file.not_one_of",
                            expected=_literal_values(str(context.get("expected", ""))))
        elif kind in _PYDANTIC_KEYS:
            limits = [value for name, value in context.items() if name in _LIMITS]
            params = {"limit": _plain(limits[0])} if limits else {}
            found = problem(place, _PYDANTIC_KEYS[kind], **params)
        elif "." in kind:  # our own PydanticCustomError: the type is a message key
            found = problem(place, kind, **context)
        else:  # never pydantic's English (tests/scorer/test_fuzz.py looks for these)
            found = problem(place, "file.invalid")
        problems.setdefault(place, found)
    return list(problems.values())


def _literal_values(expected: str) -> list[str]:
    """"'fish', 'frog' or 'snail'" -> ['fish', 'frog', 'snail']; True -> 'true' (JSON's word)."""
    return [text or number or word.lower()
            for text, number, word in _LITERAL.findall(expected)]


def _place_in(data: Any, loc: tuple[Any, ...], *, missing: bool) -> Path:
    """The error's path in the file itself.

    Pydantic puts union branch tags ("card-text", "Move", "function-after[...]") into the path;
    they are not in the data, so following the data drops them. Only a missing key is kept
    although the data lacks it: it is the last part of a `missing` error's path.
    """
    place: list[str | int] = []
    cursor = data
    for index, part in enumerate(loc):
        if _has(cursor, part):
            cursor = cursor[part]
        elif not (missing and index == len(loc) - 1 and isinstance(cursor, dict)):
            continue  # a union tag, not a place in the file
        place.append(part)
    return tuple(place)


def _has(container: Any, part: str | int) -> bool:
    if isinstance(container, dict):
        return part in container
    return isinstance(container, list) and isinstance(part, int) and 0 <= part < len(container)


def _plain(value: Any) -> Any:
    return value if isinstance(value, str | int | float) else str(value)


# A JSON integer of more than 18 digits is read as this (scorer.loading): a number every model
# refuses as too large, which a problem shows as "10^18…".
TOO_LONG_INT = 10**18


def found_value(value: object) -> str:
    """A value the file holds where another was expected, as a problem shows it: text as it
    is (escaped when printed), anything else in JSON's words, a list or object as [...] or {...}
    (never converted whole: it may be nested 1,000 deep or hold a 5,000-digit number)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list | dict):
        return "[…]" if isinstance(value, list) else "{…}"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= TOO_LONG_INT:
        return f"{'-' if value < 0 else ''}10^{math.floor(math.log10(abs(value)))}…"
    return json.dumps(value)
