"""The share sheet's Picture: over plain http the phone downloads the PNG; on a secure page it
goes to the phone's share sheet. The same from the game's page and from the history."""

from __future__ import annotations

import io

import flet as ft
import pytest
from PIL import Image

from tests.views.fake_client import FakeClient
from tests.views.test_archive_menu import finish, picker  # noqa: F401  (a fixture)
from views.picture.sheet import WIDTH

pytestmark = pytest.mark.asyncio


def png_of(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == WIDTH
    return image


@pytest.mark.parametrize("route", ["/fossil/{id}/sheet", "/history/fossil/{id}"])
async def test_over_http_the_picture_is_downloaded(open_app, store, picker, route):  # noqa: F811
    game_id = finish(store, "fossil-4-players.json")
    c = await open_app(route.format(id=game_id))
    c.page.web = True  # a browser: a saved file needs its bytes
    await c.tap("share")
    assert c.get("share-picture").label == "Download the picture"
    await c.tap("share-picture")
    (name, data), = picker["saved"]
    assert name == f"fossil-{game_id}.png"
    png_of(data)
    assert not c.errors


async def test_on_a_secure_page_the_picture_goes_to_the_share_sheet(open_app, store, picker,  # noqa: F811
                                                                   monkeypatch):
    shared = []
    answer = FakeClient._answer

    def answered(self, control, name, args):
        if isinstance(control, ft.Share) and name == "share_files":
            shared.append(args["files"])
            return {"status": "success", "raw": "ok"}
        return answer(self, control, name, args)

    monkeypatch.setattr(FakeClient, "_answer", answered)
    game_id = finish(store, "symbiose-team.json")
    c = await open_app(f"/symbiose/{game_id}/sheet")
    c.page_url = "https://phone.test/"  # a secure page, where Web Share may exist
    await c.tap("share")
    assert c.get("share-picture").label == "Picture"
    await c.tap("share-picture")
    (file,), = shared
    assert file.name == f"symbiose-{game_id}.png" and file.mime_type == "image/png"
    png_of(file.data)
    assert picker["saved"] == [] and not c.errors
