"""A person's time by the Keystroke-Level Model (Card, Moran and Newell): what entering a table
costs a thumb, from the gestures counted while the app is driven (benchmarks/entry.py).

Every tap and every scroll is one decision (1.35 s), one point (1.1 s) and one tap (0.2 s):
2.65 s; every typed character is 0.28 s. A search is the tap on its field (counted as a tap) and
its characters. Decisions are the taps and the scrolls.
"""

from __future__ import annotations

from dataclasses import dataclass

DECIDE, POINT, TAP, CHARACTER = 1.35, 1.1, 0.2, 0.28  # seconds
GESTURE = DECIDE + POINT + TAP  # a tap or a scroll


@dataclass
class Counts:
    """The gestures of one phone (or of one part of its work: its trees, its dwellers)."""

    taps: int = 0
    scrolls: int = 0
    searches: int = 0
    characters: int = 0

    @property
    def decisions(self) -> int:
        return self.taps + self.scrolls

    @property
    def klm_s(self) -> float:
        return self.decisions * GESTURE + self.characters * CHARACTER

    def __add__(self, other: Counts) -> Counts:
        return Counts(self.taps + other.taps, self.scrolls + other.scrolls,
                      self.searches + other.searches, self.characters + other.characters)
