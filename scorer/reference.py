"""The rules reference: per game an ordered list of entries, each a rule or a card with what it
scores, a worked example and our ruling where sources disagree.

One source for the app's rules screens (views/rules.py) and `python -m scorer rules`
(scorer/rules.py renders the same entries as text). Symbiose's and Fossil's entries are the
messages `reference.<game>.<entry>.*` (title, names, rule, example) plus the rulings
`rules.<game>.ruling.*`; Forest Shuffle's are its cards (scorer/forest_shuffle/rules_text.py).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from scorer.i18n import catalogue, languages, text
from scorer.sheet import ScoreLine


@dataclass(frozen=True)
class Section:
    """One part of an entry: `kind` says what it is ("rule", "example", "ruling", or a card's
    fact: "copies", "symbols", ...), `label` its heading in the reader's language; `ref` the
    letter or id a ruling is cited by (Forest Shuffle's "a", "bee-counts"), if it has one."""

    kind: str
    label: str
    text: str
    ref: str = ""


@dataclass(frozen=True)
class Entry:
    """`names`: every name it is found by, in every language (ids and aliases too);
    `boxes`: the Forest Shuffle boxes it comes in (empty: every game has it);
    `group`: the heading it is listed under; `summary`: its one line in a list."""

    id: str
    title: str
    group: str
    summary: str
    sections: tuple[Section, ...]
    names: tuple[str, ...]
    boxes: tuple[str, ...] = ()


# game -> ((group, (entry id, ruling ids)), ...): the entries in their order, with the rulings
# `rules.<game>.ruling.<id>` each one carries.
_RULES: dict[str, tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]] = {
    "symbiose": (
        ("positions", (("left_column", ("left_column",)), ("middle_columns", ("counts_itself",)),
                       ("right_column", ()))),
        ("variants", (("standard", ("rounds",)), ("duel", ()), ("team", ()))),
        ("cards", (("fixed_card", ()), ("per_animal", ()), ("per_season", ()),
                   ("total", ()))),
    ),
    "fossil": (
        ("play", (("moves", ("move_cost", "max_cost")), ("exchange", ("exchange",)))),
        ("evaluation", (("find_value", ()), ("payment", ("highest_find_value",)),
                        ("ties", ()), ("small_game", ()))),
        ("end", (("end", ()),)),
    ),
}


@cache
def entries(game: str, lang: str) -> tuple[Entry, ...]:
    """Every entry of the game's reference, in its order, in `lang`; KeyError for no game."""
    if game == "forest-shuffle":
        from scorer.forest_shuffle.rules_text import entries as cards  # its catalogue: on use

        return tuple(cards(lang))
    return tuple(_entry(game, group, entry_id, rulings, lang)
                 for group, listed in _RULES[game] for entry_id, rulings in listed)


def find(game: str, entry_id: str, lang: str) -> Entry | None:
    return next((e for e in entries(game, lang) if e.id == entry_id), None)


def search(game: str, query: str, lang: str, boxes: Iterable[str] | None = None) -> list[Entry]:
    """The entries a name in any language, an alias or an id finds, case and accents ignored:
    a whole name first, then names that start with it, then names that contain it. `boxes`:
    only entries of these Forest Shuffle boxes (None: all)."""
    wanted = fold(query)
    allowed = None if boxes is None else set(boxes)
    ranked = []
    for order, entry in enumerate(entries(game, lang)):
        if allowed is not None and entry.boxes and not allowed & set(entry.boxes):
            continue
        rank = _rank(wanted, entry.names)
        if rank is not None:
            ranked.append((rank, order, entry))
    return [entry for *_, entry in sorted(ranked, key=lambda found: found[:2])]


def fold(words: str) -> str:
    """Lower case, no accents, hyphens and underscores as spaces, single spaces: "Zerr-Eiche"
    is found by "zerr eiche", "Eichhörnchen" by "eichhornchen", "common_toad" by "Common Toad"."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


def _rank(wanted: str, names: Sequence[str]) -> int | None:
    if not wanted:
        return 2
    folded = [fold(name) for name in names]
    if wanted in folded:
        return 0
    if any(name.startswith(wanted) for name in folded):
        return 1
    return 2 if any(wanted in name for name in folded) else None


def entry_for_line(game: str, line: ScoreLine) -> str | None:
    """The entry that explains a score-sheet line: a Forest Shuffle card or cave; Symbiose's
    column (the duel's river, a fixed card's kind); Fossil's move, exchange or evaluation."""
    key = line.explain.key
    if game == "forest-shuffle":
        return line.item or None
    if game == "symbiose":
        if key == "symbiose.fixed":
            return "fixed_card"
        if key == "symbiose.counts_river":
            return "duel"
        column = line.explain.params.get("column")
        return {"left": "left_column", "middle": "middle_columns",
                "right": "right_column"}.get(str(column))
    return _FOSSIL_LINES.get(key)


_FOSSIL_LINES = {
    "fossil.start": "moves", "fossil.move": "moves", "fossil.move_take": "moves",
    "fossil.adjust": "moves", "fossil.exchange": "exchange",
    "fossil.find_value": "find_value", "fossil.nobody_holds": "find_value",
    "fossil.find_sum": "small_game",
    "fossil.paid": "payment", "fossil.received": "payment", "fossil.paid_short": "payment",
    "fossil.received_short": "payment",
    "fossil.paid_shared": "ties", "fossil.received_shared": "ties",
}


# --- Symbiose and Fossil: entries from their messages ---------------------------------------

def _entry(game: str, group: str, entry_id: str, rulings: tuple[str, ...], lang: str) -> Entry:
    key = f"reference.{game}.{entry_id}"
    rule = text(f"{key}.rule", lang=lang)
    sections = [Section("rule", text("reference.rule", lang=lang), rule),
                Section("example", text("reference.example", lang=lang),
                        text(f"{key}.example", lang=lang))]
    sections += [Section("ruling", text("rules.rulings", lang=lang),
                         text(f"rules.{game}.ruling.{ruling}", lang=lang))
                 for ruling in rulings]
    return Entry(entry_id, text(f"{key}.title", lang=lang),
                 text(f"reference.{game}.group.{group}", lang=lang), _first_sentence(rule),
                 tuple(sections), _names(entry_id, key))


def _names(entry_id: str, key: str) -> tuple[str, ...]:
    """The entry's id, and its title and aliases ("a, b, c") in every language."""
    found = [entry_id]
    for lang in languages():
        messages = catalogue(lang)
        found.append(str(messages[f"{key}.title"]))
        found += [alias.strip() for alias in str(messages.get(f"{key}.names", "")).split(",")
                  if alias.strip()]
    return tuple(dict.fromkeys(found))


def _first_sentence(rule: str) -> str:
    head, dot, _ = rule.partition(". ")
    return head + "." if dot else rule
