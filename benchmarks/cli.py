"""How long one `python -m scorer score FILE` takes, start to exit: `python -m benchmarks.cli`.

Each run is a fresh interpreter, as from a terminal, so the time is mostly start-up and imports.
Compiled bytecode is cached (in a temporary folder, even where PYTHONDONTWRITEBYTECODE is set) as
it is for an installed package, and one untimed run per file fills that cache.
Target (issue 10): under 120 ms a file. Options: --runs N (default 20), --importtime (the slowest
imports of one run, from `python -X importtime`).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.figures import Figure, summary, timings

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / "tallybook-benchmark-pycache"
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "PYTHONPYCACHEPREFIX": str(CACHE)}
FILES = {"symbiose": "symbiose-team.json", "forest-shuffle": "forest-shuffle-base-2-players.json",
         "fossil": "fossil-4-players.json"}


def score_command(file: str) -> list[str]:
    return [sys.executable, "-m", "scorer", "score", f"examples/{file}"]


def wall_times(command: list[str], runs: int) -> list[float]:
    """ms from start to exit, after one untimed run."""
    subprocess.run(command, cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, env=ENV, check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return times


def figures(quick: bool, runs: int = 10) -> dict[str, Figure]:
    runs = 2 if quick else runs
    out = {"python": timings("`python -c pass`, for comparison",
                             wall_times([sys.executable, "-c", "pass"], runs), digits=0)}
    for game, file in FILES.items():
        out[game] = timings(f"`python -m scorer score examples/{file}`",
                            wall_times(score_command(file), runs), digits=0)
    return out


def slowest_imports(file: str, count: int = 12) -> list[tuple[int, str]]:
    """(cumulative microseconds, module) of the imports that took longest, outermost first."""
    command = [sys.executable, "-X", "importtime", *score_command(file)[1:]]
    found = subprocess.run(command, cwd=ROOT, env=ENV, check=True, capture_output=True,
                           text=True).stderr
    rows = []
    for line in found.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = (part.strip() for part in line.removeprefix("import time:")
                               .split("|"))
        rows.append((int(cumulative), name))
    return sorted(rows, reverse=True)[:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--importtime", action="store_true")
    args = parser.parse_args()
    print(summary("cli", figures(quick=False, runs=args.runs)))
    if args.importtime:
        for file in FILES.values():
            print(f"\nslowest imports scoring {file} (cumulative ms):")
            for micros, name in slowest_imports(file):
                print(f"{micros / 1000:>8.1f}  {name}")


if __name__ == "__main__":
    main()
