"""The Forest Shuffle game being entered: the game file of GAME_FILES.md (which names the boxes
in play, so that the scorer checks every card against them) and what can be undone. Plain data,
saved after each change."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from scorer.forest_shuffle.models import SAPLING, SLOTS

UNDO_DEPTH = 60
Card = str | dict[str, Any]


def new_data(names: list[str], boxes: list[str]) -> dict[str, Any]:
    players = [{"name": name, "cave": 0, "forest": []} for name in names]
    return {"file": {"version": 1, "game": "forest-shuffle", "boxes": list(boxes),
                     "players": players}, "undo": []}


def card_id(card: Card) -> str:
    return card if isinstance(card, str) else card["card"]


def card_symbol(card: Card) -> str | None:
    return None if isinstance(card, str) else card.get("symbol")


def make_card(species: str, symbol: str | None) -> Card:
    return {"card": species, "symbol": symbol} if symbol else species


@dataclass
class Forests:
    file: dict[str, Any]
    undo_stack: list[list[dict[str, Any]]] = field(default_factory=list)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Forests:
        file = copy.deepcopy(data["file"])
        # Games stored before the file named its boxes kept them beside it.
        file.setdefault("boxes", list(data.get("boxes") or ["base"]))
        return cls(file, copy.deepcopy(data.get("undo", [])))

    def to_data(self) -> dict[str, Any]:
        return {"file": self.file, "undo": self.undo_stack}

    @property
    def boxes(self) -> list[str]:
        return list(self.file["boxes"])

    # reading ------------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return [player["name"] for player in self.file["players"]]

    def forest(self, player: int) -> list[dict[str, Any]]:
        return self.file["players"][player]["forest"]

    def cave(self, player: int) -> int:
        return self.file["players"][player].get("cave", 0)

    def cards(self, player: int, tree: int, slot: str) -> list[Card]:
        value = self.forest(player)[tree].get(slot)
        if value is None:
            return []
        return list(value) if isinstance(value, list) else [value]

    def card_count(self) -> int:
        return sum(1 + sum(len(self.cards(p, t, s)) for s in SLOTS)
                   for p in range(len(self.names)) for t in range(len(self.forest(p))))

    # changing -----------------------------------------------------------------------------
    def _remember(self) -> None:
        self.undo_stack.append(copy.deepcopy(self.file["players"]))
        del self.undo_stack[:-UNDO_DEPTH]

    def undo(self) -> bool:
        if not self.undo_stack:
            return False
        self.file["players"] = self.undo_stack.pop()
        return True

    def add_host(self, player: int, tree: str, symbol: str | None = None) -> int:
        self._remember()
        entry: dict[str, Any] = {"tree": tree}
        if symbol and tree != SAPLING:
            entry["symbol"] = symbol
        self.forest(player).append(entry)
        return len(self.forest(player)) - 1

    def _set_cards(self, player: int, tree: int, slot: str, cards: list[Card]) -> None:
        entry = self.forest(player)[tree]
        if not cards:
            entry.pop(slot, None)
        else:
            entry[slot] = cards[0] if len(cards) == 1 else cards

    def add_card(self, player: int, tree: int, slot: str, card: Card) -> None:
        self._remember()
        self._set_cards(player, tree, slot, [*self.cards(player, tree, slot), card])

    def replace_card(self, player: int, tree: int, slot: str, index: int, card: Card) -> None:
        self._remember()
        cards = self.cards(player, tree, slot)
        cards[index] = card
        self._set_cards(player, tree, slot, cards)

    def remove_card(self, player: int, tree: int, slot: str, index: int) -> None:
        self._remember()
        cards = self.cards(player, tree, slot)
        del cards[index]
        self._set_cards(player, tree, slot, cards)

    def set_tree_symbol(self, player: int, tree: int, symbol: str) -> None:
        self._remember()
        self.forest(player)[tree]["symbol"] = symbol

    def remove_host(self, player: int, tree: int) -> None:
        self._remember()
        del self.forest(player)[tree]

    def set_cave(self, player: int, count: int) -> None:
        self._remember()
        self.file["players"][player]["cave"] = max(0, count)

    def replace_host(self, player: int, tree: int, species: str, symbol: str | None) -> None:
        """Another tree, shrub or sapling in the same place; the dwellers around it stay."""
        self._remember()
        entry = self.forest(player)[tree]
        entry["tree"] = species
        if symbol and species != SAPLING:
            entry["symbol"] = symbol
        else:
            entry.pop("symbol", None)

    def move_card(self, player: int, tree: int, slot: str, index: int, to_tree: int) -> None:
        """A dweller to the same side of another tree of the same forest: one undo step."""
        self._remember()
        cards = self.cards(player, tree, slot)
        card = cards.pop(index)
        self._set_cards(player, tree, slot, cards)
        self._set_cards(player, to_tree, slot, [*self.cards(player, to_tree, slot), card])

    def cave_type(self, player: int) -> str | None:
        return self.file["players"][player].get("cave_type")

    def set_cave_type(self, player: int, cave_type: str) -> None:
        self._remember()
        self.file["players"][player]["cave_type"] = cave_type
