"""Symbiose from the first tap to the score sheet in Chromium, against the real server."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import expect

from scorer import score
from tests.e2e.games import cards_of, enter_known, learned, play_table
from tests.e2e.harness import poll
from tests.e2e.phone import Phone

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def expect_totals(phone: Phone, sheet) -> None:
    for index, player in enumerate(sheet.players):
        phone.expect_says(f"total-{index}", f"{player.name}: {player.total} points")


def test_three_player_table_from_a_learned_deck_in_30_taps(server, make_context):
    file = example("symbiose-standard.json")
    learned(server, file)
    server.restart()
    context = make_context()
    phone = Phone.open(context, server.url)
    play_table(phone, file)
    expected = score(file)
    expect_totals(phone, expected)
    phone.tap("finish")
    phone.expect_says("winners", "Ann, Bob")
    assert phone.taps <= 30, phone.taps
    phone.tap("result-0")  # expand Ann: one line per card, explained by the scorer
    phone.expect_says("line-0-0", "top row, left column · 2 per pink × 3 in Bob's pond = 6")
    phone.tap("line-0-0")
    expect(phone.page.get_by_text("a middle card counts itself", exact=False)).to_have_count(0)
    expect(phone.page.get_by_text("Our ruling: the left column", exact=False)).to_be_visible()
    with phone.page.expect_download() as download:
        phone.page.keyboard.press("Escape")
        phone.tap("export")
        phone.tap("export-file")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert score(exported) == expected


def test_reload_restart_and_second_tab_keep_the_table(server, make_context):
    file = example("symbiose-standard.json")
    learned(server, file)
    server.restart()
    context = make_context()
    phone = Phone.open(context, server.url)
    phone.tap("game-symbiose")
    phone.type("Player name", "")
    expect(phone.page.get_by_text("a player needs a name")).to_be_visible()
    for name in ("Ann", "ann"):
        phone.type("Player name", name)
    duplicate = phone.page.get_by_text("\"ann\" is already player 1's name", exact=False)
    expect(duplicate).to_be_visible()
    phone.type("Player name", "Bob", replacing="ann")  # the name is fixed in place
    expect(phone.by_id("remove-1")).to_be_attached()
    phone.type("Player name", "Cas")
    expect(phone.by_id("remove-2")).to_be_attached()
    phone.tap("start")
    cards = cards_of(file)
    enter_known(phone, cards[:5], 0, 3)
    expect(phone.by_id("tile-0-0-4")).to_have_count(0)  # no such tile: sanity of ids
    phone.expect_says("tile-0-1-0", "fish")
    url = phone.page.url

    phone.reload()
    phone.expect_says("tile-0-1-0", "fish")
    second = Phone.open(context, url)
    second.expect_says("tile-0-1-0", "fish")
    second.page.close()

    server.restart()
    phone.goto(url)
    phone.expect_says("tile-0-1-0", "fish")
    phone.page.bring_to_front()
    enter_known(phone, cards, 5, 3)
    expect_totals(phone, score(file))


def new_typed_table(phone: Phone, names: list[str]) -> Phone:
    """A new Symbiose table of players typed in on a fresh phone, on its first pond."""
    phone.tap("game-symbiose")
    for name in names:
        phone.type("Player name", name)
        expect(phone.page.get_by_text(name, exact=True).first).to_be_visible()
    phone.tap("start")
    return phone


def test_a_seventh_frog_is_marked_where_it_lies_and_new_cards_take_four_taps(server,
                                                                           make_context):
    phone = new_typed_table(Phone.open(make_context(), server.url), ["Ann", "Bob", "Cas"])
    before = phone.taps
    for part in ("animal-frog", "season-pink", "points-3"):
        phone.toggle(part)
    phone.tap("target-fixed")  # completes the card: it is placed and the composer clears
    assert phone.taps - before == 4
    phone.expect_says("tile-0-0-0", "frog")
    before = phone.taps
    phone.tap("known-frog/pink/3")
    assert phone.taps - before == 1
    phone.expect_says("tile-0-0-1", "frog")  # shown before the next tap: not a double tap
    enter_known(phone, ["frog/pink/3"] * 7, 2, 3)
    phone.expect_says("problem-players[0].pond[1][2]",
                      "one frog card too many: the deck has only 6")
    expect(phone.by_id("finish")).to_have_count(0)


def test_a_swipe_turns_the_pond(server, make_context):
    phone = new_typed_table(Phone.open(make_context(), server.url), ["Ann", "Bob", "Cas"])
    expect(phone.by_id("player-0")).to_have_attribute("aria-current", "true")
    phone.swipe(to_left=True)
    expect(phone.by_id("player-1")).to_have_attribute("aria-current", "true")
    phone.expect_says("label-left", "counts Cas")
    phone.swipe(to_left=False)
    phone.swipe(to_left=False)  # round the table to the last pond
    expect(phone.by_id("player-2")).to_have_attribute("aria-current", "true")


def test_dutch_follows_the_browser_and_settings_are_remembered(server, make_context):
    context = make_context(locale="nl-NL")
    phone = Phone.open(context, server.url)
    # .first: every game on home offers a new game
    expect(phone.page.get_by_role("button", name=re.compile("Nieuw spel")).first).to_be_visible()
    phone.tap("settings")
    phone.toggle("lang-de")  # every label changes: the theme chips move
    phone.toggle("theme-dark")
    expect(phone.page.get_by_text("Sprache")).to_be_visible()
    again = Phone.open(context, server.url)  # a new tab of the same phone
    german = again.page.get_by_role("button", name=re.compile("Neues Spiel")).first
    expect(german).to_be_visible()


def test_a_reload_while_the_app_is_asking_the_tab_still_shows_the_screens(server, make_context):
    """The tab goes away before it answers the app's first question (its saved language):
    Flet hands the same session back to the reloaded tab, which must not stay blank. Under
    load this is what a server restart followed by a reload hit (the old tab reconnected,
    started a session, and was navigated away while the app awaited its answer)."""
    page = make_context().new_page()
    asked = []

    def between(ws):
        app = ws.connect_to_server()

        def to_tab(message):
            if not asked and isinstance(message, bytes) and message[:3] == b"\x00\x92\x05":
                asked.append(message)  # the INVOKE_METHOD frame: the tab never sees it
                return
            ws.send(message)

        app.on_message(to_tab)
        ws.on_message(app.send)

    page.route_web_socket(re.compile(r"/ws$"), between)
    phone = Phone(page)
    phone.goto(server.url)
    poll(lambda: asked, "the app asking the tab anything", page)
    phone.reload()
    expect(phone.by_id("game-symbiose")).to_be_attached()
