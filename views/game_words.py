"""What a game was played with, in words: the boxes beside the base game, or the variant."""

from __future__ import annotations

from typing import Any

from scorer.registry import GAMES
from views.i18n import scorer_text, ui
from views.results import variant_of


def variant_words(file: dict[str, Any], lang: str, between: str = ", ") -> str:
    """What the game `file` was played with, in words (`played_with`)."""
    return played_with(file["game"], variant_of(file), lang, between)


def played_with(kind: str, variant: str, lang: str, between: str = ", ") -> str:
    """A game of boxes: the boxes in play beside the base game (`variant`: their ids joined
    by "+", views/results.py), named as the scorer names them, `between` each ('Alpine,
    Woodland Edge'; the base game alone: ''); any other game: its variant ('Duel', '2-3
    player rules')."""
    boxes = GAMES[kind].setup.boxes
    if boxes:  # the first box is the base game, always in play
        return between.join(scorer_text(f"box.{box}", {}, lang)
                            for box in variant.split("+") if box != boxes[0])
    return ui(f"variant.{kind}.{variant}", lang)
