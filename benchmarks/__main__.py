"""Every benchmark in one run: `python -m benchmarks [--only NAME...] [--quick] [--out PATH]
[--readme]`.

Runs the benchmarks below in turn (about 5 minutes on a 2-core machine), prints each one's
figures, and writes them with the date and the machine to benchmarks/results/latest.json.
`--readme` then rewrites the README's table of figures from that file (a whole run only: the
table must come from one run on one machine). `--quick` runs everything at a tiny size, to check
the plumbing, not to measure. Each benchmark also runs on its own: `python -m benchmarks.NAME`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.figures import README, ROOT, as_json, machine, summary, with_table

# name: the module with its `figures(quick)`; in the order they run.
BENCHMARKS = {
    "scoring": "benchmarks.scoring",  # parse + validate + score, typical and largest tables
    "cli": "benchmarks.cli",  # python -m scorer score FILE, start to exit
    "server": "benchmarks.server",  # tallybook start to the first page served
    "symbiose-tap": "benchmarks.app",  # tap -> new total in Chromium, each game's entry screen
    "forest-shuffle-tap": "benchmarks.forest_app",
    "fossil-tap": "benchmarks.fossil_app",
    "live-tables": "benchmarks.live_tables",  # phones at shared tables: latency, memory
    "taps": "benchmarks.taps",  # taps per card to enter a reference table of each game
    "history": "benchmarks.history",  # a history of 300 finished games
}
LATEST = ROOT / "benchmarks" / "results" / "latest.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", nargs="+", choices=BENCHMARKS, metavar="NAME",
                        help="run only these: " + ", ".join(BENCHMARKS))
    parser.add_argument("--out", type=Path, default=LATEST)
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the plumbing")
    parser.add_argument("--readme", action="store_true",
                        help="rewrite the README's table from this run")
    args = parser.parse_args()
    if args.readme and (args.only or args.quick):
        parser.error("--readme takes a whole run: no --only, no --quick")
    began = time.monotonic()
    result = {"date": datetime.now(UTC).isoformat(timespec="seconds"), "machine": machine(),
              "quick": args.quick, "seconds": 0.0, "benchmarks": {}}
    for name in args.only or BENCHMARKS:
        started = time.monotonic()
        figures = importlib.import_module(BENCHMARKS[name]).figures(args.quick)
        seconds = round(time.monotonic() - started, 1)
        print(summary(f"{name} ({seconds:.0f} s)", figures), flush=True)
        result["benchmarks"][name] = {"seconds": seconds, "figures": as_json(figures)}
    result["seconds"] = round(time.monotonic() - began, 1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{result['seconds']:.0f} s in all; written to {args.out}")
    if args.readme:
        README.write_text(with_table(README.read_text(encoding="utf-8"), result),
                          encoding="utf-8")
        print(f"the table in {README.name} rewritten")
    return 0


if __name__ == "__main__":
    sys.exit(main())
