"""The boxes a game file names: their cards only, and copy limits of those boxes added up.

Without `boxes` every box is in play (GAME_FILES.md). The Mistletoe is printed both in Exploration
and as a standalone promo (with the woodland-edge symbol): whoever owns both may play two.
"""

import pytest
from pydantic import ValidationError

from scorer.forest_shuffle import ForestShuffleFile
from scorer.problems import from_validation_error
from tests.scorer.forest_shuffle.forests import card, check, table, tree, trees

TWO_MISTLETOES = [tree("linden", top="mistletoe"), tree("linden", top="mistletoe")]


def problems_with(boxes, *forests):
    data = table(*forests)
    if boxes is not None:
        data["boxes"] = boxes
    game, problems = check(data)
    return game, [(p.place, p.key, p.params) for p in problems]


@pytest.mark.parametrize("boxes", [None, ["base", "exploration", "promo"]])
def test_exploration_and_promo_copies_add_up(boxes):
    game, found = problems_with(boxes, TWO_MISTLETOES)
    assert game is not None and found == []


@pytest.mark.parametrize("box", ["exploration", "promo"])
def test_one_of_the_two_boxes_holds_one_mistletoe(box):
    _, found = problems_with(["base", box], TWO_MISTLETOES)
    assert found == [("players[0].forest[1].top", "forest_shuffle.too_many_copies",
                      {"card": "mistletoe", "limit": 1})]


def test_a_card_without_box_comes_from_a_box_in_play():
    # Only the promo Mistletoe is in play: it carries the woodland-edge symbol.
    game, found = problems_with(["base", "promo"], [tree("linden", top="mistletoe")])
    assert found == []
    mistletoe = game.forests[0].hosts[0].top[0]
    assert (mistletoe.box, "woodland_edge" in mistletoe.symbols) == ("promo", True)


def test_copy_limits_count_only_the_boxes_in_play():
    hares = [tree(left="european_hare")] * 12  # base 11 + the promo hare
    assert problems_with(None, hares)[1] == []
    assert problems_with(["base"], hares)[1] == [
        ("players[0].forest[11].left", "forest_shuffle.too_many_copies",
         {"card": "european_hare", "limit": 11})]


def test_print_limits_count_only_the_boxes_in_play():
    # A Squeaker with the Douglas Fir on its right half: one in Woodland Edge, one promo.
    squeakers = [tree(right=card("squeaker", "douglas_fir")), tree(right=card("squeaker",
                                                                              "douglas_fir"))]
    assert problems_with(["base", "woodland_edge", "promo"], squeakers)[1] == []
    assert problems_with(["base", "woodland_edge"], squeakers)[1] == [
        ("players[0].forest[1].right", "forest_shuffle.too_many_prints",
         {"card": "squeaker", "side": "right", "symbol": "douglas_fir", "limit": 1})]


def test_a_symbol_printed_only_in_a_box_not_in_play():
    assert problems_with(["base"], [tree(right=card("squeaker", "douglas_fir"))])[1] == [
        ("players[0].forest[0].right", "forest_shuffle.symbol_not_printed",
         {"card": "squeaker", "symbol": "douglas_fir", "side": "right",
          "printed": ["oak", "sycamore"]})]


@pytest.mark.parametrize(("forest", "place", "params"), [
    ([tree("birch", top=["tawny_owl", "cuckoo"])], "players[0].forest[0].top[1]",
     {"card": "cuckoo", "card_boxes": ["exploration"], "boxes": ["base", "alpine"]}),
    ([tree("european_larch")], "players[0].forest[0].tree",
     {"card": "european_larch", "card_boxes": ["alpine"], "boxes": ["base", "woodland_edge"]}),
    ([tree(left=card("squeaker", box="promo"))], "players[0].forest[0].left",
     {"card": "squeaker", "card_boxes": ["promo"], "boxes": ["base", "woodland_edge"]}),
])
def test_a_card_from_a_box_not_in_play_is_a_problem_at_its_place(forest, place, params):
    game, found = problems_with(params["boxes"], forest)
    assert game is None
    assert found == [(place, "forest_shuffle.box_not_in_game", params)]


def test_a_cave_from_a_box_not_in_play():
    data = table([], [])
    data["boxes"] = ["base"]
    data["players"][1]["cave_type"] = "bat_cave"
    game, problems = check(data)
    assert game is None
    assert [(p.place, p.key, p.params) for p in problems] == [
        ("players[1].cave_type", "forest_shuffle.cave_not_in_game",
         {"cave": "bat_cave", "box": "exploration", "boxes": ["base"]})]


def test_the_boxes_name_at_least_one_known_box():
    for boxes, key in (([], "file.too_short"), (["base", "dartmoor"], "file.not_one_of")):
        data = {**table([], []), "boxes": boxes}
        with pytest.raises(ValidationError) as error:
            ForestShuffleFile.model_validate(data)
        assert [p.key for p in from_validation_error(error.value, data)] == [key]


def test_without_boxes_every_box_is_in_play():
    forest = [tree("european_larch", top=["tawny_owl", "cuckoo"]), *trees("birch", 2)]
    assert problems_with(None, forest)[1] == []
