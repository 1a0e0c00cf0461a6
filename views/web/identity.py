"""Tallybook as a phone installs it: its name, its icon and its web manifest.

Flet's client comes with Flet's own (a page titled "Flet", Flet's logo as the favicon, the
home-screen icon and the loading picture, a manifest naming "Flet"). Flet's `app_name` option
retitles the page (web_app passes NAME); the manifest's colours and the icons it has no option
for, so the server answers those paths itself, from the icons tools/draw_app_icon.py draws
into assets/app-icon/. The paths are the ones Flet's index.html links to, so the page is
Flet's, unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from starlette.responses import FileResponse, Response

from views.web.connection import COLOURS
from views.web.sockets import ASGIApp, Message, Scope

NAME = "Tallybook"
DESCRIPTION = "Scores for Symbiose, Forest Shuffle and Fossil, every point explained"
ICON_FOLDER = "app-icon"  # under the assets folder


@dataclass(frozen=True)
class Icon:
    """One drawn icon: its file in ICON_FOLDER, its size in pixels and its shape: "rounded"
    (transparent corners, for browsers and launchers that show it as it is), "square" (no
    transparency, for iOS, which rounds it itself) or "maskable" (the motif inside the centre
    circle of 80 %, the rest background, for Android launchers that cut their own shape)."""

    file: str
    size: int
    shape: Literal["rounded", "square", "maskable"]


ICONS = (
    Icon("favicon.png", 32, "rounded"),
    Icon("icon-192.png", 192, "rounded"),
    Icon("icon-512.png", 512, "rounded"),
    Icon("icon-maskable-192.png", 192, "maskable"),
    Icon("icon-maskable-512.png", 512, "maskable"),
    Icon("apple-touch-icon-192.png", 192, "square"),
)

# URL path -> icon file: where Flet's index.html and our manifest look for each, and the
# picture Flet's index.html shows while the client loads (Flet's logo otherwise).
SERVED_ICONS = {
    **{("/" if icon.file == "favicon.png" else "/icons/") + icon.file: icon.file
       for icon in ICONS},
    "/icons/loading-animation.png": "icon-512.png",
}
MANIFEST_PATH = "/manifest.json"


def manifest() -> dict[str, object]:
    """The web manifest: installed, the app opens at its home, standalone, in its colours."""
    def entry(icon: Icon) -> dict[str, str]:
        path = next(url for url, file in SERVED_ICONS.items() if file == icon.file)
        purpose = {"maskable": {"purpose": "maskable"}}.get(icon.shape, {})
        return {"src": path.lstrip("/"), "sizes": f"{icon.size}x{icon.size}",
                "type": "image/png", **purpose}

    light = COLOURS["light"]
    return {
        "id": "/", "name": NAME, "short_name": NAME, "description": DESCRIPTION,
        "start_url": "/", "scope": "/", "display": "standalone",
        "background_color": light["background"], "theme_color": light["primary"],
        "icons": [entry(icon) for icon in ICONS if icon.size >= 192 and icon.shape != "square"],
    }


def as_tallybook(app: ASGIApp, assets: Path) -> ASGIApp:
    """`app`, but the manifest and the icons are Tallybook's (from `assets`/ICON_FOLDER)."""
    body = json.dumps(manifest(), indent=2).encode()

    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        path = scope["path"] if scope["type"] == "http" else None
        if path is None or scope["method"] not in ("GET", "HEAD") or \
                (path != MANIFEST_PATH and path not in SERVED_ICONS):
            await app(scope, receive, send)
            return
        response: Response = Response(body, media_type="application/manifest+json") \
            if path == MANIFEST_PATH \
            else FileResponse(assets / ICON_FOLDER / SERVED_ICONS[path], media_type="image/png")
        await response(scope, receive, send)

    return serving
