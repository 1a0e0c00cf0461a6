"""The rules reference of any game: its entries in their order (each game's own, from
scorer/registry.py), an entry by id, the search, and the entry behind a score-sheet line.

One source for the app's rules screens (views/screens/rules.py) and `python -m scorer rules`
(scorer/rules.py renders the same entries as text). What an entry is: scorer/entry.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from scorer.entry import Entry, fold
from scorer.registry import GAMES
from scorer.sheet import ScoreLine


def entries(game: str, lang: str) -> tuple[Entry, ...]:
    """Every entry of the game's reference, in its order, in `lang`; KeyError for no game."""
    return GAMES[game].reference(lang)


def find(game: str, entry_id: str, lang: str) -> Entry | None:
    return next((e for e in entries(game, lang) if e.id == entry_id), None)


def search(game: str, query: str, lang: str, boxes: Iterable[str] | None = None) -> list[Entry]:
    """The entries a name in any language, an alias or an id finds, case and accents ignored:
    a whole name first, then names that start with it, then names that contain it. `boxes`:
    only entries of these boxes (None: all)."""
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
    """The id of the entry that explains a score-sheet line (a card, a column, a move), if any."""
    return GAMES[game].entry_for_line(line)
