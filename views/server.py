"""The web server: Flet's app, served with a Content-Security-Policy that lets the page ask
nothing of any host but its own, in no frame, and with a WebSocket for the app's own pages only.

Flet's client asks a CDN for the Rive animation runtime at every page load, whether or not an
animation is shown (Tallybook shows none); the address is compiled into the client, so there
is nothing to configure. The policy makes the browser refuse that request before it is sent,
and any other outside request a later Flet release might add: a phone never tells another host
that it opened Tallybook, and a LAN without internet never waits on one.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from collections.abc import Awaitable, Callable
from contextlib import suppress
from contextvars import ContextVar
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import flet as ft
import flet_web.fastapi
from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import FletAppManager, app_manager
from starlette.responses import FileResponse, PlainTextResponse

from views.fonts import fallback_files

Scope = dict[str, Any]
Message = dict[str, Any]
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]

# A Host header we echo into the policy: a name or an address, with a port.
HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")

# How long Flet keeps the session of a tab that went away (its default is an hour): long enough
# that a screen locked between two turns or a short network drop comes back to the very same
# session, short enough that idle sessions (about 1 MB each) leave within minutes. A phone away
# for longer gets a new session and the app puts it back at its seat.
SESSION_TIMEOUT_SECONDS = 300

# Per client address: open WebSockets, and Flet sessions held. A family behind one NAT'd
# address (say 6 phones, a few tabs each, plus a reload or two) stays well below; one client
# looping connect-and-leave cannot fill the server's memory.
PER_ADDRESS = 24

# How long the handler of a WebSocket whose client left may take to finish (Flet's own takes
# milliseconds) before it is cancelled.
LEFT_GRACE_SECONDS = 5.0

# FastAPI's API pages and Flet's OAuth callback: an app with no API and no login has no use for
# them. Answered 404 here, before Flet's static files could answer them with the app's page.
UNSERVED = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json",
                      "/oauth_callback"})

# The client address of the WebSocket being handled, for the session bound below: Flet
# registers a new session within the task that serves the socket.
CLIENT: ContextVar[str] = ContextVar("client address")


def policy(host: str = "") -> str:
    """The policy for a page asked for as `host` (the request's Host header): 'self' everywhere
    it matters. Flet's index.html carries its configuration in inline scripts it writes at
    start, Flutter styles its DOM inline, compiles WebAssembly (the renderers) and may start its
    renderer's worker from a blob: URL. The server's own WebSocket address is named in full as
    well, because Safari before 16 does not count ws: as 'self'."""
    websocket = f" ws://{host} wss://{host}" if HOST.fullmatch(host) else ""
    return "; ".join([
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:",
        "worker-src 'self' blob:",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        f"connect-src 'self'{websocket}",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ])


# Replaced on every response: Flet's middleware allows every origin to read every response
# (Access-Control-Allow-Origin: *), which a page that only ever talks to its own server never
# needs. X-Frame-Options says what frame-ancestors says, for browsers that only know it.
DROPPED = {b"content-security-policy", b"access-control-allow-origin", b"x-frame-options"}


def own_host_only(app: ASGIApp) -> ASGIApp:
    """`app` with the policy on every HTTP response, framing denied and no CORS grant."""
    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        host = dict(scope.get("headers", [])).get(b"host", b"").decode("latin-1")
        ours = [(b"content-security-policy", policy(host).encode()),
                (b"x-frame-options", b"DENY")]

        async def send_with_policy(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() not in DROPPED]
                message = {**message, "headers": [*headers, *ours]}
            await send(message)

        await app(scope, receive, send_with_policy)

    return guarded


def not_served(app: ASGIApp, paths: frozenset[str] = UNSERVED) -> ASGIApp:
    """`app`, but `paths` are not found."""
    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] == "http" and scope["path"] in paths:
            await PlainTextResponse("Not Found", status_code=404)(scope, receive, send)
            return
        await app(scope, receive, send)

    return serving


def same_origin(scope: Scope) -> bool:
    """Whether the request's Origin is the server it was sent to: http(s)://<its Host>. A page
    elsewhere that opens a WebSocket to this server sends its own origin."""
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1").lower()
    try:
        origin = urlsplit(headers.get(b"origin", b"").decode("latin-1").lower())
    except ValueError:
        return False
    return (origin.scheme in ("http", "https") and bool(host) and origin.netloc == host
            and origin.path == "" and not origin.query and not origin.fragment)


async def refuse(send: Callable[[Message], Awaitable[None]]) -> None:
    """Close a WebSocket before accepting it: the handshake is answered 403."""
    await send({"type": "websocket.close", "code": 1008})


def own_origin_only(app: ASGIApp) -> ASGIApp:
    """`app`, whose WebSockets open for the app's own pages only."""
    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] == "websocket" and not same_origin(scope):
            await refuse(send)
            return
        await app(scope, receive, send)

    return guarded


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


def bounded_per_address(app: ASGIApp, limit: int = PER_ADDRESS) -> ASGIApp:
    """`app`, with at most `limit` open WebSockets per client address; each is served with
    its address in CLIENT."""
    open_sockets: Counter[str] = Counter()

    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        address = client_address(scope)
        if open_sockets[address] >= limit:
            await refuse(send)
            return
        open_sockets[address] += 1
        token = CLIENT.set(address)
        try:
            await app(scope, receive, send)
        finally:
            CLIENT.reset(token)
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]

    return guarded


def ends_with_its_client(app: ASGIApp, grace: float = LEFT_GRACE_SECONDS) -> ASGIApp:
    """`app`, whose WebSocket handlers end with their client, as Flet's do not always:
    - a message sent after the client left raises in Flet's send loop, so its handler never
      marks the session disconnected: the session would never expire. Such a message is
      dropped instead (nothing can reach a client that left);
    - the handler of a socket that closed before registering a session waits forever (Flet
      stops its send loop for a session only): a handler still running `grace` seconds after
      its client left is cancelled, so that it frees its task and its place in the bound per
      address."""
    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        left = asyncio.Event()

        async def receiving() -> Message:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                left.set()
            return message

        async def sending(message: Message) -> None:
            with suppress(OSError):  # uvicorn's ClientDisconnected: the client left
                await send(message)

        handler = asyncio.ensure_future(app(scope, receiving, sending))
        watcher = asyncio.ensure_future(left.wait())
        try:
            await asyncio.wait({handler, watcher}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done():
                await asyncio.wait({handler}, timeout=grace)
        finally:
            watcher.cancel()
            handler.cancel()  # a no-op for a handler that finished
        with suppress(asyncio.CancelledError):
            await handler

    return serving


class SessionsPerAddress:
    """Flet keeps every session a connection opens until it has been disconnected for the
    timeout, so a client connecting and leaving in a loop would pile them up. Each address
    holds at most `limit`: a new session first evicts the address's oldest disconnected ones.
    A session in use always has a connection, and connections per address are bounded by the
    same limit (bounded_per_address), so there is always a disconnected one to make room."""

    def __init__(self, manager: FletAppManager, limit: int = PER_ADDRESS):
        self.manager = manager
        self.limit = limit
        self.register = manager.add_session
        self.held: dict[str, dict[str, Session]] = {}  # address -> manager's key -> session

    def install(self) -> None:
        """Have the manager register its sessions through us (once; installing again is a
        no-op)."""
        self.manager.add_session = self.add_session  # type: ignore[method-assign]

    async def add_session(self, key: str, session: Session) -> None:
        address = CLIENT.get(None)
        if address is not None:
            await self.make_room(address)
            self.held.setdefault(address, {})[key] = session
        await self.register(key, session)

    async def make_room(self, address: str) -> None:
        held = self.held.get(address, {})
        for key, session in list(held.items()):
            if await self.manager.get_session(key) is not session:
                del held[key]  # expired meanwhile, and deleted by the manager
        for key, session in list(held.items()):
            if len(held) < self.limit:
                break
            if session.connection is None:
                del held[key]
                await self.manager.delete_session(key)


# Flet's sessions of this process, bounded per address.
SESSIONS = SessionsPerAddress(app_manager)


def with_engine_fonts(app: ASGIApp, files: dict[str, Path]) -> ASGIApp:
    """`app`, but the fallback fonts Flutter's engine asks for are answered from `files` (URL
    path -> file, views/fonts.py). Their paths carry the font's version, so a phone keeps
    each one for a year and never asks twice."""
    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        font = files.get(scope["path"]) if scope["type"] == "http" else None
        if font is None or scope["method"] not in ("GET", "HEAD"):
            await app(scope, receive, send)
            return
        response = FileResponse(font, media_type="font/woff2",
                                headers={"cache-control": "public, max-age=31536000, immutable"})
        await response(scope, receive, send)

    return serving


def web_app(main: Callable[[ft.Page], Awaitable[None]], assets_dir: str) -> ASGIApp:
    """The ASGI app uvicorn serves: Flet's, with no CDN, the engine's fallback fonts from our
    own assets, the policy and headers above, no API pages, and WebSockets from the app's own
    pages only, bounded per address, as are the sessions they open."""
    SESSIONS.install()
    flet_app = flet_web.fastapi.app(main, assets_dir=assets_dir, no_cdn=True,
                                    session_timeout_seconds=SESSION_TIMEOUT_SECONDS)
    served = with_engine_fonts(flet_app, fallback_files(Path(assets_dir)))
    return own_host_only(not_served(own_origin_only(bounded_per_address(
        ends_with_its_client(served)))))
