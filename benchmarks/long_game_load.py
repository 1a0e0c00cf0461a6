"""Another table while a very long game is scored: `python -m benchmarks.long_game_load
[--root DIR] [--events N] [--out PATH]`.

As benchmarks/import_load.py (the same phones, the same table's changes), but the data folder
also holds one finished Fossil game of --events log events (corrections, then the end: 100,000
by default), stored before the server starts. The host's phone opens the History screen (timed
until the game's tile is listed: the game scored since the start) and then exports the history
as CSV (timed from the tap until the file arrives at the phone), while the table's changes go
on. Measured: their latency before, while the history is scored, and during the export.

    python -m benchmarks.long_game_load                      # this checkout
    python -m benchmarks.long_game_load --root /tmp/before   # another tree
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from benchmarks.idle_sessions import ROOT
from benchmarks.import_load import BASELINE, HostPhone, changes, measured_on, report
from benchmarks.live_tables import CHANGES, household, make_tables, seat_phones, spread


def long_fossil(events: int) -> dict[str, Any]:
    log = [{"adjust": ("Ann", "Bob")[n % 2], "points": 1, "note": "x"} for n in range(events)]
    return {"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
            "log": [*log, {"end": True}]}


async def while_(phone: Any, work: Any) -> tuple[list[float], float]:
    """The table's change latencies while `work()` runs, and how long it took (s)."""
    done, seen = asyncio.Event(), []
    playing = asyncio.create_task(changes(phone, None, done, seen))
    began = time.perf_counter()
    await work()
    took = time.perf_counter() - began
    done.set()
    await playing
    return seen, took


async def measure(url: str, code: str, token: str, game_id: int) -> dict[str, Any]:
    phone, = await seat_phones(url, code, 1, household(0))
    for _ in range(2):  # warm-up
        await changes(phone, len(CHANGES), None, [])
    before: list[float] = []
    await changes(phone, BASELINE, None, before)
    host = HostPhone(url, token)

    async def history() -> None:
        await host.open()
        await host.wait_for(lambda: host.find(f"past-{game_id}") is not None, timeout=900)

    async def export() -> None:
        await host.choose("archive-csv")
        await host.wait_for(lambda: bool(host.saved), timeout=900)

    scoring, history_s = await while_(phone, history)
    exporting, export_s = await while_(phone, export)
    for client in (host, phone):
        with suppress(ConnectionClosed, OSError):  # a server busy still may not say goodbye
            await client.close()
    return {"history_s": round(history_s, 2), "csv_s": round(export_s, 2),
            "latency_ms": {"before": spread(before), "while_history_scored": spread(scoring),
                           "during_csv_export": spread(exporting)}}


def run(root: Path, events: int) -> dict[str, Any]:
    from views.storage.store import Store
    from views.web.access import device_id, new_device_token

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        code, = make_tables(data, 1)
        token = new_device_token()
        store = Store(data / "tallybook.sqlite3")
        store.add_host(device_id(token))
        file = long_fossil(events)
        game_id = store.create_game("fossil", {"file": file})
        store.save_game(game_id, {"file": file}, 0, status="finished")
        store.close()
        result = measured_on(root, data, lambda url: measure(url, code, token, game_id))
        return {"events": events, **result}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to serve")
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--out", type=Path, help="the whole result as JSON")
    args = parser.parse_args()
    report(run(args.root, args.events), args.out)


if __name__ == "__main__":
    main()
