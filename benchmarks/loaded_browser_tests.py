"""The browser tests on a busy machine: `python -m benchmarks.loaded_browser_tests`.

Runs `pytest -m e2e` several times in a row while busy loops keep every core at 100 %, the way
CI and a laptop serving a table are loaded, and prints each run's time and result. A test that
races the app (taps before the screen is ready, types before a field is cleared) fails here long
before it fails in CI. Exits 1 if any run failed. A stress test, not a benchmark: not part of
`python -m benchmarks`.

Options: --runs N (default 3), --busy N busy loops (default: one per core), and any further
arguments go to pytest (for example `-k swipe -x`).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 3 * 3600  # a busy loop stops itself after this long even if nobody stops it


def busy(until: float) -> None:
    while time.monotonic() < until:
        pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--busy", type=int, default=os.cpu_count() or 2)
    args, pytest_args = parser.parse_known_args()

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a kill stops the busy loops too
    until = time.monotonic() + LONGEST
    loops = [multiprocessing.Process(target=busy, args=(until,), daemon=True)
             for _ in range(args.busy)]
    for loop in loops:
        loop.start()
    print(f"load: {args.busy} busy loops on {os.cpu_count()} cores", flush=True)
    results = []
    try:
        for run in range(1, args.runs + 1):
            began = time.monotonic()
            done = subprocess.run([sys.executable, "-m", "pytest", "-m", "e2e", "-q",
                                   "-p", "no:cacheprovider", *pytest_args], cwd=ROOT)
            seconds = time.monotonic() - began
            results.append((seconds, done.returncode))
            verdict = "passed" if done.returncode == 0 else f"FAILED (exit {done.returncode})"
            print(f"run {run}: {verdict} in {seconds:.0f} s", flush=True)
    finally:
        for loop in loops:
            loop.terminate()
    print("runs: " + ", ".join(f"{seconds:.0f} s {'ok' if code == 0 else 'FAILED'}"
                               for seconds, code in results))
    return 0 if all(code == 0 for _, code in results) else 1


if __name__ == "__main__":
    sys.exit(main())
