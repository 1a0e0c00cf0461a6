"""Forest Shuffle in Chromium at 390 x 844 against the real server: both forests of the base
2-player example entered through the UI, tap by tap, then the score sheet against the scorer;
one forest of the 3-player Alpine + Woodland Edge example; screenshots of the forest screens."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorer import score
from scorer.forest_shuffle.models import SLOTS
from tests.e2e.conftest import LOOKS, shot_name
from tests.e2e.games import BOXES, cards, enter_forest, new_forest_game, pick_chip
from tests.e2e.phone import Phone
from views.i18n import scorer_text
from views.store import Store
from views.widgets.score_sheet import categories_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ALPINE_BOXES = ["base", "alpine", "woodland_edge"]


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def seed_players(server, names: list[str]) -> None:
    """Known players, so seating each takes one tap."""
    store = Store(server.data / "tallybook.sqlite3")
    store.remember_players(names[::-1])
    store.close()


def start_game(server, make_context, names: list[str], boxes: list[str],
               theme: str = "light", size: dict | None = None) -> Phone:
    """A new Forest Shuffle game of known players with these boxes, on its entry screen."""
    seed_players(server, names)
    phone = Phone.open(make_context(color_scheme=theme, viewport=size), server.url)
    new_forest_game(phone, names, boxes)
    return phone


def test_base_game_of_two_forests_entered_in_chromium(server, make_context):
    file = example("forest-shuffle-base-2-players.json")
    names = [p["name"] for p in file["players"]]
    phone = start_game(server, make_context, names, BOXES)
    setup = phone.taps
    for index, player in enumerate(file["players"]):
        enter_forest(phone, index, player["forest"], player["cave"])
    entry_taps = phone.taps - setup
    expected = score(file)
    for index, player in enumerate(expected.players):
        phone.expect_says(f"total-{index}", f"{player.name}: {player.total} points")
    pieces = sum(1 + sum(len(cards(e.get(s))) for s in SLOTS)
                 for p in file["players"] for e in p["forest"])
    assert entry_taps <= 2 * pieces, (entry_taps, pieces)  # cave and player switch included

    phone.tap("open-sheet")
    phone.expect_says("winners", expected.winners[0])
    for index, player in enumerate(expected.players):
        phone.expect_says(f"result-{index}", f"{player.name}, {player.total} points")
        phone.expect_says(f"result-{index}", f"{player.name} — {player.total}")
        phone.expect_says(f"result-{index}", categories_line(player, "en"))


def test_alpine_and_woodland_edge_forest_entered_in_chromium(server, make_context):
    """The first forest of the 3-player Alpine + Woodland Edge example, the other two left
    empty, against the scorer on the same file (as stored, and as built from the example)."""
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    names = [p["name"] for p in file["players"]]
    first = file["players"][0]
    phone = start_game(server, make_context, names, ALPINE_BOXES)
    for tree in ("european_larch", "stone_pine"):  # the Alpine trees are one tap away
        expect(phone.by_id(f"quick-{tree}")).to_be_attached()
    setup = phone.taps
    enter_forest(phone, 0, first["forest"], first["cave"], ALPINE_BOXES)
    entry_taps = phone.taps - setup
    pieces = sum(1 + sum(len(cards(e.get(s))) for s in SLOTS) for e in first["forest"])
    assert entry_taps <= 2 * pieces, (entry_taps, pieces)  # cave taps included

    built = copy.deepcopy(file)
    for player in built["players"][1:]:
        player["forest"], player["cave"] = [], 0
    store = Store(server.data / "tallybook.sqlite3")
    [record] = store.games("active")
    store.close()
    assert record.data["file"]["boxes"] == ALPINE_BOXES
    stored = record.data["file"]
    assert stored["players"][0]["forest"] == first["forest"]
    assert stored["players"][0]["cave"] == first["cave"]
    expected = score(built).players[0]
    assert score(stored).players[0] == expected
    assert expected.total > 0 and all(p.total == 0 for p in score(built).players[1:])

    phone.expect_says("total-0", f"{expected.name}: {expected.total} points")
    phone.tap("open-sheet")
    phone.expect_says("result-0", f"{expected.name}, {expected.total} points")
    phone.expect_says("result-0", f"{expected.name} — {expected.total}")
    phone.expect_says("result-0", categories_line(expected, "en"))
    for name, points in expected.categories.items():
        assert f"{scorer_text('category.' + name, {}, 'en')}\u00a0{points}" in \
            categories_line(expected, "en")


def scroll_trees(phone: Phone, pixels: int) -> None:
    """Scroll the forest list under the thumb (the wheel over its middle)."""
    phone.page.mouse.move(195, 500)
    phone.page.mouse.wheel(0, pixels)


@pytest.mark.parametrize(("theme", "size"), LOOKS)
def test_forest_screenshots(server, make_context, theme, size, shots):
    """The entry screen, the species sheet and the score sheet of the base 2-player example's
    first forest, in light and dark, for people to look at."""
    file = example("forest-shuffle-base-2-players.json")
    names = [p["name"] for p in file["players"]]
    first = file["players"][0]
    phone = start_game(server, make_context, names, BOXES, theme, size)
    enter_forest(phone, 0, first["forest"], first["cave"])
    expected = score({**file, "players": [first, {**file["players"][1], "forest": [],
                                                  "cave": 0}]}).players[0]
    phone.expect_says("total-0", f"{expected.name}: {expected.total} points")
    scroll_trees(phone, -100_000)
    scroll_trees(phone, 600)
    phone.shot(str(shots / shot_name("forest-full", theme, size)))

    empty = next((t, slot) for t, e in enumerate(first["forest"]) for slot in SLOTS
                 if not e.get(slot))
    phone.tap(f"slot-0-{empty[0]}-{empty[1]}")
    expect(phone.by_id("picker-close")).to_be_attached()
    phone.shot(str(shots / shot_name("forest-species", theme, size)))
    phone.tap("picker-close")
    expect(phone.by_id("picker-close")).to_have_count(0)

    phone.tap("open-sheet")
    phone.expect_says("result-0", f"{expected.name} — {expected.total}")
    phone.tap("result-0")
    expect(phone.by_id("line-0-0")).to_be_attached()
    phone.shot(str(shots / shot_name("forest-sheet", theme, size)))


def test_shared_slots_and_the_cave_within_two_taps_a_card(server, make_context):
    """A hare pair and a toad pair ("another" in place) and the cave, against the scorer."""
    forest = [
        {"tree": "linden", "left": [{"card": "european_hare", "symbol": "birch"},
                                    {"card": "european_hare", "symbol": "birch"}]},
        {"tree": "beech", "bottom": [{"card": "common_toad", "symbol": "beech"},
                                     {"card": "common_toad", "symbol": "oak"}]},
    ]
    phone = start_game(server, make_context, ["Ann", "Bob"], BOXES)
    setup = phone.taps
    enter_forest(phone, 0, forest, cave=2)
    file = {"version": 1, "game": "forest-shuffle",
            "players": [{"name": "Ann", "cave": 2, "forest": forest},
                        {"name": "Bob", "forest": []}]}
    ann = score(file).players[0]
    assert ann.total == 3 + 4 + 10 + 2  # Linden 3 (most), hares 2 x 2, toads 5 + 5, cave 2
    phone.expect_says("total-0", f"Ann: {ann.total} points")
    pieces = 2 + 4  # two trees, four dwellers in two shared slots
    assert phone.taps - setup <= 2 * pieces  # the cave's two taps included


def test_a_card_found_by_its_german_name_and_each_opening_searches_afresh(
        server, make_context):
    phone = start_game(server, make_context, ["Ann", "Bob"], BOXES)
    phone.tap("quick-linden")
    expect(phone.by_id("card-0-0-tree")).to_be_attached()
    phone.tap("slot-0-0-left")
    phone.type("Search names (en · de · nl)", "feldhase", enter=False)  # every letter kept
    expect(phone.by_id("pick-roe_deer")).to_have_count(0)
    phone.tap(pick_chip({"card": "european_hare", "symbol": "birch"}, "left"))
    expect(phone.by_id("card-0-0-left-0")).to_be_attached()
    phone.tap("slot-0-0-right")
    phone.focus("Search names (en · de · nl)")
    expect(phone.page.locator("input:focus")).to_have_value("")  # not the last search
    expect(phone.by_id("pick-roe_deer")).to_be_attached()
