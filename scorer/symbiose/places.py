"""Where a path into a Symbiose game file lies at the table: a pond tile or a river card."""

from __future__ import annotations

from typing import Any

from scorer.places import Path, PondTile, RiverTile, Spot


def spot_of(_data: Any, path: Path) -> Spot | None:
    match path:
        case ("players", int(player), "pond", int(row), int(column), *_):
            return PondTile(player, row, column)
        case ("river", int(index), *_):
            return RiverTile(index)
    return None
