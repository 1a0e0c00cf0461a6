"""Names in any script and with emoji render, offline, in both of Flutter's renderers: every
font the engine fetches for them is answered by our server."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import Server
from tests.e2e.test_forest_shuffle_e2e import start_game
from views.text.fonts import ENGINE_FONTS

NAMES = ["🦊 Foxy", "王小明", "Zoë Ünal", "محمد", "Ωmega"]


@pytest.mark.parametrize("renderer", ["auto", "canvaskit"])
def test_names_in_every_script_get_their_fonts(tmp_path, make_context, shots, renderer):
    server = Server(tmp_path / "data", env={"FLET_WEB_RENDERER": renderer})
    server.start()
    fonts: dict[str, int] = {}
    failed: list[str] = []
    try:
        context = make_context()
        context.on("response", lambda r: ENGINE_FONTS in r.url and fonts.update({r.url: r.status}))
        context.on("requestfailed", lambda r: failed.append(r.url))
        phone = start_game(server, make_context=lambda **_: context, names=NAMES,
                           boxes=["base"])
        for name in NAMES:
            expect(phone.page.get_by_text(name).first).to_be_attached()
        phone.page.wait_for_function(  # the emoji and Chinese parts arrived
            "() => performance.getEntriesByType('resource').filter(e =>"
            " /notocoloremoji|notosanssc/.test(e.name) && e.responseEnd > 0).length >= 2")
        phone.shot(str(shots / f"scripts-{renderer}.png"))
    finally:
        server.stop()
    # (the Rive runtime Flet's client asks a CDN for is refused by the policy: test_offline.py)
    assert [url for url in failed if url.startswith(server.url)] == []
    assert {url: status for url, status in fonts.items() if status != 200} == {}
    families = {url.removeprefix(server.url + ENGINE_FONTS[1:]).split("/")[0] for url in fonts}
    assert {"notocoloremoji", "notosanssc"} <= families
