"""The one list of games: a game id, its file model, how to check it and how to score it.

Each game's modules (and the pydantic models they build at import) load on first use of that
game, so `python -m scorer score FILE` imports the file's game only: most of a CLI call's time
is importing. `GAMES` lists the ids without importing anything.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from pydantic import BaseModel

from scorer.entry import Entry
from scorer.i18n import DEFAULT_LANGUAGE
from scorer.places import Path, Spot
from scorer.problems import Problem
from scorer.progress import Progress
from scorer.rules import RulesText, summary
from scorer.setup import Played, Setup
from scorer.sheet import ScoreLine, ScoreSheet


class Game(Protocol):
    """A checked game of any of the three: the players in seating order, and whatever its
    own class adds (ponds, forests, a replayed log)."""

    @property
    def names(self) -> Sequence[str]: ...


@dataclass(frozen=True)
class GameType:
    """`build(file, partial)` checks a parsed file: (game, problems), game None on any error
    (`partial`: a table still being entered, see loading.check); `score` puts the game's
    warnings into the sheet's `problems`; `so_far(data)` answers for a file as entered so far
    (scorer/progress.py), whatever its problems; `spot_of(data, path)` is the spot at the table
    a path into the file names (a tile, a card, a log entry), if any; `setup` the player counts,
    variants and boxes a table may have; `rules(card, lang)` is the rules reference of
    `python -m scorer rules` (scorer/rules.py); `languages`: those its words are translated
    into (see `game_language`); `item_text(line, lang)`: how a sheet line's item (a card, an
    event) reads; `reference(lang)`: its rules reference's entries in their order
    (scorer/entry.py); `entry_for_line(line)`: the id of the entry behind a sheet line."""

    id: str
    file_model: type[BaseModel]
    game_class: type
    # Each game's functions take its own file model and game class; the registry only pairs
    # them up, so their parameters are typed where they are defined.
    build: Callable[[Any, bool], tuple[Game | None, list[Problem]]]
    score: Callable[[Any], ScoreSheet]
    so_far: Callable[[Any], Progress]
    spot_of: Callable[[object, Path], Spot | None]
    setup: Setup
    rules: RulesText
    languages: tuple[str, ...]
    item_text: Callable[[ScoreLine, str], str]
    reference: Callable[[str], tuple[Entry, ...]]
    entry_for_line: Callable[[ScoreLine], str | None]


# The languages every game is translated into; a game with an edition in another language
# (Symbiose in Vietnamese) adds it.
EVERY_LANGUAGE = ("en", "nl", "de")


def _symbiose() -> GameType:
    from scorer import symbiose
    from scorer.symbiose import words
    from scorer.symbiose.places import spot_of
    from scorer.symbiose.so_far import so_far

    return GameType("symbiose", symbiose.SymbioseFile, symbiose.SymbioseGame,
                    symbiose.build_game, symbiose.score, so_far, spot_of, symbiose.SETUP,
                    summary("symbiose", words.reference), (*EVERY_LANGUAGE, "vi"),
                    words.item_text, words.reference, words.entry_for_line)


def _forest_shuffle() -> GameType:
    from scorer import forest_shuffle
    from scorer.forest_shuffle import words
    from scorer.forest_shuffle.places import spot_of
    from scorer.forest_shuffle.so_far import so_far

    return GameType("forest-shuffle", forest_shuffle.ForestShuffleFile,
                    forest_shuffle.ForestShuffleGame, forest_shuffle.build_game,
                    forest_shuffle.score, so_far, spot_of, forest_shuffle.SETUP,
                    _forest_shuffle_rules, EVERY_LANGUAGE, words.item_text,
                    _forest_shuffle_reference, words.entry_for_line)


# Only the rules reference needs Forest Shuffle's card catalogue: loaded when it is asked for.
def _forest_shuffle_rules(card: str | None, lang: str) -> str:
    from scorer.forest_shuffle import rules_text

    return rules_text.reference(card, lang)


@cache
def _forest_shuffle_reference(lang: str) -> tuple[Entry, ...]:
    from scorer.forest_shuffle import rules_text

    return tuple(rules_text.entries(lang))


def _fossil() -> GameType:
    from scorer import fossil
    from scorer.fossil import words
    from scorer.fossil.places import spot_of
    from scorer.fossil.position import so_far

    return GameType("fossil", fossil.FossilFile, fossil.FossilGame, fossil.build_game,
                    fossil.score, so_far, spot_of, fossil.SETUP, summary("fossil", words.reference),
                    EVERY_LANGUAGE, words.item_text, words.reference, words.entry_for_line)


# game id -> (its package, what builds its GameType)
_LOADERS: dict[str, tuple[str, Callable[[], GameType]]] = {
    "symbiose": ("scorer.symbiose", _symbiose),
    "forest-shuffle": ("scorer.forest_shuffle", _forest_shuffle),
    "fossil": ("scorer.fossil", _fossil),
}


class _Games(Mapping[str, GameType]):
    """Game id -> GameType; a game's modules are imported when its GameType is first asked for."""

    def __getitem__(self, game_id: str) -> GameType:
        return _load(game_id)

    def __contains__(self, game_id: object) -> bool:
        # Any value may be asked about (a file's "game" may be a list): never a TypeError.
        return isinstance(game_id, str) and game_id in _LOADERS

    def __iter__(self) -> Iterator[str]:
        return iter(_LOADERS)

    def __len__(self) -> int:
        return len(_LOADERS)


@cache
def _load(game_id: str) -> GameType:
    return _LOADERS[game_id][1]()


GAMES: Mapping[str, GameType] = _Games()


def game_type_of(game: object) -> GameType:
    for game_id, (package, _) in _LOADERS.items():
        # A game object's package is imported already; the other games need not be.
        if package in sys.modules and isinstance(game, GAMES[game_id].game_class):
            return GAMES[game_id]
    raise TypeError(f"not a game this scorer knows: {type(game).__name__}")


def played(file: Mapping[str, Any]) -> Played:
    """What a checked game file played: its variant and boxes (Setup.played)."""
    return GAMES[file["game"]].setup.played(file)


def game_language(game_id: str, lang: str) -> str:
    """The language a game's sheet, problems and rules are shown in: the reader's `lang` if
    the game is translated into it, else English as a whole. A catalogue fills a missing
    message in English one by one, so a language that only some games have (Vietnamese) would
    otherwise show a Fossil sheet in Vietnamese around English explanations."""
    return lang if lang in GAMES[game_id].languages else DEFAULT_LANGUAGE
