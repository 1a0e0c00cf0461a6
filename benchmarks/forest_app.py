"""Forest Shuffle tap -> total in the browser, measured: `python benchmarks/forest_app.py`.

Against the real `tallybook` server in a subprocess and Debian's Chromium at 390 x 844, with a
game of 5 players' full forests (benchmarks/forest_tables.py: every box, 15 trees and 30
dwellers each) stored through the app's store and opened at /forest-shuffle/<id>:

* tap -> total: a tap on the cave's "+" until the totals bar shows Ann's new total (every
  change rescored: every majority card against all five forests), timed in the page's own
  clock as in benchmarks/app.py: from the pointerdown Playwright dispatches to the moment
  Flutter writes the new total into its semantics tree. Each tap is followed by an undo (not
  timed) so every tap does the same work;
* dweller placed -> total: the same for a dweller's chip on the species sheet, and the bytes
  the server sends the phone for it (counted in the page, on its WebSocket).

Targets: cave tap -> total median < 150 ms; dweller -> total median < 100 ms, p95 < 150 ms;
under 1 KB to the phone per pick. Options: --taps N (default 30).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOXES = ("base", "alpine", "woodland_edge", "exploration", "promo")


def dweller_to_place(file: dict, total: int) -> tuple[str, str, str]:
    """An empty slot of Ann's forest, the chip that fills it legally, and what the totals bar
    then says: (slot id, chip id, words)."""
    from scorer import check, score
    from scorer.forest_shuffle.catalog import load_catalog
    from scorer.forest_shuffle.models import SLOTS
    from scorer.forest_shuffle.placing import printed_symbols

    ann = file["players"][0]
    for t, entry in enumerate(ann["forest"]):
        for slot in (s for s in SLOTS if s not in entry):
            for species in load_catalog().species:
                symbols = printed_symbols(species.id, slot, list(BOXES)) if slot in species.slots \
                    else []
                for symbol in symbols:
                    entry[slot] = {"card": species.id, "symbol": symbol}
                    game, problems = check(file)
                    new_total = score(game).players[0].total if game and not problems else total
                    del entry[slot]
                    if new_total != total:
                        chip = f"pick-{species.id}-{symbol}" if len(symbols) > 1 \
                            else f"pick-{species.id}"
                        return f"slot-0-{t}-{slot}", chip, f"{ann['name']}: {new_total} points"
    raise SystemExit("no dweller can be added to Ann's forest")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from benchmarks.app import COUNT_BYTES, WATCH, percentile
    from benchmarks.forest_tables import dealt_table
    from scorer import score
    from scorer.forest_shuffle.models import SLOTS
    from tests.e2e.harness import Server, launch, phone_context
    from tests.e2e.phone import Phone
    from views.forest_shuffle.model import live_of
    from views.store import Store

    file = dealt_table(5, BOXES, 15, 28)  # two dwellers short of the deck, so one can be added
    assert live_of(file).clean  # the totals bar shows the scorer's numbers
    before = score(file).players[0]
    plus = copy.deepcopy(file)
    plus["players"][0]["cave"] += 1
    after = score(plus).players[0]
    assert after.total != before.total
    said_before = f"{before.name}: {before.total} points"
    said_after = f"{after.name}: {after.total} points"
    slot_id, chip, said_placed = dweller_to_place(file, before.total)

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        server.start()
        store = Store(server.data / "tallybook.sqlite3")
        game_id = store.create_game("forest-shuffle",
                                    {"file": {**file, "boxes": list(BOXES)}, "undo": []})
        store.close()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                context = phone_context(browser)
                context.add_init_script(COUNT_BYTES)
                phone = Phone.open(context, f"{server.url}forest-shuffle/{game_id}")
                phone.expect_says("total-0", said_before)
                phone.expect_says("total-4", f"{file['players'][4]['name']}: ")
                page = phone.page
                page.evaluate(WATCH)
                in_page, round_trip = [], []
                for _ in range(args.taps + 2):  # the first two warm up
                    page.evaluate(f"() => window.__arm('total-0', {said_after!r})")
                    began = time.perf_counter()
                    phone.tap("cave-plus")
                    page.wait_for_function("() => window.__tap.end !== null", polling="raf")
                    round_trip.append((time.perf_counter() - began) * 1000)
                    in_page.append(page.evaluate("() => window.__tap.end - window.__tap.start"))
                    page.evaluate("() => { window.__tap.armed = false; }")
                    phone.tap("undo")
                    phone.expect_says("total-0", said_before)
                placed, sent = [], []
                for _ in range(args.taps + 2):  # a dweller: the slot's sheet, then its chip
                    phone.tap(slot_id)
                    phone.by_id(chip).first.wait_for(state="attached")
                    page.evaluate(f"() => window.__arm('total-0', {said_placed!r})")
                    phone.painted()
                    page.evaluate("() => { window.__wsBytes = 0; }")
                    phone.tap(chip)
                    page.wait_for_function("() => window.__tap.end !== null", polling="raf")
                    placed.append(page.evaluate("() => window.__tap.end - window.__tap.start"))
                    phone.painted()
                    sent.append(page.evaluate("() => window.__wsBytes"))
                    page.evaluate("() => { window.__tap.armed = false; }")
                    phone.tap("undo")
                    phone.expect_says("total-0", said_before)
                browser.close()
        finally:
            server.stop()
    in_page, round_trip = in_page[2:], round_trip[2:]
    median, p95 = statistics.median(in_page), percentile(in_page, 0.95)
    trees = sum(len(p["forest"]) for p in file["players"])
    dwellers = sum(slot in e for p in file["players"] for e in p["forest"] for slot in SLOTS)
    print(f"table: 5 players, {trees} trees, {dwellers} dwellers, no problems")
    print(f"tap -> total (in page)  median {median:.0f} ms, p95 {p95:.0f} ms, "
          f"min {min(in_page):.0f}, max {max(in_page):.0f} (n={len(in_page)})"
          "   target median < 150 ms")
    print(f"tap -> total (Playwright round trip, incl. its actionability checks) median "
          f"{statistics.median(round_trip):.0f} ms, p95 {percentile(round_trip, 0.95):.0f} ms")
    placed, sent = placed[2:], sent[2:]
    print(f"dweller placed -> total (in page)  median {statistics.median(placed):.0f} ms, "
          f"p95 {percentile(placed, 0.95):.0f} ms (n={len(placed)})"
          "   target median < 100 ms, p95 < 150 ms")
    print(f"bytes to the phone per pick  median {statistics.median(sent) / 1024:.2f} KB, "
          f"max {max(sent) / 1024:.2f} KB   target < 1 KB")
    met = median < 150 and statistics.median(placed) < 100 \
        and percentile(placed, 0.95) < 150 and statistics.median(sent) < 1024
    print("targets met" if met else "TARGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
