"""What leaves the app by a link, on a phone that reaches the server by a LAN name over plain
http: the sheet's read-only page opens on any phone without the Flet client (and without its
token gives nothing), and Post to BG Stats opens BG Stats' createPlay link with the game's
totals (the navigation is caught here: nothing leaves the machine)."""

from __future__ import annotations

import io
import json
import re
import time
from urllib.parse import parse_qs, urlsplit

from PIL import Image
from playwright.sync_api import expect

from scorer import load_game, score
from tests.e2e.harness import LAN_HOST
from tests.e2e.phone import Phone
from tests.e2e.test_symbiose_e2e import example
from tests.e2e.test_thumbs import finished_game
from views.storage.store import Store

BGSTATS = "https://app.bgstatsapp.com/"


def expect_qr_painted(phone: Phone, identifier: str, ceiling: float = 30) -> None:
    """Wait until the QR code `identifier` is painted: black and white modules where it is
    (the semantics tree has it before the canvas shows it)."""
    deadline = time.monotonic() + ceiling
    while True:
        shot = Image.open(io.BytesIO(phone.by_id(identifier).first.screenshot())).convert("L")
        if shot.getextrema() == (0, 255):
            return
        assert time.monotonic() < deadline, f"{identifier} is not painted: {shot.getextrema()}"
        phone.painted()


def sheet_url(server, game_id: int) -> str:
    return f"http://{LAN_HOST}:{server.port}/history/symbiose/{game_id}"


def test_the_sheets_page_opens_without_the_app_and_a_wrong_link_gives_nothing(
        server, make_context):
    file = example("symbiose-team.json")
    game_id = finished_game(server, file)
    host = Phone.open(make_context(), sheet_url(server, game_id))
    host.tap("share")
    host.tap("share-link")
    page = re.compile(rf"^http://{re.escape(LAN_HOST)}:{server.port}/sheet/[A-Za-z0-9_-]{{22}}$")
    said = host.by_id("sheet-link").locator("[aria-label]").first  # on its text field
    expect(said).to_have_attribute("aria-label", page)
    link = said.get_attribute("aria-label") or ""
    expect_qr_painted(host, "sheet-link-qr")

    guest = make_context(host=False).new_page()  # a phone new to the server, any browser
    asked: list[str] = []
    guest.on("request", lambda request: asked.append(request.url))
    response = guest.goto(link)
    assert response is not None and response.status == 200
    expect(guest.locator("h1")).to_have_text("Symbiose")
    sheet = score(load_game(file))
    for player in sheet.players:
        expect(guest.locator(".player h2", has_text=player.name)).to_contain_text(
            str(player.total))
    assert guest.evaluate("document.scripts.length") == 0
    picture = guest.locator(".shot img")
    expect(picture).to_have_js_property("complete", True)
    assert picture.evaluate("img => img.naturalWidth") == 1080  # the sheet's picture
    assert not [url for url in asked if "main.dart.js" in url or "flutter" in url]
    assert set(asked) == {link, f"{link}.png"}

    token = urlsplit(link).path.rsplit("/", 1)[1]
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    for path in (f"/sheet/{wrong}", "/sheet/", f"/sheet/{wrong}.png"):
        answer = guest.goto(f"http://{LAN_HOST}:{server.port}{path}")
        assert answer is not None and answer.status == 404
        assert guest.locator("body").inner_text() == "Not Found"


def test_post_to_bg_stats_opens_its_link_with_the_games_totals(server, make_context):
    file = example("symbiose-standard.json")
    game_id = finished_game(server, file)
    context = make_context()
    caught: list[str] = []

    def bgstats(route) -> None:  # BG Stats' page, as far as this phone can tell
        caught.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<p>BG Stats</p>")

    # After the harness's route, so asked first: anything else it aborts and records.
    context.route(f"{BGSTATS}**", bgstats)
    phone = Phone.open(context, sheet_url(server, game_id))
    phone.tap("share")
    with context.expect_page() as opened:  # BG Stats opens beside the app
        phone.tap("share-bgstats")
    expect(opened.value.locator("p")).to_have_text("BG Stats")
    (link,) = caught
    assert link.startswith(f"{BGSTATS}createPlay.html?data=")
    play = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    sheet = score(load_game(file))
    assert play["sourceName"] == "Tallybook" and play["game"]["name"] == "Symbiose"
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        (player.name, player.total, player.place, player.name in sheet.winners)
        for player in sheet.players]
    assert play["comments"].splitlines()[0].startswith(f"{sheet.players[0].name}: ")
    phone.expect_says("share", "Share")  # the app is still there
    assert opened.value.url == link


def test_the_join_codes_qr_code_is_painted(server, make_context):
    store = Store(server.data / "tallybook.sqlite3")
    game_id = store.create_game("symbiose", {"file": example("symbiose-duel.json"),
                                             "cursor": None, "undo": []})
    store.open_table(game_id)  # as a game started in the app is
    store.close()
    phone = Phone.open(make_context(), f"http://{LAN_HOST}:{server.port}/symbiose/{game_id}")
    phone.tap("invite")
    expect_qr_painted(phone, "join-qr")
