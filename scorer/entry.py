"""An entry of a game's rules reference: a rule or a card with what it scores, a worked example
and our ruling where sources disagree; and the entries of a game whose reference is its
messages.

A game's entries come from its registry entry (scorer/registry.py `reference`); the lookups
over them are scorer/reference.py's. A game whose reference is written as messages (Symbiose,
Fossil) lists its entries as a `Layout`: the messages are `reference.<game>.<entry>.*` (title,
names, rule, example) plus the rulings `rules.<game>.ruling.*`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from scorer.i18n import catalogue, languages, text


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
    `boxes`: the boxes it comes in (empty: every table has it);
    `group`: the heading it is listed under; `summary`: its one line in a list."""

    id: str
    title: str
    group: str
    summary: str
    sections: tuple[Section, ...]
    names: tuple[str, ...]
    boxes: tuple[str, ...] = ()


# ((group, ((entry id, ruling ids), ...)), ...): the entries in their order, with the rulings
# `rules.<game>.ruling.<id>` each one carries.
Layout = tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]


def fold(words: str) -> str:
    """Lower case, no accents, hyphens and underscores as spaces, single spaces: "Zerr-Eiche"
    is found by "zerr eiche", "Eichhörnchen" by "eichhornchen", "common_toad" by "Common Toad"."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    plain = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.replace("-", " ").replace("_", " ").split())


def message_entries(game: str, layout: Layout, lang: str) -> tuple[Entry, ...]:
    """The entries of `layout`, in its order, from the game's messages in `lang`."""
    return tuple(_entry(game, group, entry_id, rulings, lang)
                 for group, listed in layout for entry_id, rulings in listed)


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
