"""The share sheet on a phone over plain http (the fake client's page is one): the short result
for a chat is copied by the page's own script, the full sheet is shown to copy or select, and
a copy the browser refuses leaves the text there to select."""

from __future__ import annotations

from datetime import date

import flet as ft
import pytest

from scorer import load_game, score
from scorer.chat import chat_text
from scorer.render import sheet_text
from tests.views.helpers import example, until

pytestmark = pytest.mark.asyncio


def finished(store, name: str) -> tuple[int, dict]:
    file = example(name)
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id, file


def open_sheets(c) -> list[ft.BottomSheet]:
    return [d for d in c.page._dialogs.controls if isinstance(d, ft.BottomSheet) and d.open]


def played(store, game_id: int) -> date:
    return date.fromtimestamp(store.game(game_id).updated)


async def test_share_copies_the_short_result_on_a_phone_without_a_share_sheet(open_app, store):
    game_id, file = finished(store, "symbiose-team.json")
    c = await open_app(f"/symbiose/{game_id}/sheet")
    await c.tap("share")
    assert c.get("share-short").label == "Copy the short result"  # what it does over http
    assert c.get("share-full").label == "Full sheet as text"
    await c.tap("share-short")
    await until(lambda: "Copied: paste it into a chat" in c.texts())  # the file: in a worker
    assert c.script.clipboard == chat_text(score(load_game(file)), file,
                                           played(store, game_id), "en")
    assert open_sheets(c) == []


async def test_a_refused_copy_leaves_the_short_result_to_select(open_app, store):
    game_id, file = finished(store, "fossil-4-players.json")
    c = await open_app(f"/fossil/{game_id}/sheet")
    c.script.refuses = True
    await c.tap("share")
    await c.tap("share-short")
    await until(lambda: c.find("share-text") is not None)
    box = c.get("share-text")
    assert box.content.value == chat_text(score(load_game(file)), file,
                                          played(store, game_id), "en")
    assert box.content.read_only
    assert "This browser did not let the app copy: select the text and copy it" in c.texts()


async def test_the_full_sheet_is_shown_and_copied_on_a_tap(open_app, store):
    game_id, file = finished(store, "forest-shuffle-base-2-players.json")
    c = await open_app(f"/forest-shuffle/{game_id}/sheet", prefs={"tallybook.language": "de"})
    await c.tap("share")
    assert c.get("share-short").label == "Kurzes Ergebnis kopieren"
    await c.tap("share-full")
    await until(lambda: c.find("share-text") is not None)  # written in a worker
    full = sheet_text(score(load_game(file)), "de")
    assert c.get("share-text").content.value == full
    assert c.script.clipboard is None  # shown first: it is long
    await c.tap("share-copy")
    assert c.script.clipboard == full
    assert "Kopiert: Füge es in einen Chat ein" in c.texts()
    assert open_sheets(c) == []
