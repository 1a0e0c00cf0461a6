"""A data folder remembers that it held a database: one lost from it (deleted, or the folder
restored without it) is refused at start, never silently made anew and empty.

The record is a small file beside the database, written once the database is there; a folder
made before records were kept gets its record at its next start."""

from __future__ import annotations

from pathlib import Path

RECORD_NAME = "tallybook.made"


class DatabaseLost(Exception):
    def __init__(self, database: Path):
        super().__init__(f"{database} is missing, but this folder held it")
        self.record = database.with_name(RECORD_NAME)


def check_not_lost(database: Path) -> None:
    """Raises DatabaseLost if `database` is missing from a folder that held it."""
    if not database.exists() and (database.with_name(RECORD_NAME)).exists():
        raise DatabaseLost(database)


def record_made(database: Path) -> None:
    """Note in its folder that `database` is there (raises OSError if it cannot be written)."""
    record = database.with_name(RECORD_NAME)
    if not record.exists():
        record.write_text(f"{database.name}\n", encoding="utf-8")
