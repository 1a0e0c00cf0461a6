"""How long parsing, checking and scoring take: rerun with `python benchmarks/scoring.py`.

Times the whole path a tap in the app or a CLI call takes, from JSON data to a ScoreSheet.
Targets (issue 2): under 2 ms each for a 4-player Symbiose table and a 60-event Fossil log.
"""

from __future__ import annotations

import json
import statistics
import time
from pathlib import Path

from scorer import score

EXAMPLES = Path(__file__).parents[1] / "examples"


def fossil_log_of(events: int) -> dict:
    data = json.loads((EXAMPLES / "fossil-4-players.json").read_text(encoding="utf-8"))
    data["log"] = [*data["log"][: events - 1], {"end": True}]
    return data


CASES = {
    "Symbiose, 4 players (team)": json.loads(
        (EXAMPLES / "symbiose-team.json").read_text(encoding="utf-8")),
    "Fossil, 60-event log": fossil_log_of(60),
}


def measure(data: dict, runs: int = 2000) -> list[float]:
    score(data)  # warm caches (catalogues, pydantic validators)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        score(data)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    print(f"{'case':<30} {'median':>9} {'p95':>9}  (parse + check + score, ms)")
    for name, data in CASES.items():
        times = sorted(measure(data))
        median, p95 = statistics.median(times), times[int(len(times) * 0.95)]
        print(f"{name:<30} {median * 1000:>9.3f} {p95 * 1000:>9.3f}")


if __name__ == "__main__":
    main()
