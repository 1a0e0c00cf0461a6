"""A phone that loses the server says so and takes no taps it cannot deliver
(views/web/connection.py
and connection.js): through a proxy that cuts the network as Wi-Fi does (tests/e2e/blackhole.py),
and with the server stopped; a phone that is only busy (its page stalled) loses no tap or key.
What counts is what the database holds."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from tests.e2e.blackhole import Blackhole
from tests.e2e.harness import Server
from tests.e2e.phone import Phone
from tests.e2e.test_accessibility import SCALE_TEXT
from views.storage.store import Store
from views.symbiose.model import SymbioseTable
from views.tables.new_table import NewTable
from views.text.i18n import ui
from views.web.connection import COLOURS, SILENT_SECONDS

CARD = "dragonfly/orange/8"
NOTICE = "#tallybook-connection"


def symbiose_game(server: Server) -> int:
    """A game of Ann and Bob with a known card, stored before the server starts."""
    store = Store(server.data / "tallybook.sqlite3")
    game = SymbioseTable.start(store, NewTable("symbiose").seated(("Ann", "Bob")))
    store.count_card("symbiose", CARD, +1)
    store.close()
    return game


def cards_stored(server: Server, game: int) -> int:
    store = Store(server.data / "tallybook.sqlite3")
    try:
        players = store.game(game).data["file"]["players"]
    finally:
        store.close()
    return sum(card is not None for player in players for row in player["pond"] for card in row)


def looks_like_the_app(phone: Phone, theme: str, shot: Path) -> None:
    """The notice's colours are the app's, as the settled screen shows them: its background
    (at the screen's left edge, where no control is) and the totals bar's."""
    phone.shot(str(shot))
    image = Image.open(shot).convert("RGB")
    scale = image.width / (phone.page.viewport_size or {"width": image.width})["width"]

    def painted(x: float, y: float) -> str:
        return "#{:02x}{:02x}{:02x}".format(*image.getpixel((round(x), round(y))))

    assert painted(2 * scale, 300 * scale) == COLOURS[theme]["background"]
    assert painted(image.width - 2, image.height - 2) == COLOURS[theme]["card"]


def at_the_table(make_context, url: str, **looks) -> Phone:
    phone = Phone.open(make_context(**looks), url)
    table_shown(phone)
    return phone


def table_shown(phone: Phone) -> None:
    """The table's pond with its known cards and its totals bar (whose colour
    looks_like_the_app reads: a part the app may draw a moment after the cards)."""
    expect(phone.by_id(f"known-{CARD}")).to_be_attached()
    expect(phone.by_id("total-0")).to_be_attached()


def test_taps_while_cut_off_are_not_counted_and_one_tap_after_is_one_card(tmp_path,
                                                                          make_context, shots):
    server = Server(tmp_path / "data")
    game = symbiose_game(server)
    server.start()
    try:
        with Blackhole(server.port) as network:
            phone = at_the_table(make_context, f"{network.url}symbiose/{game}")
            looks_like_the_app(phone, "light", shots / "connection-before-light.png")
            phone.tap(f"known-{CARD}")
            phone.expect_says("tile-0-0-0", "8")
            assert cards_stored(server, game) == 1

            network.cut()
            # At once, before the phone can tell: sent into a socket the network holds.
            phone.press(f"known-{CARD}")
            notice = phone.page.locator(NOTICE)
            expect(notice).to_contain_text(ui("connection.lost", "en"))
            phone.page.screenshot(path=shots / "connection-lost-light.png")
            box = phone.by_id(f"known-{CARD}").first.bounding_box()
            assert box is not None
            for _ in range(2):  # a thumb on the card, under the notice
                phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            phone.press(f"known-{CARD}")  # as a screen reader taps
            assert cards_stored(server, game) == 1

            network.restore()  # what the network held arrives now
            expect(notice).to_contain_text(ui("connection.back", "en"))
            expect(notice).to_have_count(0)
            phone.tap(f"known-{CARD}")
            phone.expect_says("tile-0-0-1", "8")
            assert cards_stored(server, game) == 2
            assert "8" not in phone.label_of("tile-0-0-2")
    finally:
        server.stop()


def test_a_stopped_server_is_said_in_words_and_the_phones_come_back_by_themselves(
        tmp_path, make_context, shots):
    server = Server(tmp_path / "data")
    game = symbiose_game(server)
    server.start()
    try:
        url = f"{server.url}symbiose/{game}"
        german = at_the_table(make_context, url, locale="de-DE", color_scheme="dark")
        german.page.add_init_script(SCALE_TEXT)
        german.reload()  # now with the browser's text at 200 %
        table_shown(german)
        looks_like_the_app(german, "dark", shots / "connection-before-dark-de-200.png")
        chosen = make_context()  # an English browser, Vietnamese chosen in the app
        chosen.add_init_script("localStorage.setItem('flutter.tallybook.language', '\"vi\"')")
        vietnamese = Phone.open(chosen, url)
        expect(vietnamese.by_id(f"known-{CARD}")).to_be_attached()

        server.stop()
        for phone, lang, shot in ((german, "de", "connection-down-dark-de-200.png"),
                                  (vietnamese, "vi", "connection-down-light-vi.png")):
            notice = phone.page.locator(NOTICE)
            expect(notice).to_contain_text(ui("connection.down", lang))
            expect(notice).to_contain_text(ui("connection.paused", lang))
            phone.page.screenshot(path=shots / shot)

        server.start()
        for phone in (german, vietnamese):
            expect(phone.page.locator(NOTICE)).to_have_count(0)
        german.tap(f"known-{CARD}")
        german.expect_says("tile-0-0-0", "8")
        assert cards_stored(server, game) == 1
    finally:
        server.stop()


# The page's own thread busy for longer than the server waits for a keep-alive (and for longer
# than a ping's interval on top), as while Flutter builds a heavy screen on a loaded phone: a
# busy loop, begun once this call has returned, so that the taps and keys sent next come while
# the page runs nothing.
STALL_SECONDS = SILENT_SECONDS + 1.0
STALL = """ms => { setTimeout(() => {
  const end = performance.now() + ms;
  while (performance.now() < end);
}, 0); }"""


def stall(phone: Phone) -> list[str]:
    """Stall the page; the sockets it opens from now on (none, if it never lost the server)."""
    sockets: list[str] = []
    phone.page.on("websocket", lambda socket: sockets.append(socket.url))
    phone.page.evaluate(STALL, round(STALL_SECONDS * 1000))
    return sockets


def click(phone: Phone, identifier: str) -> None:
    """A thumb at the control's place, whether or not the page is running."""
    box = phone.by_id(identifier).first.bounding_box()
    assert box is not None
    phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_stalled_page_loses_no_tap_sent_during_or_after_the_stall(tmp_path, make_context):
    server = Server(tmp_path / "data")
    game = symbiose_game(server)
    server.start()
    try:
        phone = at_the_table(make_context, f"{server.url}symbiose/{game}")  # the screen opens
        sockets = stall(phone)
        # While the page runs nothing, queued by it: the card (to the selected first tile),
        # then another tile selected. Each tap is another control's: a second tap on the card
        # before it shows placed counts once, by design (views/symbiose/card_sheet.py).
        click(phone, f"known-{CARD}")
        click(phone, "tile-0-1-0")
        phone.expect_says("tile-0-0-0", "8")
        expect(phone.by_id("tile-0-1-0")).to_have_attribute("aria-current", "true")
        phone.tap(f"known-{CARD}")  # and once it runs again
        phone.expect_says("tile-0-1-0", "8")
        assert cards_stored(server, game) == 2 and "8" not in phone.label_of("tile-0-0-1")
        assert sockets == [] and phone.page.locator(NOTICE).count() == 0  # never cut off
    finally:
        server.stop()


def test_a_stalled_page_loses_no_key_typed_during_or_after_the_stall(server, make_context):
    phone = Phone.open(make_context(), f"{server.url}rules")
    phone.tap("rules-game-forest-shuffle")  # the list of every card opens
    phone.focus("Search by name in any language")
    sockets = stall(phone)
    phone.page.keyboard.type("lyn")  # while the page runs nothing
    phone.page.keyboard.type("x")  # and once it runs again
    expect(phone.page.locator("input:focus")).to_have_value("lynx")
    phone.expect_in_order("rule-", ["rule-lynx"])  # the server has every letter
    assert sockets == [] and phone.page.locator(NOTICE).count() == 0
