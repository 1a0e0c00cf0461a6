"""Every benchmark in one run: `python -m benchmarks [--only NAME...] [--quick] [--out PATH]
[--readme]`.

Runs the benchmarks below in turn (about 6 minutes on a 2-core machine), prints each one's
figures, and writes them with the date and the machine to benchmarks/results/latest.json.
`--readme` then rewrites the README's table of figures from that file (a whole run only: the
table must come from one run on one machine). `--quick` runs everything at a tiny size, to check
the plumbing, not to measure. Each benchmark also runs on its own: `python -m benchmarks.NAME`.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from benchmarks.figures import (
    ROOT,
    as_json,
    machine,
    machine_line,
    summary,
    with_table,
    write_result,
)

# name: (the module with its `figures(quick)`, what it measures), in the order they run.
BENCHMARKS = {
    "scoring": ("benchmarks.scoring", "parse + validate + score"),
    "cli": ("benchmarks.cli", "CLI, start to exit"),
    "server": ("benchmarks.server", "server start"),
    "symbiose-tap": ("benchmarks.app", "tap -> update in Chromium, Symbiose"),
    "forest-shuffle-tap": ("benchmarks.forest_app", "tap -> update in Chromium, Forest Shuffle"),
    "fossil-tap": ("benchmarks.fossil_app", "tap -> update in Chromium, Fossil"),
    "live-tables": ("benchmarks.live_tables", "phones at shared tables"),
    "hostile": ("benchmarks.hostile", "4 phones playing through 60 s of hostile clients"),
    "taps": ("benchmarks.taps", "taps per card, reference tables"),
    "entry": ("benchmarks.entry", "a person entering a Forest Shuffle table, every phone at once"),
    "history": ("benchmarks.history", "history"),
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
    print(f"on {machine_line(result)}", flush=True)
    for name in args.only or BENCHMARKS:
        started = time.monotonic()
        module, title = BENCHMARKS[name]
        figures = importlib.import_module(module).figures(args.quick)
        seconds = round(time.monotonic() - started, 1)
        print(summary(f"{name}: {title} ({seconds:.0f} s)", figures), flush=True)
        result["benchmarks"][name] = {"title": title, "seconds": seconds,
                                      "figures": as_json(figures)}
    result["seconds"] = round(time.monotonic() - began, 1)
    print(f"{result['seconds']:.0f} s in all")
    write_result(args.out, result,
                 (lambda readme: with_table(readme, result)) if args.readme else None, "table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
