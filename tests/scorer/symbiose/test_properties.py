"""Properties over random legal Symbiose tables."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import check, score
from scorer.symbiose.models import ANIMALS, SEASONS

# One deck with the rulebook's counts: 12/10/8/6 per animal and per season.
DECK = [(animal, season)
        for animal, row in zip(ANIMALS, ((4, 3, 3, 2), (4, 3, 2, 1), (2, 2, 2, 2), (2, 2, 1, 1)),
                               strict=True)
        for season, copies in zip(SEASONS, row, strict=True) for _ in range(copies)]
NAMES = ["Ann", "Bob", "Cas", "Dee"]

rules = st.one_of(st.integers(1, 9).map(str),
                  st.tuples(st.integers(1, 5), st.sampled_from(ANIMALS + SEASONS))
                  .map(lambda rule: f"{rule[0]}x{rule[1]}"))


@st.composite
def tables(draw):
    mode = draw(st.sampled_from(["standard", "standard", "duel", "team"]))
    players = {"duel": 2, "team": 4}.get(mode) or draw(st.integers(3, 4))
    needed = players * 8 + (8 if mode == "duel" else 0)
    deck = draw(st.permutations(DECK))[:needed]
    cards = [f"{a}/{s}/{draw(rules)}" for a, s in deck]
    data = {"version": 1, "game": "symbiose", "mode": mode,
            "players": [{"name": NAMES[i], "pond": [cards[i * 8:i * 8 + 4],
                                                    cards[i * 8 + 4:i * 8 + 8]]}
                        for i in range(players)]}
    if mode == "duel":
        data["river"] = cards[-8:]
        data["river_left_of"] = draw(st.sampled_from(NAMES[:2]))
    return data


def mirrored(data: dict) -> dict:
    """The same table seated the other way round, each pond seen in a mirror."""
    other = {**data, "players": [{"name": p["name"], "pond": [row[::-1] for row in p["pond"]]}
                                 for p in reversed(data["players"])]}
    if data["mode"] == "duel":
        names = [p["name"] for p in data["players"]]
        other["river_left_of"] = names[1 - names.index(data["river_left_of"])]
    return other


@settings(max_examples=150, deadline=None)
@given(tables())
def test_legal_tables_are_valid_and_totals_are_sums_of_lines(data):
    game, problems = check(data)
    assert problems == []
    for player in score(game).players:
        assert player.total == sum(line.points for line in player.lines)
        assert player.total == sum(player.categories.values())
        assert len(player.lines) == 8


@settings(max_examples=150, deadline=None)
@given(tables())
def test_reversing_the_seating_swaps_left_and_right_neighbour_scoring(data):
    original = {p.name: p for p in score(data).players}
    for player in score(mirrored(data)).players:
        before = original[player.name]
        assert player.total == before.total
        assert player.categories["left"] == before.categories["right"]
        assert player.categories["right"] == before.categories["left"]
        for index, line in enumerate(player.lines):
            row, column = divmod(index, 4)
            twin = before.lines[row * 4 + 3 - column]
            assert (line.points, line.explain.params.get("owner")) == (
                twin.points, twin.explain.params.get("owner"))
