"""A table still being entered: empty places (null) are problems, unless the check is partial."""

from scorer import check, score
from tests.scorer.symbiose.tables import valid_table


def with_empty_places(data: dict, *places: tuple) -> dict:
    for place in places:
        if place[0] == "river":
            data["river"][place[1]] = None
        else:
            player, row, column = place
            data["players"][player]["pond"][row][column] = None
    return data


def test_an_empty_place_is_a_problem_in_a_finished_table():
    data = with_empty_places(valid_table(2), (1, 0, 2), ("river", 5))
    game, problems = check(data)
    assert game is None
    assert [(p.place, p.key) for p in problems] == [
        ("players[1].pond[0][2]", "symbiose.empty_place"), ("river[5]", "symbiose.empty_place")]


def test_a_partial_table_scores_what_is_entered_and_nothing_for_empty_places():
    data = with_empty_places(valid_table(3), (0, 0, 1), (1, 0, 0), (1, 0, 2), (1, 1, 1))
    game, problems = check(data, partial=True)
    assert problems == []
    sheet = score(game)
    empty = sheet.players[0].lines[1]
    assert (empty.points, empty.item, empty.explain.key) == (0, "", "symbiose.empty")
    # Ann's top-left "2 per pink" counts Bob's pond, where only one pink card is left.
    assert sheet.players[0].lines[0].explain.params["count"] == 1
    assert all(len(player.lines) == 8 for player in sheet.players)
    assert sheet.players[0].total == sum(line.points for line in sheet.players[0].lines)


def test_a_partial_table_is_still_checked_for_everything_else():
    data = with_empty_places(valid_table(3), (0, 0, 1))
    data["players"][2]["pond"][1][3] = "fsh/pink/1"
    data["players"][1]["pond"][1].pop()
    _, problems = check(data, partial=True)
    assert [(p.place, p.key) for p in problems] == [
        ("players[1].pond", "symbiose.pond_shape"),
        ("players[2].pond[1][3]", "symbiose.unknown_animal")]


def test_a_duel_river_being_entered():
    data = with_empty_places(valid_table(2), *(("river", i) for i in range(8)))
    game, problems = check(data, partial=True)
    assert problems == []
    river_line = score(game).players[0].lines[0]  # Ann's left column counts the empty river
    assert (river_line.explain.key, river_line.points) == ("symbiose.counts_river", 0)
