"""Where a path into a Forest Shuffle game file lies at the table: a tree, a card, a cave."""

from __future__ import annotations

from typing import Any

from scorer.forest_shuffle.models import SLOTS
from scorer.places import Cave, ForestSpot, Path, Spot


def spot_of(data: Any, path: Path) -> Spot | None:
    match path:
        case ("players", int(player), "forest", int(tree), "tree" | "symbol", *_):
            return ForestSpot(player, tree)
        case ("players", int(player), "forest", int(tree), str(slot), int(index), *_) \
                if slot in SLOTS:
            value = _slot_value(data, player, tree, slot)
            return ForestSpot(player, tree, slot, index,
                              shared=isinstance(value, list) and len(value) > 1)
        case ("players", int(player), "forest", int(tree), str(slot), *rest) if slot in SLOTS:
            # A slot holding a list is named as a whole (cards that may not share it); a slot
            # holding one card, or a field of that card, is that card.
            shared = not rest and isinstance(_slot_value(data, player, tree, slot), list)
            return ForestSpot(player, tree, slot, None if shared else 0, shared=shared)
        case ("players", int(player), "cave" | "cave_type"):
            return Cave(player)
    return None


def _slot_value(data: Any, player: int, tree: int, slot: str) -> Any:
    try:
        return data["players"][player]["forest"][tree].get(slot)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None
