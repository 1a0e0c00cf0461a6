"""How long parsing, checking and scoring take: `python -m benchmarks.scoring [--runs N]`.

Times the whole path a tap in the app or a CLI call takes, from JSON data to a ScoreSheet, for a
typical and the largest table of each game. Targets: under 2 ms for a 4-player Symbiose table and
a Fossil game; under 2 ms for a 5-player Forest Shuffle table of end-game forests and under
0.6 ms for a 2-player one (issue 10). One deck of every box holds 152 dwellers, so 5 players can
have 15 trees and 30 dwellers each at most: that is the largest table. The typical one is a base
game's end for 2 players: 10 trees and 20 dwellers each.

Every run checks every forest anew (the memo of checked forests is emptied first); the figures
"one forest changed" time what the app does after a tap: the table is scored again with one
player's cave changed, so that forest is checked again and the others come from the memo.

A Fossil log of 100,000 events (tests/scorer/fossil/long_log.py) is timed too, with the peak
memory the check and the score take (tracemalloc, beside the parsed JSON it starts from): a log
that long once took 18 s to check, copying the rest of the log at every event (issue 23).
"""

from __future__ import annotations

import copy
import json
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from benchmarks.figures import Figure, alone, timings
from benchmarks.forest_tables import dealt_table
from scorer import score
from scorer.forest_shuffle.checks import CHECKED_FORESTS
from tests.scorer.fossil.long_log import long_game

LONG_LOG = 100_000

EXAMPLES = Path(__file__).parents[1] / "examples"
ALL_BOXES = ("base", "alpine", "woodland_edge", "exploration", "promo")


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


# key: (what, the table); Forest Shuffle tables are also timed with one forest changed.
CASES: dict[str, tuple[str, Callable[[], dict]]] = {
    "symbiose-typical": ("Symbiose, 3 players (symbiose-standard.json)",
                         lambda: example("symbiose-standard.json")),
    "symbiose-largest": ("Symbiose, 4 players in teams (symbiose-team.json)",
                         lambda: example("symbiose-team.json")),
    "fossil-typical": ("Fossil, 3-player game, 31 events (fossil-3-players.json)",
                       lambda: example("fossil-3-players.json")),
    "fossil-largest": ("Fossil, 4-player game, 74 events (fossil-4-players.json)",
                       lambda: example("fossil-4-players.json")),
    "forest-shuffle-typical": ("Forest Shuffle, 2 x (10 trees + 20 dwellers), base box",
                               lambda: dealt_table(2, ("base",), 10, 20)),
    "forest-shuffle-largest": ("Forest Shuffle, 5 x (15 trees + 30 dwellers), all boxes",
                               lambda: dealt_table(5, ALL_BOXES, 15, 30)),
}


def measure(data: dict, runs: int) -> list[float]:
    """ms per parse + check + score, every forest checked anew."""
    score(data)  # warm caches (catalogues, pydantic validators)
    times = []
    for _ in range(runs):
        CHECKED_FORESTS.clear()
        start = time.perf_counter()
        score(data)
        times.append((time.perf_counter() - start) * 1000)
    return times


def measure_tap(data: dict, runs: int) -> list[float]:
    """Scored once, then timed again with the first player's cave one card fuller or emptier."""
    tapped = copy.deepcopy(data)
    times = []
    for run in range(runs):
        CHECKED_FORESTS.clear()
        score(data)
        tapped["players"][0]["cave"] = data["players"][0]["cave"] + 1 - 2 * (run % 2)
        start = time.perf_counter()
        score(tapped)
        times.append((time.perf_counter() - start) * 1000)
    return times


def long_log(events: int, runs: int) -> dict[str, Figure]:
    """Seconds to check and score a Fossil log of `events` events, and the peak memory it
    takes, from the JSON data a file or the app's store gives (parsed, so no event is shared)."""
    data = json.loads(json.dumps(long_game(events)))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        score(data)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    score(data)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    what = f"Fossil, 4 players, {events:,} log events"
    return {"fossil-long-log": timings(what, times, unit="s", digits=2),
            "fossil-long-log-memory": Figure(f"{what}: peak memory of check + score", "MB",
                                             round(peak / 1e6, 1))}


def figures(quick: bool, runs: int = 500) -> dict[str, Figure]:
    runs = 5 if quick else runs
    out = {}
    for key, (what, table) in CASES.items():
        data = table()
        out[key] = timings(what, measure(data, runs), digits=3)
        if data["game"] == "forest-shuffle":
            out[f"{key}-one-changed"] = timings(f"{what.split(',')[0]}, {what.split(', ')[1]}: "
                                                "one forest changed", measure_tap(data, runs),
                                                digits=3)
    return out | long_log(1_000 if quick else LONG_LOG, 1 if quick else 3)


if __name__ == "__main__":
    alone(figures, "runs")
