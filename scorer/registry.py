"""The one list of games: a game id, its file model, how to check it and how to score it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from scorer import forest_shuffle, fossil, symbiose
from scorer.forest_shuffle.rules_text import reference as forest_shuffle_reference
from scorer.problems import Problem
from scorer.rules import RulesText, summary
from scorer.sheet import ScoreSheet


@dataclass(frozen=True)
class GameType:
    """`build(file, partial)` checks a parsed file: (game, problems), game None on any error
    (`partial`: a table still being entered, see loading.check); `score` puts the
    game's warnings into the sheet's `problems`; `rules(card, lang)` is the rules reference of
    `python -m scorer rules` (scorer/rules.py), None for a game without one."""

    id: str
    file_model: type[BaseModel]
    game_class: type
    build: Callable[[Any, bool], tuple[Any | None, list[Problem]]]
    score: Callable[[Any], ScoreSheet]
    rules: RulesText | None = None


GAMES: dict[str, GameType] = {
    game.id: game
    for game in (
        GameType("symbiose", symbiose.SymbioseFile, symbiose.SymbioseGame,
                 symbiose.build_game, symbiose.score, summary("symbiose")),
        GameType("forest-shuffle", forest_shuffle.ForestShuffleFile,
                 forest_shuffle.ForestShuffleGame, forest_shuffle.build_game,
                 forest_shuffle.score, forest_shuffle_reference),
        GameType("fossil", fossil.FossilFile, fossil.FossilGame, fossil.build_game, fossil.score,
                 summary("fossil")),
    )
}


def game_type_of(game: object) -> GameType:
    for game_type in GAMES.values():
        if isinstance(game, game_type.game_class):
            return game_type
    raise TypeError(f"not a game this scorer knows: {type(game).__name__}")
