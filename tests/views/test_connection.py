"""The server's side of the page's connection watch (views/web/connection.py), at the ASGI level:
the
keep-alive is answered and never reaches Flet; a page that went silent is asked whether it still
holds its socket: what it sent meanwhile reaches Flet, in order, once it answers, and never if it
does not, as the socket is then given up; Flet's page carries the script, and the script its
words in every language."""

from __future__ import annotations

import asyncio
import json
import time

import pytest

from tests.views import test_server
from views.text import i18n
from views.web import connection
from views.web.connection import (
    COPY_CHARS,
    PING,
    PONG,
    WORDS,
    copy_on_page,
    script,
    watched_by_its_page,
)

served = test_server.served  # the app as the server serves it (a fixture)
fetch = test_server.fetch
FLET_FRAME = {"type": "websocket.receive", "bytes": b"\x00\x92\x02\x80"}  # a control event
CONNECT = {"type": "websocket.connect"}
LEAVES = {"type": "websocket.disconnect", "code": 1001}


def keep_alive() -> dict:
    return {"type": "websocket.receive", "text": PING}


class Page:
    """A WebSocket conversation with the page: what it sends (`say`), what the server sent it,
    and what reached the app behind the middleware (Flet)."""

    def __init__(self):
        self.said: asyncio.Queue[dict] = asyncio.Queue()
        self.sent: list[dict] = []
        self.reached: list[dict] = []
        self.closed = asyncio.Event()
        self.answered = asyncio.Event()
        self.doubts: asyncio.Queue[str] = asyncio.Queue()  # the tokens of "still there?" asks

    def say(self, *messages: dict) -> None:
        for message in messages:
            self.said.put_nowait(message)

    async def receive(self) -> dict:
        return await self.said.get()

    async def send(self, message: dict) -> None:
        self.sent.append(message)
        if message == {"type": "websocket.send", "text": PONG}:
            self.answered.set()
        if message["type"] == "websocket.close":
            self.closed.set()
        if message["type"] == "websocket.send" and message["text"].startswith('{"still"'):
            self.doubts.put_nowait(json.loads(message["text"])["still"])

    async def asked_whether_still_there(self) -> str:
        return await asyncio.wait_for(self.doubts.get(), timeout=10)

    async def pong(self) -> None:
        """A keep-alive, answered: the server has read everything said before it."""
        self.answered.clear()
        self.say(keep_alive())
        await asyncio.wait_for(self.answered.wait(), timeout=10)

    async def app(self, scope, receive, send) -> None:
        """Flet's handler, as far as it matters: accepts, then reads until the client left."""
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            self.reached.append(message)
            if message["type"] == "websocket.disconnect":
                return


def serve(page: Page, silent: float = 2.0) -> asyncio.Task:
    watched = watched_by_its_page(page.app, silent=silent)
    return asyncio.create_task(watched({"type": "websocket", "path": "/ws"}, page.receive,
                                       page.send))


@pytest.mark.asyncio
async def test_the_keep_alive_is_answered_and_never_reaches_flet():
    page = Page()
    handler = serve(page)
    page.say(CONNECT, keep_alive(), FLET_FRAME, keep_alive(), LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, FLET_FRAME, LEAVES]
    assert page.sent == [{"type": "websocket.accept"},
                         *[{"type": "websocket.send", "text": PONG}] * 2]


@pytest.mark.asyncio
async def test_the_keep_alive_is_answered_while_flet_is_busy():
    page = Page()
    busy = asyncio.Event()

    async def app(scope, receive, send) -> None:  # takes one frame, then works on it a while
        page.reached.append(await receive())
        await busy.wait()

    handler = asyncio.create_task(watched_by_its_page(app)(
        {"type": "websocket", "path": "/ws"}, page.receive, page.send))
    page.say(FLET_FRAME, keep_alive())
    await asyncio.wait_for(page.answered.wait(), timeout=10)
    busy.set()
    await asyncio.wait_for(handler, timeout=10)


def here(token: str) -> dict:
    return {"type": "websocket.receive", "text": f"{connection.HERE} {token}"}


def keys(*numbers: int) -> list[dict]:
    """Flet frames, each its own (as a key typed into a field)."""
    return [{"type": "websocket.receive", "bytes": bytes([number])} for number in numbers]


@pytest.mark.asyncio
async def test_a_page_stalled_past_the_silence_loses_nothing_it_sent_once_it_answers():
    """A phone building a heavy screen runs no script for seconds: the taps and keys it sends
    once it runs again all reach Flet, in order, and the socket stays open."""
    page = Page()
    handler = serve(page, silent=0.2)
    page.say(CONNECT, keep_alive(), *keys(0))
    token = await page.asked_whether_still_there()
    page.say(*keys(1, 2), answer("copied", token), here("a-token-it-was-never-given"))
    await page.pong()  # a keep-alive may have been held by the network: it proves nothing
    assert page.reached == [CONNECT, *keys(0)]  # held until the page answers the ask
    page.say(here(token), *keys(3))
    token_again = await page.asked_whether_still_there()  # silent again: a fresh ask
    assert token_again != token
    page.say(here(token), *keys(4))  # the old token answers nothing: held
    await page.pong()
    assert page.reached == [CONNECT, *keys(0, 1, 2, 3)]
    page.say(here(token_again), LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, *keys(0, 1, 2, 3, 4), LEAVES] and not page.closed.is_set()


@pytest.mark.asyncio
async def test_a_page_gone_silent_that_does_not_answer_is_given_up_and_what_it_sent_meanwhile_never_reaches_flet(  # noqa: E501
        monkeypatch):
    monkeypatch.setattr(connection, "ANSWER_SECONDS", 0.3)
    page = Page()
    handler = serve(page, silent=0.2)
    page.say(CONNECT, keep_alive(), FLET_FRAME)
    token = await page.asked_whether_still_there()
    page.say(FLET_FRAME)  # what the network held, from a page that gave the socket up
    await asyncio.wait_for(page.closed.wait(), timeout=10)  # no answer came: given up
    page.say(FLET_FRAME, keep_alive(), here(token), LEAVES)  # what the network held, too late
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, FLET_FRAME, {"type": "websocket.disconnect", "code": 1006}]
    assert page.sent.count({"type": "websocket.send", "text": PONG}) == 1


@pytest.mark.asyncio
async def test_a_page_in_doubt_that_closes_its_socket_has_what_it_held_dropped():
    page = Page()
    handler = serve(page, silent=0.2)
    page.say(CONNECT, keep_alive())
    await page.asked_whether_still_there()
    page.say(*keys(1, 2), LEAVES)  # a page gives its socket up by closing it
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, LEAVES] and not page.closed.is_set()


@pytest.mark.asyncio
async def test_a_page_in_doubt_that_floods_the_socket_is_given_up_at_once():
    page = Page()  # given up for the flood, long before its time to answer is up
    handler = serve(page, silent=0.2)
    page.say(CONNECT, keep_alive())
    token = await page.asked_whether_still_there()
    page.say(*[FLET_FRAME] * (connection.HELD_FRAMES + 1))
    await asyncio.wait_for(page.closed.wait(), timeout=10)
    page.say(here(token), FLET_FRAME, LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, {"type": "websocket.disconnect", "code": 1006}]


@pytest.mark.asyncio
async def test_a_server_held_up_does_not_take_its_own_delay_for_the_pages_silence():
    page = Page()
    handler = serve(page, silent=0.2)
    page.say(CONNECT, keep_alive())
    await asyncio.wait_for(page.answered.wait(), timeout=10)
    page.say(keep_alive(), FLET_FRAME)  # sent in time, while the server could not read
    time.sleep(1.0)  # the event loop held up (a long piece of work), five silences long
    page.say(LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, FLET_FRAME, LEAVES] and not page.closed.is_set()


@pytest.mark.asyncio
async def test_a_socket_whose_page_never_kept_it_alive_is_never_given_up():
    page = Page()  # a client without the page's script (the benchmarks' phones, other tools)
    handler = serve(page, silent=0.05)
    page.say(CONNECT, FLET_FRAME)
    await asyncio.sleep(0.5)  # ten silences long: nothing to wait for, as nothing happens
    page.say(FLET_FRAME, LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, FLET_FRAME, FLET_FRAME, LEAVES] and not page.closed.is_set()


class TappingPage(Page):
    """A page whose tap (its Flet frame) makes the app ask it to copy `text`, as the share
    sheet's Copy does: the asks it is sent, and what the app was told."""

    def __init__(self, text: str = "1. Ann 45\n2. Bob 41\n"):
        super().__init__()
        self.text = text
        self.asks: asyncio.Queue[dict] = asyncio.Queue()
        self.copied: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    async def send(self, message: dict) -> None:
        await super().send(message)
        if message["type"] == "websocket.send" and message.get("text", PONG) != PONG:
            self.asks.put_nowait(json.loads(message["text"]))

    async def app(self, scope, receive, send) -> None:
        """Flet's handler: each tap's handler is a task of its own, started from the one
        reading the socket (flet_web's receive loop)."""
        await send({"type": "websocket.accept"})
        tasks = []
        while True:
            message = await receive()
            self.reached.append(message)
            if message == FLET_FRAME:
                tasks.append(asyncio.create_task(self.tapped()))
            if message["type"] == "websocket.disconnect":
                await asyncio.gather(*tasks)
                return

    async def tapped(self) -> None:
        self.copied.set_result(await copy_on_page(self.text))


def answer(word: str, token: str) -> dict:
    return {"type": "websocket.receive", "text": f"{word} {token}"}


@pytest.mark.asyncio
@pytest.mark.parametrize(("word", "copied"), [("copied", True), ("refused", False)])
async def test_the_page_that_tapped_is_asked_to_copy_and_its_answer_never_reaches_flet(
        word, copied):
    page = TappingPage()
    handler = serve(page)
    page.say(CONNECT, keep_alive(), FLET_FRAME)
    ask = await asyncio.wait_for(page.asks.get(), timeout=10)
    assert ask["copy"] == page.text and len(ask["ask"]) >= 16
    page.say(answer("copied", "a-token-it-was-never-given"), answer(word, ask["ask"]))
    assert await asyncio.wait_for(page.copied, timeout=10) is copied
    page.say(answer("copied", ask["ask"]), LEAVES)  # a second answer changes nothing
    await asyncio.wait_for(handler, timeout=10)
    assert page.reached == [CONNECT, FLET_FRAME, LEAVES]


@pytest.mark.asyncio
async def test_a_page_that_leaves_before_it_answers_has_not_copied(monkeypatch):
    monkeypatch.setattr(connection, "COPY_SECONDS", 3600)  # told at once, not after a wait
    page = TappingPage()
    handler = serve(page, silent=3600)
    page.say(CONNECT, keep_alive(), FLET_FRAME)
    await asyncio.wait_for(page.asks.get(), timeout=10)
    page.say(LEAVES)
    assert await asyncio.wait_for(page.copied, timeout=10) is False
    await asyncio.wait_for(handler, timeout=10)


@pytest.mark.asyncio
@pytest.mark.parametrize(("text", "keeps_alive"), [
    ("1. Ann 45", False),  # no script of ours on that page: nobody there to copy
    ("x" * (COPY_CHARS + 1), True),  # more than any sheet
])
async def test_no_copy_is_asked_of_a_page_without_the_script_or_of_too_much(text, keeps_alive):
    page = TappingPage(text)
    handler = serve(page)
    page.say(CONNECT, *([keep_alive()] if keeps_alive else []), FLET_FRAME)
    assert await asyncio.wait_for(page.copied, timeout=10) is False
    page.say(LEAVES)
    await asyncio.wait_for(handler, timeout=10)
    assert page.asks.empty()


@pytest.mark.asyncio
async def test_no_page_at_all_copies_nothing():
    assert await copy_on_page("1. Ann 45") is False  # not handling a tap from a socket


@pytest.mark.asyncio
@pytest.mark.parametrize("route", ["/", "/symbiose/3/sheet"])
async def test_flets_page_loads_the_script_before_anything_else(served, route):
    path, _ = script()
    page = await fetch(served, "GET", route)
    assert page.status_code == 200
    head = page.text.split("<head>", 1)[1]
    assert head.lstrip().startswith(f'<script src="{path}"></script>')
    assert int(page.headers["content-length"]) == len(page.content)
    headed = await fetch(served, "HEAD", route)
    assert headed.headers["content-length"] == page.headers["content-length"]


@pytest.mark.asyncio
async def test_the_script_carries_its_words_in_every_language_and_the_policy(served):
    path, _ = script()
    response = await fetch(served, "GET", path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/javascript")
    assert "content-security-policy" in response.headers
    text = response.text
    config = json.loads(text.split("const CONFIG = ", 1)[1].split(";\n", 1)[0])
    assert config["probe"] == path
    for lang in i18n.LANGUAGES:
        for word in WORDS:
            said = config["words"][lang][word]
            assert said == i18n.ui(f"connection.{word}", lang) and said != f"connection.{word}"
    assert config["words"]["nl"]["lost"] != config["words"]["en"]["lost"]  # a translation
    assert (await fetch(served, "HEAD", path)).status_code == 200  # the page's probe
