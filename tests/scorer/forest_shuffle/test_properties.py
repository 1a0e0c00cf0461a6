"""Properties over random legal base-game tables built from the physical cards."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import i18n
from scorer.forest_shuffle import score
from scorer.forest_shuffle.catalog import load_catalog, split_cards
from scorer.forest_shuffle.models import MAX_PLAYERS, MIN_PLAYERS
from tests.scorer.forest_shuffle.forests import NAMES, check

CATALOG = load_catalog()
TREES = [s.id for s in CATALOG.in_box("base") if s.kind == "tree" for _ in range(s.copies("base"))]
SPLIT = [c for c in split_cards() if c.box == "base"]
STACKABLE = {"european_hare": None, "common_toad": 2}  # species -> most cards in one slot


def _add(entry: dict, slot: str, half) -> None:
    new = {"card": half.species, "symbol": half.tree_symbol}
    held = entry.get(slot)
    if held is None:
        entry[slot] = new
        return
    cards = held if isinstance(held, list) else [held]
    limit = STACKABLE.get(half.species, 1)
    if all(c["card"] == half.species for c in cards) and (limit is None or len(cards) < limit):
        entry[slot] = [*cards, new]


@st.composite
def tables(draw):
    rnd = draw(st.randoms(use_true_random=False))
    players = rnd.randint(MIN_PLAYERS, MAX_PLAYERS)
    trees, split = rnd.sample(TREES, len(TREES)), rnd.sample(SPLIT, len(SPLIT))
    forests = []
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


def _scores(data):
    game, problems = check(data)
    assert problems == []
    return {p.name: (p.total, p.categories) for p in score(game).players}


@settings(max_examples=150, deadline=None)
@given(tables())
def test_totals_are_the_sum_of_lines_and_of_categories(data):
    game, problems = check(data)
    assert problems == []
    for player in score(game).players:
        assert player.total == sum(line.points for line in player.lines)
        assert player.total == sum(player.categories.values())
        for line in player.lines:
            assert i18n.has_message(line.explain.key), line.explain.key
            for lang in i18n.languages():  # every id shown by its name: none has "_" in it
                text = i18n.text(line.explain.key, line.explain.params, lang)
                assert "_" not in text, (lang, text)


@settings(max_examples=100, deadline=None)
@given(tables(), st.randoms(use_true_random=False))
def test_order_of_trees_and_of_players_never_changes_a_score(data, rnd):
    shuffled = {**data, "players": [
        {**p, "forest": rnd.sample(p["forest"], len(p["forest"]))} for p in data["players"]]}
    shuffled["players"].reverse()
    assert _scores(shuffled) == _scores(data)
