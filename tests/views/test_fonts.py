"""The engine's fallback fonts: shipped at the paths Flutter's engine asks for, answered by the
server with a font (not Flet's 404), under the same policy as every other response."""

from __future__ import annotations

import re
from pathlib import Path

import flet_web
import httpx
import pytest
import pytest_asyncio

from views.text.fonts import ENGINE_FONTS, SCRIPTS, fallback_files
from views.web.server import own_host_only, with_engine_fonts

ASSETS = Path(__file__).resolve().parents[2] / "assets"
ENGINE = (Path(flet_web.__file__).parent / "web" / "main.dart.js").read_text(encoding="utf-8")
SHIPPED = fallback_files(ASSETS)
# The files the engine fetches for 🦊, for 王 (any locale but Chinese, Japanese or Korean picks
# the Simplified Chinese part), and for Arabic and Thai.
FOX = "notocoloremoji/v32/Yq6P-KqIXTD0t4D9z1ESnKM3-HpFabsE4tq3luCC7p-aXxcn.7.woff2"
WANG = "notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7JjxkkgFsFSSOPMOkySAZ73y9ViAt3acb8NexQ2w.116.woff2"  # noqa: E501
ARABIC = "notosansarabic/v28/nwpxtLGrOAZMl5nJ_wfgRg3DrWFZWsnVBJ_sS6tlqHHFlhQ5l3sQWIHPqzCfyGyvvnCBFQLaig.woff2"  # noqa: E501
THAI = "notosansthai/v25/iJWnBXeUZi_OHPqn4wq6hQ2_hbJ1xyN9wd43SofNWcd1MKVQt_So_9CdU5RtpzR-QRvzzXg.woff2"  # noqa: E501


async def flet_404(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 404, "headers": []})
    await send({"type": "http.response.body", "body": b"Not found"})


@pytest_asyncio.fixture
async def client():
    app = own_host_only(with_engine_fonts(flet_404, SHIPPED))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://127.0.0.1:8550") as client:
        yield client


def test_every_shipped_font_is_one_the_engine_asks_for():
    """A Flet upgrade that renames the engine's files fails here, not silently on a phone:
    then re-run tools/build_fallback_fonts.py."""
    assert len(SHIPPED) > 600
    assert [url for url in SHIPPED if f'"{url.removeprefix(ENGINE_FONTS)}"' not in ENGINE] == []


@pytest.mark.asyncio
@pytest.mark.parametrize("path", [FOX, WANG, ARABIC, THAI])
async def test_the_engines_fallback_font_is_answered_with_a_font(client, path):
    assert f'"{path}"' in ENGINE
    response = await client.get(ENGINE_FONTS + path)
    assert response.status_code == 200
    assert response.content[:4] == b"wOF2"
    assert response.headers["content-type"] == "font/woff2"
    assert "immutable" in response.headers["cache-control"]
    assert response.headers["content-security-policy"].startswith("default-src 'self'")


def test_fonts_load_only_when_a_name_needs_them():
    """No file is so large that one name makes a phone wait long: the largest, the emoji part
    with every skin tone, is 5.5 MB; a Chinese part is under 0.15 MB."""
    sizes = {url: path.stat().st_size for url, path in SHIPPED.items()}
    assert max(sizes.values()) < 6_000_000
    assert max(size for url, size in sizes.items() if "/notosanssc/" in url) < 150_000


@pytest.mark.asyncio
async def test_other_paths_go_to_flet(client):
    assert (await client.get(ENGINE_FONTS + "MaterialIcons-Regular.otf")).status_code == 404
    assert (await client.get(ENGINE_FONTS + "notocoloremoji/../../../pyproject.toml")
            ).status_code == 404
    assert (await client.post(ENGINE_FONTS + FOX)).status_code == 404


def test_the_scripts_shipped_are_engine_families():
    names = re.findall(r'A\.z\("([^"]+)"', ENGINE)
    assert {re.sub(r" [0-9]+$", "", name) for name in names} >= SCRIPTS  # less a part's number
