"""Forest Shuffle in Chromium at 390 x 844 against the real server: forests entered through
the picker as a thumb would (a tree, then each dweller on the slot that opened by itself or
on the one tapped), checked against the scorer and the stored game; a counting card that
arrives later asks its symbols in one pass; screenshots of every part of the entry screen."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorer import score
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import as_entered
from tests.e2e.conftest import SIZES, shoot_looks
from tests.e2e.games import BOXES, cards, enter_forest, enter_tree, new_forest_game
from tests.e2e.phone import Phone
from views.storage.store import Store
from views.text.i18n import scorer_text
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
               size: dict | None = None) -> Phone:
    """A new Forest Shuffle game of known players with these boxes, on its entry screen."""
    seed_players(server, names)
    phone = Phone.open(make_context(viewport=size), server.url)
    new_forest_game(phone, names, boxes)
    return phone


def stored_game(server) -> dict:
    store = Store(server.data / "tallybook.sqlite3")
    [record] = store.games("active")
    store.close()
    return record.data["file"]


def pieces(forest: list) -> int:
    return sum(1 + sum(len(cards(entry.get(slot))) for slot in SLOTS) for entry in forest)


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
    stored = stored_game(server)
    assert as_entered(stored)["players"] == as_entered(file)["players"]
    total = sum(pieces(player["forest"]) for player in file["players"])
    assert entry_taps <= 1.6 * total, (entry_taps, total)  # caves and the player switch too

    phone.tap("open-sheet")
    phone.expect_says("winners", expected.winners[0])
    for index, player in enumerate(expected.players):
        phone.expect_says(f"result-{index}", f"{player.name}, {player.total} points")
        phone.expect_says(f"result-{index}", f"{player.name} — {player.total}")
        phone.expect_says(f"result-{index}", categories_line(player, "en"))


def test_alpine_and_woodland_edge_forest_entered_in_chromium(server, make_context):
    """The first forest of the 3-player Alpine + Woodland Edge example, the other two left
    empty, against the scorer on the same file."""
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    names = [p["name"] for p in file["players"]]
    first = file["players"][0]
    phone = start_game(server, make_context, names, ALPINE_BOXES)
    for tree in ("european_larch", "stone_pine", "blackthorn", "sapling"):
        expect(phone.by_id(f"quick-{tree}")).to_be_attached()  # every tree one tap away
    setup = phone.taps
    enter_forest(phone, 0, first["forest"], first["cave"])
    assert phone.taps - setup <= 1.6 * pieces(first["forest"])

    built = copy.deepcopy(file)
    for player in built["players"][1:]:
        player["forest"], player["cave"] = [], 0
    stored = stored_game(server)
    assert stored["boxes"] == ALPINE_BOXES
    assert as_entered(stored)["players"][0] == as_entered(built)["players"][0]
    expected = score(built).players[0]
    assert score(stored).players[0] == expected
    assert expected.total > 0

    phone.expect_says("total-0", f"{expected.name}: {expected.total} points")
    phone.tap("open-sheet")
    phone.expect_says("result-0", f"{expected.name}, {expected.total} points")
    phone.expect_says("result-0", categories_line(expected, "en"))
    for name, points in expected.categories.items():
        assert f"{scorer_text('category.' + name, {}, 'en')}\u00a0{points}" in \
            categories_line(expected, "en")


def test_a_roe_deer_entered_last_asks_the_symbols_it_counts_in_one_pass(server, make_context):
    phone = start_game(server, make_context, ["Ann", "Bob"], BOXES)
    enter_tree(phone, {"tree": "oak", "top": "chaffinch", "left": "european_hare"})
    assert phone.by_id("symbol-question").count() == 0  # nothing counts a symbol yet
    phone.press("bar-right")
    phone.press("pick-roe_deer")
    expect(phone.by_id("symbol-question")).to_be_attached()
    phone.press("symbol-birch")
    asked = {"pass-0-0-top-0": "sycamore", "pass-0-0-left-0": "birch"}
    for _ in asked:
        expect(phone.by_id("symbol-pass")).to_be_attached()
        spot = next(s for s in asked if phone.by_id(s).count())
        phone.press(f"symbol-{asked[spot]}")
        expect(phone.by_id(spot)).to_have_count(0)
    expect(phone.by_id("symbol-pass")).to_have_count(0)
    expect(phone.by_id("bar-bottom").first).to_have_attribute("aria-current", "true")
    forest = stored_game(server)["players"][0]["forest"]
    assert forest[0] == {"tree": "oak", "top": {"card": "chaffinch", "symbol": "sycamore"},
                         "left": {"card": "european_hare", "symbol": "birch"},
                         "right": {"card": "roe_deer", "symbol": "birch"}}
    ann = score(stored_game(server)).players[0]
    phone.expect_says("total-0", f"Ann: {ann.total} points")


def test_butterflies_before_their_nettle_and_the_cave_in_one_tap(server, make_context):
    phone = start_game(server, make_context, ["Ann", "Bob"], ["base", "woodland_edge"])
    enter_tree(phone, {"tree": "birch", "top": ["peacock_butterfly", "map_butterfly"],
                       "bottom": "stinging_nettle"})
    phone.press("cave")
    phone.press("cave-7")
    phone.expect_says("cave", "Cave: 7 cards")
    file = stored_game(server)
    assert file["players"][0]["forest"] == [
        {"tree": "birch", "top": ["peacock_butterfly", "map_butterfly"],
         "bottom": "stinging_nettle"}]
    assert file["players"][0]["cave"] == 7
    ann = score(file).players[0]
    phone.expect_says("total-0", f"Ann: {ann.total} points")
    assert "provisional" not in phone.label_of("total-0")


def test_a_search_takes_the_first_tap_and_finds_a_german_name(server, make_context):
    phone = start_game(server, make_context, ["Ann", "Bob"], BOXES)
    phone.press("quick-linden")
    phone.press("bar-left")
    phone.type("Search names (en · de · nl)", "feldh", enter=False)  # every letter kept
    expect(phone.by_id("pick-roe_deer")).to_have_count(0)
    phone.tap("pick-european_hare")
    phone.expect_says("bar-left", "Left: European Hare")
    phone.focus("Search names (en · de · nl)")
    expect(phone.page.locator("input:focus")).to_have_value("")  # the next slot: a new search
    expect(phone.by_id("pick-chaffinch")).to_be_attached()  # the top's species


def scroll(phone: Phone, pixels: int) -> None:
    """Scroll what is under the thumb (the wheel over the screen's middle)."""
    phone.page.mouse.move(195, 450)
    phone.page.mouse.wheel(0, pixels)


@pytest.mark.parametrize("size", SIZES)
def test_forest_screenshots(server, make_context, size, shots):
    """Every part of the entry screen, light and dark, at 390 x 844 and 320 x 640, for people
    to look at: the trees, a tree being entered, the symbol question and pass, the cave pad,
    the forest, a provisional sheet and the sheet."""
    file = example("forest-shuffle-base-2-players.json")
    names = [p["name"] for p in file["players"]]
    first = file["players"][0]
    phone = start_game(server, make_context, names, BOXES, size=size)

    def shot(name: str) -> None:
        shoot_looks(phone, shots, name, size)

    shot("forest-trees")
    for entry in first["forest"][:4]:  # enough for a forest longer than the screen
        enter_tree(phone, entry)
    phone.press("quick-oak")
    phone.press("pick-chaffinch")
    expect(phone.by_id("bar-right").first).to_have_attribute("aria-current", "true")
    shot("forest-picker")
    phone.press("cave")
    expect(phone.by_id("cave-pad")).to_be_attached()
    shot("forest-cave")
    phone.press("cave-3")
    phone.expect_says("cave", "Cave: 3 cards")
    phone.press("pick-roe_deer")
    expect(phone.by_id("symbol-question")).to_be_attached()
    shot("forest-symbol")
    phone.press("symbol-beech")
    expect(phone.by_id("symbol-pass")).to_be_attached()
    shot("forest-pass")
    phone.press("pass-later")
    phone.press("open-sheet")
    expect(phone.by_id("provisional-sheet")).to_be_attached()
    shot("forest-provisional")
    phone.press("back")
    phone.press("undo")  # the Roe Deer goes, and its problems with it
    expect(phone.by_id("provisional")).to_have_count(0)
    phone.press("picker-close")
    expect(phone.by_id("add-tree")).to_be_attached()
    scroll(phone, 400)
    shot("forest-full")
    phone.press("open-sheet")
    phone.tap("result-0")
    expect(phone.by_id("line-0-0")).to_be_attached()
    shot("forest-sheet")
