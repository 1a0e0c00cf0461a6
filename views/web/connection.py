"""The page knows when it is cut off: only the phone can tell that it lost the server, so the
page's own script (views/web/connection.js) watches its socket, covers the screen and takes no taps
while it cannot deliver them. The server's side of it, all in one middleware:

- Flet's index.html is served with that script in it, before Flutter starts; the script is
  served with the words of its notice in every language of the app and the app's colours;
- the script's keep-alive frames are answered here and never reach Flet;
- a socket whose page keeps it alive and that then went silent for SILENT_SECONDS is in
  doubt: the page is asked, with a token it cannot have seen before, whether it still holds
  the socket, and what arrives meanwhile is held back from Flet. A page that was only stalled
  (Flutter building a heavy screen runs no script for seconds) answers once it runs again,
  after everything it sent before (a socket keeps its frames in order); as the page sends
  nothing on a socket it has given up, its answer shows that it had given up on none of what
  was held, which then passes on to Flet in order: no tap is lost to a busy phone. A page that
  gave the socket up never answers: after ANSWER_SECONDS the socket is closed and what was
  held never reaches Flet. Those are taps made into a connection the page has given up on
  (held by the network, then delivered), which the page never sends again: nothing the page
  gave up on is applied late. A keep-alive or a frame from the page proves nothing here: it
  may have been sent before the page gave up, and held by the network;
- the app may ask the page to copy a text (`copy_on_page`): the ask goes to the page out of
  band, as a text frame on the socket that brought the tap, and the page's answer is taken
  here. A page over plain http has no Clipboard API, but its script can still copy within the
  tap's user activation (a hidden text area and the browser's copy command).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import suppress
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from views.text import i18n
from views.text.fonts import PAGE_FONTS
from views.web.session import PREFS_LANGUAGE, PREFS_THEME

Scope = dict[str, Any]
Message = MutableMapping[str, Any]  # as Starlette types an ASGI message
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# The keep-alive: one text frame each way (Flet's own frames are binary), at most one a second.
PING, PONG = "?", "!"
PING_SECONDS = 1.0
# Nothing heard from the server for this long: the page gives up the socket (the goal: a phone
# says it is cut off within 3 s).
LOST_SECONDS = 2.5
# Nothing heard from a page that keeps its socket alive for this long: the server asks it
# whether it still holds the socket, and holds what it sends until it answers.
SILENT_SECONDS = 2.0
# How often the server looks for a silent page, and how long it then lets its reader catch up
# with what arrived: it asks at most SILENT + LOOK + CATCH_UP seconds into a silence, before
# the page would give up.
LOOK_SECONDS = 0.2
CATCH_UP_SECONDS = 0.05
# How long a page in doubt may take to answer (a phone building a heavy screen under load
# stalls for seconds), and how many of its frames are held meanwhile: a page that sends more
# than a person could tap in that time without answering is no stalled page of ours.
ANSWER_SECONDS = 20.0
HELD_FRAMES = 256
# The ask whether the page still holds its socket: {"still": token}; the answer "here <token>".
HERE = "here"
# With no answer for this long, the notice says the server is not answering (not just a blip).
DOWN_SECONDS = 6.0
# Flet frames read ahead of Flet, so that keep-alives are answered while Flet is busy.
READ_AHEAD = 32
# A copy the page is asked for: the text (a long game's whole sheet fits), and how long its
# answer may take. The page copies at once or not at all: the tap's user activation, which
# the browser's copy needs, lasts about 5 s.
COPY_CHARS = 1_000_000
COPY_SECONDS = 10.0
# The page's answer to a copy: "<word> <the ask's token>".
ANSWERS = {"copied": True, "refused": False}

ENDPOINT = "/ws"  # Flet's WebSocket (flet.webSocketEndpoint in its index.html)
FLET_SESSION_KEY = "_flet_session_id"  # where Flet's client keeps its session, in sessionStorage
SOURCE = Path(__file__).with_name("connection.js")
WORDS = ("lost", "paused", "down", "back")  # views/locales: "connection.<word>"

# The app's Material 3 colours (views/web/session.py's SEED, as Flutter derives them; measured on
# its screens): background, the card of a bar, the primary colour and body text.
# The background shows through the notice's scrim a little (SCRIM), so the screen stays in sight.
COLOURS = {
    "light": {"background": "#f4fbf8", "card": "#e9efed", "primary": "#006a60",
              "text": "#161d1c"},
    "dark": {"background": "#0e1513", "card": "#1a2120", "primary": "#82d5c8",
             "text": "#dde4e1"},
}
SCRIM = 0.9  # the background's opacity over the screen


# The notice's fonts, as the app's texts have them: Roboto (Flet's own) and its fallback.
FONTS = {"TallybookRoboto": "/assets/fonts/roboto.woff2",
         "TallybookDejaVu": f"/{PAGE_FONTS['DejaVu']}"}


def config(probe: str) -> dict[str, Any]:
    """What the script is told: the words of its notice in every language, the keys the app
    keeps the person's choices under, the colours, and its timing."""
    seconds = {"pingMs": PING_SECONDS, "lostMs": LOST_SECONDS, "downMs": DOWN_SECONDS,
               "checkMs": 0.25, "connectMs": 10.0, "probeMs": 2.0, "backMs": 1.5}
    return {
        "endpoint": ENDPOINT, "sessionKey": FLET_SESSION_KEY, "ping": PING, "pong": PONG,
        "answers": {str(copied).lower(): word for word, copied in ANSWERS.items()},
        "here": HERE,
        "probe": probe,
        "fallback": i18n.DEFAULT, "languageKey": PREFS_LANGUAGE, "themeKey": PREFS_THEME,
        "colours": COLOURS, "scrim": SCRIM, "fonts": FONTS,
        "words": {lang: {word: i18n.ui(f"connection.{word}", lang) for word in WORDS}
                  for lang in i18n.LANGUAGES},
        **{name: round(value * 1000) for name, value in seconds.items()},
    }


@cache
def script() -> tuple[str, bytes]:
    """The script's path (named by its content, so a phone may keep it) and its text."""
    source = SOURCE.read_text(encoding="utf-8")
    draft = source.replace("/*CONFIG*/null", json.dumps(config("")))
    path = f"/connection.{hashlib.sha256(draft.encode()).hexdigest()[:12]}.js"
    text = source.replace("/*CONFIG*/null", json.dumps(config(path), ensure_ascii=False))
    return path, text.encode()


def script_tag() -> bytes:
    return f'\n  <script src="{script()[0]}"></script>'.encode()


def with_script(page: bytes) -> bytes:
    """Flet's index.html with the script loaded before anything else of the page's."""
    return page.replace(b"<head>", b"<head>" + script_tag(), 1)


def watched_by_its_page(app: ASGIApp, silent: float = SILENT_SECONDS) -> ASGIApp:
    """`app` (Flet's), with the page's connection script in its index.html and served, and its
    WebSockets kept alive by it, given up after `silent` seconds of silence (see the module's
    docstring)."""
    async def serving(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await KeptAlive(app, scope, receive, send, silent).run()
        elif scope["type"] == "http" and scope["path"] == script()[0]:
            await send_script(scope, send)
        elif scope["type"] == "http":
            await app(scope, receive, page_with_script(send, scope["method"] == "HEAD"))
        else:
            await app(scope, receive, send)

    return serving


async def send_script(scope: Scope, send: Send) -> None:
    body = script()[1]
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", b"text/javascript; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"public, max-age=31536000, immutable")]})
    await send({"type": "http.response.body",
                "body": b"" if scope["method"] == "HEAD" else body})


def page_with_script(send: Send, head: bool = False) -> Send:
    """`send`, which puts the script into an HTML page (Flet's index.html, whatever route
    asked for it) as it goes out; every other response passes as it is."""
    start: Message | None = None
    body: list[bytes] = []

    async def sending(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            headers = dict(message.get("headers", []))
            if message["status"] == 200 and headers.get(b"content-type", b"") \
                    .startswith(b"text/html"):
                start = message  # held until the page is whole
                return
        if start is None or message["type"] != "http.response.body":
            await send(message)
            return
        body.append(message.get("body", b""))
        if message.get("more_body"):
            return
        headers = dict(start.get("headers", []))
        page = with_script(b"".join(body))
        # A HEAD's page is not sent: its length is what a GET's would be.
        length = int(headers.get(b"content-length", b"0")) + len(script_tag()) if head \
            else len(page)
        kept = [(k, v) for k, v in start["headers"] if k.lower() != b"content-length"]
        await send({**start, "headers": [*kept, (b"content-length", str(length).encode())]})
        await send({"type": "http.response.body", "body": b"" if head else page})

    return sending


DISCONNECT: Message = {"type": "websocket.disconnect", "code": 1006}


class PageChannel(Protocol):
    """The page on the other end of the socket that brought the tap being handled."""

    async def copy(self, text: str) -> bool: ...


# Set for the task serving each socket, so every handler of a tap it brought (Flet starts
# each in a task of its own, from that one) reaches the page that tapped.
PAGE: ContextVar[PageChannel] = ContextVar("the page of the socket")


async def copy_on_page(text: str) -> bool:
    """Whether the page that tapped put `text` on its clipboard: False if it could not (the
    browser refused, the tap was too long ago), or it is no page of ours, or it went."""
    page = PAGE.get(None)
    return page is not None and await page.copy(text)


class Doubt:
    """The page was asked whether it still holds its socket: the ask's token, the page's
    answer (True: it does; False: it gave no answer in time, or sent too much without one),
    and what arrived meanwhile, held from Flet in order."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.token = secrets.token_urlsafe(12)  # only the page that was asked can know it
        self.answer: asyncio.Future[bool] = loop.create_future()
        self.held: list[Message] = []


class KeptAlive:
    """One WebSocket: its frames read ahead of Flet, keep-alives answered, and, once its page
    has shown that it keeps it alive, in doubt after `silent` seconds of silence and given up
    if the page does not answer that it still holds it."""

    def __init__(self, app: ASGIApp, scope: Scope, receive: Receive, send: Send,
                 silent: float = SILENT_SECONDS):
        self.app, self.scope, self.receive, self.send = app, scope, receive, send
        self.silent = silent
        self.frames: asyncio.Queue[Message] = asyncio.Queue(READ_AHEAD)
        self.loop = asyncio.get_running_loop()
        self.heard = self.loop.time()
        self.kept_alive = False  # the page has sent a keep-alive: it watches this socket
        self.keeping = asyncio.Event()  # kept_alive, to wait for
        self.given_up = asyncio.Event()
        self.doubt: Doubt | None = None  # while the page is asked whether it still holds it
        self.asked: dict[str, asyncio.Future[bool]] = {}  # copies asked, by their token

    async def run(self) -> None:
        reading = asyncio.ensure_future(self.read())
        watching = asyncio.ensure_future(self.watch())
        page = PAGE.set(self)
        try:
            await self.app(self.scope, self.frames.get, self.send)
        finally:
            PAGE.reset(page)
            for task in (reading, watching):
                task.cancel()
                with suppress(asyncio.CancelledError):
                    await task

    def quiet(self) -> bool:
        return self.kept_alive and self.loop.time() - self.heard > self.silent

    async def read(self) -> None:
        """Every frame as it arrives: a keep-alive is answered here, a frame that comes while
        the page is in doubt is held until it answers, one once the socket was given up is
        dropped, the rest go to Flet in order."""
        while True:
            message = await self.receive()
            self.heard = self.loop.time()
            text = message.get("text") if message["type"] == "websocket.receive" else None
            if text == PING:
                self.kept_alive = True
                self.keeping.set()
                if not self.given_up.is_set():
                    await self.send({"type": "websocket.send", "text": PONG})
            elif text is not None and (self.answered(text) or await self.still_held(text)):
                pass
            elif message["type"] == "websocket.disconnect":
                # A page in doubt that closes has shown nothing: what it held is dropped.
                await self.frames.put(message)
                self.none_copied()
                return
            elif self.doubt is not None:
                self.hold(self.doubt, message)
            elif not self.given_up.is_set():
                await self.frames.put(message)
                self.heard = self.loop.time()  # waiting on Flet is no silence of the page's

    def hold(self, doubt: Doubt, message: Message) -> None:
        doubt.held.append(message)
        if len(doubt.held) > HELD_FRAMES:
            self.give_up(doubt)

    async def still_held(self, text: str) -> bool:
        """Whether the text frame is the page's answer that it still holds the socket (taken
        here, whichever ask it names: a late or unknown one changes nothing). The answer to
        the ask in doubt passes what was held on to Flet, in order, before any frame that
        comes after it (this reader passes them all)."""
        word, _, token = text.partition(" ")
        if word != HERE:
            return False
        doubt = self.doubt
        if doubt is not None and token == doubt.token:
            self.doubt = None
            doubt.answer.set_result(True)
            for message in doubt.held:
                await self.frames.put(message)
            self.heard = self.loop.time()  # waiting on Flet is no silence of the page's
        return True

    def give_up(self, doubt: Doubt) -> None:
        """The page did not show that it holds the socket: from now on nothing that arrives
        on it reaches Flet, nor does what was held."""
        self.given_up.set()
        self.doubt = None
        if not doubt.answer.done():
            doubt.answer.set_result(False)

    async def copy(self, text: str) -> bool:
        """Ask the page to copy `text`; whether it did. Only a page that keeps its socket
        alive runs our script, which alone can answer."""
        if not self.kept_alive or self.given_up.is_set() or len(text) > COPY_CHARS:
            return False
        token = secrets.token_urlsafe(12)  # only the page that was asked can know it
        answer: asyncio.Future[bool] = self.loop.create_future()
        self.asked[token] = answer
        try:
            await self.send({"type": "websocket.send",
                             "text": json.dumps({"copy": text, "ask": token})})
            async with asyncio.timeout(COPY_SECONDS):
                return await answer
        except (TimeoutError, OSError):
            return False
        finally:
            self.asked.pop(token, None)

    def answered(self, text: str) -> bool:
        """Whether the text frame is the page's answer to a copy (taken here, whichever ask
        it names: a late or unknown one changes nothing)."""
        word, _, token = text.partition(" ")
        if word not in ANSWERS:
            return False
        answer = self.asked.get(token)
        if answer is not None and not answer.done():
            answer.set_result(ANSWERS[word])
        return True

    def none_copied(self) -> None:
        """The socket is over: no copy still asked of its page will be made."""
        for answer in self.asked.values():
            if not answer.done():
                answer.set_result(False)

    async def watch(self) -> None:
        """Each time the page goes silent it is asked whether it still holds the socket; if
        it does not answer, the socket is given up without waiting for its next frame, so
        that Flet ends its session's connection."""
        await self.keeping.wait()
        while await self.still_held_after(await self.silence()):
            pass
        self.none_copied()
        await self.send({"type": "websocket.close", "code": 1001})
        await self.frames.put(DISCONNECT)  # Flet ends the socket; its session waits for the page

    async def silence(self) -> Doubt:
        """Once the page has gone silent: in doubt. Only the page's silence counts: a server
        held up (a look that came late) has read nothing meanwhile, so what the page sent is
        still to be read, and each look first lets the reader catch up."""
        looked = self.loop.time()
        while True:
            await asyncio.sleep(LOOK_SECONDS)
            if self.loop.time() - looked > 2 * LOOK_SECONDS:
                self.heard = max(self.heard, self.loop.time() - LOOK_SECONDS)
            looked = self.loop.time()
            if self.quiet():
                await asyncio.sleep(CATCH_UP_SECONDS)
                if self.quiet():
                    self.doubt = Doubt(self.loop)
                    return self.doubt

    async def still_held_after(self, doubt: Doubt) -> bool:
        """Whether the page answers the ask in doubt within ANSWER_SECONDS."""
        await self.send({"type": "websocket.send", "text": json.dumps({"still": doubt.token})})
        await asyncio.wait([doubt.answer], timeout=ANSWER_SECONDS)
        if not doubt.answer.done():
            self.give_up(doubt)
        return doubt.answer.result()
