"""One way to share a game's result, a row of the share sheet (views/widgets/share_sheet.py lists
them), and the game's file the ways share it from."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from views.storage.off_loop import in_worker
from views.tables.model import Table


@dataclass(frozen=True)
class ShareChoice:
    """One row of the share sheet: `share-<identifier>` for tests, its words (`about`: one
    line under them), its icon, and what a tap on it does, awaited if it is async (it closes
    the sheet itself, with `app.page.pop_dialog()`, when it is done with it)."""

    identifier: str
    label: str
    icon: ft.IconData
    action: Callable[[], Awaitable[None] | None]
    about: str = ""


async def game_file(table: Table) -> dict[str, Any]:
    """The game's file: a finished game's written off the event loop (a long game's takes a
    while; a finished game is read-only), a game in play's as it is now."""
    return await in_worker(table.game_file) if table.finished else table.game_file()
