"""Symbiose tap -> total in the browser, with a full table: `python -m benchmarks.app [--taps N]`.

A 3-player game (examples/symbiose-standard.json) whose every tile but the last is filled, from
a learned deck, open on the host's phone with that last tile selected: a tap on its known card
until the totals bar shows its player's new total (the whole table rescored), timed in the
page's own clock as benchmarks/browser.py says, then undone. Target: median < 150 ms.
"""

from __future__ import annotations

import copy

from benchmarks.browser import phone_on, tap_to_update
from benchmarks.figures import Figure, alone, timings
from benchmarks.scoring import example
from scorer import score
from tests.e2e.games import cards_of
from views.storage.store import Store

REFERENCE = "symbiose-standard.json"


def figures(quick: bool, taps: int = 30) -> dict[str, Figure]:
    full = example(REFERENCE)
    player, row, column = len(full["players"]) - 1, 1, 3  # the last tile entered
    card = full["players"][player]["pond"][row][column]
    open_tile = copy.deepcopy(full)
    open_tile["players"][player]["pond"][row][column] = None
    total = score(full).players[player]
    tile = f"tile-{player}-{row}-{column}"

    def stored(store: Store) -> str:
        for known in cards_of(full):  # the deck learned in earlier games
            store.count_card("symbiose", known, 1)
        record = {"file": open_tile, "cursors": {}, "undo": []}
        return f"/symbiose/{store.create_game('symbiose', record)}"

    with phone_on(stored) as phone:
        phone.expect_says(tile, "empty")

        def undo() -> None:
            phone.tap("undo")
            phone.expect_says(tile, "empty")

        times = tap_to_update(phone, 1 if quick else taps, f"known-{card}", f"total-{player}",
                              f"{total.name}: {total.total} points", undo)
    return {"tap-to-total": timings(f"tap on the last card of {REFERENCE} -> new total shown",
                                    times, digits=0)}


if __name__ == "__main__":
    alone(figures, "taps")
