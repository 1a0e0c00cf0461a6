"""A tap while another program holds the database: `python -m benchmarks.busy_database`.

The server's own store and table models on a fresh database; another process holds it with
`BEGIN EXCLUSIVE` (as `sqlite3 tallybook.sqlite3 'BEGIN EXCLUSIVE'` left open does). Each tap
is a card placed at a table, stored in its transaction on the event loop, so the time it takes
is the time every other table waits too. Measured: a tap with the database free; a tap while
it is held, as the store waits now (views.storage.database.BUSY_MS); and the same with SQLite's 5 s
wait
the store had before (a handful only: each one takes 5 s). A tap refused so is kept and shown
as not saved, and stored once the database is free.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from benchmarks.figures import Figure, summary, timings
from scorer.places import PondTile
from views.app import open_tables
from views.storage.database import BUSY_MS
from views.storage.store import Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable, card_of

CARD = card_of("fish/green/5")
HOLD = ("import sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('BEGIN EXCLUSIVE')\n"
        "print('held', flush=True)\n"
        "sys.stdin.read()\n")


@contextmanager
def held(path: Path) -> Iterator[None]:
    """Another process holds the database until the block ends."""
    holder = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        yield
    finally:
        assert holder.stdin is not None
        holder.stdin.close()
        holder.wait(timeout=30)


def new_table(store: Store) -> SymbioseTable:
    game = SymbioseTable.start(store, SymbioseNewTable("symbiose", ("Ann", "Bob"), "standard"))
    table = open_tables(store).open(game)
    assert isinstance(table, SymbioseTable)
    return table


def taps(table: SymbioseTable, count: int) -> list[float]:
    """`count` taps at `table` (a card placed, then taken away): each one's milliseconds."""
    spent = []
    for n in range(count):
        began = time.perf_counter()
        table.place(CARD if n % 2 == 0 else None, tile=PondTile(0, 0, 0))
        spent.append((time.perf_counter() - began) * 1000)
    return spent


def figures(quick: bool) -> dict[str, Figure]:
    count, before = (2, 1) if quick else (40, 3)
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tallybook.sqlite3")
        table = new_table(store)
        free = taps(table, count)
        with held(store.path):
            busy = taps(table, count)
            assert table.unsaved is not None and table.unsaved.kind == "busy"  # kept, said
            store._db.execute("PRAGMA busy_timeout = 5000")  # the wait the store had before
            old = taps(table, before)
        assert table.save_now()  # stored once the database is free
        store.close()
    return {
        "free": timings("a tap, the database free", free),
        "busy": timings(f"a tap, the database held by another program (waits {BUSY_MS} ms)",
                        busy),
        "busy-before": timings("the same, as before (SQLite's 5 s wait)", old),
    }


def main() -> None:
    print(summary("busy database: every table waits this long per tap",
                  figures(quick="--quick" in sys.argv)))


if __name__ == "__main__":
    main()
