"""The page asks nothing of any host but its own server, in both of Flutter's renderers:
skwasm (what Chromium runs) and CanvasKit (what Safari and Firefox run). The server's policy
has the browser refuse any other request before it is sent; `make_context` fails the test if
one reached the network all the same."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.harness import Server
from tests.e2e.phone import Phone
from views.web.server import policy

RUNNING = """() => window._flutter_skwasmInstance ? "skwasm"
                    : window.flutterCanvasKit ? "canvaskit" : "none" """


@pytest.mark.parametrize(("asked", "runs"), [("auto", "skwasm"), ("canvaskit", "canvaskit")])
def test_the_app_runs_under_its_policy_in_both_renderers(tmp_path, make_context, asked, runs):
    server = Server(tmp_path / "data", env={"FLET_WEB_RENDERER": asked})
    server.start()
    try:
        page = make_context().new_page()
        response = page.goto(server.url)
        assert response is not None and (response.headers["content-security-policy"]
                                     == policy(f"127.0.0.1:{server.port}"))
        phone = Phone(page)
        phone.enable_semantics()
        phone.tap("game-symbiose")  # the app answers taps: a screen further
        expect(phone.by_id("add-player")).to_be_attached()
        assert page.evaluate(RUNNING) == runs
    finally:
        server.stop()
