"""The rules reference in a real browser at 390 x 844: search "lynx" in English and Dutch (the
language follows the browser) and land on the card; open the rule from a line of a finished
game's sheet and come back to the sheet; screenshots of the list and an entry. The reference
is the same for every test and each adds only its own game, so the module shares one server."""

from __future__ import annotations

import pytest

from scorer import score
from scorer.reference import entries
from tests.e2e.conftest import shoot_looks
from tests.e2e.harness import PHONE
from tests.e2e.phone import Phone
from tests.views.helpers import example
from views.storage.store import Store


@pytest.fixture(scope="module")
def server(module_server):
    return module_server


@pytest.mark.parametrize(("locale", "search", "scores"), [
    ("en-US", "Search by name in any language", "10 points if your forest has at least one Roe"),
    ("nl-NL", "Zoek op naam in elke taal", "10 punten als je bos minstens één Ree heeft"),
])
def test_search_lynx_and_land_on_the_card(server, make_context, locale, search, scores):
    phone = Phone.open(make_context(locale=locale), server.url + "rules")
    phone.tap("rules-game-forest-shuffle")
    phone.type(search, "lynx", enter=False)
    # The list follows each letter: the Lynx is tapped once it is all that is left, not while
    # "l" still lists it further down (the tap would land where it was)
    phone.expect_in_order("rule-", ["rule-lynx"])
    phone.expect_says("rule-lynx", "Lynx")
    phone.tap("rule-lynx")
    phone.expect_says("rule-title", "Lynx")
    phone.expect_says("rule-scores", scores)
    phone.tap("back")
    phone.expect_says("rule-lynx", "Lynx")


def finished_forest(server) -> int:
    """A finished Forest Shuffle game in the store, as if played on this server before."""
    store = Store(server.data / "tallybook.sqlite3")
    data = {"file": example("forest-shuffle-base-2-players.json"), "undo": []}
    game_id = store.create_game("forest-shuffle", data)
    store.save_game(game_id, data, store.game(game_id).revision, status="finished")
    store.close()
    server.restart()
    return game_id


def test_open_the_rule_from_a_sheet_line_and_back(server, make_context):
    game_id = finished_forest(server)
    first = score(example("forest-shuffle-base-2-players.json")).players[0].lines[0].item
    phone = Phone.open(make_context(), f"{server.url}forest-shuffle/{game_id}/sheet")
    phone.tap("result-0")
    phone.tap("line-rule-0-0")
    phone.page.wait_for_url(f"**/rules/forest-shuffle/{first}?table={game_id}")
    title = next(e.title for e in entries("forest-shuffle", "en") if e.id == first)
    phone.expect_says("rule-title", title)
    phone.tap("back")
    phone.page.wait_for_url(f"**/forest-shuffle/{game_id}/sheet")
    phone.expect_says("line-rule-0-0", "Rule")


def test_screenshots(server, make_context, shots):
    size = PHONE["viewport"]
    phone = Phone.open(make_context(viewport=size), server.url + "rules/forest-shuffle?boxes=base")
    top = entries("forest-shuffle", "en")[0]
    phone.expect_says(f"rule-{top.id}", top.title)
    shoot_looks(phone, shots, "rules-list", size)
    phone.goto(server.url + "rules/forest-shuffle/lynx?boxes=base")
    phone.expect_says("rule-title", "Lynx")
    shoot_looks(phone, shots, "rules-entry", size)
    phone.goto(server.url + "rules/symbiose/middle_columns")
    phone.expect_says("rule-title", "Middle columns")
    shoot_looks(phone, shots, "rules-symbiose", size)
