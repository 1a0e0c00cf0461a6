"""A disk that fills up under a running store: its writes fail with SQLite's own error for a
full disk, at the statement that writes (COMMIT, where the write-ahead log is written, unless
told otherwise), while the test says it is full."""

from __future__ import annotations

import sqlite3
from typing import Any

from views.store import Store


def disk_full_error() -> sqlite3.OperationalError:
    """The error SQLite raises when the disk is full (SQLITE_FULL), made by SQLite itself: a
    database that may not grow past one page."""
    db = sqlite3.connect(":memory:")
    db.execute("PRAGMA max_page_count = 1")
    try:
        db.execute("CREATE TABLE a (b)")
        db.execute("CREATE TABLE c (d)")
    except sqlite3.OperationalError as error:
        assert error.sqlite_errorname == "SQLITE_FULL"
        return error
    finally:
        db.close()
    raise AssertionError("SQLite wrote past its page limit")


class FullDisk:
    """Stands in for `store`'s connection: statements starting with `at` fail while `full`."""

    def __init__(self, store: Store, at: str = "COMMIT"):
        self.db = store._db
        self.at = at
        self.full = False
        self.refused = 0  # writes that failed
        store._db = self  # type: ignore[assignment]

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        if self.full and sql.lstrip().upper().startswith(self.at):
            self.refused += 1
            raise disk_full_error()
        return self.db.execute(sql, params)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.db, name)
