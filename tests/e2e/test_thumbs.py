"""What a table of real players does to the app: thumbs, long names, sharing from a phone on
the LAN over plain http."""

from __future__ import annotations

from datetime import date

from playwright.sync_api import expect

from scorer import load_game, score
from scorer.chat import chat_text
from tests.e2e.games import cards_of, enter_known, learned
from tests.e2e.harness import LAN_HOST
from tests.e2e.phone import Phone
from tests.e2e.test_symbiose_e2e import example
from views.storage.store import Store

LONG_NAMES = ["Annemarie Wilhelmina van den Berg-Jansen", "Bartholomeus Alexander de Vries-Smit",
              "Cornelia Josephina Maria van der Heijden", "Dirk-Jan Frederik Hendrik Bakker-Mulder"]


def finished_game(server, file: dict) -> int:
    """A finished Symbiose game in the store, as the app stores one."""
    store = Store(server.data / "tallybook.sqlite3")
    game_id = store.create_game("symbiose", {"file": file, "cursor": None, "undo": []})
    store.save_game(game_id, {"file": file, "undo": []}, 0, status="finished")
    store.close()
    return game_id


def test_every_tappable_control_is_a_thumb_wide(server, make_context):
    file = example("symbiose-standard.json")
    learned(server, file)
    phone = Phone.open(make_context(), server.url)
    phone.expect_says("game-symbiose", "Symbiose")
    assert phone.small_targets() == [], "home"
    phone.tap("settings")
    phone.expect_says("lang-en", "English")
    assert phone.small_targets() == [], "settings"
    phone.page.go_back()
    phone.tap("game-symbiose")
    phone.seat([player["name"] for player in file["players"]])
    assert phone.small_targets() == [], "new game"
    phone.tap("start")
    cards = cards_of(file)
    enter_known(phone, cards[:5], 0, len(file["players"]))
    assert phone.small_targets() == [], "pond entry"
    enter_known(phone, cards, 5, len(file["players"]))
    phone.tap("finish")
    phone.tap("result-0")
    phone.expect_says("line-0-0", "")
    assert phone.small_targets() == [], "score sheet"


def test_four_long_names_stay_readable(server, make_context):
    store = Store(server.data / "tallybook.sqlite3")
    store.remember_players(LONG_NAMES[::-1])
    store.close()
    phone = Phone.open(make_context(), server.url)
    phone.tap("game-symbiose")
    phone.seat(LONG_NAMES)
    phone.tap("start")
    phone.expect_says("total-3", "Dirk-Jan")
    for identifier in ("label-left", "label-right", "player-0", "undo", "open-sheet"):
        assert phone.on_screen(identifier), identifier
    phone.tap("player-3")
    assert phone.on_screen("player-3")
    assert phone.small_targets() == []


def clipboard(server, context) -> str:
    """What the browser's clipboard holds, read by a page the browser counts as secure (the
    machine itself: a LAN page may not read it)."""
    origin = f"http://127.0.0.1:{server.port}"
    context.grant_permissions(["clipboard-read"], origin=origin)
    reader = context.new_page()
    try:
        reader.goto(f"{origin}/assets/fonts/DejaVuSans-LICENSE.txt")
        reader.bring_to_front()  # the Clipboard API reads for the page in front only
        return reader.evaluate("navigator.clipboard.readText()")
    finally:
        reader.close()


def test_copy_over_plain_http_puts_the_short_result_on_the_clipboard(server, make_context):
    file = example("symbiose-team.json")
    game_id = finished_game(server, file)
    store = Store(server.data / "tallybook.sqlite3")
    short = chat_text(score(load_game(file)), file, date.fromtimestamp(
        store.game(game_id).updated))
    store.close()
    context = make_context()
    phone = Phone.open(context, f"http://{LAN_HOST}:{server.port}/symbiose/{game_id}/sheet")
    phone.expect_says("winners", "Ann")
    assert not phone.page.evaluate("isSecureContext")
    phone.tap("share")
    phone.expect_says("share-short", "Copy the short result")  # no share sheet over http
    phone.tap("share-short")
    phone.expect_text("Copied: paste it into a chat")
    assert clipboard(server, context) == short
    phone.page.bring_to_front()
    phone.tap("share")
    phone.tap("share-full")  # shown to copy or select, in the phone's text box
    phone.expect_says("share-text", "Ann")
    phone.tap("share-copy")
    phone.expect_text("Copied: paste it into a chat")
    copied = clipboard(server, context)
    assert copied.startswith("Symbiose · 4 players\n") and "team Ann, Cas  93" in copied
    phone.page.bring_to_front()
    phone.tap("rematch")  # the app is alive and well
    phone.expect_says("start", "Start")


def test_share_uses_the_phones_share_sheet_where_there_is_one(server, make_context):
    game_id = finished_game(server, example("symbiose-standard.json"))
    context = make_context()
    context.add_init_script("""
        navigator.canShare = () => true;
        navigator.share = async (data) => { window.sharedText = data.text; };""")
    phone = Phone.open(context, f"{server.url}symbiose/{game_id}/sheet")
    phone.expect_says("winners", "Ann")
    phone.tap("share")
    phone.tap("share-short")
    phone.page.wait_for_function("() => (window.sharedText || '').startsWith('Symbiose · ')")
    expect(phone.by_id("share-text")).to_have_count(0)
