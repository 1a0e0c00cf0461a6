"""The names the server answers to (views/web/hosts.py): its own addresses, localhost, the
machine's name and every --allowed-host; any other Host is refused on HTTP and WebSocket."""

from __future__ import annotations

import logging
import socket

import httpx
import pytest

from views.web import lines
from views.web.hosts import MISDIRECTED, Hosts, host_name, own_names_only


@pytest.mark.parametrize(("header", "name"), [
    ("192.168.1.5:8550", "192.168.1.5"), ("Laptop.LAN.:8550", "laptop.lan"),
    ("[::1]:8550", "::1"), ("[fe80::1]", "fe80::1"), ("localhost", "localhost"), ("", "")])
def test_a_host_header_is_read_as_its_name(header, name):
    assert host_name(header) == name


@pytest.mark.parametrize("host", ["localhost:8550", "127.0.0.1:8550", "127.0.0.2",
                                  "app.localhost:8550", "tallybook.lan:8550", "TALLYBOOK.LAN",
                                  f"{socket.gethostname()}:8550",
                                  f"{socket.gethostname()}.local"])
def test_the_servers_own_names_are_served(host):
    assert Hosts(["tallybook.lan"]).serves(host)


@pytest.mark.parametrize("host", ["evil.example:8550", "tallybook.lan.evil.example",
                                  "192.0.2.1:8550", "[2001:db8::1]:8550", "", "a b",
                                  "localhost.evil.example"])
def test_any_other_name_is_not(host):
    assert not Hosts(["tallybook.lan"]).serves(host)


def test_an_address_is_ours_while_an_interface_has_it():
    hosts = Hosts()
    assert hosts.serves("127.0.0.1", now=0)
    hosts._addresses["127.0.0.1"] = (False, 0)  # as if the machine had lost it a moment ago
    assert not hosts.serves("127.0.0.1", now=1)
    assert hosts.serves("127.0.0.1", now=60)  # asked again after a while


async def page(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"the app"})


async def get(host: str, language: str = "en") -> httpx.Response:
    app = own_names_only(page, Hosts(["tallybook.lan"]))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url=f"http://{host}") as client:
        return await client.get("/", headers={"accept-language": language})


@pytest.fixture
def fresh_lines(monkeypatch):
    monkeypatch.setattr(lines, "_last", {})


@pytest.mark.asyncio
async def test_another_name_is_refused_with_a_line_in_the_terminal(fresh_lines, caplog):
    assert (await get("tallybook.lan:8550")).text == "the app"
    with caplog.at_level(logging.WARNING, logger="tallybook"):
        refused = await get("rebound.evil.example:8550", "nl-NL,nl;q=0.9")
        for _ in range(50):  # a flood: still one line
            await get("rebound.evil.example:8550")
    assert refused.status_code == MISDIRECTED
    assert "rebound.evil.example" in refused.text and "--allowed-host" in refused.text
    assert refused.text.startswith("Deze server")  # in the browser's language
    said = [r.getMessage() for r in caplog.records if r.name == "tallybook"]
    assert len(said) == 1 and "'rebound.evil.example:8550'" in said[0], said


@pytest.mark.asyncio
async def test_a_websocket_for_another_name_is_refused_before_accept(fresh_lines):
    reached, sent = [], []

    async def app(scope, receive, send) -> None:
        reached.append(scope)

    async def send(message) -> None:
        sent.append(message)

    scope = {"type": "websocket", "path": "/ws", "client": ("10.0.0.7", 5000), "headers": [
        (b"host", b"evil.example:8550"), (b"origin", b"http://evil.example:8550")]}
    await own_names_only(app, Hosts())(scope, None, send)
    assert not reached and sent == [{"type": "websocket.close", "code": 1008}]
