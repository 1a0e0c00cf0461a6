"""Rules references for `python -m scorer rules GAME [CARD]`: a game's scoring and its rulings.

A game type's `rules(card, lang)` returns the text to print, or raises LookupError with the
message for an unknown card. The text is a rendering of the entries the app's rules screens
show (scorer/reference.py): a game whose entries are its messages prints all of them
(`summary`), Forest Shuffle one card in full or every card in one line
(scorer/forest_shuffle/rules_text.py).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence

from scorer.entry import Entry
from scorer.i18n import text

RulesText = Callable[[str | None, str], str]
WIDTH = 100
RULINGS = ("ruling", "no_rulings")  # the section kinds printed under the rulings' heading


def summary(game: str, reference: Callable[[str], Sequence[Entry]]) -> RulesText:
    """Every entry of the game's `reference` (its entries in a language), in full."""
    def rules(card: str | None, lang: str) -> str:
        if card is not None:
            raise LookupError(text("rules.no_cards", {"game": game}, lang))
        lines = [text("rules.scoring", {"game": game}, lang)]
        for entry in reference(lang):
            lines += ["", *entry_lines(entry)]
        return "\n".join(lines) + "\n"
    return rules


def entry_text(entry: Entry) -> str:
    return "\n".join(entry_lines(entry)) + "\n"


def entry_lines(entry: Entry) -> list[str]:
    """The title and id, each fact or rule as "label: text", then the rulings under their
    heading: a lettered ruling as "(a) text", another as a bullet."""
    lines = [f"{entry.title}  [{entry.id}]"]
    heading = None
    for section in entry.sections:
        if section.kind not in RULINGS:
            head = f"  {section.label + ':':<16}"
            lines += _wrap(section.text, head, " " * len(head)) or [head.rstrip()]
            continue
        if section.label != heading:
            heading = section.label
            lines += ["", heading]
        if section.kind == "no_rulings":
            lines.append("  " + section.text)
        elif section.ref:
            lines += _wrap(section.text, f"  ({section.ref}) ", " " * 6)
        else:
            lines += _wrap(section.text, "  - ", " " * 4)
    return lines


def _wrap(words: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(words, WIDTH, initial_indent=first, subsequent_indent=rest,
                         break_on_hyphens=False)
