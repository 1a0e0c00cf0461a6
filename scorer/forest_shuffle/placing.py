"""What may go where on a Forest Shuffle table: the questions the app asks while cards are
entered, answered from the catalogue's card facts so that the app holds no rule of its own."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from scorer.forest_shuffle.catalog import Cave, Species, load_catalog
from scorer.loading import check
from scorer.places import ForestSpot

WHOLE = "whole"  # a tree or a shrub: the card is not split into halves


def choices(side: str, boxes: Sequence[str]) -> list[Species]:
    """Trees and shrubs (`side` "whole") or the dwellers that fit a slot, in the boxes in play,
    in catalogue order."""
    wanted = ("tree", "shrub") if side == WHOLE else ("dweller",)
    return [species for species in load_catalog().species
            if species.kind in wanted and (side == WHOLE or side in species.slots)
            and any(box in species.boxes for box in boxes)]


def caves(boxes: Sequence[str]) -> list[Cave]:
    """The caves a player may have with these boxes in play (the regular one comes first)."""
    return [cave for cave in load_catalog().caves if cave.box in boxes]


def printed_symbols(species_id: str, side: str, boxes: Sequence[str]) -> list[str]:
    """The tree symbols the copies in the boxes in play print on this side (or whole card)."""
    species = load_catalog().by_id(species_id)
    found: list[str] = []
    for box in boxes:
        for symbol in sorted(species.variants(side, box)):  # type: ignore[arg-type]
            if symbol not in found:
                found.append(symbol)
    return found


def may_add_another(species_ids: Sequence[str], slot: str, below: Sequence[str]) -> bool:
    """Whether a slot holding `species_ids` may take one more card: hares, toad pairs, a
    Cuckoo with its bird, butterflies over a Stinging Nettle (`below`: the bottom slot)."""
    catalog = load_catalog()
    for species_id in species_ids:
        rule = catalog.by_id(species_id).sharing
        if rule and rule.where == "own_slot" and (rule.max_cards is None
                                                  or len(species_ids) < rule.max_cards):
            return True
    if slot == "top" and species_ids:
        return any((rule := catalog.by_id(b).sharing) is not None
                   and rule.where == "host_top_slot" for b in below)
    return False


def symbol_matters(data: dict[str, Any], spot: ForestSpot) -> bool:
    """Whether the tree symbol of the card at `spot` changes what a card on this table counts:
    without it, the table check would ask for it."""
    stripped = copy.deepcopy(data)
    entry = stripped["players"][spot.player]["forest"][spot.tree]
    if spot.slot is None:
        entry.pop("symbol", None)
    else:
        cards = entry[spot.slot]
        index = spot.index or 0
        card = cards[index] if isinstance(cards, list) else cards
        if isinstance(card, dict):
            card.pop("symbol", None)
    _, problems = check(stripped)
    return any(p.key == "forest_shuffle.symbol_missing" and p.spot == spot for p in problems)
