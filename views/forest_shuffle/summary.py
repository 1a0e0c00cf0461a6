"""One-line summaries of a stored Forest Shuffle game for lists (home)."""

from __future__ import annotations

from typing import Any

from views import i18n
from views.forest_shuffle.forest import Forests
from views.forest_shuffle.live import live_forests


def progress(data: dict[str, Any], lang: str) -> str:
    forests = Forests.from_data(data)
    return i18n.ui("forest.progress", lang, cards=forests.card_count())


def result_line(data: dict[str, Any]) -> str:
    sheet = live_forests(Forests.from_data(data).file).sheet
    if sheet is None:
        return ""
    ranked = sorted(sheet.players, key=lambda player: player.place)
    return " · ".join(f"{player.name} {player.total}" for player in ranked)
