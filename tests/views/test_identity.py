"""Installed from the browser, the app is Tallybook with its own icon, not "Flet" with Flet's."""

from __future__ import annotations

import io
import json
import re
import sys
from functools import reduce
from pathlib import Path

import flet_web
import httpx
import pytest
from PIL import Image, ImageChops

from views.app import ASSETS
from views.web.connection import COLOURS
from views.web.identity import ICON_FOLDER, ICONS, MANIFEST_PATH, SERVED_ICONS
from views.web.server import web_app

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import draw_app_icon


@pytest.fixture(scope="module")
def served():
    async def main(page) -> None:
        pass

    return web_app(main, str(ASSETS), allowed_hosts=["192.168.1.20"])


async def fetch(app, path: str, method: str = "GET") -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://192.168.1.20:8550") as client:
        return await client.request(method, path)


def png(response: httpx.Response) -> Image.Image:
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    return Image.open(io.BytesIO(response.content), formats=["PNG"])


@pytest.mark.asyncio
async def test_the_manifest_names_tallybook_in_its_colours(served):
    response = await fetch(served, MANIFEST_PATH)
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/manifest+json"
    assert response.headers["x-frame-options"] == "DENY"  # our headers, as on every response
    manifest = json.loads(response.text)
    assert manifest["name"] == manifest["short_name"] == "Tallybook"
    assert "Symbiose" in manifest["description"] and "Flet" not in response.text
    assert (manifest["start_url"], manifest["display"]) == ("/", "standalone")
    assert manifest["theme_color"] == COLOURS["light"]["primary"]
    assert manifest["background_color"] == COLOURS["light"]["background"]
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"),
                          ("192x192", "maskable"), ("512x512", "maskable")}


@pytest.mark.asyncio
async def test_every_icon_the_manifest_names_is_a_png_of_its_size(served):
    manifest = json.loads((await fetch(served, MANIFEST_PATH)).text)
    for icon in manifest["icons"]:
        side = int(icon["sizes"].split("x")[0])
        image = png(await fetch(served, "/" + icon["src"]))
        assert image.size == (side, side), icon
        # A maskable icon is background to its edges: a launcher's circle cuts no motif.
        if icon.get("purpose") == "maskable":
            assert image.mode == "RGB"
            corners = {image.getpixel(xy) for xy in ((0, 0), (side - 1, 0), (0, side - 1))}
            assert len(corners) == 1


@pytest.mark.asyncio
async def test_the_page_is_titled_tallybook_with_its_favicon_and_touch_icon(served):
    page = (await fetch(served, "/")).text
    assert re.search(r"<title>Tallybook</title>", page)
    assert '<meta name="apple-mobile-web-app-title" content="Tallybook">' in page
    assert 'href="manifest.json"' in page
    favicon = png(await fetch(served, "/favicon.png"))
    assert favicon.size == (32, 32)
    touch = png(await fetch(served, "/icons/apple-touch-icon-192.png"))
    assert touch.size == (192, 192) and touch.mode == "RGB"  # iOS shows transparency black


@pytest.mark.asyncio
@pytest.mark.parametrize("path", sorted(SERVED_ICONS))
async def test_no_icon_is_flets(served, path):
    flet_web_dir = Path(flet_web.__file__).parent / "web"
    ours = (await fetch(served, path)).content
    assert ours == (ASSETS / ICON_FOLDER / SERVED_ICONS[path]).read_bytes()
    assert ours != (flet_web_dir / path.lstrip("/")).read_bytes()
    head = await fetch(served, path, "HEAD")
    assert head.status_code == 200 and head.content == b""


@pytest.mark.parametrize("icon", ICONS, ids=lambda icon: icon.file)
def test_the_committed_icons_are_what_the_tool_draws(icon):
    committed = Image.open(ASSETS / ICON_FOLDER / icon.file)
    drawn = draw_app_icon.draw(icon)
    assert committed.mode == drawn.mode and committed.size == drawn.size == (icon.size,) * 2
    # Pixel for pixel but for edge smoothing, which another Pillow may do a little otherwise.
    worst = reduce(ImageChops.lighter, ImageChops.difference(committed, drawn).split())
    differing = sum(worst.histogram()[33:])  # pixels with a channel more than 32 apart
    assert differing <= icon.size * icon.size // 200, \
        "run tools/draw_app_icon.py and commit assets/app-icon/"



@pytest.mark.parametrize("icon", [icon for icon in ICONS if icon.shape == "maskable"],
                         ids=lambda icon: icon.file)
def test_a_maskable_icons_motif_is_inside_androids_safe_zone(icon):
    """Android may cut a maskable icon down to the centre circle of 80 % of its side: all
    outside it is background, so no launcher's shape cuts into the pad."""
    image = Image.open(ASSETS / ICON_FOLDER / icon.file).convert("RGB")
    background = image.getpixel((0, 0))
    centre, radius = (icon.size - 1) / 2, 0.4 * icon.size
    outside = [(x, y) for x in range(icon.size) for y in range(icon.size)
               if (x - centre) ** 2 + (y - centre) ** 2 > radius ** 2]
    assert all(image.getpixel(xy) == background for xy in outside)
