"""Symbiose in words: how a sheet line's card reads, its rules reference (the messages
`reference.symbiose.*`) and the entry behind a sheet line."""

from __future__ import annotations

from functools import cache

from scorer import i18n
from scorer.entry import Entry, Layout, message_entries
from scorer.sheet import ScoreLine
from scorer.symbiose.models import Card, parse_card_text

LAYOUT: Layout = (
    ("positions", (("left_column", ("left_column",)), ("middle_columns", ("counts_itself",)),
                   ("right_column", ()))),
    ("variants", (("standard", ("rounds",)), ("duel", ()), ("team", ()))),
    ("cards", (("fixed_card", ()), ("per_animal", ()), ("per_season", ()), ("total", ()))),
)
COLUMN_ENTRIES = {"left": "left_column", "middle": "middle_columns", "right": "right_column"}


def item_text(line: ScoreLine, lang: str) -> str:
    card = parse_card_text(line.item) if line.item else None  # "": an empty place
    if not isinstance(card, Card):
        return line.item
    params = {"animal": card.animal, "season": card.season, "points": card.points,
              "per": card.per}
    return i18n.text("symbiose.card_per" if card.per else "symbiose.card", params, lang)


@cache
def reference(lang: str) -> tuple[Entry, ...]:
    return message_entries("symbiose", LAYOUT, lang)


def entry_for_line(line: ScoreLine) -> str | None:
    """The line's column (the duel's river, a fixed card's kind)."""
    key = line.explain.key
    if key == "symbiose.fixed":
        return "fixed_card"
    if key == "symbiose.counts_river":
        return "duel"
    return COLUMN_ENTRIES.get(str(line.explain.params.get("column")))
