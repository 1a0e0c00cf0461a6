"""The pure parts of `python -m benchmarks.entry` (no browser): the Keystroke-Level arithmetic,
the comparison of the stored game with the file, the order a person fills a tree's slots in,
what the person reads off the file, and the late-game table it is run on."""

from __future__ import annotations

import copy
import json

import pytest

from benchmarks.entry import (
    INVALID,
    LATE_GAME,
    Run,
    main,
    player_json,
    report,
    server_trouble,
)
from benchmarks.entry_compare import comparable, differences
from benchmarks.entry_person import Person
from benchmarks.entry_plan import (
    SLOT_ORDER,
    TreeCards,
    boxes_of,
    cards_in,
    fills,
    symbol_at,
    typed_words,
)
from benchmarks.klm import Counts
from benchmarks.scoring import example
from scorer import check
from scorer.forest_shuffle.catalog import load_catalog, split_cards
from scorer.forest_shuffle.models import SLOTS
from tests.e2e.harness import Server


# Keystroke-Level Model --------------------------------------------------------------------------
def test_a_tap_and_a_scroll_are_each_a_decision_a_point_and_a_tap():
    assert Counts(taps=1).klm_s == pytest.approx(1.35 + 1.1 + 0.2)
    assert Counts(scrolls=1).klm_s == pytest.approx(2.65)
    assert Counts(characters=1).klm_s == pytest.approx(0.28)


def test_a_search_costs_its_field_tap_and_its_characters():
    searched = Counts(taps=1, searches=1, characters=4)  # the field's tap is a tap
    assert searched.decisions == 1
    assert searched.klm_s == pytest.approx(2.65 + 4 * 0.28)


def test_decisions_are_taps_and_scrolls_and_counts_add_up():
    counts = Counts(taps=10, scrolls=2, searches=1, characters=5) + Counts(taps=3, scrolls=1)
    assert counts == Counts(taps=13, scrolls=3, searches=1, characters=5)
    assert counts.decisions == 16
    assert counts.klm_s == pytest.approx(16 * 2.65 + 5 * 0.28)


def test_a_player_prints_with_klm_seconds_rounded_to_a_tenth():
    person = Person(None, {"players": [{"name": "Ann"}]}, 0)
    person.counts["trees"].taps = 3
    person.counts["dwellers"] = Counts(taps=4, scrolls=1, searches=1, characters=3)
    assert player_json(person) == {"name": "Ann", "taps": 7, "scrolls": 1, "searches": 1,
                                   "characters": 3, "decisions": 8, "klm_s": 22.0}


def test_the_report_names_each_player_the_wall_time_and_the_first_differences():
    people = [Person(None, {"players": [{"name": "Ann"}, {"name": "Bob"}]}, seat)
              for seat in (0, 1)]
    people[0].counts["trees"].taps = 2
    run = Run(people, 12.34, {})
    assert report("t.json", run, []).splitlines() == [
        "t.json: 2 phones at once, Chromium at 390 x 844",
        "  Ann  2 taps, 0 scrolls, 0 searches, 0 characters, 2 decisions: KLM 5.3 s",
        "  Bob  0 taps, 0 scrolls, 0 searches, 0 characters, 0 decisions: KLM 0.0 s",
        "wall time of the table: 12.3 s",
        "the stored game equals the file"]
    found = [f"difference {n}" for n in range(12)]
    lines = report("t.json", run, found).splitlines()
    assert lines[4:] == ["the stored game differs from the file:",
                         *[f"  difference {n}" for n in range(10)]]


def test_a_failed_run_shows_the_end_of_the_servers_log_if_it_logged_an_error(tmp_path):
    server = Server(tmp_path / "data")
    log = tmp_path / "server.log"
    log.write_text("Tallybook: http://127.0.0.1:1/\n", encoding="utf-8")
    assert server_trouble(server) == ""
    log.write_text("started\nTraceback (most recent call last):\nKeyError: 'x'\n",
                   encoding="utf-8")
    assert server_trouble(server).splitlines()[-2:] == ["Traceback (most recent call last):",
                                                       "KeyError: 'x'"]


# the stored game against the file ---------------------------------------------------------------
ROE_DEER_TABLE = {"version": 1, "game": "forest-shuffle", "boxes": ["base"], "players": [
    {"name": "Ann", "cave": 2, "forest": [
        {"tree": "beech", "right": {"card": "roe_deer", "symbol": "beech"},
         "left": {"card": "european_hare", "symbol": "beech"}}]},
    {"name": "Bob", "forest": [
        {"tree": "oak", "left": [{"card": "european_hare", "symbol": "oak"},
                                 {"card": "european_hare", "symbol": "linden", "box": "base"}]}]}]}


def stored_like_the_app(file: dict) -> dict:
    """A file as the app stores it: every box named, cards with their symbols, no card's box."""
    stored = copy.deepcopy(file)
    stored["boxes"] = stored.get("boxes") or ["base"]
    for player in stored["players"]:
        player.setdefault("cave", 0)
        for entry in player["forest"]:
            for slot in SLOTS:
                if entry.get(slot) is not None:
                    cards = [{"card": species, "symbol": symbol}
                             for species, symbol in cards_in(entry[slot])]
                    entry[slot] = cards if len(cards) > 1 else cards[0]
    return stored


def test_a_game_stored_as_the_file_says_equals_it():
    assert differences(ROE_DEER_TABLE, stored_like_the_app(ROE_DEER_TABLE)) == []


def test_a_symbol_that_counts_nowhere_is_not_compared():
    stored = stored_like_the_app(ROE_DEER_TABLE)
    stored["players"][1]["forest"][0]["left"][0]["symbol"] = "birch"  # Bob has no Roe Deer
    assert differences(ROE_DEER_TABLE, stored) == []
    assert comparable(stored)[1]["forest"][0]["left"] == [
        ("european_hare", None), ("european_hare", None)]


def test_a_symbol_a_roe_deer_counts_must_be_the_files():
    stored = stored_like_the_app(ROE_DEER_TABLE)
    stored["players"][0]["forest"][0]["left"]["symbol"] = "silver_fir"
    assert comparable(stored)[0]["forest"][0]["left"] == [
        ("european_hare", "silver_fir")]
    found = differences(ROE_DEER_TABLE, stored)
    assert found[0] == ("Ann, tree 1 left: [('european_hare', 'silver_fir')] stored, "
                        "[('european_hare', 'beech')] in the file")
    assert any(line.startswith("Ann: ") and "points stored" in line for line in found)


def test_a_symbol_that_counts_left_out_makes_the_stored_game_unscorable():
    stored = stored_like_the_app(ROE_DEER_TABLE)
    stored["players"][0]["forest"][0]["left"] = "european_hare"
    assert "the stored game does not score" in differences(ROE_DEER_TABLE, stored)[-1]


def test_players_caves_trees_and_cards_are_compared_in_order():
    stored = stored_like_the_app(ROE_DEER_TABLE)
    stored["players"][0]["cave"] = 3
    stored["players"][1]["forest"][0]["tree"] = "linden"
    found = differences(ROE_DEER_TABLE, stored)
    assert found[:2] == ["Ann: cave 3 stored, 2 in the file",
                         "Bob, tree 1 tree: 'linden' stored, 'oak' in the file"]
    swapped = stored_like_the_app(ROE_DEER_TABLE)
    swapped["players"].reverse()
    assert differences(ROE_DEER_TABLE, swapped) == [
        "players: the file has ['Ann', 'Bob'], the store ['Bob', 'Ann']"]


def test_the_examples_stored_without_symbols_that_count_nowhere_equal_themselves():
    file = example("forest-shuffle-base-2-players.json")  # no card there counts symbols
    bare = copy.deepcopy(file)
    for player in bare["players"]:
        for entry in player["forest"]:
            for slot in SLOTS:
                if entry.get(slot) is not None:
                    entry[slot] = cards_in(entry[slot])[0][0]
    assert differences(file, bare) == []


# the order a person fills a tree in -------------------------------------------------------------
def entered(entry: dict) -> tuple[list[str], int]:
    """The slots a person fills, in order, against the app's target (the next empty slot
    clockwise after each card; none once the tree is full), and the taps on the tree bar."""
    plan = TreeCards.of(entry)
    placed: dict[str, list[str]] = {slot: [] for slot in SLOT_ORDER}
    target: str | None = "top"
    order, bar_taps = [], 0
    while plan.remaining(placed):
        slot = plan.next_slot(placed, target)
        assert slot is not None and target is not None, f"stuck after {order}"
        bar_taps += slot != target
        full = fills(placed, slot)
        placed[slot].append(plan.card(slot, len(placed[slot])))
        order.append(slot)
        after = SLOT_ORDER.index(slot)
        empty = [SLOT_ORDER[(after + k) % 4] for k in range(1, 5)
                 if not placed[SLOT_ORDER[(after + k) % 4]]]
        target = None if full else empty[0]
    return order, bar_taps


def test_a_tree_filled_clockwise_takes_no_tap_on_the_bar():
    full = {"tree": "linden", "top": "tawny_owl", "right": "lynx", "bottom": "moss",
            "left": "red_fox"}
    assert entered(full) == (["top", "right", "bottom", "left"], 0)


def test_an_empty_target_sends_the_person_to_the_first_slot_clockwise_with_a_card():
    assert entered({"tree": "oak", "left": "red_fox", "bottom": "moss"}) == (
        ["bottom", "left"], 1)
    assert TreeCards.of({"tree": "oak", "left": "red_fox"}).next_slot(
        {slot: [] for slot in SLOT_ORDER}, "top") == "left"


def test_a_hare_pair_goes_in_before_the_tree_is_full():
    """The tree would be full with the first hare in the last empty slot (the app then moves
    on to a new tree): the pair goes in while a slot is still empty."""
    tree = {"tree": "linden", "top": "tawny_owl", "right": "lynx", "bottom": "moss",
            "left": ["european_hare", "european_hare"]}
    order, bar_taps = entered(tree)
    assert order == ["top", "right", "left", "left", "bottom"]
    assert bar_taps == 2


def test_a_second_butterfly_waits_for_the_stinging_nettle_below():
    tree = {"tree": "birch", "top": ["peacock_butterfly", "silver_washed_fritillary"],
            "bottom": "stinging_nettle"}
    assert entered(tree) == (["top", "bottom", "top"], 2)


def test_a_toad_pair_is_done_before_the_last_empty_slot():
    tree = {"tree": "beech", "top": "tawny_owl", "right": "lynx", "left": "red_fox",
            "bottom": ["common_toad", "common_toad"]}
    assert entered(tree) == (["top", "right", "bottom", "bottom", "left"], 1)


# what the person reads off the file -------------------------------------------------------------
def test_a_game_is_started_with_the_boxes_its_cards_come_from_unless_the_file_names_them():
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    named = {**file, "boxes": ["woodland_edge", "base"]}
    unnamed = {key: value for key, value in file.items() if key != "boxes"}
    assert boxes_of(named) == ["base", "woodland_edge"]
    assert boxes_of(unnamed) == ["base", "alpine", "woodland_edge"]
    assert boxes_of(example("forest-shuffle-base-2-players.json")) == ["base"]


def test_the_symbol_a_question_is_answered_with():
    file = {"players": [{"name": "Ann", "forest": [
        {"tree": "elderberry", "symbol": "linden", "top": "tawny_owl"},
        {"tree": "oak", "left": [{"card": "european_hare", "symbol": "oak"}, "european_hare"]},
        {"tree": "sapling"}]}]}
    assert symbol_at(file, 0, 0, "tree", None) == "linden"  # a shrub's, as the file names it
    assert symbol_at(file, 0, 1, "tree", None) == "oak"  # a tree shows its own species
    assert symbol_at(file, 0, 2, "tree", None) is None
    assert symbol_at(file, 0, 0, "top", 0) is None
    assert symbol_at(file, 0, 1, "left", 0) == "oak"
    assert symbol_at(file, 0, 1, "left", 1) is None


def test_a_search_reads_words_folded():
    assert typed_words("Silver-Wa") == ["silver", "wa"]
    assert typed_words("european ") == ["european"]


def test_an_invalid_file_is_refused_before_any_browser(tmp_path, capsys):
    path = tmp_path / "bad.json"
    file = example("forest-shuffle-base-2-players.json")
    file["players"][0]["forest"][0]["top"] = "unicorn"
    path.write_text(json.dumps(file), encoding="utf-8")
    assert main([str(path)]) == INVALID
    assert "unicorn" in capsys.readouterr().err
    symbiose = tmp_path / "symbiose.json"
    symbiose.write_text(json.dumps(example("symbiose-standard.json")), encoding="utf-8")
    assert main([str(symbiose)]) == INVALID


# the late-game table ----------------------------------------------------------------------------
LATE = json.loads(LATE_GAME.read_text(encoding="utf-8"))


def dwellers_of(player: dict) -> list[tuple[str, str, str | None]]:
    return [(species, slot, symbol) for entry in player["forest"] for slot in SLOTS
            for species, symbol in cards_in(entry.get(slot))]


def test_the_late_game_table_is_a_valid_end_of_game_of_four():
    game, problems = check(LATE)
    assert game is not None and problems == []
    assert LATE["boxes"] == ["base", "alpine", "woodland_edge"]
    assert len(LATE["players"]) == 4
    for player in LATE["players"]:
        assert 12 <= len(player["forest"]) <= 14
        assert 25 <= len(dwellers_of(player)) <= 30
        assert 5 <= player["cave"] <= 12
        for entry in player["forest"]:
            for slot in SLOTS:
                listed = entry.get(slot)
                for card in [] if listed is None else listed if isinstance(listed, list) \
                        else [listed]:
                    assert set(card) == {"card", "symbol"}, card


def test_the_late_game_table_has_the_shared_slots_a_real_end_of_game_has():
    shared = [[card for card, _ in cards_in(entry[slot])]
              for player in LATE["players"] for entry in player["forest"] for slot in SLOTS
              if isinstance(entry.get(slot), list)]
    assert ["european_hare", "european_hare"] in shared
    assert ["common_toad", "common_toad"] in shared
    butterflies = {s.id for s in load_catalog().species if s.group == "butterflies"}
    assert any(len(cards) == 2 and set(cards) <= butterflies for cards in shared)
    roe_deer = [player["name"] for player in LATE["players"]
                for species, _, _ in dwellers_of(player) if species == "roe_deer"]
    assert len(roe_deer) == 1
    hosts = [entry for player in LATE["players"] for entry in player["forest"]]
    assert 1 <= sum(load_catalog().by_id(e["tree"]).kind == "shrub" for e in hosts
                    if e["tree"] != "sapling") <= 2
    assert any(entry["tree"] == "sapling" for entry in hosts)


def test_no_physical_card_of_the_late_game_table_is_used_twice():
    """Each dweller is a half of a split card of the boxes, each split card used once at most
    (a matching of the table's halves to the deck's cards)."""
    cards = [card for card in split_cards() if card.box in LATE["boxes"]]
    halves = [half for player in LATE["players"] for half in dwellers_of(player)]
    fits = [[i for i, card in enumerate(cards) if any(
        (h.species, h.side, h.tree_symbol) == half for h in card.halves)] for half in halves]
    holder: dict[int, int] = {}

    def place(half: int, seen: set[int]) -> bool:
        for card in fits[half]:
            if card not in seen:
                seen.add(card)
                if card not in holder or place(holder[card], seen):
                    holder[card] = half
                    return True
        return False

    assert all(place(half, set()) for half in range(len(halves)))
