"""Rules references for `python -m scorer rules GAME [CARD]`: a game's scoring and its rulings.

A game type's `rules(card, lang)` returns the text to print, or raises LookupError with the
message for an unknown card. Games without a card catalogue use `summary(game)`: their scoring
rules and rulings are the messages `rules.<game>.score.*` and `rules.<game>.ruling.*`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from scorer.i18n import catalogue, text

RulesText = Callable[[str | None, str], str]
WIDTH = 100


def summary(game: str) -> RulesText:
    def rules(card: str | None, lang: str) -> str:
        if card is not None:
            raise LookupError(text("rules.no_cards", {"game": game}, lang))
        lines = [text("rules.scoring", {"game": game}, lang)]
        lines += _bullets(f"rules.{game}.score.", lang)
        lines += ["", text("rules.rulings", lang=lang)]
        lines += _bullets(f"rules.{game}.ruling.", lang)
        return "\n".join(lines) + "\n"
    return rules


def _bullets(prefix: str, lang: str) -> list[str]:
    lines: list[str] = []
    for key in (k for k in catalogue(lang) if k.startswith(prefix)):
        lines += textwrap.wrap(text(key, lang=lang), WIDTH, initial_indent="  - ",
                               subsequent_indent="    ", break_on_hyphens=False)
    return lines
