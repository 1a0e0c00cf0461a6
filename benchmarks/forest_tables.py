"""End-game Forest Shuffle tables dealt from the physical cards, for the benchmark.

Every card is used at most once, each dweller half goes into a free slot of its side (a Cuckoo
onto a bird), so the tables pass every check the engine makes.
"""

from __future__ import annotations

import random
from typing import Any

from scorer.forest_shuffle.catalog import load_catalog, split_cards

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve"]


def dealt_table(players: int, boxes: tuple[str, ...], trees_each: int, dwellers_each: int,
                seed: int = 1) -> dict[str, Any]:
    catalog = load_catalog()
    rng = random.Random(seed)
    hosts = [(s.id, symbol) for box in boxes for s in catalog.in_box(box)
             if s.kind in ("tree", "shrub")
             for symbol, n in s.boxes[box].variants["whole"].items() for _ in range(n)]
    halves = [rng.choice(card.halves) for card in split_cards() if card.box in boxes]
    rng.shuffle(hosts)
    rng.shuffle(halves)
    forests = []
    for _ in range(players):
        forest = []
        for _ in range(trees_each):
            species, symbol = hosts.pop()
            entry = {"tree": species}
            if catalog.by_id(species).kind == "shrub":
                entry["symbol"] = symbol
            forest.append(entry)
        forests.append(forest)
    for forest in forests:
        placed = 0
        for half in list(halves):
            if placed == dwellers_each:
                break
            sharing = catalog.by_id(half.species).sharing
            if sharing and sharing.required:  # a Cuckoo joins a bird already in its slot
                free = [entry for entry in forest if isinstance(entry.get(half.side), dict)
                        and sharing.with_symbol in catalog.by_id(entry[half.side]["card"]).symbols]
            else:
                free = [entry for entry in forest if half.side not in entry]
            if not free:
                continue
            entry = rng.choice(free)
            card = {"card": half.species, "symbol": half.tree_symbol}
            entry[half.side] = [entry[half.side], card] if half.side in entry else card
            halves.remove(half)
            placed += 1
    return {"version": 1, "game": "forest-shuffle",
            "players": [{"name": NAMES[i], "cave": rng.randint(2, 12), "forest": forest}
                        for i, forest in enumerate(forests)]}
