"""Every Forest Shuffle validation problem, asserted by its place, key and parameters."""

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from scorer import i18n
from scorer.forest_shuffle import ForestShuffleFile
from scorer.problems import from_validation_error
from tests.scorer.forest_shuffle.forests import card, check, table, tree

LOCALES = Path(__file__).parents[3] / "scorer" / "forest_shuffle" / "locales"


def problems_of(*forests, **changes):
    data = table(*forests)
    data["players"][0].update(changes)
    game, problems = check(data)
    assert game is None
    return [(p.place, p.key, p.params) for p in problems]


def only_problem(*forests, **changes):
    found = problems_of(*forests, **changes)
    assert len(found) == 1, found
    return found[0]


def test_the_game_files_example_needs_symbols_for_the_roe_deer():
    # GAME_FILES.md's example has a Roe Deer [Beech], so hares and toads that may show a Beech
    # must say which symbol they show; the Woodpecker and Moss cannot show one and are filled in.
    forest = [tree("linden", top="great_spotted_woodpecker", left="european_hare",
                   right=card("violet_carpenter_bee", "douglas_fir"), bottom="moss"),
              tree("linden", left=["european_hare", card("european_hare", "beech")]),
              tree(), tree("beech", right=card("roe_deer", "beech"),
                           bottom=["common_toad", "common_toad"])]
    assert [(place, key) for place, key, _ in problems_of(forest)] == [
        ("players[0].forest[0].left", "forest_shuffle.symbol_missing"),
        ("players[0].forest[1].left[0]", "forest_shuffle.symbol_missing"),
        ("players[0].forest[3].bottom[0]", "forest_shuffle.symbol_missing"),
        ("players[0].forest[3].bottom[1]", "forest_shuffle.symbol_missing")]


def test_symbol_missing_names_the_card_and_who_counts():
    forest = [tree(left=card("roe_deer", "linden"), right="european_hare")]
    assert only_problem(forest) == (
        "players[0].forest[0].right", "forest_shuffle.symbol_missing",
        {"card": "european_hare",  # Douglas Fir: the promo hare
         "printed": ["birch", "douglas_fir", "linden", "silver_fir", "sycamore"],
         "counted_by": ["roe_deer"]})


def test_a_roe_deer_without_its_symbol_is_reported():
    assert only_problem([tree(right="roe_deer")])[:2] == (
        "players[0].forest[0].right", "forest_shuffle.symbol_missing")


def test_symbols_are_not_needed_without_a_symbol_counting_card():
    _, problems = check(table([tree(left="european_hare", bottom="common_toad")]))
    assert problems == []


def test_symbols_only_needed_where_they_could_count():
    # A Lynx on the left is printed Douglas Fir or Horse Chestnut: never a Silver Fir.
    _, problems = check(table([tree(left="lynx"), tree(left=card("roe_deer", "silver_fir"))]))
    assert problems == []


def test_unknown_card_suggests_a_species():
    place, key, params = only_problem([tree("birch", left="european_hair")])
    assert (place, key) == ("players[0].forest[0].left", "forest_shuffle.unknown_card")
    assert params["card"] == "european_hair" and params["suggestions"][0] == "european_hare"


def test_unknown_card_in_a_shared_slot_and_an_unknown_tree():
    found = problems_of([tree("lindn", left=["european_hare", "hare"])])
    assert [(place, key) for place, key, _ in found] == [
        ("players[0].forest[0].tree", "forest_shuffle.unknown_card"),
        ("players[0].forest[0].left[1]", "forest_shuffle.unknown_card")]
    assert "linden" in found[0][2]["suggestions"]


def test_a_dweller_is_not_a_tree_and_a_tree_is_not_a_dweller():
    assert only_problem([tree("lynx")]) == (
        "players[0].forest[0].tree", "forest_shuffle.not_a_tree",
        {"card": "lynx", "slots": ["left", "right"]})
    assert only_problem([tree(top="oak")]) == (
        "players[0].forest[0].top", "forest_shuffle.wrong_slot",
        {"card": "oak", "slot": "top", "slots": []})


def test_species_in_a_slot_it_cannot_take():
    assert only_problem([tree(top="barbastelle_bat")]) == (
        "players[0].forest[0].top", "forest_shuffle.wrong_slot",
        {"card": "barbastelle_bat", "slot": "top", "slots": ["left", "right"]})


def test_box_without_the_species():
    assert only_problem([tree(left=card("squeaker", box="alpine"))]) == (
        "players[0].forest[0].left", "forest_shuffle.not_in_box",
        {"card": "squeaker", "box": "alpine", "boxes": ["base", "woodland_edge", "promo"]})


def test_tree_symbol_not_printed_for_that_side():
    assert only_problem([tree(right=card("roe_deer", "silver_fir"))]) == (
        "players[0].forest[0].right", "forest_shuffle.symbol_not_printed",
        {"card": "roe_deer", "symbol": "silver_fir", "side": "right",
         "printed": ["beech", "birch", "horse_chestnut"]})
    assert only_problem([tree("linden", symbol="oak")]) == (
        "players[0].forest[0].tree", "forest_shuffle.symbol_not_printed",
        {"card": "linden", "symbol": "oak", "side": "whole", "printed": ["linden"]})


def test_symbol_not_printed_in_the_given_box():
    assert only_problem([tree(right=card("squeaker", "oak", box="woodland_edge"))])[1] == (
        "forest_shuffle.symbol_not_printed")


def test_a_sapling_shows_no_symbol():
    assert only_problem([tree("sapling", symbol="oak")]) == (
        "players[0].forest[0].symbol", "forest_shuffle.sapling_symbol", {})


@pytest.mark.parametrize(("slot", "cards"), [
    ("bottom", ["common_toad"] * 3),
    ("left", ["european_hare", "barbastelle_bat"]),
    ("left", ["mountain_hare", "mountain_hare"]),
    ("top", ["tawny_owl", "goshawk"]),
    ("top", ["purple_emperor", "peacock_butterfly"]),
])
def test_slot_sharing_beyond_the_rules(slot, cards):
    assert only_problem([tree("birch", **{slot: cards})]) == (
        f"players[0].forest[0].{slot}", "forest_shuffle.slot_shared",
        {"slot": slot, "cards": cards})


@pytest.mark.parametrize("slots", [
    {"bottom": ["common_toad"] * 2},
    {"left": ["european_hare"] * 5},
    {"top": ["cuckoo", "tawny_owl"]},
    {"top": ["purple_emperor", "peacock_butterfly", "map_butterfly"],
     "bottom": "stinging_nettle"},
    {"top": []},
])
def test_slot_sharing_within_the_rules(slots):
    _, problems = check(table([tree("birch", **slots)]))
    assert problems == []


def test_more_copies_than_the_boxes_hold_over_all_players():
    found = problems_of([tree("douglas_fir")] * 4, [tree("douglas_fir")] * 4)
    assert found == [("players[1].forest[3].tree", "forest_shuffle.too_many_copies",
                      {"card": "douglas_fir", "limit": 7})]


def test_more_prints_of_one_symbol_than_the_boxes_hold():
    found = problems_of([tree(left=card("roe_deer", "silver_fir"))],
                        [tree(left=card("roe_deer", "silver_fir"))])
    assert found == [("players[1].forest[0].left", "forest_shuffle.too_many_prints",
                      {"card": "roe_deer", "side": "left", "symbol": "silver_fir", "limit": 1})]


@pytest.mark.parametrize("count", [0, 1, 6])
def test_the_game_takes_2_to_5_players(count):
    data = {"version": 1, "game": "forest-shuffle",
            "players": [{"name": f"P{i}", "forest": []} for i in range(count)]}
    game, problems = check(data)
    assert game is None
    assert [(p.place, p.key, p.params) for p in problems] == [
        ("players", "forest_shuffle.player_count", {"count": count, "min": 2, "max": 5})]


@pytest.mark.parametrize("count", [2, 5])
def test_two_and_five_players_are_in_the_game(count):
    game, problems = check(table(*[[]] * count))
    assert game is not None and problems == []


def test_names_and_caves():
    data = table([], [])
    data["players"][1]["name"] = " ann "
    data["players"][0]["cave_type"] = "lonley_cave"
    _, problems = check(data)
    assert [(p.place, p.key) for p in problems] == [
        ("players[1].name", "players.name_duplicate"),
        ("players[0].cave_type", "forest_shuffle.unknown_cave")]
    assert problems[1].params["suggestions"][0] == "lonely_cave"


def test_the_file_shape_is_strict():
    data = table([tree("birch", middle="moss")])
    data["players"][0]["cave"] = -1
    with pytest.raises(ValidationError) as error:
        ForestShuffleFile.model_validate(data)
    found = [(p.place, p.key) for p in from_validation_error(error.value, data)]
    assert found == [("players[0].cave", "file.too_small"),
                     ("players[0].forest[0].middle", "file.unknown_key")]


@pytest.mark.parametrize("lang", ["en", "nl", "de"])
def test_every_message_renders_with_its_parameters(lang):
    # The game's texts only name fields a rule or check gives them, in every language.
    sample = {"card": "x", "suggestions": ["y"], "slots": ["left"], "slot": "top", "box": "base",
              "boxes": ["alpine"], "symbol": "oak", "side": "left", "printed": ["oak"],
              "cards": ["beech"], "counted_by": ["roe_deer"], "cave": "bat_cave", "limit": 1,
              "points": 1, "each": 1, "symbols": ["bird"], "count": 1, "species": ["beech"],
              "tree_symbols": ["oak"], "tree_species": ["oak"], "saplings": 0, "per_sapling": 0,
              "bees": 0, "at_least": 1, "set": "butterflies", "tree": "oak", "by": "mistletoe",
              "sizes": [1], "values": [0], "best_other": 0, "target": "oak", "met": True,
              "host": "oak", "affects": ["beech"], "per_symbol": 3, "symbol_count": 1,
              "min": 2, "max": 5, "card_boxes": ["base"]}
    messages = json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))
    for key, message in messages.items():
        assert key.startswith(("forest_shuffle.", "species.", "species_short.", "kind.",
                               "symbol.", "tree_symbol.", "slot.", "side.", "box.", "set.")), key
        for template in i18n.forms(message):
            i18n.fill(template, sample, messages)
