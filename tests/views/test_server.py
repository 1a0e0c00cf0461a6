"""The server's policy: every HTTP response lets the page talk to its own server only."""

from __future__ import annotations

import re

import pytest

from views.server import POLICY, own_host_only


async def call(app, scope: dict) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    await own_host_only(app)(scope, receive, send)
    return sent


async def page(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", b"text/html"), (b"Content-Security-Policy", b"default-src *")]})
    await send({"type": "http.response.body", "body": b"<html></html>"})


@pytest.mark.asyncio
async def test_every_http_response_carries_the_policy_and_only_ours():
    start, body = await call(page, {"type": "http", "path": "/"})
    policies = [v for k, v in start["headers"] if k.lower() == b"content-security-policy"]
    assert policies == [POLICY.encode()]
    assert (b"content-type", b"text/html") in start["headers"]
    assert body["body"] == b"<html></html>"


def test_the_policy_names_no_other_host():
    # Sources are keywords ('self', 'none', ...) or the data:/blob: schemes of the page itself.
    sources = {source for directive in POLICY.split("; ") for source in directive.split()[1:]}
    assert sources and all(re.fullmatch(r"'[a-z-]+'|data:|blob:", s) for s in sources), sources
    assert "default-src 'self'" in POLICY and "connect-src 'self'" in POLICY


@pytest.mark.asyncio
async def test_websocket_and_lifespan_messages_pass_untouched():
    seen = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["type"])
        await send({"type": "websocket.accept", "headers": []})

    [accept] = await call(app, {"type": "websocket", "path": "/ws"})
    assert seen == ["websocket"] and accept == {"type": "websocket.accept", "headers": []}
