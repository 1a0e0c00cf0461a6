"""A table being entered (scorer.so_far): what counts while some cards have problems, each card
left out with its reason, every line named where the card was entered."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings

from scorer import check, score, so_far
from scorer.places import Cave, ForestSpot
from scorer.progress import Progress
from tests.scorer.forest_shuffle.forests import card, table, tables, tree

WHY = "forest_shuffle.left_out."


def reasons(progress: Progress) -> dict[Any, str]:
    return {left.spot: left.why.key.removeprefix(WHY) for left in progress.left_out}


def line_at(progress: Progress, spot: ForestSpot):
    return next(line for line in progress.sheet.players[spot.player].lines
                if line.place == spot)


def test_a_clean_table_is_scored_whole_with_nothing_left_out():
    data = table([tree("beech", top="chaffinch", left=["european_hare", "european_hare"])])
    progress = so_far(data)
    assert progress.left_out == () and progress.problems == ()
    assert progress.sheet == score(check(data)[0])


def test_a_card_with_a_problem_is_left_out_and_the_rest_counts():
    # The base game has 4 Chaffinches: the 5th is one too many.
    data = table([tree("beech", top="chaffinch") for _ in range(5)])
    progress = so_far(data)
    fifth = ForestSpot(0, 4, "top", 0)
    assert [(p.key, p.spot) for p in progress.problems] == [
        ("forest_shuffle.too_many_copies", fifth)]
    assert reasons(progress) == {fifth: "card"}
    assert progress.left_out[0].why.params == {"card": "chaffinch"}
    chaffinches = [line for line in progress.sheet.players[0].lines if line.item == "chaffinch"]
    assert [line.place for line in chaffinches] == [ForestSpot(0, t, "top", 0) for t in range(4)]
    assert chaffinches[0].points == 5  # a Chaffinch on a beech


def test_a_tree_with_a_problem_counts_as_a_sapling_and_keeps_its_cards():
    # Sycamore has 6 copies in the base game: the 7th is one too many.
    data = table([tree("sycamore") for _ in range(6)] + [tree("sycamore", top="chaffinch")])
    progress = so_far(data)
    seventh = ForestSpot(0, 6)
    assert reasons(progress) == {seventh: "as_sapling"}
    assert line_at(progress, seventh).item == "sapling"
    assert line_at(progress, ForestSpot(0, 6, "top", 0)).item == "chaffinch"


def test_cards_that_cannot_be_read_are_left_out_a_tree_as_a_sapling():
    data = table([tree("nonsense", top="chaffinch"), tree("beech", bottom="nothing")])
    progress = so_far(data)
    assert reasons(progress) == {ForestSpot(0, 0): "unreadable_tree",
                                 ForestSpot(0, 1, "bottom", 0): "unreadable"}
    assert line_at(progress, ForestSpot(0, 0)).item == "sapling"
    assert line_at(progress, ForestSpot(0, 0, "top", 0)).item == "chaffinch"


def test_a_slot_shared_by_cards_that_may_not_share_counts_its_first_card():
    data = table([tree("beech", top=["chaffinch", "bullfinch", "goshawk"])])
    progress = so_far(data)
    assert reasons(progress) == {ForestSpot(0, 0, "top", 1): "shared_slot",
                                 ForestSpot(0, 0, "top", 2): "shared_slot"}
    assert progress.left_out[0].why.params == {"card": "bullfinch", "slot": "top"}
    assert line_at(progress, ForestSpot(0, 0, "top", 0)).item == "chaffinch"


def test_a_cave_not_in_play_counts_as_a_regular_cave():
    data = table([tree("beech")], caves=(3,))
    data["players"][0]["cave_type"] = "bat_cave"
    data["boxes"] = ["base"]
    progress = so_far(data)
    assert reasons(progress) == {Cave(0): "cave_type"}
    cave = line_at(progress, Cave(0))  # type: ignore[arg-type]
    assert (cave.item, cave.points) == ("regular_cave", 3)


def test_what_leaving_out_brings_is_left_out_too():
    # The 5th Chaffinch is one too many; with it left out, the Cuckoo beside it has no bird,
    # and the 6th Chaffinch is the next one too many.
    forest = [tree("beech", top="chaffinch") for _ in range(4)]
    forest += [tree("birch", top=["chaffinch", card("cuckoo")]), tree("oak", top="chaffinch")]
    data = table(forest)
    data["boxes"] = ["base", "exploration"]
    progress = so_far(data)
    assert reasons(progress) == {ForestSpot(0, 4, "top", 0): "card",
                                 ForestSpot(0, 4, "top", 1): "card_too",
                                 ForestSpot(0, 5, "top", 0): "card_too"}
    assert [p.key for p in progress.problems] == ["forest_shuffle.too_many_copies"]


def test_cards_kept_beside_one_left_out_are_named_where_they_were_entered():
    data = table([tree("beech", left=["nonsense", "european_hare", "european_hare"])])
    progress = so_far(data)
    hares = [line for line in progress.sheet.players[0].lines if line.item == "european_hare"]
    assert [line.place for line in hares] == [ForestSpot(0, 0, "left", 1),
                                               ForestSpot(0, 0, "left", 2)]
    assert all(line.place.shared for line in hares)  # type: ignore[union-attr]


def test_a_saplings_symbol_is_a_problem_but_leaves_nothing_out():
    data = table([{"tree": "sapling", "symbol": "oak", "top": "chaffinch"}])
    progress = so_far(data)
    assert [p.key for p in progress.problems] == ["forest_shuffle.sapling_symbol"]
    assert progress.left_out == ()
    assert line_at(progress, ForestSpot(0, 0)).item == "sapling"


def test_a_problem_with_the_players_leaves_every_card_in():
    data = table([tree("beech", top="chaffinch")])
    data["players"][1]["name"] = "Ann"
    progress = so_far(data)
    assert [p.key for p in progress.problems] == ["players.name_duplicate"]
    assert progress.left_out == ()
    assert progress.sheet.players[0].total == 5


def test_a_file_of_the_wrong_shape_has_no_sheet_yet():
    progress = so_far({"version": 1, "game": "forest-shuffle", "players": "Ann"})
    assert progress.sheet.players == [] and progress.left_out == ()
    assert [p.place for p in progress.problems] == ["players"]


def test_the_file_is_never_changed():
    data = table([tree("nonsense", top=["chaffinch", "bullfinch"])])
    before = copy.deepcopy(data)
    so_far(data)
    assert data == before


@settings(max_examples=25, deadline=None)
@given(tables())
def test_a_legal_table_so_far_is_its_score(data):
    progress = so_far(data)
    assert progress.left_out == ()
    assert progress.sheet == score(check(data)[0])
