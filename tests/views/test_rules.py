"""The rules reference screens (views/screens/rules.py) through the real session: find a card or
rule by
any language's name, the Forest Shuffle boxes, and the way from a sheet line to its rule and
back."""

import pytest

from scorer import score
from scorer.reference import entry_for_line
from tests.views.helpers import example, name_field
from views.forest_shuffle.names import species_name
from views.web.session import PREFS_LANGUAGE

pytestmark = pytest.mark.asyncio


def finished(store, game: str, data: dict) -> int:
    game_id = store.create_game(game, data)
    store.save_game(game_id, data, store.game(game_id).revision, status="finished")
    return game_id


@pytest.mark.parametrize(("lang", "query", "title"), [
    ("en", "lynx", "Lynx"), ("nl", "lynx", "Lynx"), ("en", "Luchs", "Lynx"),
    ("de", "lynx", "Luchs")])
async def test_search_lands_on_the_lynx(open_app, lang, query, title):
    c = await open_app("/rules", prefs={PREFS_LANGUAGE: lang})
    await c.tap("rules-game-forest-shuffle")
    assert c.page.route.startswith("/rules/forest-shuffle")
    await c.type_into(name_field(c), query)
    assert c.find("rule-oak") is None  # the list shows what the search finds, nothing else
    await c.tap("rule-lynx")
    assert c.get("rule-title").label == title
    assert "10" in c.get("rule-scores").label
    assert "(a)" in c.get(f"rule-ruling-{_ruling_index(c)}").label
    await c.back()
    assert c.find("rule-lynx") is not None and c.find("rule-title") is None


def _ruling_index(c) -> int:
    return next(n for n in range(20) if c.find(f"rule-ruling-{n}") is not None)


async def test_symbiose_and_fossil_entries_show_rule_example_and_ruling(open_app):
    c = await open_app("/rules/symbiose", prefs={PREFS_LANGUAGE: "nl"})
    await c.type_into(name_field(c), "linkerbuur")
    await c.tap("rule-left_column")
    assert c.get("rule-title").label == "Linkerkolom"
    assert "2 × 3 = 6" in c.get("rule-example").label
    assert "vertaalfout" in c.get("rule-ruling-2").label
    c2 = await open_app("/rules/fossil/ties")
    assert "+17" in c2.get("rule-example").label


async def test_box_chips_choose_whose_cards_are_listed(open_app):
    c = await open_app("/rules/forest-shuffle?boxes=base")
    await c.type_into(name_field(c), "Schneehase")
    assert c.find("rule-mountain_hare") is None and c.find("rules-none") is not None
    await c.tap("rules-box-alpine")
    assert c.page.route == "/rules/forest-shuffle?boxes=base,alpine"
    assert c.get("rules-box-alpine").selected
    await c.tap("rule-mountain_hare")
    assert c.get("rule-title").label == "Mountain Hare"
    await c.back()
    assert c.page.route == "/rules/forest-shuffle?boxes=base,alpine"


async def test_a_sheet_line_opens_its_card_and_back_returns_to_the_sheet(open_app, store):
    data = {"file": example("forest-shuffle-base-2-players.json"), "undo": []}
    game_id = finished(store, "forest-shuffle", data)
    first = score(data["file"]).players[0].lines[0]
    c = await open_app(f"/forest-shuffle/{game_id}/sheet")
    await c.tap("result-0")
    await c.tap("line-rule-0-0")
    assert c.page.route == f"/rules/forest-shuffle/{first.item}?table={game_id}"
    assert c.get("rule-title").label == species_name(first.item, "en")
    await c.back()
    assert c.page.route == f"/forest-shuffle/{game_id}/sheet"
    assert c.find("winners") is not None


@pytest.mark.parametrize(("game", "file", "extra"), [
    ("symbiose", "symbiose-team.json", {"cursor": None, "undo": []}),
    ("fossil", "fossil-3-players.json", {"set_aside": [], "confirmed": None}),
])
async def test_symbiose_and_fossil_lines_open_the_rule_that_explains_them(open_app, store, game,
                                                                         file, extra):
    data = {"file": example(file), **extra}
    game_id = finished(store, game, data)
    sheet = score(data["file"])
    c = await open_app(f"/{game}/{game_id}/sheet")
    await c.tap("result-0")
    index = next(i for i, p in enumerate(sheet.players) if p.place == 1)
    number = len(sheet.players[index].lines) - 1
    await c.tap(f"line-rule-{index}-{number}")
    wanted = entry_for_line(game, sheet.players[index].lines[number])
    assert c.page.route == f"/rules/{game}/{wanted}?table={game_id}"
    assert c.find("rule-example") is not None
    await c.back()
    assert c.page.route == f"/{game}/{game_id}/sheet"


async def test_a_guest_may_read_the_rules(open_app):
    c = await open_app("/rules/fossil/exchange", guest=True)
    assert c.get("rule-title").label == "Exchange"
    await c.back()
    assert c.page.route == "/rules/fossil"


async def test_a_table_the_device_may_not_see_is_not_put_below(open_app, store):
    data = {"file": example("symbiose-standard.json"), "cursor": None, "undo": []}
    game_id = finished(store, "symbiose", data)
    c = await open_app(f"/rules/symbiose/left_column?table={game_id}", guest=True)
    assert c.get("rule-title").label == "Left column"
    await c.back()
    assert c.page.route == "/rules/symbiose"
