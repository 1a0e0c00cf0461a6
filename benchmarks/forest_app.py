"""Forest Shuffle tap -> total in the browser, with a full table:
`python -m benchmarks.forest_app [--taps N]`.

A game of 5 players' end-game forests (benchmarks/forest_tables.py: every box, 15 trees and 28
dwellers each, two short of the deck so that one can still be placed), open on the host's phone
at /forest-shuffle/<id>, timed in the page's own clock as benchmarks/browser.py says:

* cave tap -> total: a tap on the cave pad's next count until the totals bar shows Ann's new
  total (every change rescored: every majority card against all five forests; the pad opened
  first, not timed);
* dweller placed -> total: the same for a species tile of the picker's grid (the picker on
  that slot first, not timed: after a pick it moves on to the next slot), and the bytes the
  server sends the phone for it (counted in the page, on its WebSocket).

Targets: cave tap -> total median < 150 ms; dweller -> total median < 100 ms, p95 < 150 ms;
under 1 KB to the phone per pick.
"""

from __future__ import annotations

import copy
import statistics

from playwright.sync_api import expect

from benchmarks.browser import phone_on, tap_to_update
from benchmarks.figures import Figure, alone, timings
from benchmarks.forest_tables import dealt_table
from benchmarks.scoring import ALL_BOXES
from scorer import check, score
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import choices, symbol_choice
from views.forest_shuffle.model import live_of
from views.storage.store import Store


def dweller_to_place(file: dict, total: int) -> tuple[str, str, str]:
    """An empty slot of Ann's forest, the species tile that fills it in one tap (its symbol
    is not asked there) and changes Ann's total, and what the totals bar then says:
    (the slot's id in the tree bar, the tile's id, the words)."""
    ann = file["players"][0]
    for t, entry in enumerate(ann["forest"]):
        for slot in (s for s in SLOTS if s not in entry):
            for species in choices(slot, list(ALL_BOXES)):
                if symbol_choice(file, 0, t, slot, species.id):
                    continue
                entry[slot] = species.id
                game, problems = check(file)
                new_total = score(game).players[0].total if game and not problems else total
                del entry[slot]
                if new_total != total:
                    return (f"{t}-{slot}", f"pick-{species.id}",
                            f"{ann['name']}: {new_total} points")
    raise SystemExit("no dweller can be added to Ann's forest")


def figures(quick: bool, taps: int = 30) -> dict[str, Figure]:
    taps = 1 if quick else taps
    file = dealt_table(5, ALL_BOXES, 15, 28)
    assert live_of(file).clean  # the totals bar shows the scorer's numbers
    before = score(file).players[0]
    plus = copy.deepcopy(file)
    plus["players"][0]["cave"] += 1
    after = score(plus).players[0]
    said_before = f"{before.name}: {before.total} points"
    slot, chip, said_placed = dweller_to_place(file, before.total)

    def stored(store: Store) -> str:
        record = {"file": {**file, "boxes": list(ALL_BOXES)}, "undo": []}
        return f"/forest-shuffle/{store.create_game('forest-shuffle', record)}"

    with phone_on(stored) as phone:
        phone.expect_says("total-0", said_before)
        phone.expect_says("total-4", f"{file['players'][4]['name']}: ")

        def undo() -> None:
            phone.tap("undo")
            phone.expect_says("total-0", said_before)

        tree, side = slot.split("-")

        def open_picker() -> None:
            """The picker on that slot: from the forest, or in its tree bar."""
            bar = phone.by_id(f"bar-{side}")
            if bar.count() == 0:
                phone.tap(f"slot-0-{tree}-{side}")
            elif bar.first.get_attribute("aria-current") != "true":
                phone.tap(f"bar-{side}")
            expect(phone.by_id(f"bar-{side}").first).to_have_attribute("aria-current", "true")
            phone.by_id(chip).first.wait_for(state="attached")

        def open_cave() -> None:
            phone.tap("cave")
            phone.by_id(f"cave-{plus['players'][0]['cave']}").first.wait_for(state="attached")

        cave = tap_to_update(phone, taps, f"cave-{plus['players'][0]['cave']}", "total-0",
                             f"{after.name}: {after.total} points", undo, before=open_cave)
        sent: list[int] = []
        placed = tap_to_update(phone, taps, chip, "total-0", said_placed, undo,
                               before=open_picker, received=sent)
    table = "5 x (15 trees + 28 dwellers), all boxes"
    return {"cave-to-total": timings(f"cave + on {table} -> new total shown", cave, digits=0),
            "dweller-to-total": timings(f"dweller placed on {table} -> new total shown", placed,
                                        digits=0),
            "bytes-per-pick": Figure("bytes to the phone for a dweller placed", "KB",
                                     round(statistics.median(sent) / 1024, 2))}


if __name__ == "__main__":
    alone(figures, "taps")
