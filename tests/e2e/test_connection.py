"""A phone that loses the server says so and takes no taps it cannot deliver (views/connection.py
and connection.js): through a proxy that cuts the network as Wi-Fi does (tests/e2e/blackhole.py),
and with the server stopped. What counts is what the database holds."""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from playwright.sync_api import expect

from tests.e2e.blackhole import Blackhole
from tests.e2e.harness import Server
from tests.e2e.phone import Phone
from tests.e2e.test_accessibility import SCALE_TEXT
from views.connection import COLOURS, SILENT_SECONDS
from views.i18n import ui
from views.new_table import NewTable
from views.store import Store
from views.symbiose.model import SymbioseTable

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


def at_the_table(context, url: str) -> Phone:
    phone = Phone.open(context, url)
    expect(phone.by_id(f"known-{CARD}")).to_be_attached()
    return phone


def test_taps_while_cut_off_are_not_counted_and_one_tap_after_is_one_card(tmp_path,
                                                                          make_context, shots):
    server = Server(tmp_path / "data")
    game = symbiose_game(server)
    server.start()
    try:
        with Blackhole(server.port) as network:
            phone = at_the_table(make_context(), f"{network.url}symbiose/{game}")
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
        german = at_the_table(make_context(locale="de-DE", color_scheme="dark"), url)
        german.page.add_init_script(SCALE_TEXT)
        german.reload()  # now with the browser's text at 200 %
        expect(german.by_id(f"known-{CARD}")).to_be_attached()
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


# The page's own script stalls (as Flutter building a heavy screen does on a busy phone) for
# longer than the server waits for a keep-alive.
STALL = """ms => setTimeout(() => {
  const end = performance.now() + ms;
  while (performance.now() < end);
})"""


def test_taps_made_while_the_page_is_stalled_all_count_and_the_socket_stays(tmp_path,
                                                                           make_context):
    server = Server(tmp_path / "data")
    game = symbiose_game(server)
    server.start()
    try:
        context = make_context()
        sockets: list[str] = []
        context.on("page", lambda page: page.on("websocket", lambda ws: sockets.append(ws.url)))
        phone = at_the_table(context, f"{server.url}symbiose/{game}")
        phone.tap(f"known-{CARD}")
        phone.expect_says("tile-0-0-0", "8")
        box = phone.by_id(f"known-{CARD}").first.bounding_box()
        assert box is not None

        phone.page.evaluate(STALL, round((SILENT_SECONDS + 1) * 1000))
        # A thumb on the card while the page runs nothing: queued by the browser, sent once
        # the page runs again, long after the server last heard from it.
        phone.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        phone.expect_says("tile-0-0-1", "8")
        phone.tap(f"known-{CARD}")
        phone.expect_says("tile-0-0-2", "8")
        assert cards_stored(server, game) == 3
        expect(phone.page.locator(NOTICE)).to_have_count(0)
        assert len(sockets) == 1  # never cut off: the first socket still serves the page
    finally:
        server.stop()
