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
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path

import flet as ft
import flet_web.fastapi
from starlette.responses import FileResponse, PlainTextResponse

from views.storage.store import Store
from views.text.fonts import fallback_files
from views.web.connection import watched_by_its_page
from views.web.frames import bounded_frames
from views.web.hosts import Hosts, own_names_only
from views.web.identity import DESCRIPTION, NAME, as_tallybook
from views.web.message_text import short_message_text
from views.web.sheet_page import with_sheet_pages
from views.web.sockets import (
    SESSIONS,
    ASGIApp,
    Message,
    Scope,
    bounded_per_address,
    ends_with_its_client,
    own_origin_only,
)

# A Host header we echo into the policy: a name or an address, with a port.
HOST = re.compile(r"(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")

# How long Flet keeps the session of a tab that went away (its default is an hour): long enough
# that a reload or a tab's socket closed by the browser comes back to the very same session,
# short enough that idle sessions (about 1 MB each) leave within minutes. A phone that lost the
# server asks for a new session (views/web/connection.js), and the app puts it back at its seat.
SESSION_TIMEOUT_SECONDS = 300

# FastAPI's API pages and Flet's OAuth callback: an app with no API and no login has no use for
# them. Answered 404 here, before Flet's static files could answer them with the app's page.
UNSERVED = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc", "/openapi.json",
                      "/oauth_callback"})

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


def with_engine_fonts(app: ASGIApp, files: dict[str, Path]) -> ASGIApp:
    """`app`, but the fallback fonts Flutter's engine asks for are answered from `files` (URL
    path -> file, views/text/fonts.py). Their paths carry the font's version, so a phone keeps
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


def web_app(main: Callable[[ft.Page], Awaitable[None]], assets_dir: str,
            stopping: asyncio.Event | None = None, allowed_hosts: Iterable[str] = (),
            store: Store | None = None) -> ASGIApp:
    """The ASGI app uvicorn serves, one wrapper a line, innermost first: Flet's, with no CDN
    and the engine's fallback fonts from our own assets, named Tallybook with its icons
    (views/web/identity.py); WebSockets that end with their client
    (`stopping`: set when the server stops, which they then do not hold up), each message
    bounded before Flet decodes it (views/web/frames.py), bounded per address and in all as are the
    sessions they open, from the app's own pages only; finished games' read-only pages
    (views/web/sheet_page.py, those of `store`); the server's own names only
    (views/web/hosts.py, and `allowed_hosts`); no API pages; the policy and headers above.
    Flet's messages are logged by their action alone (views/web/message_text.py)."""
    SESSIONS.install()
    short_message_text()
    flet_app = flet_web.fastapi.app(main, assets_dir=assets_dir, no_cdn=True,
                                    app_name=NAME, app_description=DESCRIPTION,
                                    session_timeout_seconds=SESSION_TIMEOUT_SECONDS)
    app = watched_by_its_page(with_engine_fonts(flet_app, fallback_files(Path(assets_dir))))
    app = as_tallybook(app, Path(assets_dir))
    app = ends_with_its_client(app, stopping=stopping)
    app = bounded_frames(app)
    app = bounded_per_address(app)
    app = own_origin_only(app)
    app = with_sheet_pages(app, store) if store is not None else app
    app = own_names_only(app, Hosts(allowed_hosts))
    app = not_served(app)
    return own_host_only(app)
