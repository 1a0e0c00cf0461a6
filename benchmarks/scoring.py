"""How long parsing, checking and scoring take: rerun with `python benchmarks/scoring.py`.

Times the whole path a tap in the app or a CLI call takes, from JSON data to a ScoreSheet.
Targets: under 2 ms for a 4-player Symbiose table and a 60-event Fossil log; under 2 ms for a
5-player Forest Shuffle table of end-game forests and under 0.6 ms for a 2-player one (issue 10).
One deck of every box holds 152 dwellers, so 5 players can have 15 trees and 30 dwellers each at
most; that is the big table measured. The 2-player table is a base game's end: 10 trees and 20
dwellers each. `--rounds N` measures every case N times and prints each round's median, for a
machine shared with other work.

Every run checks every forest anew (the memo of checked forests is emptied first); the lines
"one forest changed" time what the app does after a tap: the table is scored again with one
player's cave changed, so that forest is checked again and the others come from the memo.
"""

from __future__ import annotations

import argparse
import copy
import json
import statistics
import time
from pathlib import Path

from forest_tables import dealt_table

from scorer import score
from scorer.forest_shuffle.checks import CHECKED_FORESTS

EXAMPLES = Path(__file__).parents[1] / "examples"


def fossil_log_of(events: int) -> dict:
    data = json.loads((EXAMPLES / "fossil-4-players.json").read_text(encoding="utf-8"))
    data["log"] = [*data["log"][: events - 1], {"end": True}]
    return data


CASES = {
    "Symbiose, 4 players (team)": json.loads(
        (EXAMPLES / "symbiose-team.json").read_text(encoding="utf-8")),
    "Fossil, 60-event log": fossil_log_of(60),
    "Forest Shuffle, 5 x (15 + 30)": dealt_table(
        players=5, boxes=("base", "alpine", "woodland_edge", "exploration", "promo"),
        trees_each=15, dwellers_each=30),
    "Forest Shuffle, 2 x (10 + 20)": dealt_table(
        players=2, boxes=("base",), trees_each=10, dwellers_each=20),
}


def measure(data: dict, runs: int = 1000) -> list[float]:
    score(data)  # warm caches (catalogues, pydantic validators)
    times = []
    for _ in range(runs):
        CHECKED_FORESTS.clear()
        start = time.perf_counter()
        score(data)
        times.append(time.perf_counter() - start)
    return times


def measure_tap(data: dict, runs: int = 1000) -> list[float]:
    """Scored once, then again with the first player's cave one card fuller or emptier."""
    tapped = copy.deepcopy(data)
    times = []
    for run in range(runs):
        CHECKED_FORESTS.clear()
        score(data)
        tapped["players"][0]["cave"] = data["players"][0]["cave"] + 1 - 2 * (run % 2)
        start = time.perf_counter()
        score(tapped)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    print(f"{'case':<44} {'median':>9} {'p95':>9}  (parse + check + score, ms)")
    runs = [(name, data, measure) for name, data in CASES.items()]
    runs += [(f"{name}, one changed", data, measure_tap)
             for name, data in CASES.items() if data["game"] == "forest-shuffle"]
    for name, data, how in runs:
        for _ in range(args.rounds):
            times = sorted(how(data))
            median, p95 = statistics.median(times), times[int(len(times) * 0.95)]
            print(f"{name:<44} {median * 1000:>9.3f} {p95 * 1000:>9.3f}")


if __name__ == "__main__":
    main()
