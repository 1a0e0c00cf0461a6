"""The address of a rules reference entry (views/screens/rules.py draws it): made for a line of a
score sheet (views/widgets/score_sheet.py), and read from any route. Routes: `/rules`,
`/rules/<game>[?boxes=a,b]`, `/rules/<game>/<entry>`, each with `?table=<id>` when opened from
that table's sheet."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from scorer.reference import find
from scorer.registry import GAMES as SCORER_GAMES
from views.tables.model import Table
from views.tables.registry import GAMES

RULES_PATH = re.compile(r"/rules(?:/([a-z-]{1,30})(?:/([a-z0-9_-]{1,60}))?)?")


@dataclass(frozen=True)
class RulesRoute:
    """A rules route, read: `boxes` None where the route names none."""

    game: str | None
    entry: str | None
    table: int | None
    boxes: tuple[str, ...] | None


def parse(route: str) -> RulesRoute | None:
    """The rules route `route` is, or None (another screen's). An unknown game or entry, or a
    box no game has, is left out: the route shows what it names that exists."""
    parts = urlsplit(route)
    found = RULES_PATH.fullmatch(parts.path.rstrip("/"))
    if found is None:
        return None
    game = found[1] if found[1] in GAMES else None
    entry = found[2] if game and found[2] and find(game, found[2], "en") else None
    query = parse_qs(parts.query, keep_blank_values=True)
    table = query.get("table", [""])[0]
    boxes = None
    if game and "boxes" in query:
        offered = SCORER_GAMES[game].setup.boxes
        boxes = tuple(box for box in offered if box in query["boxes"][0].split(","))
    return RulesRoute(game, entry, int(table) if table.isdigit() and len(table) < 13 else None,
                      boxes)


def line_route(table: Table, entry: str) -> str:
    """The entry a score-sheet line opens, over that sheet."""
    return f"/rules/{table.kind}/{entry}?table={table.id}"
