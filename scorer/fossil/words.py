"""Fossil in words: how a sheet line's item reads, its rules reference (the messages
`reference.fossil.*`) and the entry behind a sheet line."""

from __future__ import annotations

from functools import cache

from scorer import i18n
from scorer.entry import Entry, Layout, message_entries
from scorer.sheet import ScoreLine

LAYOUT: Layout = (
    ("play", (("moves", ("move_cost", "max_cost")), ("exchange", ("exchange",)))),
    ("evaluation", (("find_value", ()), ("payment", ("highest_find_value",)),
                    ("ties", ()), ("small_game", ()))),
    ("end", (("end", ()),)),
)
# a line's explanation -> the entry that explains it: a move, an exchange or the evaluation
LINE_ENTRIES = {
    "fossil.start": "moves", "fossil.move": "moves", "fossil.move_take": "moves",
    "fossil.adjust": "moves", "fossil.exchange": "exchange",
    "fossil.find_value": "find_value", "fossil.nobody_holds": "find_value",
    "fossil.find_sum": "small_game",
    "fossil.paid": "payment", "fossil.received": "payment", "fossil.paid_short": "payment",
    "fossil.received_short": "payment",
    "fossil.paid_shared": "ties", "fossil.received_shared": "ties",
}


def item_text(line: ScoreLine, lang: str) -> str:
    """A line's item is its kind (start, move, adjust), a card taken (FOSSIL:VALUE) or a fossil."""
    fossil, _, value = line.item.partition(":")
    if value:
        return i18n.text("fossil.item.card", {"fossil": fossil, "value": value}, lang)
    if line.category in ("finds", "received", "paid"):
        return i18n.text(f"fossil_name.{fossil}", lang=lang)
    return i18n.text(f"fossil.item.{line.item}", lang=lang)


@cache
def reference(lang: str) -> tuple[Entry, ...]:
    return message_entries("fossil", LAYOUT, lang)


def entry_for_line(line: ScoreLine) -> str | None:
    return LINE_ENTRIES.get(line.explain.key)
