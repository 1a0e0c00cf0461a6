"""Every Alpine, Woodland Edge, Exploration and promo species, and the Exploration caves.

Expected numbers come from forest_shuffle_cards.md (§1 engine rules, §3 Alpine, §4 Woodland Edge,
§5 Exploration and promos, §6 caves) and forest_shuffle_rulings.md, worked out in comments.

Already tested elsewhere and not repeated here (test_examples.py / test_species.py): A1 Alpine
Marmot 2 x 9, A2 Alpine Newt 2 x 6, A5 Barn Owl 2 x 9, A6 Bearded Vulture 2 x 12 + cave, A8 Mountain
Hares among the hares, A10 Say's Firefly as the 5th firefly, A11 the 4th Fire Salamander, A12
butterfly sets of 6-8 (Phoebus Apollo, Map Butterfly, Brimstone), A13 the Digitalis table, A14 the
Marsh Cinquefoil table and its shrubs, Nightingale on an Elderberry / an Oak, Polecat alone / not
alone on an Oak, female Wild Boar with a base + a WE Squeaker, Wildcat with shrub and WE Squeaker,
Bison with an Oak and a Beech, Chamois with a filled-in Penny Bun, Mistletoe's flip, Red Squirrel
atop a Turkey Oak, caves lonely 0/2, collector's 3, bat cave 2 + 1 bat.

⚠ marks a test that rests on a reading the document itself flags as uncertain.
"""

import pytest

from scorer.forest_shuffle import score
from tests.scorer.forest_shuffle.forests import (
    card,
    check,
    points,
    saplings,
    sheet,
    table,
    tree,
    trees,
)

BASE_TREES = ["beech", "birch", "douglas_fir", "horse_chestnut", "linden", "oak", "silver_fir",
              "sycamore"]
WE_BATS = {"savis_pipistrelle", "common_pipistrelle", "duerer_fledermaus", "barbastelle_bat"}


def each(forest, of, *others):
    """The points of every line of one species, in forest order."""
    return [line.points for line in sheet(forest, *others).players[0].lines if line.item == of]


def problem_keys(*forests):
    game, problems = check(table(*forests))
    assert game is None
    return [(p.place, p.key) for p in problems]


# --- Fixed points: every copy scores the printed number, whatever else is in the forest --------

@pytest.mark.parametrize(("entry", "of", "expected"), [
    # §3 Alpine
    (tree("european_larch"), "european_larch", 3),
    (tree(top="common_raven"), "common_raven", 5),
    (tree(bottom="edelweiss"), "edelweiss", 3),
    (tree(left="steinbock"), "steinbock", 10),
    (tree(right=card("steinbock", "stone_pine")), "steinbock", 10),
    (tree(bottom="black_trumpet"), "black_trumpet", 0),
    # §4 Woodland Edge (shrubs score 0, §1.6)
    (tree("blackthorn"), "blackthorn", 0),
    (tree("common_hazel"), "common_hazel", 0),
    (tree("elderberry"), "elderberry", 0),
    (tree(top="eurasian_magpie"), "eurasian_magpie", 3),
    (tree(bottom="water_vole"), "water_vole", 0),
    # §5 Exploration: reprints score as their base species
    (tree("moor_birch"), "moor_birch", 1),
    (tree(top="cardinal"), "cardinal", 5),
    (tree(bottom="wild_tulip"), "wild_tulip", 3),
    (tree(bottom="eierschwammerl"), "eierschwammerl", 0),
    (tree(bottom=card("water_vole", "linden")), "water_vole", 0),  # the 3rd, Exploration's
    (tree(left="genet"), "genet", 5),
    (tree(right="red_panda"), "red_panda", 2),
    (tree(right=card("european_badger", "beech")), "european_badger", 2),  # the 5th
    # promo
    (tree(right="robber"), "robber", 7),
])
def test_fixed_points(entry, of, expected):
    assert each([entry], of) == [expected]


def test_fixed_points_every_copy_scores():
    forest = [*trees("european_larch", 2), tree(top="common_raven"), tree(top="common_raven"),
              tree(left="steinbock"), tree(right=card("steinbock", "douglas_fir"))]
    expected = 2 * 3 + 2 * 5 + 2 * 10
    assert points(forest, of={"european_larch", "common_raven", "steinbock"}) == expected


def test_cuckoo_shares_a_top_slot_with_a_bird_and_both_score():
    # §1.7: the Cuckoo goes in a top slot already holding a bird; Cuckoo 7, Tawny Owl 5.
    forest = [tree("silver_fir", top=["tawny_owl", "cuckoo"])]
    result = sheet(forest).players[0]
    assert [(x.item, x.points) for x in result.lines if x.category == "top"] == [
        ("tawny_owl", 5), ("cuckoo", 7)]
    # The Silver Fir counts both cards of the shared slot: 2 x 2.
    assert points(forest, of="silver_fir") == 4


def test_cuckoo_cannot_share_with_a_non_bird():
    # Two mistakes: the slot cannot be shared, and the Cuckoo still has no bird (ruling).
    assert problem_keys([tree(top=["peacock_butterfly", "cuckoo"])]) == [
        ("players[0].forest[0].top", "forest_shuffle.slot_shared"),
        ("players[0].forest[0].top[1]", "forest_shuffle.needs_company")]


@pytest.mark.parametrize(("top", "place"), [("cuckoo", "top"), (["cuckoo"], "top[0]")])
def test_a_cuckoo_without_a_bird_under_it_is_invalid(top, place):
    # Ruling "A Cuckoo needs a bird under it": a lone Cuckoo is a problem at its own place.
    game, problems = check(table([tree("birch", top=top)]))
    assert game is None
    assert [(p.place, p.key, p.params) for p in problems] == [
        (f"players[0].forest[0].{place}", "forest_shuffle.needs_company",
         {"card": "cuckoo", "slot": "top", "symbol": "bird"})]


def test_a_cuckoo_needs_its_bird_in_the_same_top_slot():
    forest = [tree("birch", top="tawny_owl"), tree("oak", top="cuckoo")]
    assert problem_keys(forest) == [("players[0].forest[1].top", "forest_shuffle.needs_company")]


def test_the_cuckoo_may_be_listed_before_its_bird():
    assert points([tree("birch", top=["cuckoo", "goshawk"])], of="cuckoo") == 7


# --- Alpine: Stone Pine, Bearded Vulture, Golden Eagle, Blueberry, Gentian ----------------------

def test_stone_pine_counts_itself():
    assert each([tree("stone_pine")], "stone_pine") == [1]


def test_stone_pines_count_every_alps_card_and_no_base_card():
    forest = [tree("stone_pine"), tree("stone_pine", left="mountain_hare"),
              tree("european_larch", bottom="edelweiss"),
              tree("birch", left="european_hare", bottom="moss", top="tawny_owl")]
    # Alps: 2 Stone Pines + Mountain Hare + Larch + Edelweiss = 5, each Stone Pine 5.
    assert each(forest, "stone_pine") == [5, 5]


@pytest.mark.parametrize(("cave_type", "cave", "vulture", "cave_points"), [
    ("regular_cave", 0, 0, 0),  # nothing in the cave: 0
    ("regular_cave", 5, 5, 5),
    ("collectors_cave", 3, 3, 6),  # 1 per CARD, not per cave point (cave: 2 x 3)
    ("lonely_cave", 0, 0, 5),  # the empty Lonely Cave scores 5, the Vulture 0 cards
])
def test_bearded_vulture_counts_cards_in_the_cave(cave_type, cave, vulture, cave_points):
    data = table([tree(top="bearded_vulture")], caves=(cave,))
    data["players"][0]["cave_type"] = cave_type
    game, problems = check(data)
    assert problems == []
    player = score(game).players[0]
    assert (player.categories["top"], player.categories["cave"]) == (vulture, cave_points)


def test_golden_eagle_counts_pawed_and_amphibians():
    assert each([tree(top="golden_eagle", left="steinbock")], "golden_eagle") == [0]
    forest = [tree(top="golden_eagle", left="european_hare", right="alpine_marmot",
                   bottom="common_toad"),
              tree(left="european_badger", bottom="alpine_newt", top="tawny_owl")]
    # Pawed: hare, marmot, badger = 3; amphibians: toad, newt = 2; birds not → 5.
    assert each(forest, "golden_eagle") == [5]


def test_blueberry_counts_different_bird_species():
    assert each([tree(bottom="blueberry", left="european_hare")], "blueberry") == [0]
    forest = [tree(bottom="blueberry", top="goshawk"), tree(top="goshawk"),
              tree(top=["tawny_owl", "cuckoo"], left="capercaillie")]
    # Species: Goshawk (twice, counted once), Tawny Owl, Cuckoo, Capercaillie = 4 → 2 x 4.
    assert each(forest, "blueberry") == [8]


def test_gentian_counts_butterflies_not_other_insects():
    assert each([tree(bottom="gentian", left="gnat")], "gentian") == [0]
    forest = [tree(bottom="gentian", top="peacock_butterfly"),
              tree(top="phoebus_apollo", bottom="fireflies"), tree(top="map_butterfly")]
    # Butterflies: Peacock, Phoebus Apollo, Map Butterfly = 3 (Fireflies are insects only) → 9.
    assert each(forest, "gentian") == [9]


def test_phoebus_apollo_is_a_butterfly_species_and_an_insect():
    assert each([tree(top="phoebus_apollo")], "phoebus_apollo") == [0]  # a set of 1
    forest = [tree(top="phoebus_apollo", bottom="alpine_newt"), tree(top="phoebus_apollo"),
              tree(top="purple_emperor")]
    # Sets: {Apollo, Purple Emperor} 3 + {Apollo} 0; the newt counts 3 insects → 6.
    assert points(forest, of={"phoebus_apollo", "purple_emperor"}) == 3
    assert each(forest, "alpine_newt") == [6]


def test_alpine_newt_counts_insects_incl_butterflies_not_itself():
    assert each([tree(bottom="alpine_newt")], "alpine_newt") == [0]
    forest = [tree(bottom="alpine_newt", top="map_butterfly", left="bee_swarm")]
    assert each(forest, "alpine_newt") == [4]  # 2 x (Map Butterfly, Bee Swarm)


def test_alpine_marmot_counts_plant_species_once_each():
    assert each([tree(left="alpine_marmot", bottom="black_trumpet")], "alpine_marmot") == [0]
    forest = [tree(left="alpine_marmot", bottom="edelweiss"), tree(bottom="edelweiss"),
              tree(bottom="gentian", top="mistletoe"), tree(bottom="eierschwammerl")]
    # Plant species: Edelweiss (x2), Gentian, Mistletoe; a mushroom is no plant → 3 x 3.
    assert each(forest, "alpine_marmot") == [9]


# --- Alpine: hares, Chamois, Capercaillie, Savi's Pipistrelle ---------------------------------

def test_mountain_hare_scores_and_is_counted_as_a_hare():
    forest = [tree(left=["european_hare", "european_hare"]), tree(left="mountain_hare",
                                                                 right="red_fox")]
    # 3 hares: each hare 3 (9 in all), the Red Fox 2 x 3.
    assert each(forest, "mountain_hare") == [3]
    assert points(forest, of={"european_hare", "mountain_hare"}) == 9
    assert each(forest, "red_fox") == [6]


def test_mountain_hare_never_shares_a_slot():
    assert problem_keys([tree(left=["european_hare", "mountain_hare"])]) == [
        ("players[0].forest[0].left", "forest_shuffle.slot_shared")]


def test_chamois_counts_cards_with_its_own_tree_symbol_incl_itself():
    forest = [tree("stone_pine", right=card("chamois", "stone_pine"),
                   left=card("capercaillie", "stone_pine"),
                   top=card("bearded_vulture", "stone_pine")),
              tree("stone_pine"),
              tree("european_larch", left=card("alpine_marmot", "european_larch")), tree()]
    # Stone Pine symbols: 2 trees, Chamois, Capercaillie, Vulture = 5 → 15; Larch cards and the
    # sapling (no symbol, §1.5) do not count.
    assert each(forest, "chamois") == [15]


def test_chamois_alone_on_a_sapling_counts_only_itself():
    assert each([tree(left="chamois")], "chamois") == [3]  # left prints only European Larch


def test_two_chamois_each_count_their_own_symbol():
    forest = [tree("european_larch", left=card("chamois", "european_larch")),
              tree(right=card("chamois", "douglas_fir"))]
    # Larch Chamois: the Larch + itself = 6; Douglas Fir Chamois: itself = 3.
    assert each(forest, "chamois") == [6, 3]


def test_chamois_counts_a_shrub_showing_its_symbol():
    # ⚠ §1.6 "our reading": shrubs show a tree-species symbol that Roe Deer/Chamois/Bison count.
    forest = [tree("blackthorn", symbol="douglas_fir", right=card("chamois", "douglas_fir"))]
    assert each(forest, "chamois") == [6]


def test_capercaillie_counts_plants():
    assert each([tree(left="capercaillie")], "capercaillie") == [0]
    forest = [tree(left="capercaillie", right="capercaillie", bottom="edelweiss"),
              tree(bottom="moss", top="mistletoe")]
    # Plants: Edelweiss, Moss, Mistletoe = 3; two Capercaillies score 3 each.
    assert each(forest, "capercaillie") == [3, 3]


@pytest.mark.parametrize(("bats", "each_bat"), [
    (["savis_pipistrelle"], 0),
    (["savis_pipistrelle", "savis_pipistrelle", "common_pipistrelle"], 0),  # 2 species: one short
    (["savis_pipistrelle", "common_pipistrelle", "duerer_fledermaus"], 5),  # exactly 3
    (["savis_pipistrelle", "savis_pipistrelle", "common_pipistrelle", "barbastelle_bat"], 5),
])
def test_expansion_bats_need_three_different_bat_species(bats, each_bat):
    forest = [tree(left=bat) for bat in bats]
    result = sheet(forest).players[0]
    assert [x.points for x in result.lines if x.item in WE_BATS] == [each_bat] * len(bats)


# --- Woodland Edge ----------------------------------------------------------------------------

@pytest.mark.parametrize(("host", "expected"), [
    ("blackthorn", 5), ("common_hazel", 5), ("elderberry", 5), ("sapling", 0), ("beech", 0)])
def test_nightingale_only_atop_a_shrub(host, expected):
    assert each([tree(host, top="nightingale")], "nightingale") == [expected]


def test_shrubs_are_not_trees():
    forest = [tree("blackthorn", left="troll"), tree("common_hazel"), tree("elderberry"),
              tree(bottom="marsh_cinquefoil")]
    assert each(forest, "troll") == [1]  # only the sapling
    assert each(forest, "marsh_cinquefoil") == [15]  # 1 tree: 0-5 → 15


def test_barn_owl_counts_bats_even_when_they_score_nothing():
    assert each([tree(top="barn_owl")], "barn_owl") == [0]
    forest = [tree(top="barn_owl", left="barbastelle_bat", right="common_pipistrelle")]
    assert each(forest, "barn_owl") == [6]  # 2 bats (of 2 species: the bats score 0)
    assert points(forest, of=WE_BATS) == 0


def test_map_butterfly_joins_the_set_and_is_a_woodland_edge_card():
    assert each([tree(top="map_butterfly")], "map_butterfly") == [0]
    forest = [tree(top="map_butterfly", left="european_wildcat"), tree(top="phoebus_apollo"),
              tree(top="brimstone")]
    assert points(forest, of={"map_butterfly", "phoebus_apollo", "brimstone"}) == 6  # set of 3
    assert each(forest, "european_wildcat") == [2]  # itself + Map Butterfly


def test_digitalis_counts_plant_species_in_any_slot():
    forest = [tree(bottom="digitalis", top="mistletoe"), tree(bottom="wild_tulip"),
              tree(bottom="eierschwammerl"), tree(bottom="black_trumpet")]
    # Plant species: Digitalis, Mistletoe, Wild Tulip = 3 (mushrooms are not plants) → 6.
    assert each(forest, "digitalis") == [6]


def test_stinging_nettle_counts_every_butterfly_not_other_insects():
    assert each([tree(bottom="stinging_nettle", left="bee_swarm")], "stinging_nettle") == [0]
    forest = [tree("elderberry", bottom="stinging_nettle",
                   top=["map_butterfly", "peacock_butterfly", "purple_emperor"]),
              tree(top="brimstone", bottom="fireflies")]
    # Butterflies: 3 sharing the shrub's top slot + Brimstone = 4 → 2 x 4.
    assert each(forest, "stinging_nettle") == [8]
    # 4 different butterflies in one set: 12.
    assert points(forest, of={"map_butterfly", "peacock_butterfly", "purple_emperor",
                              "brimstone"}) == 12


def test_stinging_nettle_opens_the_top_slot_to_butterflies_only():
    assert problem_keys([tree(top=["tawny_owl", "peacock_butterfly"],
                              bottom="stinging_nettle")]) == [
        ("players[0].forest[0].top", "forest_shuffle.slot_shared")]


def test_great_green_bush_cricket_counts_insects_incl_itself():
    assert each([tree(bottom="great_green_bush_cricket")], "great_green_bush_cricket") == [1]
    forest = [tree(bottom="great_green_bush_cricket", top="map_butterfly", left="gnat"),
              tree(bottom="great_green_bush_cricket", right="bee_swarm")]
    # Insects: 2 crickets, Map Butterfly, Gnat, Bee Swarm = 5, each cricket 5.
    assert each(forest, "great_green_bush_cricket") == [5, 5]


def test_bee_swarm_counts_plants():
    assert each([tree(left="bee_swarm")], "bee_swarm") == [0]
    forest = [tree(left="bee_swarm", bottom="digitalis"), tree(bottom="wild_tulip")]
    assert each(forest, "bee_swarm") == [2]


def test_crane_fly_counts_bats():
    assert each([tree(left="crane_fly")], "crane_fly") == [0]
    forest = [tree(left="crane_fly", right="common_pipistrelle"), tree(left="barbastelle_bat")]
    assert each(forest, "crane_fly") == [2]


def test_european_bison_counts_itself_a_turkey_oak_and_a_hazel_showing_oak():
    forest = [tree("turkey_oak", left=card("european_bison", "oak")),
              tree("common_hazel", symbol="oak"), tree(), tree("linden"), tree("moor_birch")]
    # Oak/Beech symbols: the Bison, the Turkey Oak (Oak symbol, §5), the Hazel [Oak] (⚠ §1.6
    # reading) = 3 → 6. Sapling, Linden and Moor Birch [Birch] do not count.
    assert each(forest, "european_bison") == [6]


def test_european_bison_counts_reprints_with_beech():
    # The 4th (Exploration) Bison [Beech] and the 4th Fire Salamander [Beech].
    forest = [tree(left=card("european_bison", "beech", box="exploration"),
                   bottom=card("fire_salamander", "beech"))]
    assert each(forest, "european_bison") == [4]


def test_a_bison_without_its_symbol_still_counts_itself():
    # Every left Bison shows Beech or Oak, so its symbol changes nothing and may be left out —
    # but it still shows one of them: 2 x 1. Likewise a Silver-Washed Fritillary (Beech or Oak)
    # and a right Crane Fly (Beech or Oak). Bug fixed in scoring._per_tree_symbol (was 0).
    assert each([tree(left="european_bison")], "european_bison") == [2]
    forest = [tree(left="european_bison", top="silver_washed_fritillary", right="crane_fly")]
    assert each(forest, "european_bison") == [6]


@pytest.mark.parametrize(("entry", "expected"), [
    (tree("oak", left="european_polecat"), 10),
    (tree("blackthorn", right="european_polecat"), 10),  # "its tree or shrub"
    (tree(left="european_polecat"), 10),  # a sapling
    (tree("elderberry", left="european_polecat", bottom="water_vole"), 0),
    (tree(left="european_polecat", right="european_badger"), 0),
    (tree(left="european_polecat", top="eurasian_magpie"), 0),
])
def test_european_polecat_only_card_on_its_host(entry, expected):
    assert each([entry], "european_polecat") == [expected]


def test_european_wildcat_counts_every_woodland_edge_card():
    forest = [tree("elderberry", left="european_wildcat", top="cardinal"),
              tree(bottom="says_firefly", top="robin",
                   left=card("squeaker", box="woodland_edge")),
              tree(top=card("mistletoe", box="promo"), left="squeaker"),
              tree(right="white_stork", bottom="wild_tulip")]
    # WE: Wildcat, Elderberry, Cardinal, Say's Firefly, Robin, WE Squeaker, promo Mistletoe,
    # White Stork, Wild Tulip = 9; the base Squeaker and saplings not.
    assert each(forest, "european_wildcat") == [9]


def test_the_exploration_mistletoe_is_not_a_woodland_edge_card():
    forest = [tree(left="european_wildcat", top="mistletoe")]
    assert each(forest, "european_wildcat") == [1]


@pytest.mark.parametrize(("squeakers", "expected"), [
    ([], 0),
    (["squeaker"], 10),
    (["squeaker", card("squeaker", box="woodland_edge"),
      card("squeaker", "douglas_fir", box="promo")], 30),
])
def test_female_wild_boar_scores_10_per_squeaker(squeakers, expected):
    forest = [tree(left="wild_boar_female"), *(tree(right=s) for s in squeakers)]
    assert each(forest, "wild_boar_female") == [expected]


# --- Exploration trees ------------------------------------------------------------------------

def test_moor_birch_is_a_birch_for_tree_species():
    forest = [tree("moor_birch")] + [tree(t) for t in BASE_TREES if t != "birch"]
    # 8 species with the Moor Birch as the Birch → the Oak 10.
    assert each(forest, "oak") == [10]
    assert each(forest, "moor_birch") == [1]


def test_o_christmas_tree_is_a_silver_fir():
    fir = tree("o_christmas_tree", top="tawny_owl", left=["european_hare", "european_hare"])
    assert each([fir], "o_christmas_tree") == [6]  # 2 x 3 cards, the shared slot's both
    assert each([tree("o_christmas_tree")], "o_christmas_tree") == [0]
    forest = [tree("o_christmas_tree")] + [tree(t) for t in BASE_TREES if t != "silver_fir"]
    assert each(forest, "oak") == [10]


def test_turkey_oak_scores_cloven_animals_not_the_oak_bonus():
    assert each([tree("turkey_oak")], "turkey_oak") == [0]
    forest = [tree("turkey_oak", left="fallow_deer", right=card("squeaker", "oak")),
              tree(left="elk", right=card("chamois", "douglas_fir")), tree(left="sheep")]
    # Cloven: Fallow Deer, Squeaker, Elk, Chamois, Sheep = 5.
    assert each(forest, "turkey_oak") == [5]
    # With 7 other species it makes 8 (the Oak's species, §5) for Wild Strawberries, but it
    # never scores the Oak's 10 itself.
    eight = [tree("turkey_oak", bottom="wild_strawberries")] + [
        tree(t) for t in BASE_TREES if t != "oak"]
    assert each(eight, "wild_strawberries") == [10]
    assert each(eight, "turkey_oak") == [0]


def test_turkey_oak_and_oak_are_one_species():
    forest = [tree("turkey_oak")] + [tree(t) for t in BASE_TREES if t != "birch"]
    assert each(forest, "oak") == [0]  # 7 species


def test_palm_tree_counts_birds():
    assert each([tree("palm_tree")], "palm_tree") == [0]
    forest = [tree("palm_tree", top="goshawk", left="capercaillie", right="white_stork"),
              tree(top=["eurasian_jay", "cuckoo"])]
    assert each(forest, "palm_tree") == [5]  # Goshawk, Capercaillie, Stork, Jay, Cuckoo


def test_palm_tree_is_its_own_tree_species():
    forest = [tree("palm_tree", bottom="wild_strawberries")] + [
        tree(t) for t in BASE_TREES if t != "birch"]
    # 7 base species + Golden Palm = 8.
    assert each(forest, "oak") == [10]
    # ⚠ APX2's Wild Strawberries entry omits the Palm Tree from its species list, its Oak entry
    # lists it; §2c says Wild Strawberries is "the same test as Oak", so it scores here too.
    assert each(forest, "wild_strawberries") == [10]


# --- Exploration dwellers ---------------------------------------------------------------------

def test_robin_counts_insects():
    assert each([tree(top="robin", bottom="moss")], "robin") == [0]
    forest = [tree(top="robin", left="gnat", bottom="great_green_bush_cricket"),
              tree(top="brimstone")]
    assert each(forest, "robin") == [3]  # Gnat, Cricket, Brimstone (a butterfly is an insect)


def test_whinchat_counts_plants():
    assert each([tree(top="whinchat", bottom="fireflies")], "whinchat") == [0]
    forest = [tree(top="whinchat", bottom="blueberry"), tree(top="mistletoe", bottom="moss")]
    assert each(forest, "whinchat") == [3]


def test_brimstone_alone_is_a_set_of_one():
    assert each([tree(top="brimstone")], "brimstone") == [0]
    assert points([tree(top="brimstone"), tree(top="map_butterfly")],
                  of={"brimstone", "map_butterfly"}) == 3


def test_mistletoe_counts_plants_incl_itself():
    assert each([tree(top="mistletoe")], "mistletoe") == [1]
    forest = [tree("birch", top="mistletoe", bottom="wild_tulip"), tree(bottom="edelweiss")]
    assert each(forest, "mistletoe") == [3]


def test_mistletoe_takes_a_beech_out_of_the_beech_count():
    forest = [tree("beech", top="mistletoe"), *trees("beech", 3)]
    assert points(forest, of="beech") == 0  # 3 Beeches are left: 1 short of 4
    assert points([*forest, tree("beech")], of="beech") == 20


def test_a_mistletoe_sapling_is_still_a_tree():
    forest = [tree("sycamore"), tree("oak", top="mistletoe", left="troll")]
    assert each(forest, "sycamore") == [2]  # the Sycamore and the sapling
    assert each(forest, "troll") == [2]


def test_mistletoe_on_a_shrub_does_not_make_a_sapling():
    # §1.5: Mistletoe turns its host TREE into a sapling; a shrub is no tree (§1.6).
    forest = [tree("sycamore"), tree("elderberry", top="mistletoe")]
    assert each(forest, "sycamore") == [1]
    assert sheet(forest).players[0].lines[1].item == "elderberry"


@pytest.mark.parametrize(("extra", "expected"), [
    (saplings(4), 15),  # 5 trees: 0-5 → 15
    ([*saplings(4), tree(left="violet_carpenter_bee")], 7),  # 6 trees
    ([*saplings(4), tree("elderberry", left="violet_carpenter_bee")], 15),  # bee, shrub: no tree
    ([*saplings(4), tree("beech", top="mistletoe")], 7),  # a flipped Beech is still a tree
])
def test_marsh_cinquefoil_counts_trees_not_bees(extra, expected):
    assert each([tree(bottom="marsh_cinquefoil"), *extra], "marsh_cinquefoil") == [expected]


@pytest.mark.parametrize(("fireflies", "expected"), [(0, 0), (1, 10), (2, 15), (3, 20)])
def test_says_firefly_is_a_firefly(fireflies, expected):
    forest = [tree(bottom="says_firefly"), *saplings(fireflies, bottom="fireflies")]
    assert points(forest, of={"says_firefly", "fireflies"}) == expected


def test_sable_counts_pawed_animals_incl_itself():
    assert each([tree(right="sable")], "sable") == [3]
    forest = [tree(right="sable", left="european_hare", bottom="hedgehog"),
              tree(left="alpine_marmot", right="red_panda")]
    assert each(forest, "sable") == [15]  # Sable, Hare, Hedgehog, Marmot, Red Panda = 5 → 3 x 5


def test_arctic_fox_counts_hares():
    assert each([tree(left="arctic_fox")], "arctic_fox") == [0]
    forest = [tree(left="arctic_fox", right=["european_hare", "european_hare"]),
              tree(left="mountain_hare")]
    assert each(forest, "arctic_fox") == [6]  # 2 x 3 hares


def test_troll_counts_trees_and_saplings_not_bees_or_shrubs():
    forest = [tree(right="troll", left="violet_carpenter_bee"), tree("birch"),
              tree("blackthorn"), tree("stone_pine")]
    assert each(forest, "troll") == [3]  # sapling, Birch, Stone Pine


def test_elk_counts_itself_and_the_sapling_it_sits_on():
    # ⚠ 2 per item (APX, SOL, GLA); GAR says 3. Symbols Birch + Douglas Fir (APX2 reads
    # Silver Fir + Linden, its icon readings are unreliable).
    assert each([tree(left="elk")], "elk") == [4]  # the Elk [Birch] 2 + 1 sapling 2


def test_elk_counts_birch_and_douglas_fir_symbols_and_saplings():
    forest = [tree("birch", left="elk"), tree("douglas_fir"), tree("moor_birch"), tree("beech"),
              tree("blackthorn", symbol="douglas_fir"),
              tree(right=card("european_hare", "douglas_fir"),
                   left=card("violet_carpenter_bee", "silver_fir")),
              tree(), tree("silver_fir", top=card("bullfinch", "silver_fir"))]
    # Birch: Birch, Elk, Moor Birch = 3; Douglas Fir: Douglas Fir, Blackthorn [DF] (⚠ §1.6
    # reading), promo Hare [DF] = 3; saplings: 2 (a bee is no sapling) → 2 x 6 + 2 x 2 = 16.
    assert each(forest, "elk") == [16]


def test_elk_is_a_deer():
    forest = [tree(left="elk", right="wolf"), tree(left="fallow_deer")]
    assert each(forest, "wolf") == [10]  # 5 per Deer: Elk, Fallow Deer
    assert each(forest, "fallow_deer") == [6]  # 3 per Cloven: Elk, itself


def test_white_stork_counts_insects_and_amphibians():
    assert each([tree(right="white_stork", top="tawny_owl")], "white_stork") == [0]
    forest = [tree(right="white_stork", left="gnat", top="map_butterfly",
                   bottom="common_toad"),
              tree(bottom="alpine_newt")]
    assert each(forest, "white_stork") == [4]  # Gnat, Map Butterfly + Toad, Newt


def test_the_fourth_gnat_is_a_gnat():
    forest = [tree(left=card("gnat", "oak"), bottom="tree_frog", right="barbastelle_bat")]
    assert each(forest, "gnat") == [1]  # 1 per bat
    assert each(forest, "tree_frog") == [5]  # 5 per Gnat


# --- Promos -------------------------------------------------------------------------------------

def test_duerer_fledermaus_is_a_bat_species_of_its_own():
    forest = [tree(left="duerer_fledermaus"), tree(left="barbastelle_bat")]
    assert points(forest, of=WE_BATS) == 0  # 2 species
    forest.append(tree(right="brown_long_eared_bat"))
    assert each(forest, "duerer_fledermaus") == [5]


def test_the_promo_hare_is_a_hare():
    forest = [tree(right=card("european_hare", "douglas_fir")), tree(left="european_hare")]
    assert points(forest, of="european_hare") == 4


def test_meeps_counts_woodland_edge_cards_like_a_wildcat():
    # ⚠ single source (SOL): Meeps counts as a European Wildcat, incl. its own WE symbol.
    forest = [tree("elderberry", left="meeps"), tree(bottom="digitalis")]
    assert each(forest, "meeps") == [3]  # Meeps, Elderberry, Digitalis


def test_sheep_counts_cloven_animals_incl_itself():
    assert each([tree(left="sheep")], "sheep") == [3]
    forest = [tree(left="sheep", right=card("squeaker", "oak")), tree(left="elk")]
    assert each(forest, "sheep") == [9]  # Sheep, Squeaker, Elk


# --- Exploration caves (§6) -------------------------------------------------------------------

@pytest.mark.parametrize(("cave_type", "cards", "forest", "expected"), [
    ("regular_cave", 3, [], 3),
    ("bat_cave", 0, [tree(left="savis_pipistrelle"), tree(left="common_pipistrelle")], 6),
    ("bat_cave", 2, [], 2),
    ("bat_cave", 1, [tree(left="duerer_fledermaus", top="barn_owl", right="crane_fly")], 4),
    ("collectors_cave", 0, [], 0),
    ("collectors_cave", 4, [], 8),
    ("lonely_cave", 0, [tree(left="european_badger")], 5),
    ("lonely_cave", 1, [], 1),  # not empty: 1 per card
    ("lonely_cave", 6, [], 6),
    ("smugglers_cave", 3, [], 3),
    ("storage_cave", 3, [], 3),
])
def test_caves(cave_type, cards, forest, expected):
    data = table(forest, caves=(cards,))
    data["players"][0]["cave_type"] = cave_type
    game, problems = check(data)
    assert problems == []
    line = score(game).players[0].lines[-1]
    assert (line.item, line.category, line.points) == (cave_type, "cave", expected)
