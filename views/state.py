"""The Symbiose table being entered: tiles, the cursor, undo. Plain data, saved after each change.

A draft is the game file of GAME_FILES.md with `None` for an empty tile, plus where the user is
(`cursor`) and what can be undone. The scorer never sees `None`: see `views.symbiose.live`.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from scorer.symbiose.models import COLUMNS, DUEL_RIVER, ROWS

# A slot names one tile: ("pond", player, row, column) or ("river", index).
Slot = tuple


def new_draft(names: list[str], mode: str) -> dict[str, Any]:
    players = [{"name": name, "pond": [[None] * COLUMNS for _ in range(ROWS)]} for name in names]
    file: dict[str, Any] = {"version": 1, "game": "symbiose", "mode": mode, "players": players}
    if mode == "duel":
        file["river"] = [None] * DUEL_RIVER
        file["river_left_of"] = names[0]
    return {"file": file, "cursor": ["pond", 0, 0, 0], "undo": []}


@dataclass
class SymbioseEntry:
    file: dict[str, Any]
    cursor: Slot | None = ("pond", 0, 0, 0)
    undo_stack: list[tuple[Slot, str | None, str | None]] = field(default_factory=list)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SymbioseEntry:
        cursor = tuple(data["cursor"]) if data.get("cursor") else None
        undo = [(tuple(slot), old, new) for slot, old, new in data.get("undo", [])]
        return cls(copy.deepcopy(data["file"]), cursor, undo)

    def to_data(self) -> dict[str, Any]:
        return {"file": self.file, "cursor": list(self.cursor) if self.cursor else None,
                "undo": [[list(slot), old, new] for slot, old, new in self.undo_stack]}

    # reading ------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return self.file["mode"]

    @property
    def names(self) -> list[str]:
        return [player["name"] for player in self.file["players"]]

    def slots(self) -> list[Slot]:
        """Every tile in entry order: each pond row by row, then the duel river."""
        order: list[Slot] = [("pond", p, r, c) for p in range(len(self.names))
                             for r in range(ROWS) for c in range(COLUMNS)]
        return order + [("river", i) for i in range(len(self.file.get("river") or []))]

    def card_at(self, slot: Slot) -> str | None:
        if slot[0] == "river":
            return self.file["river"][slot[1]]
        _, player, row, column = slot
        return self.file["players"][player]["pond"][row][column]

    def empty_slots(self) -> list[Slot]:
        return [slot for slot in self.slots() if self.card_at(slot) is None]

    def is_complete(self) -> bool:
        return not self.empty_slots()

    # changing -----------------------------------------------------------------------------
    def _put(self, slot: Slot, card: str | None) -> None:
        if slot[0] == "river":
            self.file["river"][slot[1]] = card
        else:
            _, player, row, column = slot
            self.file["players"][player]["pond"][row][column] = card

    def place(self, slot: Slot, card: str | None) -> str | None:
        """Put `card` (None clears) on `slot`, then move on to the next empty tile.
        Returns the card that lay there before."""
        old = self.card_at(slot)
        self._put(slot, card)
        self.undo_stack.append((slot, old, card))
        self.cursor = self.next_empty(slot) if card is not None else slot
        return old

    def undo(self) -> tuple[Slot, str | None, str | None] | None:
        """Take back the last change; returns (slot, restored card, removed card)."""
        if not self.undo_stack:
            return None
        slot, old, new = self.undo_stack.pop()
        self._put(slot, old)
        self.cursor = slot
        return slot, old, new

    def next_empty(self, after: Slot) -> Slot | None:
        order = self.slots()
        start = order.index(after) + 1 if after in order else 0
        for slot in order[start:] + order[:start]:
            if self.card_at(slot) is None:
                return slot
        return None
