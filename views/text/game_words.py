"""What a game was played with, in words: the boxes beside the base game, or the variant."""

from __future__ import annotations

from typing import Any

from scorer.registry import GAMES, played
from scorer.setup import Played
from views.text.i18n import scorer_text, ui


def variant_words(file: dict[str, Any], lang: str, between: str = ", ") -> str:
    """What the game `file` was played with, in words (`played_with`)."""
    return played_with(file["game"], played(file), lang, between)


def played_with(kind: str, what: Played, lang: str, between: str = ", ") -> str:
    """A game of boxes: the boxes in play beside the base game, named as the scorer names
    them, `between` each ('Alpine, Woodland Edge'; the base game alone: ''); any other game:
    its variant ('Duel', '2-3 player rules')."""
    setup = GAMES[kind].setup
    if setup.boxes:
        return between.join(scorer_text(f"box.{box}", {}, lang)
                            for box in setup.beside_base(what))
    return ui(f"variant.{kind}.{what.variant}", lang)
