"""Small builders for Forest Shuffle game files in tests."""

from __future__ import annotations

from typing import Any

from scorer.forest_shuffle import ForestShuffleFile, build_game, score
from scorer.forest_shuffle.models import MIN_PLAYERS
from scorer.sheet import ScoreSheet

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve"]


def tree(species: str = "sapling", **slots: Any) -> dict[str, Any]:
    """A forest entry; slot values as in the file (id, object or list)."""
    return {"tree": species, **slots}


def card(species: str, symbol: str | None = None, box: str | None = None) -> dict[str, Any]:
    found: dict[str, Any] = {"card": species}
    if symbol:
        found["symbol"] = symbol
    if box:
        found["box"] = box
    return found


def table(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> dict[str, Any]:
    """The forests' table; a lone forest gets an empty one beside it (the game takes 2-5)."""
    forests = forests + ([],) * (MIN_PLAYERS - len(forests))
    players = []
    for i, forest in enumerate(forests):
        player: dict[str, Any] = {"name": NAMES[i], "forest": forest}
        if i < len(caves):
            player["cave"] = caves[i]
        players.append(player)
    return {"version": 1, "game": "forest-shuffle", "players": players}


def check(data: dict[str, Any]):
    return build_game(ForestShuffleFile.model_validate(data))


def sheet(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> ScoreSheet:
    game, problems = check(table(*forests, caves=caves))
    assert game is not None, problems
    return score(game)


def total(*forests: list[dict[str, Any]], caves: tuple[int, ...] = ()) -> int:
    """The first player's total."""
    return sheet(*forests, caves=caves).players[0].total


def points(*forests: list[dict[str, Any]], of: str | set[str], player: int = 0) -> int:
    """The points of the lines of one species (or a set of species) for one player."""
    wanted = {of} if isinstance(of, str) else of
    return sum(line.points for line in sheet(*forests).players[player].lines
               if line.item in wanted)


def saplings(n: int, **slots: Any) -> list[dict[str, Any]]:
    return [tree(**slots) for _ in range(n)]


def trees(species: str, n: int, **slots: Any) -> list[dict[str, Any]]:
    return [tree(species, **slots) for _ in range(n)]
