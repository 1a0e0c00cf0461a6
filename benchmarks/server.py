"""How long `tallybook` takes to start: `python -m benchmarks.server [--starts N]`.

From starting the process (`tallybook --port P --data DIR`, as tests/e2e/harness.py does) to
the first page served, on a data folder made by a first, untimed start. Target: under 2 s.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from benchmarks.figures import Figure, alone, timings
from tests.e2e.harness import Server


def figures(quick: bool, starts: int = 5) -> dict[str, Figure]:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        server.start()
        seconds = []
        try:
            for _ in range(1 if quick else starts):
                server.restart()
                seconds.append(server.ready_seconds)
        finally:
            server.stop()
    return {"ready": timings("process start -> first page served", seconds, unit="s",
                             digits=2)}


if __name__ == "__main__":
    alone(figures, "starts")
