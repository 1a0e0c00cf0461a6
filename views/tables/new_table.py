"""A table being set up on the new-game screen: who plays, in which seats, which variant and
boxes. Every game has these; a game whose setup has more (Symbiose's duel river) subclasses it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Self

from scorer.registry import GAMES
from scorer.setup import Setup


@dataclass(frozen=True)
class NewTable:
    game: str
    names: tuple[str, ...] = ()
    variant: str = ""
    boxes: tuple[str, ...] = ()

    @property
    def setup(self) -> Setup:
        return GAMES[self.game].setup

    @property
    def variants(self) -> tuple[str, ...]:
        """The variants this many players may play, the default first; none: not this many."""
        return self.setup.variants.get(len(self.names), ())

    @property
    def ready(self) -> bool:
        return self.variant in self.variants

    def seated(self, names: tuple[str, ...]) -> Self:
        """These players in these seats; the variant kept if they may still play it."""
        table = replace(self, names=names)
        return table if table.variant in table.variants else replace(
            table, variant=table.variants[0] if table.variants else "")

    def with_boxes(self, boxes: Iterable[str]) -> Self:
        """These boxes in play (those the game has), in the game's box order."""
        wanted = set(boxes)
        return replace(self, boxes=tuple(b for b in self.setup.boxes if b in wanted))

    def with_box(self, box: str) -> Self:
        """`box` added, or taken away unless it is the last one."""
        if box in self.boxes:
            return self if len(self.boxes) == 1 else replace(
                self, boxes=tuple(b for b in self.boxes if b != box))
        return self.with_boxes((*self.boxes, box))
