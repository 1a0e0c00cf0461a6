"""The games the app offers, one entry each, mirroring `scorer/registry.py`.

Home, new game, the routes, the archive and BG Stats read this and nothing else about a game,
so a fourth game is its `views/<game>/` package, its locale keys, its icon and one line here
(docs/new-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from views.tables.model import Table
from views.tables.new_table import NewTable


@dataclass(frozen=True)
class BgStatsGame:
    """The game as BG Stats files its plays: its name, its designers (from the rulebooks),
    BoardGameGeek's id only where a public source confirmed it (a wrong one files the plays
    under another game; without one BG Stats matches the game by name, once), and whether its
    plays may have teams."""

    name: str
    designers: str
    bgg_id: int | None = None
    uses_teams: bool = False


def _always(file: dict[str, Any]) -> bool:
    return True


@dataclass(frozen=True)
class GameViews:
    """`table`: the model of a game in play, which also starts one from a `NewTable`;
    `play(table)` and `sheet(table)`: the components of its entry and score-sheet screens;
    `screens`: more screens stacked on `play` by route suffix (Fossil's calculator);
    `options(new, change)`: the component of the new-game choices beyond players, variant
    and boxes, if the game has any; `new_table`: the type its new-game screen fills in;
    `bgstats`: its facts for BG Stats (views/records/bgstats.py); `over(file)`: whether a finished
    game's file is over as the app holds it (an import of one that is not is refused: the app
    would reopen it).
    Its icon is assets/icons/<game>.svg and its words are views/locales' `game.<game>`,
    `new.title.<game>`, `variant.<game>.*`."""

    game: str
    table: type[Table]
    play: Callable[[Any], Any]
    sheet: Callable[[Any], Any]
    bgstats: BgStatsGame
    screens: Mapping[str, Callable[[Any], Any]] = field(default_factory=dict)
    options: Callable[..., Any] | None = None
    new_table: type[NewTable] = NewTable
    over: Callable[[dict[str, Any]], bool] = _always


# game id -> the package whose `GAME` it is; the order is home's
_PACKAGES = {"symbiose": "views.symbiose", "forest-shuffle": "views.forest_shuffle",
             "fossil": "views.fossil"}


class _Games(Mapping[str, GameViews]):
    """Game id -> GameViews. A game's package is imported on first use, so that it may import
    this module for `GameViews` without a circle."""

    def __getitem__(self, game_id: str) -> GameViews:
        return _load(game_id)

    def __contains__(self, game_id: object) -> bool:  # without loading the game
        return game_id in _PACKAGES

    def __iter__(self) -> Iterator[str]:
        return iter(_PACKAGES)

    def __len__(self) -> int:
        return len(_PACKAGES)


@cache
def _load(game_id: str) -> GameViews:
    game = importlib.import_module(_PACKAGES[game_id]).GAME
    assert isinstance(game, GameViews) and game.game == game_id
    return game


GAMES: Mapping[str, GameViews] = _Games()
