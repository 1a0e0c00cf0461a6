"""Edge cases per species: the trickiest rules of forest_shuffle_cards.md §1-4 and the rulings."""

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


def lines(result, item, player=0):
    return [line for line in result.players[player].lines if line.item == item]


# --- Majorities: Linden and Great Spotted Woodpecker ------------------------------------------

def test_linden_ties_with_every_other_forest_score_3_for_all_tied():
    result = sheet(trees("linden", 2), trees("linden", 2), trees("linden", 1))
    assert [sum(line.points for line in lines(result, "linden", p)) for p in range(3)] == [6, 6, 1]


def test_linden_bees_at_lindens_count_for_the_comparison_only():
    mine = [tree("linden", left="violet_carpenter_bee"), tree("linden")]
    result = sheet(mine, trees("linden", 3))
    assert [line.points for line in lines(result, "linden")] == [3, 3]
    assert [line.points for line in lines(result, "linden", 1)] == [3, 3, 3]
    explain = lines(result, "linden")[0].explain
    assert explain.key == "forest_shuffle.majority_species_bees"
    assert explain.params == {"species": ["linden"], "count": 3, "bees": 1, "best_other": 3,
                              "has_most": True, "points": 3}


def test_linden_a_bee_at_another_tree_does_not_count():
    result = sheet([tree("linden"), tree("birch", left="violet_carpenter_bee")],
                   trees("linden", 2))
    assert [line.points for line in lines(result, "linden")] == [1]


def test_a_forest_beside_an_empty_one_has_the_majority():
    assert points([tree("linden", top="great_spotted_woodpecker")],
                  of={"linden", "great_spotted_woodpecker"}) == 13


def test_woodpecker_counts_saplings_and_all_bees_but_not_shrubs():
    mine = [tree(top="great_spotted_woodpecker", left="violet_carpenter_bee"), tree("birch")]
    assert points(mine, [tree("birch")] * 3, of="great_spotted_woodpecker") == 10
    assert points(mine, [tree("birch")] * 4, of="great_spotted_woodpecker") == 0
    shrubs = [tree("birch", top="great_spotted_woodpecker"), *trees("elderberry", 3)]
    assert points(shrubs, trees("birch", 2), of="great_spotted_woodpecker") == 0


def test_a_bee_on_a_shrub_does_nothing():
    mine = [tree("birch", top="great_spotted_woodpecker"),
            tree("elderberry", left="violet_carpenter_bee")]
    assert points(mine, trees("birch", 2), of="great_spotted_woodpecker") == 0


def test_each_woodpecker_scores_independently():
    mine = [tree("birch", top="great_spotted_woodpecker"),
            tree("linden", top="great_spotted_woodpecker")]
    assert points(mine, [tree("birch")], of="great_spotted_woodpecker") == 20


# --- Thresholds: Beech, Oak, Wild Strawberries, Moss ------------------------------------------

def test_beech_bee_on_a_shrub_or_at_another_tree_does_not_count():
    assert points([*trees("beech", 3), tree("birch", left="violet_carpenter_bee")],
                  of="beech") == 0


BASE_TREES = ["beech", "birch", "douglas_fir", "horse_chestnut", "linden", "oak", "silver_fir",
              "sycamore"]


def test_oak_and_wild_strawberries_need_8_different_species():
    forest = [tree(t) for t in BASE_TREES]
    forest[0]["bottom"] = "wild_strawberries"
    assert points(forest, of={"oak", "wild_strawberries"}) == 20
    seven = [tree(t) for t in BASE_TREES if t != "birch"] + [tree(), tree("blackthorn")]
    seven[-3]["left"] = "violet_carpenter_bee"  # neither a bee, a sapling nor a shrub adds species
    assert points(seven, of="oak") == 0


def test_oak_any_8_of_10_species_with_alpine():
    forest = [tree(t) for t in BASE_TREES[2:]] + [tree("european_larch"), tree("stone_pine")]
    assert points(forest, of="oak") == 10


def test_oak_explains_the_species_count():
    result = sheet([tree("oak"), tree("oak"), tree("birch")])
    assert lines(result, "oak")[0].explain.params == {
        "tree_species": ["birch", "oak"], "count": 2, "bees": 0, "at_least": 8, "points": 0}


def test_moss_bees_count_as_trees():
    forest = [tree(bottom="moss", left="violet_carpenter_bee"), *saplings(8)]
    assert points(forest, of="moss") == 10


# --- Counting trees: Sycamore, Red Deer ------------------------------------------------------

def test_sycamore_counts_trees_and_saplings_not_bees_or_shrubs():
    forest = [tree("sycamore", left="violet_carpenter_bee"), tree("sycamore"), tree(),
              tree("common_hazel")]
    assert points(forest, of="sycamore") == 6


def test_red_deer_counts_trees_and_plants():
    forest = [tree("birch", left="red_deer", bottom="moss"), tree(bottom="blackberries"),
              tree("elderberry", left="violet_carpenter_bee")]
    assert points(forest, of="red_deer") == 4


# --- Slot conditions ---------------------------------------------------------------------------

@pytest.mark.parametrize(("host", "expected"), [("beech", 5), ("birch", 0), ("sapling", 0)])
def test_chaffinch_only_atop_a_beech(host, expected):
    assert points([tree(host, top="chaffinch")], of="chaffinch") == expected


@pytest.mark.parametrize(("host", "expected"), [("oak", 5), ("turkey_oak", 5), ("sapling", 0),
                                                ("common_hazel", 0), ("beech", 0)])
def test_red_squirrel_only_atop_an_oak(host, expected):
    # Ruling: the Turkey Oak shows the Oak's tree symbol, so it is an Oak for the squirrel (SOL
    # scores 0); a Common Hazel showing the Oak symbol is a shrub, not an Oak.
    assert points([tree(host, top="red_squirrel")], of="red_squirrel") == expected
    hazel = tree("common_hazel", symbol="oak", top="red_squirrel")
    assert points([hazel], of="red_squirrel") == 0


def test_toads_pair_only_in_one_slot():
    assert points([tree(bottom=["common_toad", "common_toad"]), tree(bottom="common_toad")],
                  of="common_toad") == 10


def test_fat_dormouse_needs_a_bat_opposite_on_a_tree():
    assert points([tree(left="european_fat_dormouse", right="barbastelle_bat")],
                  of="european_fat_dormouse") == 15
    assert points([tree(left="european_fat_dormouse", top="bullfinch")],
                  of="european_fat_dormouse") == 0
    assert points([tree("elderberry", left="european_fat_dormouse",
                        right="barbastelle_bat")], of="european_fat_dormouse") == 0


def test_polecat_alone_and_nightingale_on_a_shrub():
    assert points([tree("oak", left="european_polecat")], of="european_polecat") == 10
    assert points([tree("oak", left="european_polecat", top="tawny_owl")],
                  of="european_polecat") == 0
    assert points([tree("elderberry", top="nightingale"), tree("oak", top="nightingale")],
                  of="nightingale") == 5


# --- Lynx (ruling a) and boars ---------------------------------------------------------------

def test_lynx_scores_10_each_with_one_roe_deer():
    forest = [tree(left="lynx", right=card("roe_deer", "beech")), tree(left="lynx")]
    assert points(forest, of="lynx") == 20
    assert points([tree(left="lynx"), tree(left="lynx")], of="lynx") == 0


def test_female_wild_boar_scores_10_per_squeaker_incl_woodland_edge_ones():
    forest = [tree(left="wild_boar_female", right="squeaker"),
              tree(left=card("squeaker", box="woodland_edge"), right="wild_boar")]
    assert points(forest, of="wild_boar_female") == 20
    assert points(forest, of="wild_boar") == 10


def test_wildcat_counts_woodland_edge_cards_incl_shrubs_and_the_we_squeaker():
    forest = [tree("elderberry", left="european_wildcat"),
              tree(left=card("squeaker", box="woodland_edge")), tree(left="squeaker")]
    assert points(forest, of="european_wildcat") == 3


def test_a_squeaker_symbol_picks_its_box():
    # Squeaker [Douglas Fir] on a right side exists only in Woodland Edge: it is a WE card.
    forest = [tree(left="european_wildcat", right=card("squeaker", "douglas_fir"))]
    assert points(forest, of="european_wildcat") == 2


# --- Tree symbols: Roe Deer, Chamois, Bison -------------------------------------------------

def test_roe_deer_counts_trees_shrubs_and_dwellers_with_its_symbol():
    forest = [tree("beech", right=card("roe_deer", "beech"), bottom=card("common_toad", "beech")),
              tree("common_hazel", symbol="beech", left=card("european_hare", "birch"))]
    result = sheet(forest)
    line = lines(result, "roe_deer")[0]
    assert line.points == 12
    assert line.explain.params["tree_symbols"] == ["beech"] and line.explain.params["count"] == 4


def test_chamois_counts_a_filled_in_symbol():
    # Penny Bun is printed with Douglas Fir only, so the app fills it in.
    forest = [tree(right=card("chamois", "douglas_fir"), bottom="penny_bun")]
    assert points(forest, of="chamois") == 6


def test_bison_counts_oak_and_beech_symbols():
    forest = [tree("oak", left=card("european_bison", "oak")),
              tree("beech", right=card("european_bison", "beech"),
                   top=card("tawny_owl", "birch"))]
    assert points(forest, of="european_bison") == 2 * (2 * 4)  # each: 2 trees + 2 bisons


# --- Per-symbol and per-species cards ---------------------------------------------------------

def test_bullfinch_counts_butterflies_as_insects():
    forest = [tree(top="bullfinch", bottom="fireflies"), tree(top="peacock_butterfly")]
    assert points(forest, of="bullfinch") == 4


def test_wolf_tree_frog_tree_ferns_hedgehog_goshawk():
    forest = [tree(left="wolf", right="fallow_deer", top="goshawk", bottom="tree_frog"),
              tree(left="gnat", top="tawny_owl", bottom="tree_ferns"),
              tree(top="purple_emperor", bottom="hedgehog")]
    result = sheet(forest)
    assert [sum(x.points for x in lines(result, s)) for s in
            ("wolf", "tree_frog", "tree_ferns", "hedgehog", "goshawk")] == [5, 5, 6, 2, 6]


def test_bats_need_three_species():
    two = [tree(left="barbastelle_bat"), tree(left="barbastelle_bat"),
           tree(right="brown_long_eared_bat")]
    assert points(two, of={"barbastelle_bat", "brown_long_eared_bat"}) == 0


def test_beech_marten_counts_fully_occupied_trees_not_shrubs():
    full = {"top": "tawny_owl", "bottom": "moss", "left": "squeaker", "right": "european_badger"}
    forest = [tree(**{**full, "left": "beech_marten"}), tree("elderberry", top="eurasian_jay",
              bottom="mole", left="squeaker", right="european_badger")]
    assert points(forest, of="beech_marten") == 5


# --- Sets scored once --------------------------------------------------------------------------

def test_a_set_is_scored_on_its_first_card_and_the_others_point_there():
    result = sheet(saplings(3, bottom="fire_salamander"))
    found = lines(result, "fire_salamander")
    assert [line.points for line in found] == [25, 0, 0]
    assert found[1].explain.key == "forest_shuffle.set_member"
    assert found[1].explain.params == {"set": "fire_salamander", "tree": 1, "slot": "bottom"}


def test_butterfly_sets_explain_the_partition():
    forest = [tree(top=b) for b in ("purple_emperor", "purple_emperor", "peacock_butterfly")]
    line = lines(sheet(forest), "purple_emperor")[0]
    assert line.explain.params == {
        "set": "butterflies", "symbol": "butterfly",
        "cards": ["peacock_butterfly", "purple_emperor", "purple_emperor"], "sizes": [2, 1],
        "values": [3, 0], "points": 3}


def test_butterflies_over_a_stinging_nettle_share_the_top_slot():
    forest = [tree("oak", top=["purple_emperor", "peacock_butterfly"], bottom="stinging_nettle")]
    result = sheet(forest)
    assert result.players[0].categories == {"trees": 0, "top": 3, "bottom": 4, "sides": 0,
                                            "cave": 0}
    assert [line.where for line in result.players[0].lines][1:3] == ["tree 1 top 1",
                                                                    "tree 1 top 2"]


# --- Caves --------------------------------------------------------------------------------------

def test_regular_cave_scores_1_per_card():
    line = sheet([], caves=(4,)).players[0].lines[-1]
    assert (line.item, line.where, line.category, line.points) == ("regular_cave", "cave",
                                                                   "cave", 4)


@pytest.mark.parametrize(("cave_type", "cards", "expected"), [
    ("lonely_cave", 0, 5), ("lonely_cave", 2, 2), ("collectors_cave", 3, 6), ("bat_cave", 2, 5)])
def test_exploration_caves(cave_type, cards, expected):
    data = table([tree(left="barbastelle_bat")], caves=(cards,))
    data["players"][0]["cave_type"] = cave_type
    game, problems = check(data)
    assert problems == []
    assert score(game).players[0].categories["cave"] == expected


def test_mistletoe_turns_its_tree_into_a_sapling():
    forest = [tree("oak", top="mistletoe", bottom="blackberries",
                   left=card("roe_deer", "linden")),
              tree("linden", right="european_badger")]
    result = sheet(forest)
    first = result.players[0].lines[0]
    assert (first.item, first.points, first.explain.key) == (
        "sapling", 0, "forest_shuffle.sapling_flipped")
    assert first.explain.params == {"tree": "oak", "by": "mistletoe"}
    # Mistletoe 1 per plant (itself, Blackberries); Roe Deer: itself, Linden, Mistletoe [Linden];
    assert [sum(x.points for x in lines(result, s)) for s in ("mistletoe", "roe_deer")] == [2, 9]


def test_sheet_places_winners_categories_and_where():
    result = sheet([tree("douglas_fir", left="european_badger")],
                   [tree("elderberry", top="nightingale", left="european_badger")],
                   [tree("birch")])
    assert result.game == "forest-shuffle"
    assert [(p.name, p.total, p.place) for p in result.players] == [
        ("Ann", 7, 1), ("Bob", 7, 1), ("Cas", 1, 3)]
    assert result.winners == ["Ann", "Bob"]
    bob = result.players[1]
    assert list(bob.categories) == ["trees", "top", "bottom", "sides", "cave"]
    assert [(x.item, x.where, x.category) for x in bob.lines] == [
        ("elderberry", "tree 1", "trees"), ("nightingale", "tree 1 top", "top"),
        ("european_badger", "tree 1 left", "sides"), ("regular_cave", "cave", "cave")]
