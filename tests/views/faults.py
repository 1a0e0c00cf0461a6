"""Faults of the disk under a running store, raised as SQLite raises them: a full disk (the
write-ahead log cannot grow: COMMIT fails, or the statement `at` that writes) and a damaged
database (a read finds a malformed page). The errors are SQLite's own, made by SQLite."""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from views.storage.store import Store


def disk_full_error() -> sqlite3.Error:
    """SQLITE_FULL: a database that may not grow past one page, asked to."""
    db = sqlite3.connect(":memory:")
    db.execute("PRAGMA max_page_count = 1")
    try:
        db.execute("CREATE TABLE a (b)")
        db.execute("CREATE TABLE c (d)")
    except sqlite3.Error as error:
        return error
    finally:
        db.close()
    raise AssertionError("SQLite wrote past its page limit")


def damaged_error() -> sqlite3.Error:
    """SQLITE_CORRUPT: a table whose pages were cut off, read."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "cut.sqlite3"
        db = sqlite3.connect(path)
        db.execute("CREATE TABLE a (b)")
        db.executemany("INSERT INTO a VALUES (?)", [("x" * 500,)] * 100)
        db.commit()
        db.close()
        path.write_bytes(path.read_bytes()[:3 * 4096])
        db = sqlite3.connect(path)
        try:
            db.execute("SELECT count(*), max(b) FROM a").fetchall()
        except sqlite3.Error as error:
            return error
        finally:
            db.close()
    raise AssertionError("SQLite read a cut-off table")


class FaultyDisk:
    """Stands in for `store`'s connection: while `failing`, statements starting with `at` fail
    with `error()`."""

    def __init__(self, store: Store, at: str = "COMMIT",
                 error: Callable[[], sqlite3.Error] = disk_full_error):
        self.db = store._db
        self.at = at.upper()
        self.error = error
        self.failing = False
        self.refused = 0  # statements that failed
        store._db = self  # type: ignore[assignment]

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.failing and sql.lstrip().upper().startswith(self.at):
            self.refused += 1
            raise self.error()
        return self.db.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)
