"""One SQLite database, opened safely: the connection and the transactions every kind of row
is stored through (views/storage/store.py puts the kinds together). Every change commits at
once, in one transaction (`transaction()`), so a reload, a closed tab or a restarted server
loses nothing; the schema's migrations (views/storage/schema.py) run once each, in order.

A database is ours by its `PRAGMA application_id` (or, made before it had one, by its schema
and tables), and checked (`PRAGMA quick_check`) when opened: anything else - an empty file,
another program's database, a damaged one - is refused, never taken for a new one. A new
database is made under another name and renamed into place once complete. Errors of the disk or
the file are `StorageFault`s that say what went wrong in one line.

The disk is asked at start whether it takes a write (`_probe`): a full disk stops the start.
The files are known by their identity (device and inode) from the open on: a database or
journal deleted or replaced under the running server is found before the next commit, and
from then on nothing is written (`lost`), never into a new empty file. Another program holding
the database is waited for briefly (`BUSY_MS`), never for seconds: every tap is served on the
event loop, and the caller keeps what was refused and tries again later.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from views.storage.faults import StorageFault, faults_of
from views.storage.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, check_ours

SQLITE_HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")
JOURNALS = ("-wal", "-shm")  # beside a database in WAL mode while it is open
# How long a write waits for another program that holds the database; then it is refused for
# now (busy) and tried again later, and the event loop serves every other phone meanwhile.
BUSY_MS = 50
log = logging.getLogger("tallybook")


class Database:
    """The connection, its transactions, and the checks that keep a write from going astray."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Flet runs handlers on the event loop, but a lock keeps threaded callers safe too.
        self._lock = threading.RLock()
        self._depth = 0  # transactions open on this connection (they nest)
        self.lost: StorageFault | None = None  # the files were deleted or replaced: no writes
        self.when_lost: list[Callable[[StorageFault], None]] = []
        self.set_aside: dict[int, str] = {}  # games whose stored row cannot be read -> kind
        self._files: dict[str, tuple[int, int] | None] | None = None  # see _identity
        if not self.path.exists():
            self._create()
        self._check_file()  # before SQLite opens it: it would make an empty file a database
        self._db = self._connect(self.path, create=False)
        try:
            with faults_of(self.path):
                self._check_ours()  # before anything is written: another program's stays as it is
                self._db.execute("PRAGMA journal_mode=WAL")
                self._migrate()
            self._probe()
        except BaseException:
            self._db.close()
            raise
        self._files = self._identity()  # known from now on, with the journals just made
        self._db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")

    def _probe(self) -> None:
        """Write one page (the schema cookie, unchanged) and commit it: a disk that is full
        or read-only says so now, at start, instead of at the first tap."""
        with self.transaction():
            self._db.execute(f"PRAGMA user_version = {self.schema_version()}")

    def _identity(self) -> dict[str, tuple[int, int] | None]:
        """The database's files (itself, its write-ahead log and its shared memory index) as
        the file system knows them: SQLite keeps writing to the files it opened, so one
        deleted or renamed over is only seen here."""
        found: dict[str, tuple[int, int] | None] = {}
        for end in ("", *JOURNALS):
            try:
                status = os.stat(f"{self.path}{end}")
            except FileNotFoundError:
                found[end] = None
            else:
                found[end] = (status.st_dev, status.st_ino)
        return found

    def _check_files(self) -> None:
        """Raises StorageFault ("lost", for good) if a file of the database is not the one
        opened any more (not checked while opening: the journals are made then)."""
        if self._files is None:
            return
        if self.lost is None and self._identity() != self._files:
            self.lost = StorageFault("lost", f"{self.path} or its -wal was deleted or replaced "
                                             "while the server ran; nothing more is written to it")
            log.warning("tallybook: %s", self.lost)
            for told in list(self.when_lost):
                told(self.lost)
        if self.lost is not None:
            raise self.lost

    def _connect(self, path: Path, create: bool) -> sqlite3.Connection:
        """A connection to `path`; it must exist unless `create` (SQLite would otherwise make
        an empty database of a file that went missing)."""
        with faults_of(path):
            return sqlite3.connect(f"{path.resolve().as_uri()}?mode={'rwc' if create else 'rw'}",
                                   uri=True, check_same_thread=False, isolation_level=None)

    def _create(self) -> None:
        """A new database: made complete under another name, then renamed into place, so that
        a start that fails half-way (a full disk) never leaves a file that is not ours."""
        making = self.path.with_name(self.path.name + ".new")
        for leftover in (making, *(making.with_name(making.name + end) for end in SIDE_FILES)):
            leftover.unlink(missing_ok=True)
        self._db = self._connect(making, create=True)
        try:
            with faults_of(making):
                self._db.execute("PRAGMA journal_mode=WAL")
                self._migrate()
        finally:
            self._db.close()  # checkpoints and removes the write-ahead log
        os.replace(making, self.path)

    def _check_file(self) -> None:
        """Raises StorageFault unless the file is an SQLite database."""
        with open(self.path, "rb") as file:
            header = file.read(len(SQLITE_HEADER))
        if header != SQLITE_HEADER:
            what = "an empty file" if not header else "not an SQLite database"
            raise StorageFault("not_ours", f"{self.path} is not a Tallybook database ({what})")

    def _check_ours(self) -> None:
        check_ours(self._db, self.path)

    def _migrate(self) -> None:
        version = self.schema_version()
        steps = [f"{MIGRATIONS[number]} PRAGMA user_version = {number + 1};"
                 for number in range(version, SCHEMA_VERSION)]
        if self._db.execute("PRAGMA application_id").fetchone()[0] != APPLICATION_ID:
            steps.append(f"PRAGMA application_id = {APPLICATION_ID};")
        for step in steps:
            with self._lock:
                try:
                    self._db.executescript(f"BEGIN; {step} COMMIT;")
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise

    def schema_version(self) -> int:
        version: int = self._db.execute("PRAGMA user_version").fetchone()[0]
        return version

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside is stored together or not at all (nested: the outermost counts)."""
        with self._lock, faults_of(self.path):
            if self._depth == 0:
                if self.lost is not None:
                    raise self.lost
                self._db.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield
                if self._depth == 1:
                    self._check_files()  # nothing written to files gone,
                    self._db.execute("COMMIT")
                    self._check_files()  # nor one gone meanwhile taken for stored
            except BaseException:
                if self._depth == 1:
                    self._roll_back()
                raise
            finally:
                self._depth -= 1

    def _roll_back(self) -> None:
        """Undo the open transaction, if the failure that ended it left one (a full disk may
        already have rolled it back; a failed rollback leaves nothing to undo either)."""
        if self._db.in_transaction:
            with suppress(sqlite3.Error):
                self._db.execute("ROLLBACK")

    def _write(self, sql: str, params: tuple[object, ...] = ()) -> sqlite3.Cursor:
        with self.transaction():
            return self._db.execute(sql, params)


def back_up(source: Path, target: Path) -> int:
    """Copy the database `source` into the new file `target` with SQLite's online backup, in
    one step: one read transaction, so the copy holds every commit made before it began, the
    write-ahead log's included, and a server writing meanwhile is never held up. The copy is
    checked as any database is opened (ours, undamaged), left as one file (no write-ahead
    log), and appears under its name only once complete. Returns its number of games; raises
    StorageFault for the source, FileExistsError or OSError for the target."""
    if not source.exists():  # SQLite would make an empty database of it
        raise StorageFault("missing", f"there is no database at {source}")
    if target.exists():
        raise FileExistsError(target)
    handle, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial",
                                    dir=target.parent)
    os.close(handle)
    making = Path(name)
    try:
        with faults_of(source), closing(sqlite3.connect(
                f"{source.resolve().as_uri()}?mode=rw", uri=True)) as db:
            check_ours(db, source)
            with closing(sqlite3.connect(making, isolation_level=None)) as copy:
                db.backup(copy)
                copy.execute("PRAGMA journal_mode=DELETE")
                check_ours(copy, target)
                games = copy.execute("SELECT count(*) FROM games WHERE deleted IS NULL")
                count = int(games.fetchone()[0])
        os.link(making, target)  # never over a file that appeared meanwhile (FileExistsError)
    finally:
        making.unlink(missing_ok=True)
    return count
