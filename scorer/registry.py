"""The one list of games: a game id, its file model, how to check it and how to score it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from scorer import forest_shuffle, fossil, symbiose
from scorer.forest_shuffle.places import spot_of as forest_shuffle_spot
from scorer.forest_shuffle.rules_text import reference as forest_shuffle_reference
from scorer.fossil.places import spot_of as fossil_spot
from scorer.places import Path, Spot
from scorer.problems import Problem
from scorer.rules import RulesText, summary
from scorer.setup import Setup
from scorer.sheet import ScoreSheet
from scorer.symbiose.places import spot_of as symbiose_spot


@dataclass(frozen=True)
class GameType:
    """`build(file, partial)` checks a parsed file: (game, problems), game None on any error
    (`partial`: a table still being entered, see loading.check); `score` puts the
    game's warnings into the sheet's `problems`; `spot_of(data, path)` is the spot at the table
    a path into the file names (a tile, a card, a log entry), if any; `setup` the player counts,
    variants and boxes a table may have; `rules(card, lang)` is the
    rules reference of `python -m scorer rules` (scorer/rules.py), None for a game without one."""

    id: str
    file_model: type[BaseModel]
    game_class: type
    build: Callable[[Any, bool], tuple[Any | None, list[Problem]]]
    score: Callable[[Any], ScoreSheet]
    spot_of: Callable[[Any, Path], Spot | None]
    setup: Setup
    rules: RulesText | None = None


GAMES: dict[str, GameType] = {
    game.id: game
    for game in (
        GameType("symbiose", symbiose.SymbioseFile, symbiose.SymbioseGame,
                 symbiose.build_game, symbiose.score, symbiose_spot, symbiose.SETUP,
                 summary("symbiose")),
        GameType("forest-shuffle", forest_shuffle.ForestShuffleFile,
                 forest_shuffle.ForestShuffleGame, forest_shuffle.build_game,
                 forest_shuffle.score, forest_shuffle_spot, forest_shuffle.SETUP,
                 forest_shuffle_reference),
        GameType("fossil", fossil.FossilFile, fossil.FossilGame, fossil.build_game, fossil.score,
                 fossil_spot, fossil.SETUP, summary("fossil")),
    )
}


def game_type_of(game: object) -> GameType:
    for game_type in GAMES.values():
        if isinstance(game, game_type.game_class):
            return game_type
    raise TypeError(f"not a game this scorer knows: {type(game).__name__}")
