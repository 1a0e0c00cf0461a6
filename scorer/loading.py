"""From JSON to a checked game: every problem in the file, each with its place."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

from pydantic import ValidationError

from scorer.problems import GameFileError, Problem, from_validation_error, problem
from scorer.registry import GAMES, Game, game_type_of
from scorer.sheet import ScoreSheet

FORMAT_VERSION = 1


def check(data: object, *, partial: bool = False) -> tuple[Game | None, list[Problem]]:
    """The game described by `data` (None if it has errors) and every problem found in it.

    `partial`: a table still being entered, whose empty places (null) are not problems yet.
    """
    if not isinstance(data, dict):
        return None, [problem((), "file.not_an_object")]
    envelope = []
    if data.get("version") != FORMAT_VERSION:
        envelope.append(problem(("version",), "file.version", found=str(data.get("version")),
                                supported=FORMAT_VERSION))
    game_id = data.get("game")
    game_type = GAMES[game_id] if isinstance(game_id, str) and game_id in GAMES else None
    if game_type is None:
        envelope.append(problem(("game",), "file.unknown_game", found=str(data.get("game")),
                                games=list(GAMES)))
    if envelope or game_type is None:
        return None, envelope
    try:
        file = game_type.file_model.model_validate(data)
    except ValidationError as error:
        game: Game | None = None
        problems = from_validation_error(error, data)
    else:
        game, problems = game_type.build(file, partial)
    return game, [found.at(game_type.spot_of(data, found.path)) for found in problems]


def load_game(data: object) -> Game:
    """The checked game, or GameFileError listing every problem."""
    game, problems = check(data)
    if game is None:
        raise GameFileError(problems)
    return game


def score(game_or_data: Game | Mapping[str, object]) -> ScoreSheet:
    """The score sheet of a checked game or of game-file data; warnings land in `problems`."""
    game = load_game(game_or_data) if isinstance(game_or_data, Mapping) else game_or_data
    return game_type_of(game).score(game)


def read_game_file(path: str | Path) -> object:
    """The JSON data of a game file; unreadable files raise GameFileError with the reason."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise GameFileError([problem((), "file.unreadable", path=str(path),
                                     reason=error.strerror or str(error))]) from error
    except UnicodeDecodeError as error:
        raise GameFileError([problem((), "file.not_utf8", path=str(path))]) from error
    try:
        data: object = json.loads(text)
        return data
    except json.JSONDecodeError as error:
        raise GameFileError([problem((), "file.not_json", line=error.lineno, column=error.colno,
                                     reason=error.msg)]) from error
