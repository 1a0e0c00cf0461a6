"""What a game was played with, in words: the boxes beside the base game, or the variant."""

from __future__ import annotations

from typing import Any

from scorer.registry import GAMES
from views.i18n import scorer_text, ui
from views.results import variant_of


def variant_words(file: dict[str, Any], lang: str, between: str = ", ") -> str:
    """A game of boxes: the boxes in play beside the base game, named as the scorer names
    them, `between` each ('Alpine, Woodland Edge'; the base game alone: ''); any other game:
    its variant ('Duel', '2-3 player rules')."""
    kind = file["game"]
    boxes = GAMES[kind].setup.boxes
    if boxes:  # the first box is the base game, always in play
        return between.join(scorer_text(f"box.{box}", {}, lang)
                         for box in file.get("boxes") or [] if box != boxes[0])
    return ui(f"variant.{kind}.{variant_of(file)}", lang)
