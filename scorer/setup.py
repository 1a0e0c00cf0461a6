"""What a table of each game may look like: how many play, the variants, the boxes.

The new-game screen offers exactly this; the game-file checks refuse anything else.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Played:
    """What a table played: its variant and the boxes it combined (a game without boxes: none)."""

    variant: str
    boxes: tuple[str, ...] = ()


def no_teams(_variant: str, _names: Sequence[str]) -> list[list[str]]:
    return []


@dataclass(frozen=True, slots=True)
class Setup:
    """`variants[n]`: the variants `n` players may play, the default first (none: `n` may not
    play); `boxes`: the boxes a table may combine, in the order the game's box lists them;
    `teams(variant, names)`: the partners of a team variant, each team in seating order."""

    variants: Mapping[int, tuple[str, ...]]
    boxes: tuple[str, ...] = ()  # the first is the base game, always in play
    teams: Callable[[str, Sequence[str]], list[list[str]]] = no_teams

    @property
    def min_players(self) -> int:
        return min(self.variants)

    @property
    def max_players(self) -> int:
        return max(self.variants)

    def allows(self, count: int) -> bool:
        return count in self.variants

    def played(self, file: Mapping[str, Any]) -> Played:
        """What the checked game file `file` played: its `mode` (a game with a choice of
        variants has one), else the default for its player count; its boxes, else the base
        box alone (a game with boxes)."""
        variant = file.get("mode") or self.variants[len(file["players"])][0]
        return Played(str(variant), tuple(file.get("boxes") or self.boxes[:1]))

    def beside_base(self, played: Played) -> tuple[str, ...]:
        """The boxes played beside the base game, which every table has."""
        return tuple(box for box in played.boxes if box not in self.boxes[:1])
