"""What may go where: the questions the entry screen asks, answered from the card facts."""

from scorer.forest_shuffle.placing import (
    caves,
    choices,
    joiners,
    likely,
    matching,
    printed_symbols,
    symbol_choice,
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


WE = ["base", "woodland_edge"]


def may_add_another(cards, slot, below, boxes) -> bool:
    return bool(joiners(cards, slot, below, boxes))


def test_hares_take_any_number_toads_two():
    assert may_add_another(["european_hare"] * 5, "left", [], BASE)
    assert ids(joiners(["european_hare"], "left", [], BASE)) == ["european_hare"]
    assert may_add_another(["common_toad"], "bottom", [], BASE)
    assert not may_add_another(["common_toad", "common_toad"], "bottom", [], BASE)
    assert not may_add_another(["wild_boar"], "left", [], BASE)
    assert not may_add_another([], "left", [], BASE)  # an empty slot takes a card anyway


def test_a_cuckoo_and_its_bird_come_in_either_order():
    exploration = ["base", "exploration"]
    assert ids(joiners(["cuckoo"], "top", [], exploration))[:2] == ["bullfinch", "chaffinch"]
    assert ids(joiners(["chaffinch"], "top", [], exploration)) == ["cuckoo"]
    assert not may_add_another(["chaffinch"], "top", [], BASE)  # no Cuckoo in play
    assert not may_add_another(["cuckoo", "chaffinch"], "top", [], exploration)


def test_butterflies_share_a_top_slot_over_a_stinging_nettle_entered_before_or_after():
    assert may_add_another(["peacock_butterfly"], "top", ["stinging_nettle"], WE)
    assert may_add_another(["peacock_butterfly"], "top", [], WE)  # the Nettle may come next
    assert all("butterfly" in s.symbols for s in joiners(["peacock_butterfly"], "top", [], WE))
    assert not may_add_another(["peacock_butterfly"], "top", ["moss"], WE)  # no Nettle below
    assert not may_add_another(["peacock_butterfly"], "top", [], BASE)  # no Nettle in play
    assert not may_add_another(["chaffinch"], "top", ["stinging_nettle"], WE)  # not a butterfly


def test_a_symbol_matters_only_where_a_card_counts_it():
    counted = table([tree(left=card("roe_deer", "linden"), right=card("european_hare", "birch"))])
    assert symbol_matters(counted, ForestSpot(0, 0, "right", 0))
    alone = table([tree(right=card("european_hare", "birch"))])
    assert not symbol_matters(alone, ForestSpot(0, 0, "right", 0))


def test_a_symbol_is_asked_only_where_a_card_of_that_forest_counts_it():
    plain = {**table([tree("beech", left="european_hare")]), "boxes": BASE}
    assert symbol_choice(plain, 0, 0, "right", "european_hare") == ()
    assert symbol_choice(plain, 0, 1, None, "beech") == ()  # a tree shows its own symbol
    # a Roe Deer counts the cards showing its own symbol: its own is asked
    assert symbol_choice(plain, 0, 0, "right", "roe_deer") == ("beech", "birch", "horse_chestnut")
    deer = {**table([tree("beech", left=card("roe_deer", "linden"))]), "boxes": BASE}
    assert symbol_choice(deer, 0, 0, "right", "european_hare") == (
        "birch", "linden", "silver_fir", "sycamore")
    # every Red Squirrel print is beech, douglas fir, horse chestnut or oak: never a linden
    assert symbol_choice(deer, 0, 0, "top", "red_squirrel") == ()
    # a Roe Deer in another forest counts only that forest
    bobs = {**table([tree("beech")], [tree("oak", left=card("roe_deer", "linden"))]),
            "boxes": BASE}
    assert symbol_choice(bobs, 0, 0, "right", "european_hare") == ()
    assert symbol_choice(bobs, 1, 0, "right", "european_hare") != ()


def test_only_the_prints_still_free_are_offered_and_the_last_one_is_not_asked():
    deer = tree("oak", right=card("roe_deer", "beech"))  # counts the cards showing beech
    file = {**table([deer], [tree("birch")]), "boxes": BASE}
    assert symbol_choice(file, 0, 0, "top", "chaffinch") == ("beech", "birch", "sycamore")
    file["players"][1]["forest"][0]["top"] = card("chaffinch", "beech")
    assert symbol_choice(file, 0, 0, "top", "chaffinch") == ("birch", "sycamore")
    file["players"][1]["forest"].append(tree("linden", top=card("chaffinch", "birch")))
    assert symbol_choice(file, 0, 0, "top", "chaffinch") == ("sycamore",)  # two of them


def test_the_likeliest_species_come_first():
    forest = [tree("beech", left=["european_hare", "european_hare"], right="lynx")]
    file = {**table(forest), "boxes": BASE}
    order = likely("left", BASE, file, 0)
    assert order[:2] == ["european_hare", "lynx"]  # in this forest, most copies first
    assert sorted(order) == sorted(ids(choices("left", BASE)))
    # then the copies still to come: a species whose copies lie at another forest comes later
    alone = likely("left", BASE, {**table([]), "boxes": BASE}, 0)
    bob = [tree("oak", left="fallow_deer", right="fallow_deer"),
           tree("birch", left="fallow_deer")]
    crowded = likely("left", BASE, {**table([], bob), "boxes": BASE}, 0)
    assert crowded.index("fallow_deer") > alone.index("fallow_deer")


def test_a_search_matches_the_start_of_a_word_in_any_language():
    tops = ids(choices("top", ["base", "alpine", "woodland_edge"]))
    assert matching(tops, "gre sp") == ["great_spotted_woodpecker"]
    assert matching(tops, "wash") == ["silver_washed_fritillary"]  # after the hyphen
    assert matching(tops, "buntsp") == ["great_spotted_woodpecker"]  # German
    assert matching(tops, "grote bonte") == ["great_spotted_woodpecker"]  # Dutch
    assert "great_spotted_woodpecker" not in matching(tops, "pecker")  # not inside a word
    assert matching(tops, "") == tops
    sides = ids(choices("left", ["base", "alpine"]))
    assert matching(sides, "GÄMS") == matching(sides, "gams") == ["chamois"]


def test_cave_types_come_from_the_boxes_in_play():
    assert [cave.id for cave in caves(BASE)] == ["regular_cave"]
    assert [cave.id for cave in caves(["base", "exploration"])][:2] == [
        "regular_cave", "bat_cave"]
