"""Another table while a large backup is imported: `python -m benchmarks.import_load
[--root DIR] [--games N] [--out PATH]`.

Starts `tallybook` from the code in --root (default: this checkout; `git archive` another
commit to a folder to measure it) on a free port. A phone at a Symbiose table (a guest who
joined by its code, benchmarks/flet_client.py) makes change after change: the known card
placed, then taken back with undo, a pause of 50 ms between them; each change is timed from its
tap until the phone's totals bar says the new total. Meanwhile the host's phone, on the History
screen, imports a backup of --games finished games (the three games' example tables in turn,
each started at its own time, so none is known yet): the import runs from the moment the
picked file leaves the phone until its report arrives.

Measured: the table's change latency (median, p95, max) before any import and while the import
runs, and how long the import took. The backup is written as version 1 (finished games only)
so that a tree from before version 2 reads it as well; 1,400 games make it just under 5 MB,
the limit before this change.

    python -m benchmarks.import_load                      # this checkout
    git archive COMMIT | tar -x -C /tmp/before
    python -m benchmarks.import_load --root /tmp/before   # another tree

Not part of `python -m benchmarks` (a minute or more: the import itself is measured whole).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from benchmarks.flet_client import EVENT, INVOKE, Control, FletClient
from benchmarks.idle_sessions import ROOT, start
from benchmarks.live_tables import CHANGES, household, make_tables, seat_phones, spread
from tests.e2e.harness import free_port

EXAMPLES = ROOT / "examples"
TABLES = ("symbiose-standard.json", "forest-shuffle-alpine-woodland-edge-3-players.json",
          "fossil-4-players.json")
PAUSE = 0.05  # s between the table's changes
BASELINE = 20  # changes measured before the import


def backup_of(games: int) -> bytes:
    """A backup (version 1) of `games` finished games, each started at a time of its own."""
    from views.records.archive import iso

    files = [json.loads((EXAMPLES / name).read_text(encoding="utf-8")) for name in TABLES]
    entries = [{"game": files[n % 3]["game"], "created": iso(1_700_000_000 + n * 3600),
                "finished": iso(1_700_000_000 + n * 3600 + 1800), "file": files[n % 3]}
               for n in range(games)]
    return json.dumps({"format": "tallybook-backup", "version": 1, "exported": iso(0),
                       "games": entries, "aliases": []}).encode()


class HostPhone(FletClient):
    """The host's phone, on the History screen, whose file picker picks `picked` and saves
    what it is given."""

    def __init__(self, base_url: str, token: str, picked: bytes = b""):
        from views.web.access import PREFS_DEVICE

        super().__init__(base_url, "/history", prefs={PREFS_DEVICE: token})
        self.picked = picked
        self.sent_file = 0.0  # when the picked file left the phone
        self.saved: list[float] = []  # when a file to save arrived

    async def _answer(self, call: dict[str, Any]) -> None:
        control = self.index.get(call["control_id"])
        name = call["name"]
        if control is None or control["_c"] != "FilePicker" or name not in ("pick_files",
                                                                               "save_file"):
            await super()._answer(call)
            return
        result = None
        if name == "pick_files":
            result = [{"id": 0, "name": "backup.json", "size": len(self.picked),
                       "bytes": self.picked}]
            self.sent_file = time.perf_counter()
        else:
            self.saved.append(time.perf_counter())
        await self._send(INVOKE, {"control_id": call["control_id"], "call_id": call["call_id"],
                                  "result": result, "error": None})

    async def choose(self, identifier: str) -> None:
        """Tap the menu item whose content is Semantics(identifier)."""
        item = next(control for control in list(self.index.values())
                    if control["_c"] == "PopupMenuItem" and isinstance(control.get("content"),
                                                                       Control)
                    and control["content"].get("identifier") == identifier)
        await self._send(EVENT, {"target": item["_i"], "name": "click", "data": None})


async def changes(phone: FletClient, count: int | None, until: asyncio.Event | None,
                  seen: list[float], when: list[float] | None = None) -> None:
    """The table's changes, `count` of them or until `until` is set, always ending with the
    card taken back (`seen`: how long each took, ms; `when`: when each was tapped)."""
    when = [] if when is None else when
    number = 0
    while number % len(CHANGES) or not ((count is not None and number >= count)
                                        or (until is not None and until.is_set())):
        button, points = CHANGES[number % len(CHANGES)]
        sent = await phone.tap(button)
        arrived = await phone.wait_for(
            lambda p=points: f"Ann: {p} points" in phone.says("total-0"), timeout=120)
        seen.append((arrived - sent) * 1000)
        when.append(sent)
        number += 1
        await asyncio.sleep(PAUSE)


async def measure(url: str, code: str, token: str, games: int) -> dict[str, Any]:
    picked = backup_of(games)
    phone, = await seat_phones(url, code, 1, household(0))
    host = HostPhone(url, token, picked)
    await host.open()
    await host.wait_for(lambda: host.find("archive-menu") is not None)
    for _ in range(2):  # warm-up
        await changes(phone, len(CHANGES), None, [])
    before: list[float] = []
    await changes(phone, BASELINE, None, before)
    done, during, tapped = asyncio.Event(), [], []
    playing = asyncio.create_task(changes(phone, None, done, during, tapped))
    await host.choose("archive-import")
    reported = await host.wait_for(lambda: host.find("import-report") is not None, timeout=600)
    done.set()
    await playing
    words = host.says("import-report")
    for client in (host, phone):
        with suppress(ConnectionClosed, OSError):  # a server busy still may not say goodbye
            await client.close()
    return {"games": games, "bytes": len(picked),
            "import_s": round(reported - host.sent_file, 2), "report": words[:200],
            # the slowest changes, and when they were tapped (s after the file was sent)
            "slowest": sorted(((round(ms), round(at - host.sent_file, 2))
                               for ms, at in zip(during, tapped, strict=True)), reverse=True)[:5],
            "latency_ms": {"before": spread(before), "during_import": spread(during)}}


def run(root: Path, games: int) -> dict[str, Any]:
    from views.storage.store import Store
    from views.web.access import device_id, new_device_token

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder) / "data"
        code, = make_tables(data, 1)
        token = new_device_token()
        store = Store(data / "tallybook.sqlite3")
        store.add_host(device_id(token))
        store.close()
        return measured_on(root, data, lambda url: measure(url, code, token, games))


def measured_on(root: Path, data: Path,
                measure: Callable[[str], Awaitable[dict[str, Any]]]) -> dict[str, Any]:
    """`measure(url)` against a server of the tree `root` on `data`, started for it."""
    port = free_port()
    server = start(root, port, data)
    try:
        return asyncio.run(measure(f"http://127.0.0.1:{port}"))
    finally:
        server.terminate()
        server.wait(30)


def report(result: dict[str, Any], out: Path | None) -> None:
    print(json.dumps(result, indent=1))
    if out:
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to serve")
    parser.add_argument("--games", type=int, default=1400)
    parser.add_argument("--out", type=Path, help="the whole result as JSON")
    args = parser.parse_args()
    report(run(args.root, args.games), args.out)


if __name__ == "__main__":
    main()
