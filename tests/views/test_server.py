"""The server's policy: every HTTP response lets the page talk to its own server only."""

from __future__ import annotations

import re

import pytest

from views.server import own_host_only, policy


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
    start, body = await call(page, {"type": "http", "path": "/",
                                    "headers": [(b"host", b"192.168.1.20:8550")]})
    policies = [v for k, v in start["headers"] if k.lower() == b"content-security-policy"]
    assert policies == [policy("192.168.1.20:8550").encode()]
    assert (b"content-type", b"text/html") in start["headers"]
    assert body["body"] == b"<html></html>"


def sources(text: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in text.split("; ")}


def test_the_policy_names_no_other_host():
    # Sources are keywords ('self', 'none', ...) or the data:/blob: schemes of the page itself.
    directives = sources(policy())
    assert directives["default-src"] == directives["connect-src"] == ["'self'"]
    assert all(re.fullmatch(r"'[a-z-]+'|data:|blob:", source)
               for listed in directives.values() for source in listed), directives


@pytest.mark.parametrize("host", ["192.168.1.20:8550", "laptop.local:8550", "[fe80::1]:8550",
                                  "localhost"])
def test_the_servers_own_websocket_is_named_for_safari_before_16(host):
    assert sources(policy(host))["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]


@pytest.mark.parametrize("host", ["evil.example; script-src *", "a b", "x:80/path", "",
                                  "host:123456"])
def test_a_host_header_that_is_no_host_is_not_echoed(host):
    assert policy(host) == policy()


@pytest.mark.asyncio
async def test_websocket_and_lifespan_messages_pass_untouched():
    seen = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["type"])
        await send({"type": "websocket.accept", "headers": []})

    [accept] = await call(app, {"type": "websocket", "path": "/ws"})
    assert seen == ["websocket"] and accept == {"type": "websocket.accept", "headers": []}
