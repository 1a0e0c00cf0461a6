"""What may go where: the questions the entry screen asks, answered from the card facts."""

from scorer.forest_shuffle.placing import (
    caves,
    choices,
    may_add_another,
    printed_symbols,
    symbol_matters,
)
from scorer.places import ForestSpot
from tests.scorer.forest_shuffle.forests import card, table, tree

BASE = ["base"]


def ids(species) -> list[str]:
    return [s.id for s in species]


def test_trees_and_shrubs_come_from_the_boxes_in_play():
    assert ids(choices("whole", BASE)) == ["beech", "birch", "douglas_fir", "horse_chestnut",
                                          "linden", "oak", "silver_fir", "sycamore"]
    alpine = ids(choices("whole", ["base", "alpine"]))
    assert alpine[8:] == ["european_larch", "stone_pine"]


def test_dwellers_are_offered_only_for_slots_they_fit():
    top = ids(choices("top", BASE))
    assert "red_squirrel" in top and "wild_boar" not in top
    assert "wild_boar" in ids(choices("left", BASE))
    assert all(s.kind == "dweller" for s in choices("bottom", BASE))


def test_printed_symbols_follow_the_boxes_in_play():
    assert printed_symbols("red_squirrel", "top", BASE) == [
        "beech", "douglas_fir", "horse_chestnut", "oak"]
    assert printed_symbols("european_hare", "left", BASE) == [
        "beech", "birch", "linden", "oak", "silver_fir"]
    assert printed_symbols("red_squirrel", "top", ["alpine"]) == []  # not in that box


def test_hares_take_any_number_toads_two():
    assert may_add_another(["european_hare"] * 5, "left", [])
    assert may_add_another(["common_toad"], "bottom", [])
    assert not may_add_another(["common_toad", "common_toad"], "bottom", [])


def test_a_cuckoo_shares_with_its_bird_once():
    assert may_add_another(["cuckoo"], "top", [])
    assert not may_add_another(["cuckoo", "chaffinch"], "top", [])


def test_a_stinging_nettle_below_opens_the_top_slot():
    assert not may_add_another(["peacock_butterfly"], "top", [])
    assert may_add_another(["peacock_butterfly"], "top", ["stinging_nettle"])
    assert not may_add_another([], "top", ["stinging_nettle"])  # an empty slot takes one anyway
    assert not may_add_another(["wild_boar"], "left", [])


def test_a_symbol_matters_only_where_a_card_counts_it():
    counted = table([tree(left=card("roe_deer", "linden"), right=card("european_hare", "birch"))])
    assert symbol_matters(counted, ForestSpot(0, 0, "right", 0))
    alone = table([tree(right=card("european_hare", "birch"))])
    assert not symbol_matters(alone, ForestSpot(0, 0, "right", 0))


def test_cave_types_come_from_the_boxes_in_play():
    assert [cave.id for cave in caves(BASE)] == ["regular_cave"]
    assert [cave.id for cave in caves(["base", "exploration"])][:2] == [
        "regular_cave", "bat_cave"]
