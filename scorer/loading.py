"""From JSON to a checked game: every problem in the file, each with its place.

Nothing a file holds makes the scorer raise: JSON too deep to parse, numbers too long for Python
to convert (the models bound every number: file_model.py), NaN and Infinity (Python reads them,
JSON has no such numbers), text that is not text (a lone surrogate) and anything else of the
wrong shape each become a problem with a place. Only regular files are read, and only up to
MAX_FILE_BYTES.
"""

from __future__ import annotations

import errno
import json
import math
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path

from scorer.nesting import too_deep_place
from scorer.places import Path as PlacePath
from scorer.problems import (
    TOO_LONG_INT,
    GameFileError,
    Problem,
    found_value,
    problem,
)
from scorer.progress import Progress, no_sheet, read_file
from scorer.registry import GAMES, Game, GameType, game_type_of
from scorer.sheet import ScoreSheet

FORMAT_VERSION = 1
# The largest game file read, here and in the app's import: a Forest Shuffle game is ~5 kB, a
# backup of a few hundred games well below this.
MAX_FILE_BYTES = 5 * 1024 * 1024
# No game file nests deeper than 8 (players[0].forest[0].left[0].card); Python's own JSON parser
# gives up near 1,000.
MAX_DEPTH = 32
# A JSON integer longer than this is read as ±TOO_LONG_INT (10**18): the models find it too
# large like any number over their limits, Python never converts (and refuses) 4,300 digits or
# more, and pydantic still reads it as a number (past 64 bits it says only "invalid").
_LONGEST_INT = len(str(TOO_LONG_INT)) - 1


def check(data: object, *, partial: bool = False) -> tuple[Game | None, list[Problem]]:
    """The game described by `data` (None if it has errors) and every problem found in it.

    `partial`: a table still being entered, whose empty places (null) are not problems yet.
    """
    game_type, problems = _envelope(data)
    if game_type is None:
        return None, problems
    _, game, problems = read_file(data, game_type.file_model, game_type.build,
                                  game_type.spot_of, partial)
    return game, problems


def so_far(data: object) -> Progress:
    """What the scorer answers for a game as entered so far (a table in progress, `partial`):
    the sheet of what counts, every problem at its place, what is left out and why."""
    game_type, problems = _envelope(data)
    if game_type is None:
        game_id = data.get("game") if isinstance(data, dict) else None
        return no_sheet(game_id if isinstance(game_id, str) else "", problems)
    return game_type.so_far(data)


def _envelope(data: object) -> tuple[GameType | None, list[Problem]]:
    """The game type a file names, or the problems that keep it from being read as one: not
    an object, values JSON has not, an unknown version or game."""
    if not isinstance(data, dict):
        return None, [problem((), "file.not_an_object")]
    unreadable = [] if _readable(data) else list(_unreadable_values(data))
    if unreadable:  # reported alone: the checks below would trip over them
        return None, unreadable
    envelope = []
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:  # true and 1.0 are not 1
        envelope.append(problem(("version",), "file.version", found=found_value(version),
                                supported=FORMAT_VERSION))
    game_id = data.get("game")
    game_type = GAMES[game_id] if isinstance(game_id, str) and game_id in GAMES else None
    if game_type is None:
        envelope.append(problem(("game",), "file.unknown_game", found=found_value(game_id),
                                games=list(GAMES)))
    if envelope or game_type is None:
        return None, envelope
    return game_type, []


def _readable(data: object) -> bool:
    """Whether `_unreadable_values` would find nothing, at C speed: the app checks a table after
    every tap. JSON text in UTF-8 holds no lone surrogate, no NaN and no nesting Python cannot
    follow; anything else that fails here (a set, a cycle) is walked too, and left to the models."""
    try:
        json.dumps(data, ensure_ascii=False, allow_nan=False).encode("utf-8")
    except (UnicodeEncodeError, RecursionError, ValueError, TypeError):
        return False
    return True


def _unreadable_values(data: object) -> Iterator[Problem]:
    """Text with a lone surrogate (not text: it cannot even be printed), NaN or Infinity and
    nesting beyond MAX_DEPTH, each at its place. Walked without recursion, so no depth makes it
    fail."""
    stack: list[tuple[PlacePath, object]] = [((), data)]
    while stack:
        place, value = stack.pop()
        if isinstance(value, NotANumber | float) and not _is_number(value):
            yield problem(place, "file.not_a_number", found=_constant(value))
        elif isinstance(value, str):
            if not _is_text(value):
                yield problem(place, "file.not_text")
        elif isinstance(value, dict | list):
            if len(place) >= MAX_DEPTH:
                yield problem(place, "file.too_deep", limit=MAX_DEPTH)
                continue
            items = value.items() if isinstance(value, dict) else enumerate(value)
            for key, item in items:
                if isinstance(key, str) and not _is_text(key):
                    yield problem((*place, key), "file.not_text")
                    continue
                stack.append(((*place, key), item))


def _is_number(value: NotANumber | float) -> bool:
    return isinstance(value, float) and math.isfinite(value)


def _constant(value: NotANumber | float) -> str:
    """JSON's word for a number that is none: NaN, Infinity or -Infinity, as Python writes it."""
    if isinstance(value, NotANumber):
        return value.constant
    return json.dumps(value)


def _is_text(value: str) -> bool:
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load_game(data: object) -> Game:
    """The checked game, or GameFileError listing every problem."""
    game, problems = check(data)
    if game is None:
        raise GameFileError(problems)
    return game


def score(game_or_data: Game | Mapping[str, object]) -> ScoreSheet:
    """The score sheet of a checked game or of game-file data; warnings land in `problems`;
    game-file data with errors raises GameFileError listing them."""
    game = load_game(game_or_data) if isinstance(game_or_data, Mapping) else game_or_data
    return game_type_of(game).score(game)


def read_game_file(path: str | Path) -> object:
    """The JSON data of a game file; unreadable files raise GameFileError with the reason."""
    def refused(key: str, **params: object) -> GameFileError:
        return GameFileError([problem((), key, path=str(path), **params)])

    try:
        # Non-blocking: opening a FIFO must not wait for a writer. A regular file ignores it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        raise _unreadable(path, error) from error
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # a FIFO, a device, a folder
            raise refused("file.not_a_file")
        content = _read_at_most(fd, MAX_FILE_BYTES + 1)  # whatever size the file claims
    except OSError as error:
        raise _unreadable(path, error) from error
    finally:
        os.close(fd)
    if len(content) > MAX_FILE_BYTES:
        raise refused("file.too_big", limit=MAX_FILE_BYTES // (1024 * 1024))
    return _parsed(content, str(path))


def _read_at_most(fd: int, size: int) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left > 0 and (chunk := os.read(fd, min(left, 1 << 20))):
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


# The usual reasons, in the reader's language; any other in the system's words.
_OS_ERRORS = {errno.ENOENT: "file.no_such_file", errno.EACCES: "file.not_permitted",
              errno.EPERM: "file.not_permitted"}


def _unreadable(path: str | Path, error: Exception) -> GameFileError:
    code = error.errno if isinstance(error, OSError) else None
    if code in _OS_ERRORS:
        return GameFileError([problem((), _OS_ERRORS[code], path=str(path))])
    reason = (error.strerror if isinstance(error, OSError) else None) or str(error)
    return GameFileError([problem((), "file.unreadable", path=str(path), reason=reason)])


def _parsed(content: bytes, path: str) -> object:
    """JSON from a file's bytes; anything but UTF-8 JSON raises GameFileError saying why."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise GameFileError([problem((), "file.not_utf8", path=path)]) from error
    try:
        data: object = json.loads(text, parse_int=_int, parse_constant=NotANumber)
    except json.JSONDecodeError as error:
        raise GameFileError([problem((), "file.not_json", line=error.lineno,
                                     column=error.colno)]) from error
    except RecursionError as error:  # nested past what Python's parser can follow
        place = too_deep_place(text, MAX_DEPTH) or ()
        raise GameFileError([problem(place, "file.too_deep", limit=MAX_DEPTH)]) from error
    return data


def _int(digits: str) -> int:
    if len(digits) <= _LONGEST_INT:
        return int(digits)
    return -TOO_LONG_INT if digits.startswith("-") else TOO_LONG_INT


class NotANumber:
    """NaN, Infinity or -Infinity where a file has it: Python's JSON reads them, JSON has no
    such numbers; `check` finds them at their place."""

    __slots__ = ("constant",)

    def __init__(self, constant: str):
        self.constant = constant
