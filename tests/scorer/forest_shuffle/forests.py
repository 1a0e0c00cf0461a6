"""Small builders for Forest Shuffle game files in tests."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorer.forest_shuffle import ForestShuffleFile, build_game, score
from scorer.forest_shuffle.catalog import load_catalog, split_cards
from scorer.forest_shuffle.models import MAX_PLAYERS, MIN_PLAYERS
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


# Random legal base-game tables, dealt from the physical cards: trees, then split cards' halves
# put where they belong (shared slots only where the cards allow it).
_BASE = load_catalog()
_TREES = [s.id for s in _BASE.in_box("base") if s.kind == "tree" for _ in range(s.copies("base"))]
_SPLIT = [c for c in split_cards() if c.box == "base"]
_STACKABLE = {"european_hare": None, "common_toad": 2}  # species -> most cards in one slot


def _add(entry: dict, slot: str, half: Any) -> None:
    new = {"card": half.species, "symbol": half.tree_symbol}
    held = entry.get(slot)
    if held is None:
        entry[slot] = new
        return
    cards = held if isinstance(held, list) else [held]
    limit = _STACKABLE.get(half.species, 1)
    if all(c["card"] == half.species for c in cards) and (limit is None or len(cards) < limit):
        entry[slot] = [*cards, new]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, Any]:
    rnd = draw(st.randoms(use_true_random=False))
    players = rnd.randint(MIN_PLAYERS, MAX_PLAYERS)
    trees, split = rnd.sample(_TREES, len(_TREES)), rnd.sample(_SPLIT, len(_SPLIT))
    forests: list[list[dict[str, Any]]] = []
    for _ in range(players):
        hosts = [trees.pop() for _ in range(rnd.randint(0, 8))] + ["sapling"] * rnd.randint(1, 2)
        forests.append([{"tree": host} for host in hosts])
    for physical in split[:rnd.randint(0, len(split))]:
        half = rnd.choice(physical.halves)
        entry = rnd.choice(rnd.choice(forests))
        _add(entry, half.side, half)
    return {"version": 1, "game": "forest-shuffle",
            "players": [{"name": NAMES[i], "cave": rnd.randint(0, 6), "forest": forest}
                        for i, forest in enumerate(forests)]}
