"""Section A (official appendix) and C (fixtures of other scorers) of forest_shuffle_examples.md.

Positions follow the physical cards where a fixture put a half on a side that does not exist
(the examples file warns about that); the expected points are unchanged unless noted.
"""

import pytest

from tests.scorer.forest_shuffle.forests import (
    card,
    points,
    saplings,
    sheet,
    total,
    tree,
    trees,
)

BUTTERFLIES = ["camberwell_beauty", "large_tortoiseshell", "peacock_butterfly", "purple_emperor",
               "silver_washed_fritillary", "phoebus_apollo", "map_butterfly", "brimstone"]
BATS = {"barbastelle_bat", "bechsteins_bat", "brown_long_eared_bat", "greater_horseshoe_bat"}


# --- A. Official appendix ---------------------------------------------------------------------

def test_a1_alpine_marmots_score_3_per_plant_species():
    forest = [tree("birch", left="alpine_marmot", bottom="moss"),
              tree("oak", left="alpine_marmot", bottom="moss"),
              tree("beech", bottom="tree_ferns"), tree("linden", bottom="blackberries")]
    assert points(forest, of="alpine_marmot") == 18


def test_a2_alpine_newts_score_2_per_insect():
    forest = [tree("birch", bottom="alpine_newt", left="gnat"),
              tree("oak", bottom="alpine_newt", right="gnat"), tree("linden", bottom="fireflies")]
    assert points(forest, of="alpine_newt") == 12


@pytest.mark.parametrize("bats", [
    ["barbastelle_bat", "barbastelle_bat", "brown_long_eared_bat", "greater_horseshoe_bat"],
    ["bechsteins_bat", "bechsteins_bat", "brown_long_eared_bat", "barbastelle_bat"],
])
def test_a3_a4_four_bats_of_three_species_score_20(bats):
    forest = [tree(left=bat) for bat in bats]
    assert points(forest, of=BATS) == 20


def test_a5_barn_owls_score_3_per_bat():
    forest = [tree(top="barn_owl", left="barbastelle_bat"), tree(top="barn_owl",
              left="bechsteins_bat"), tree(left="brown_long_eared_bat")]
    assert points(forest, of="barn_owl") == 18


def test_a6_bearded_vultures_score_the_cave_and_the_cave_scores_too():
    result = sheet([tree(top="bearded_vulture"), tree(top="bearded_vulture")], caves=(12,))
    player = result.players[0]
    assert player.categories["top"] == 24 and player.categories["cave"] == 12


@pytest.mark.parametrize(("beeches", "expected"), [
    (1, 0), (2, 0), (3, 0), (4, 20), (5, 25), (6, 30), (7, 35), (8, 40), (9, 45), (10, 50)])
def test_a7_beech_table(beeches, expected):
    assert points(trees("beech", beeches), of="beech") == expected


def test_a7_footnotes_bees_at_beeches_help_reach_four():
    two = [tree("beech", left="violet_carpenter_bee"), tree("beech", right="violet_carpenter_bee")]
    three = [tree("beech", left="violet_carpenter_bee"), tree("beech"), tree("beech")]
    assert points(two, of="beech") == 10
    assert points(three, of="beech") == 15


@pytest.mark.parametrize("hares", range(1, 12))
def test_a8_hares_score_n_squared(hares):
    # European Hares may all share one slot.
    assert points([tree("oak", left=["european_hare"] * hares)], of="european_hare") == hares ** 2


def test_a8_mountain_hares_count_as_hares():
    forest = [tree(left="european_hare"), tree(left="mountain_hare"), tree(right="mountain_hare")]
    assert points(forest, of={"european_hare", "mountain_hare"}) == 9


@pytest.mark.parametrize(("chestnuts", "expected"), [
    (1, 1), (2, 4), (3, 9), (4, 16), (5, 25), (6, 36), (7, 49), (8, 49)])
def test_a9_c2_horse_chestnut_set(chestnuts, expected):
    assert points(trees("horse_chestnut", chestnuts), of="horse_chestnut") == expected


def test_a9_c2_a_bee_at_a_horse_chestnut_raises_the_set():
    assert points([tree("horse_chestnut", left="violet_carpenter_bee")],
                  of="horse_chestnut") == 4
    assert points([tree("horse_chestnut", left="violet_carpenter_bee"), tree("horse_chestnut")],
                  of="horse_chestnut") == 9


@pytest.mark.parametrize(("fireflies", "expected"), [(1, 0), (2, 10), (3, 15), (4, 20)])
def test_a10_fireflies_set(fireflies, expected):
    assert points(saplings(fireflies, bottom="fireflies"), of="fireflies") == expected


def test_a10_says_firefly_joins_the_set_which_stays_at_20():
    forest = [*saplings(4, bottom="fireflies"), tree(bottom="says_firefly")]
    assert points(forest, of={"fireflies", "says_firefly"}) == 20


@pytest.mark.parametrize(("salamanders", "expected"), [(1, 5), (2, 15), (3, 25), (4, 25)])
def test_a11_fire_salamander_set(salamanders, expected):
    # The 4th copy is Exploration's.
    assert points(saplings(salamanders, bottom="fire_salamander"),
                  of="fire_salamander") == expected


@pytest.mark.parametrize(("size", "expected"), [
    (1, 0), (2, 3), (3, 6), (4, 12), (5, 20), (6, 35), (7, 55), (8, 80)])
def test_a12_c2_one_butterfly_set(size, expected):
    assert points([tree(top=b) for b in BUTTERFLIES[:size]], of=set(BUTTERFLIES)) == expected


@pytest.mark.parametrize(("sizes", "expected"), [
    ([1, 2], 3), ([2, 3], 9), ([3, 4], 18), ([4, 5], 32), ([5, 5], 40), ([2, 3, 4], 21)])
def test_c2_several_butterfly_sets(sizes, expected):
    forest = [tree(top=b) for size in sizes for b in BUTTERFLIES[:size]]
    assert points(forest, of=set(BUTTERFLIES)) == expected


@pytest.mark.parametrize(("plants", "expected"), [
    (["digitalis"], 1), (["digitalis", "moss"], 3), (["digitalis", "moss", "tree_ferns"], 6),
    (["digitalis", "moss", "tree_ferns", "blackberries"], 10),
    (["digitalis", "moss", "tree_ferns", "blackberries", "wild_strawberries"], 15),
    (["digitalis", "moss", "tree_ferns", "blackberries", "wild_strawberries", "edelweiss"], 15),
    (["digitalis", "digitalis"], 1)])
def test_a13_digitalis_by_different_plant_species(plants, expected):
    forest = [tree(bottom=plant) for plant in plants]
    assert points(forest, of="digitalis") == expected * plants.count("digitalis")


@pytest.mark.parametrize(("tree_count", "expected"), [
    (1, 15), (5, 15), (6, 7), (10, 7), (11, 3), (15, 3)])
def test_a14_c2_marsh_cinquefoil_by_trees(tree_count, expected):
    forest = [tree(bottom="marsh_cinquefoil"), *saplings(tree_count - 1)]
    assert points(forest, of="marsh_cinquefoil") == expected


def test_c2_marsh_cinquefoil_ignores_shrubs():
    forest = [tree(bottom="marsh_cinquefoil"), *trees("blackthorn", 4), *trees("elderberry", 4)]
    assert points(forest, of="marsh_cinquefoil") == 15


def test_a15_silver_fir_with_three_hares_in_one_slot():
    fir = tree("silver_fir", top="tawny_owl", bottom="moss", right="european_badger",
               left=["european_hare"] * 3)
    assert points([fir], of="silver_fir") == 12


# --- C1. deitry/mischwald-calc whole-forest totals ---------------------------------------------

def test_c1_no_trees_scores_nothing():
    assert total([]) == 0


@pytest.mark.parametrize(("beeches", "expected"), [(0, 0), (1, 0), (3, 0), (4, 20), (10, 50)])
def test_c1_beeches_only(beeches, expected):
    assert total(trees("beech", beeches)) == expected


def test_c1_bees_at_beeches():
    assert total([tree("beech"), tree("beech", right="violet_carpenter_bee"),
                  tree("beech")]) == 15
    assert total([tree("beech", right="violet_carpenter_bee"),
                  tree("beech", left="violet_carpenter_bee",
                       right="violet_carpenter_bee")]) == 10


def test_c1_a_bee_on_a_sapling_does_not_help_beeches():
    assert total([tree(right="violet_carpenter_bee"), *trees("beech", 3)]) == 0


@pytest.mark.parametrize(("hares", "expected", "with_fox"), [
    (1, 1, 3), (2, 4, 8), (3, 9, 15)])
def test_c1_hares_on_an_oak_with_and_without_a_red_fox(hares, expected, with_fox):
    assert total([tree("oak", left=["european_hare"] * hares)]) == expected
    assert total([tree("oak", left=["european_hare"] * hares, right="red_fox")]) == with_fox


@pytest.mark.parametrize(("a", "b", "expected"), [(1, 0, 1), (0, 2, 4), (1, 1, 4), (1, 3, 16)])
def test_c1_hares_on_two_oaks(a, b, expected):
    def hares(n):
        return ["european_hare"] * n if n else None
    forest = [tree("oak", **({"left": hares(a)} if a else {})),
              tree("oak", **({"right": hares(b)} if b else {}))]
    assert total(forest) == expected


def test_c1_lynx_and_roe_deer_on_a_sapling():
    # Roe Deer [Silver Fir] is a left half: the Lynx goes right (its Linden print).
    assert total([tree(left=card("roe_deer", "silver_fir"),
                       right=card("lynx", "linden"))]) == 13


def test_c1_lynx_and_roe_deer_on_a_silver_fir():
    # Lynx 10 + Roe Deer 3 x 2 (itself, the Silver Fir) + Silver Fir 2 x 2 = 20.
    assert total([tree("silver_fir", left=card("roe_deer", "silver_fir"),
                       right=card("lynx", "linden"))]) == 20


def test_c1_two_roe_deer_with_a_lynx():
    # The fixture's second Roe Deer [Silver Fir] does not exist (one print of it), so the
    # second one here is Roe Deer [Linden]; a hare [Silver Fir] keeps both roes at 6 each.
    forest = [tree(left=card("roe_deer", "silver_fir"), right=card("lynx", "linden")),
              tree(left=card("roe_deer", "linden"),
                   right=card("european_hare", "silver_fir"))]
    # Lynx 10 + SF roe 3 x 2 (itself, hare) + Linden roe 3 x 2 (itself, Lynx) + hare 1 = 23.
    assert total(forest) == 23


def test_c1_silver_fir_alone_with_a_bear_and_with_three_hares():
    assert total([tree("silver_fir")]) == 0
    assert total([tree("silver_fir", left="brown_bear")]) == 2
    assert total([tree("silver_fir", left=["european_hare"] * 3)]) == 15


def test_c1_wild_boar_and_squeaker():
    assert total([tree(left="wild_boar")]) == 0
    assert total([tree(left="wild_boar", right="squeaker")]) == 11


def test_c1_fallow_deer():
    assert total([tree(left="fallow_deer")]) == 3
    assert total([tree(left="fallow_deer", right="squeaker")]) == 7
    assert total([tree(right=card("fallow_deer", "sycamore")),
                  tree(left=card("roe_deer", "silver_fir"))]) == 9


def test_c1_lone_toads_and_a_lone_bat_score_nothing():
    assert total([tree(bottom="common_toad")]) == 0
    assert total([tree(bottom="common_toad"), tree(bottom="common_toad")]) == 0
    assert total([tree(left="greater_horseshoe_bat")]) == 0


# --- C2. soldag/forest-shuffle-scoring per-card tests ------------------------------------------

@pytest.mark.parametrize(("beeches", "each"), [(1, 0), (2, 0), (3, 0), (4, 5), (5, 5)])
def test_c2_beech_each(beeches, each):
    result = sheet(trees("beech", beeches)).players[0]
    assert [line.points for line in result.lines if line.item == "beech"] == [each] * beeches


def test_c2_beech_other_trees_do_not_count_but_a_bee_at_a_beech_does():
    assert points([*trees("beech", 3), tree("oak")], of="beech") == 0
    assert points([*trees("beech", 3), tree("beech", left="violet_carpenter_bee")],
                  of="beech") == 20


@pytest.mark.parametrize(("filled", "expected"), [
    ({}, 0), ({"top": 1}, 2), ({"top": 1, "bottom": 1}, 4),
    ({"top": 1, "bottom": 1, "left": 1}, 6), ({"top": 1, "bottom": 1, "left": 1, "right": 1}, 8),
    ({"top": 2, "bottom": 1, "left": 2, "right": 1}, 12)])
def test_c2_silver_fir_counts_every_card_in_its_slots(filled, expected):
    contents = {"top": ["peacock_butterfly", "purple_emperor"], "bottom": ["stinging_nettle"],
                "left": ["european_hare", "european_hare"], "right": ["squeaker"]}
    slots = {slot: contents[slot][:n] for slot, n in filled.items()}
    assert points([tree("silver_fir", **slots)], of="silver_fir") == expected


@pytest.mark.parametrize(("others", "expected"), [(0, 2), (1, 4), (5, 12)])
def test_c2_wood_ant_counts_cards_below_trees(others, expected):
    ant = tree("birch", top="tawny_owl", left="squeaker", right="european_badger",
               bottom="wood_ant")
    below = ["pond_turtle", "pond_turtle", "mole", "mole", "penny_bun"][:others]
    assert points([ant, *(tree(bottom=b) for b in below)], of="wood_ant") == expected


def test_c2_wood_ant_below_a_shrub_counts_nothing_below_shrubs():
    assert points([tree("elderberry", bottom="wood_ant")], of="wood_ant") == 0


@pytest.mark.parametrize(("mine", "theirs", "expected"), [
    ([tree("birch")] * 3, [tree("birch")], 10),
    ([tree("birch")], [tree("birch")], 10),
    ([tree("birch")], [tree("birch")] * 2, 0),
    ([tree("birch")], saplings(2), 0),
    ([tree("birch")], [tree("birch", left="violet_carpenter_bee",
                            right="violet_carpenter_bee")], 0)])
def test_c2_woodpecker_most_trees(mine, theirs, expected):
    forest = [{**mine[0], "top": "great_spotted_woodpecker"}, *mine[1:]]
    assert points(forest, theirs, of="great_spotted_woodpecker") == expected


@pytest.mark.parametrize(("mine", "theirs", "each"), [(2, 1, 3), (2, 2, 3), (2, 3, 1)])
def test_c2_linden_majority(mine, theirs, each):
    result = sheet(trees("linden", mine), trees("linden", theirs)).players[0]
    assert [line.points for line in result.lines if line.item == "linden"] == [each] * mine


def test_c2_moss_with_ten_saplings():
    assert points([tree(bottom="moss"), *saplings(9)], of="moss") == 10
    assert points([tree(bottom="moss"), *saplings(8)], of="moss") == 0


def test_c2_toads():
    assert points([tree(bottom="common_toad")], of="common_toad") == 0
    result = sheet([tree(bottom=["common_toad", "common_toad"])]).players[0]
    assert [line.points for line in result.lines if line.item == "common_toad"] == [5, 5]


# --- C3a. Sorfar/forest-shuffle --------------------------------------------------------------

def test_c3a_mixed_forest():
    forest = [tree("silver_fir", top="purple_emperor", right="wild_boar", left="fallow_deer"),
              tree("oak", left="mountain_hare", bottom="edelweiss")]
    assert total(forest) == 16
