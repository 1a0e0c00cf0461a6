"""Properties over random legal Symbiose tables."""

from hypothesis import given, settings

from scorer import check, score
from tests.scorer.symbiose.tables import tables


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
