"""What a table of each game may look like: how many play, the variants, the boxes.

The new-game screen offers exactly this; the game-file checks refuse anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


def no_teams(_variant: str, _names: Sequence[str]) -> list[list[str]]:
    return []


@dataclass(frozen=True, slots=True)
class Setup:
    """`variants[n]`: the variants `n` players may play, the default first (none: `n` may not
    play); `boxes`: the boxes a table may combine, in the order the game's box lists them;
    `teams(variant, names)`: the partners of a team variant, each team in seating order."""

    variants: Mapping[int, tuple[str, ...]]
    boxes: tuple[str, ...] = ()
    teams: Callable[[str, Sequence[str]], list[list[str]]] = no_teams

    @property
    def min_players(self) -> int:
        return min(self.variants)

    @property
    def max_players(self) -> int:
        return max(self.variants)

    def allows(self, count: int) -> bool:
        return count in self.variants
