"""The share sheet of a finished game offers its read-only page's link (the host's: text, a QR
code and Copy) and "Post to BG Stats" (anyone's: BG Stats' link opened); a game in play offers
neither."""

import json
from urllib.parse import parse_qs, urlsplit

import flet as ft
import pytest

from tests.views.fake_client import FakeClient
from tests.views.helpers import example
from views.storage.store import Store
from views.web.access import PREFS_DEVICE, device_id, new_device_token

pytestmark = pytest.mark.asyncio


@pytest.fixture
def launched(monkeypatch):
    """The links the app asked the browser to open."""
    opened: list[str] = []
    answer = FakeClient._answer

    def answered(self, control, name, args):
        if isinstance(control, ft.UrlLauncher) and name == "launch_url":
            opened.append(args["url"])
            return None
        return answer(self, control, name, args)

    monkeypatch.setattr(FakeClient, "_answer", answered)
    return opened


def finish(store: Store, name: str) -> int:
    file = example(name)
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id


async def choices(client: FakeClient) -> list[str]:
    """The rows of the share sheet, which stays open."""
    await client.tap("share")
    return [s.identifier.removeprefix("share-") for s in client.all(ft.Semantics)
            if (s.identifier or "").startswith("share-") and s.identifier != "share-close"]


async def test_the_host_gets_the_pages_link_as_text_and_a_qr_code(open_app, store):
    game_id = finish(store, "symbiose-standard.json")
    c = await open_app(f"/history/symbiose/{game_id}")
    assert await choices(c) == ["short", "full", "picture", "link", "bgstats"]
    await c.tap("share-link")
    token = store.sheet_link(game_id, "de")  # made by the tap, in the app's language
    link = c.get("sheet-link").label
    assert link == f"http://phone.test/sheet/{token}"
    assert c.find("sheet-link-qr") is not None
    assert store.game_of_link(token)[1] == "en"
    await c.tap("sheet-link-copy")  # over plain http: the page's own script copies
    assert c.script.clipboard == link
    await c.tap("sheet-link-close")
    await choices(c)
    await c.tap("share-link")  # asked again: the same link
    assert c.get("sheet-link").label == link


async def test_post_to_bg_stats_opens_its_link_for_the_game(open_app, store, launched):
    game_id = finish(store, "symbiose-standard.json")
    c = await open_app(f"/history/symbiose/{game_id}")
    await choices(c)
    await c.tap("share-bgstats")
    (link,) = launched
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    play = json.loads(parse_qs(urlsplit(link).query)["data"][0])
    assert [p["score"] for p in play["players"]] == [45, 45, 42]
    assert play["sourceName"] == "Tallybook" and play["game"]["name"] == "Symbiose"
    assert not c.errors


async def test_a_guest_may_post_to_bg_stats_but_gives_no_link(open_app, store):
    game_id = finish(store, "symbiose-standard.json")
    store.open_table(game_id)
    guest = new_device_token()
    store.take_seat(device_id(guest), game_id, 1)
    c = await open_app(f"/symbiose/{game_id}/sheet", prefs={PREFS_DEVICE: guest}, guest=True)
    assert await choices(c) == ["short", "full", "picture", "bgstats"]


async def test_a_game_in_play_offers_neither(open_app, store):
    file = example("symbiose-standard.json")
    game_id = store.create_game("symbiose", {"file": file})
    c = await open_app(f"/symbiose/{game_id}/sheet")
    assert await choices(c) == ["short", "full", "picture"]
