"""One-line summaries of a stored Fossil game for lists (home)."""

from __future__ import annotations

from typing import Any

from views import i18n
from views.fossil.table import read, track


def progress(data: dict[str, Any], lang: str) -> str:
    table = read(data)
    scores = " · ".join(f"{name} {track(points)}"
                        for name, points in zip(table.names, table.scores(), strict=True))
    return i18n.ui("fossil.progress", lang, turns=sum("move" in e for e in table.log),
                   scores=scores)


def result_line(data: dict[str, Any]) -> str:
    table = read(data)
    ranked = sorted(table.sheet.players, key=lambda player: player.place)
    return " · ".join(f"{player.name} {player.total}" for player in ranked)
