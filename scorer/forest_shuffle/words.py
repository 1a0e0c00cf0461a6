"""Forest Shuffle in words: how a sheet line's card reads and the entry behind a sheet line
(the card itself; its rules reference is rules_text.py, which needs the catalogue)."""

from __future__ import annotations

from scorer import i18n
from scorer.sheet import ScoreLine


def item_text(line: ScoreLine, lang: str) -> str:
    family = "cave" if line.category == "cave" else "species"  # a sapling is `species.sapling`
    return i18n.text(f"{family}.{line.item}", lang=lang)


def entry_for_line(line: ScoreLine) -> str | None:
    return line.item or None
