"""The sheet's Picture choice: over plain http the phone downloads the PNG."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from tests.views.test_archive_menu import choose, finish, picker  # noqa: F401  (a fixture)
from views.picture.sheet import WIDTH

pytestmark = pytest.mark.asyncio


async def test_the_sheet_saves_its_picture(open_app, store, picker):  # noqa: F811
    game_id = finish(store, "fossil-4-players.json")
    c = await open_app(f"/history/fossil/{game_id}")
    await choose(c, "export-picture")
    (name, data), = picker["saved"]
    assert name == f"fossil-{game_id}.png"
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == WIDTH
    assert not c.errors
