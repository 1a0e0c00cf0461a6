"""What goes wrong with the disk or the database file: one kind of fault, with a line that
says it (`StorageFault`), read from SQLite's result codes."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class StorageFault(Exception):
    """The database cannot do what was asked. `kind` names why, for the phone's message
    (views/locales: `storage.<kind>`); the exception's text says it in one line, naming the
    file or its folder, for the terminal. `passing`: it may go by itself (space freed, a
    busy database let go of), so a write is worth trying again."""

    def __init__(self, kind: str, line: str):
        super().__init__(line)
        self.kind = kind

    @property
    def passing(self) -> bool:
        return self.kind in PASSING

    @property
    def kept(self) -> bool:
        """A table keeps the changes refused so (in memory, said on every phone, printed on
        stop): a passing fault, or files lost under the server (nothing is written then)."""
        return self.passing or self.kind == "lost"


PASSING = frozenset({"full", "read_only", "io", "busy"})

# SQLite's result codes (its error name, by prefix) -> our kind of fault and its line.
FAULTS: dict[str, tuple[str, str]] = {
    "SQLITE_FULL": ("full", "cannot write to {folder}: the disk is full"),
    "SQLITE_READONLY": ("read_only", "cannot write to {folder}: it is read-only ({error})"),
    "SQLITE_IOERR": ("io", "cannot write to {folder}: {error}"),
    "SQLITE_CANTOPEN": ("io", "cannot open {path}: {error}"),
    "SQLITE_BUSY": ("busy", "{path} is busy: another program holds it ({error})"),
    "SQLITE_CORRUPT": ("damaged", "{path} is damaged: {error}"),
    "SQLITE_NOTADB": ("not_ours", "{path} is not a Tallybook database ({error})"),
}


def storage_fault(error: BaseException, path: Path) -> StorageFault | None:
    """What `error` means for the database at `path`, if it is the disk's or the file's
    fault (not a mistake of ours, such as a constraint)."""
    if isinstance(error, StorageFault):
        return error
    name = getattr(error, "sqlite_errorname", "") if isinstance(error, sqlite3.Error) else ""
    for prefix, (kind, line) in FAULTS.items():
        if name.startswith(prefix):
            return StorageFault(kind, line.format(folder=path.parent, path=path, error=error))
    return None


@contextmanager
def faults_of(path: Path) -> Iterator[None]:
    """SQLite's errors of the disk or the file at `path`, raised as StorageFaults."""
    try:
        yield
    except sqlite3.Error as error:
        fault = storage_fault(error, path)
        if fault is None:
            raise
        raise fault from error
