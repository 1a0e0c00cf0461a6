"""Where a path into a Fossil game file lies: an entry of the log."""

from __future__ import annotations

from typing import Any

from scorer.places import LogEntry, Path, Spot


def spot_of(_data: Any, path: Path) -> Spot | None:
    match path:
        case ("log", int(index), *_):
            return LogEntry(index)
    return None
