"""One-line summaries of a stored Symbiose table for lists (home)."""

from __future__ import annotations

from typing import Any

from scorer import score
from views import i18n
from views.state import SymbioseEntry


def progress(data: dict[str, Any], lang: str) -> str:
    entry = SymbioseEntry.from_data(data)
    filled = len(entry.slots()) - len(entry.empty_slots())
    return i18n.ui("home.progress", lang, filled=filled, total=len(entry.slots()),
                   mode=i18n.ui(f"mode.{entry.mode}", lang))


def result_line(data: dict[str, Any]) -> str:
    """'Ann 45 · Bob 45 · Cas 42', best first; empty if the table no longer scores."""
    try:
        sheet = score(data["file"])
    except ValueError:
        return ""
    ranked = sorted(sheet.players, key=lambda player: player.place)
    return " · ".join(f"{player.name} {player.total}" for player in ranked)
