"""A finished game's read-only page (views/web/sheet_page.py), served by the server itself: the
sheet in the language it was shared in, for its token only; anything else under /sheet/ is the
same plain 404; every string of the game escaped; no script; listed nowhere."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.views.helpers import example
from views.app import ASSETS
from views.storage.store import Store
from views.web.server import policy, web_app
from views.web.sheet_page import sheet_path

pytestmark = pytest.mark.asyncio
HOSTILE = "<script>alert(1)</script> & \"Bo\" 'b'"


def finish(store: Store, file: dict) -> int:
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id


@pytest.fixture
def served(tmp_path):
    store = Store(tmp_path / "db.sqlite3")

    async def main(page) -> None:
        pass

    return store, web_app(main, str(ASSETS), allowed_hosts=["tallybook.lan"], store=store)


async def fetch(app, path: str, method: str = "GET", host: str = "tallybook.lan:8550"):
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url=f"http://{host}") as client:
        return await client.request(method, path)


async def test_the_page_of_a_token_is_the_sheet_in_its_language(served):
    store, app = served
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    game_id = finish(store, {**file, "boxes": ["base", "alpine", "woodland_edge"]})
    response = await fetch(app, sheet_path(store.sheet_link(game_id, "de")))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    page = response.text
    assert '<html lang=de>' in page and "Wertungsblatt" in page
    assert "Alpin + Waldrand" in page  # the boxes' names, as the scorer gives them
    record = store.game(game_id)
    from views.records.results import sheet_of

    sheet = sheet_of(record)
    for player in sheet.players:
        assert f"<span class=total>{player.total}</span>" in page
        assert len(player.lines) > 3
    lines = sum(len(player.lines) for player in sheet.players)
    assert page.count("<td class=points>") == lines  # every card's line
    assert response.headers["cache-control"] == "no-store"
    assert response.headers["content-security-policy"] == policy("tallybook.lan:8550")
    assert "<script" not in page and "main.dart.js" not in page


async def test_a_log_game_shows_its_log(served):
    store, app = served
    game_id = finish(store, example("fossil-4-players.json"))
    page = (await fetch(app, sheet_path(store.sheet_link(game_id, "nl")))).text
    assert "<section class=log><h2>Verloop</h2>" in page
    assert page.count("<section class=player>") == 4


async def test_a_hostile_name_is_text(served):
    store, app = served
    file = example("forest-shuffle-base-2-players.json")
    file["players"][0]["name"] = HOSTILE
    page = (await fetch(app, sheet_path(store.sheet_link(finish(store, file), "en")))).text
    assert "<script" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Bo&quot; &#x27;b&#x27;" in page


@pytest.mark.parametrize("path", [
    "/sheet/", "/sheet", "/sheet/x", "/sheet/" + "A" * 22, "/sheet/" + "A" * 23,
    "/sheet/%2e%2e/", "/sheet/" + "A" * 22 + "/", "/sheets"])
async def test_without_the_token_there_is_nothing(served, path):
    store, app = served
    store.sheet_link(finish(store, example("symbiose-duel.json")), "en")
    response = await fetch(app, path)
    if path == "/sheets":  # not ours: the app's own page, as any other path
        assert response.status_code == 200 and "flutter" in response.text
        return
    assert (response.status_code, response.text) == (404, "Not Found")


async def test_a_wrong_token_and_no_game_read_the_same(served):
    store, app = served
    token = store.sheet_link(finish(store, example("symbiose-duel.json")), "en")
    wrong = token[:-1] + ("A" if token[-1] != "A" else "B")
    answers = [await fetch(app, sheet_path(wrong)), await fetch(app, "/sheet/" + "_" * 22),
               await fetch(app, sheet_path(token), method="POST")]
    assert {(r.status_code, r.text, r.headers["content-length"]) for r in answers} == \
        {(404, "Not Found", "9")}


async def test_the_page_is_listed_nowhere(served):
    store, app = served
    token = store.sheet_link(finish(store, example("symbiose-duel.json")), "en")
    for path in ("/", "/sheet/", "/robots.txt", "/history", "/index.html"):
        assert token not in (await fetch(app, path)).text
    assert re.search(r"noindex", (await fetch(app, sheet_path(token))).text)


async def test_another_host_name_gets_no_page(served):
    store, app = served
    token = store.sheet_link(finish(store, example("symbiose-duel.json")), "en")
    response = await fetch(app, sheet_path(token), host="evil.example:8550")
    assert token not in response.text and response.status_code != 200


async def test_the_page_shows_the_sheets_picture_light_or_dark(served):
    store, app = served
    token = store.sheet_link(finish(store, example("symbiose-team.json")), "en")
    page = (await fetch(app, sheet_path(token))).text
    assert f'<img src="{token}.png"' in page  # relative: /sheet/<token>.png
    assert f'srcset="{token}-dark.png" media="(prefers-color-scheme: dark)"' in page
    light = await fetch(app, f"{sheet_path(token)}.png")
    dark = await fetch(app, f"{sheet_path(token)}-dark.png")
    for picture in (light, dark):
        assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
        assert picture.content.startswith(b"\x89PNG\r\n\x1a\n")
    assert light.content != dark.content
    wrong = "B" * 22 if token != "B" * 22 else "C" * 22
    for end in (".png", "-dark.png", ".jpg", ".png/"):
        assert (await fetch(app, f"/sheet/{wrong}{end}")).status_code == 404
    assert (await fetch(app, f"{sheet_path(token)}.jpg")).status_code == 404


async def test_a_team_game_ranks_the_teams_apart_from_the_players(served):
    store, app = served
    token = store.sheet_link(finish(store, example("symbiose-team.json")), "en")
    page = (await fetch(app, sheet_path(token))).text
    teams = re.search(r"<ol class=teams>(.*?)</ol>", page)
    assert teams is not None
    assert re.findall(r"<span class=total>(\d+)</span>", teams[1]) == ["93", "80"]
    assert "<bdi>Ann</bdi> + <bdi>Cas</bdi>" in teams[1]


async def test_a_very_long_log_is_cut_and_says_so(served):
    store, app = served
    log = [{"adjust": "Ann", "points": 1, "note": "x"}] * 1_500
    file = {"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
            "log": [*log, {"end": True}]}
    page = (await fetch(app, sheet_path(store.sheet_link(finish(store, file), "en")))).text
    assert page.count("<li>") == 1_000 + 2  # the events shown, and the two players ranked
    assert "<p class=explain>\u2026 and 501 more lines</p>" in page
    assert "<span class=total>1530</span>" in page
