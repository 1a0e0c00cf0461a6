"""SQLite persistence: games in progress and finished, known players, the deck memory, and who
may reach what (host devices, tables' join codes, seated devices).

Every change commits at once, in one transaction (`transaction()`), so a reload, a closed tab
or a restarted server loses nothing. A game is written only over the revision it was read at:
a stale copy can never overwrite a newer one. The schema is versioned with
`PRAGMA user_version`; each migration runs once, in order.

A database is ours by its `PRAGMA application_id` (or, made before it had one, by its schema
and tables), and checked (`PRAGMA quick_check`) when opened: anything else - an empty file,
another program's database, a damaged one - is refused, never taken for a new one. A new
database is made under another name and renamed into place once complete. Errors of the disk or
the file are `StorageFault`s that say what went wrong in one line.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

MIGRATIONS: tuple[str, ...] = (
    """
    CREATE TABLE players (
        name TEXT PRIMARY KEY COLLATE NOCASE,
        last_used REAL NOT NULL
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('active', 'finished')),
        data TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE TABLE deck_cards (
        kind TEXT NOT NULL,
        card TEXT NOT NULL,
        uses INTEGER NOT NULL,
        last_used REAL NOT NULL,
        PRIMARY KEY (kind, card)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE tables (
        game_id INTEGER PRIMARY KEY REFERENCES games(id),
        code TEXT NOT NULL UNIQUE,
        closed INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE hosts (
        device TEXT PRIMARY KEY,
        since REAL NOT NULL
    );
    CREATE TABLE seats (
        device TEXT NOT NULL,
        game_id INTEGER NOT NULL REFERENCES games(id),
        seat INTEGER NOT NULL,
        label TEXT NOT NULL,
        joined REAL NOT NULL,
        PRIMARY KEY (device, game_id)
    );
    """,
    """
    ALTER TABLE games ADD COLUMN deleted REAL;
    ALTER TABLE games ADD COLUMN fingerprint TEXT;
    CREATE UNIQUE INDEX games_by_fingerprint ON games(fingerprint);
    CREATE TABLE aliases (
        name TEXT PRIMARY KEY COLLATE NOCASE,
        player TEXT NOT NULL
    );
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class GameRecord:
    id: int
    kind: str
    status: str
    data: dict[str, Any]
    updated: float  # a finished game is read-only: when it was finished
    revision: int = 0
    created: float = 0.0


class StaleWrite(RuntimeError):
    """A game written over a revision that is no longer the stored one."""


@dataclass(frozen=True)
class Seat:
    device: str
    seat: int
    label: str  # what kind of device ("Android phone"), for the host's list
    joined: float


class Store:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Flet runs handlers on the event loop, but a lock keeps threaded callers safe too.
        self._lock = threading.RLock()
        self._depth = 0  # transactions open on this connection (they nest)
        if not self.path.exists():
            self._create()
        self._check_file()  # before SQLite opens it: it would make an empty file a database
        self._db = self._connect(self.path, create=False)
        try:
            with faults_of(self.path):
                self._check_ours()  # before anything is written: another program's stays as it is
                self._db.execute("PRAGMA journal_mode=WAL")
                self._migrate()
            self._forget_deleted()
        except BaseException:
            self._db.close()
            raise

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
        """Raises StorageFault unless the database is a Tallybook's, undamaged, of a schema
        this app knows."""
        problems = [row for (row,) in self._db.execute("PRAGMA quick_check")]
        if problems != ["ok"]:
            raise StorageFault("damaged", f"{self.path} is damaged: {problems[0]}")
        version = self.schema_version()
        tables = {name for (name,) in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        marked = self._db.execute("PRAGMA application_id").fetchone()[0]
        # Made before databases were marked: known by its schema and its first tables.
        unmarked_ours = marked == 0 and version >= 1 and tables >= FIRST_TABLES
        if marked != APPLICATION_ID and not unmarked_ours:
            raise StorageFault("not_ours", f"{self.path} is not a Tallybook database "
                                           "(another program's)")
        if version > SCHEMA_VERSION:
            raise StorageFault("newer", f"{self.path} was written by a newer Tallybook "
                                        f"(schema {version}; this one knows {SCHEMA_VERSION})")

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
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Everything inside is stored together or not at all (nested: the outermost counts)."""
        with self._lock, faults_of(self.path):
            if self._depth == 0:
                self._db.execute("BEGIN IMMEDIATE")
            self._depth += 1
            try:
                yield
                if self._depth == 1:
                    self._db.execute("COMMIT")
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

    def _write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        with self.transaction():
            return self._db.execute(sql, params)

    # players ------------------------------------------------------------------------------
    def known_players(self) -> list[str]:
        rows = self._db.execute("SELECT name FROM players ORDER BY last_used DESC, name")
        return [name for (name,) in rows]

    def remember_players(self, names: list[str], when: float | None = None) -> None:
        """Known players for the next new game, the latest first (`when`: they played then,
        as an imported game says; a later game of theirs counts)."""
        now = time.time() if when is None else when
        with self.transaction():
            for offset, name in enumerate(names):
                self._write("INSERT INTO players (name, last_used) VALUES (?, ?) ON CONFLICT(name) "
                            "DO UPDATE SET name = excluded.name, "
                            "last_used = MAX(last_used, excluded.last_used)",
                            (name, now - offset * 1e-3))

    def rename_player(self, name: str, new: str) -> None:
        """From now on the history counts `name`'s games as `new`'s: a new spelling, or (`new`
        a known player) the same person under two names. The stored games keep the names
        they were played with: their sheets stay as they were."""
        with self.transaction():
            self._db.execute("UPDATE aliases SET player = ? WHERE player = ?", (new, name))
            self._db.execute("INSERT INTO aliases (name, player) VALUES (?, ?) ON CONFLICT(name) "
                             "DO UPDATE SET player = excluded.player", (name, new))
            self._db.execute("DELETE FROM aliases WHERE name = ? AND player = name", (new,))
            row = self._db.execute("SELECT MAX(last_used) FROM players WHERE name IN (?, ?)",
                                   (name, new)).fetchone()
            self._db.execute("DELETE FROM players WHERE name IN (?, ?)", (name, new))
            self._db.execute("INSERT INTO players (name, last_used) VALUES (?, ?)",
                             (new, row[0] if row and row[0] else time.time()))

    def add_alias(self, name: str, player: str) -> bool:
        """`name`'s games count for `player` unless the name counts for someone already
        (an import must not undo a rename made here); whether it was added."""
        cursor = self._write("INSERT INTO aliases (name, player) VALUES (?, ?) "
                             "ON CONFLICT(name) DO NOTHING", (name, player))
        return cursor.rowcount == 1

    def aliases(self) -> dict[str, str]:
        """A name games were played with (case-folded) -> the player it now counts for."""
        rows = self._db.execute("SELECT name, player FROM aliases")
        return {name.casefold(): player for name, player in rows}

    # games --------------------------------------------------------------------------------
    def create_game(self, kind: str, data: dict[str, Any]) -> int:
        now = time.time()
        cursor = self._write(
            "INSERT INTO games (kind, status, data, created, updated) "
            "VALUES (?, 'active', ?, ?, ?)",
            (kind, json.dumps(data), now, now))
        return int(cursor.lastrowid or 0)

    def game(self, game_id: int) -> GameRecord | None:
        row = self._db.execute(f"SELECT {RECORD} FROM games WHERE id = ? AND deleted IS NULL",
                               (game_id,)).fetchone()
        return _record(row) if row else None

    def save_game(self, game_id: int, data: dict[str, Any], revision: int,
                  status: str | None = None) -> int:
        """Store the game over `revision` (the one it was read at); returns the new revision.
        Raises StaleWrite if the stored game has moved on since."""
        with self.transaction():
            cursor = self._db.execute(
                "UPDATE games SET data = ?, status = COALESCE(?, status), updated = ?, "
                "revision = revision + 1 WHERE id = ? AND revision = ?",
                (json.dumps(data), status, time.time(), game_id, revision))
            if cursor.rowcount != 1:
                raise StaleWrite(f"game {game_id} is no longer at revision {revision}")
            if status == "finished":
                self._fingerprint_finished(game_id)
        return revision + 1

    def fingerprints(self) -> set[str]:
        """The fingerprints of the finished games (those finished before fingerprints existed
        get theirs now)."""
        with self.transaction():
            self._fingerprint_finished()
        rows = self._db.execute("SELECT fingerprint FROM games WHERE status = 'finished' "
                                "AND deleted IS NULL")
        return {value for (value,) in rows}

    def _fingerprint_finished(self, game_id: int | None = None) -> None:
        """Give the finished game (None: every one) a fingerprint if it has none."""
        rows = self._db.execute("SELECT id, kind, data, created FROM games WHERE (? IS NULL OR "
                                "id = ?) AND status = 'finished' AND fingerprint IS NULL",
                                (game_id, game_id)).fetchall()
        for game_id, kind, data, created in rows:
            self._db.execute("UPDATE games SET fingerprint = ? WHERE id = ?",
                             (fingerprint(kind, json.loads(data).get("file"), created), game_id))

    def add_finished_game(self, kind: str, data: dict[str, Any], created: float,
                          finished: float, identity: str) -> int:
        """A finished game from elsewhere (an import), under its fingerprint. A deleted game
        with the same fingerprint, kept for undo, gives way to it."""
        with self.transaction():
            gone = "SELECT id FROM games WHERE fingerprint = ? AND deleted IS NOT NULL"
            self._db.execute(f"DELETE FROM seats WHERE game_id IN ({gone})", (identity,))
            self._db.execute(f"DELETE FROM tables WHERE game_id IN ({gone})", (identity,))
            self._db.execute("DELETE FROM games WHERE fingerprint = ? AND deleted IS NOT NULL",
                             (identity,))
            cursor = self._db.execute(
                "INSERT INTO games (kind, status, data, created, updated, fingerprint) "
                "VALUES (?, 'finished', ?, ?, ?, ?)",
                (kind, json.dumps(data), created, finished, identity))
        return int(cursor.lastrowid or 0)

    def games(self, status: str, limit: int = -1) -> list[GameRecord]:
        """The games in progress or finished, the latest first (no limit: all of them)."""
        rows = self._db.execute(f"SELECT {RECORD} FROM games WHERE status = ? AND deleted IS "
                                "NULL ORDER BY updated DESC, id DESC LIMIT ?", (status, limit))
        return [_record(row) for row in rows]

    def delete_game(self, game_id: int) -> None:
        """Out of every list, but kept for `restore_game` (Undo) until the store is next
        opened at least `KEEP_DELETED` seconds later."""
        with self.transaction():
            self._db.execute("UPDATE games SET deleted = ? WHERE id = ?", (time.time(), game_id))
            self._db.execute("UPDATE tables SET closed = 1 WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))

    def restore_game(self, game_id: int) -> None:
        self._write("UPDATE games SET deleted = NULL WHERE id = ?", (game_id,))

    def _forget_deleted(self) -> None:
        """Games deleted a while ago go for good. Not at once: another process opening the
        store (a restart, a tool) must not take a pending Undo away."""
        with self.transaction():
            before = (time.time() - KEEP_DELETED,)
            deleted = "SELECT id FROM games WHERE deleted < ?"
            self._db.execute(f"DELETE FROM seats WHERE game_id IN ({deleted})", before)
            self._db.execute(f"DELETE FROM tables WHERE game_id IN ({deleted})", before)
            self._db.execute("DELETE FROM games WHERE deleted < ?", before)

    # access -------------------------------------------------------------------------------
    def open_table(self, game_id: int) -> str:
        """The join code of the game's table, made (and the table opened) if it has none."""
        with self.transaction():
            row = self._db.execute("SELECT code FROM tables WHERE game_id = ?",
                                   (game_id,)).fetchone()
            if row:
                self._db.execute("UPDATE tables SET closed = 0 WHERE game_id = ?", (game_id,))
                return str(row[0])
            while True:
                code = new_code()
                try:
                    self._db.execute("INSERT INTO tables (game_id, code) VALUES (?, ?)",
                                     (game_id, code))
                    return code
                except sqlite3.IntegrityError:  # a code in use: draw again
                    continue

    def table_code(self, game_id: int) -> str | None:
        """The join code of the game's open table; None if it has none or it was closed."""
        row = self._db.execute("SELECT code FROM tables WHERE game_id = ? AND closed = 0",
                               (game_id,)).fetchone()
        return str(row[0]) if row else None

    def game_of_code(self, code: str) -> int | None:
        row = self._db.execute("SELECT game_id FROM tables WHERE code = ? AND closed = 0",
                               (code,)).fetchone()
        return int(row[0]) if row else None

    def close_table(self, game_id: int) -> None:
        """No code opens the table any more and every seat is left."""
        with self.transaction():
            self._db.execute("UPDATE tables SET closed = 1 WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))

    def add_host(self, device: str) -> None:
        self._write("INSERT OR IGNORE INTO hosts (device, since) VALUES (?, ?)",
                    (device, time.time()))

    def is_host(self, device: str) -> bool:
        return self._db.execute("SELECT 1 FROM hosts WHERE device = ?",
                                (device,)).fetchone() is not None

    def take_seat(self, device: str, game_id: int, seat: int, label: str = "") -> None:
        self._write("INSERT INTO seats (device, game_id, seat, label, joined) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT(device, game_id) DO UPDATE SET "
                    "seat = excluded.seat, joined = excluded.joined",
                    (device, game_id, seat, label, time.time()))

    def leave_seat(self, device: str, game_id: int) -> None:
        self._write("DELETE FROM seats WHERE device = ? AND game_id = ?", (device, game_id))

    def seats(self, game_id: int) -> list[Seat]:
        rows = self._db.execute("SELECT device, seat, label, joined FROM seats "
                                "WHERE game_id = ? ORDER BY seat, joined", (game_id,))
        return [Seat(*row) for row in rows]

    def seat_of(self, device: str) -> tuple[int, int] | None:
        """(game, seat) of the device's latest seat at a table still open."""
        row = self._db.execute(
            "SELECT seats.game_id, seat FROM seats JOIN tables USING (game_id) "
            "WHERE device = ? AND closed = 0 ORDER BY joined DESC LIMIT 1", (device,)).fetchone()
        return (int(row[0]), int(row[1])) if row else None

    # deck memory --------------------------------------------------------------------------
    def known_cards(self, kind: str) -> list[tuple[str, int]]:
        rows = self._db.execute("SELECT card, uses FROM deck_cards WHERE kind = ? "
                                "ORDER BY uses DESC, last_used DESC, card", (kind,))
        return [(card, uses) for card, uses in rows]

    def count_card(self, kind: str, card: str, delta: int) -> None:
        """A card placed (+1) or taken back (-1); a card nobody placed any more is forgotten."""
        with self.transaction():
            self._write("INSERT INTO deck_cards (kind, card, uses, last_used) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT(kind, card) DO UPDATE SET "
                        "uses = uses + excluded.uses, last_used = excluded.last_used",
                        (kind, card, delta, time.time()))
            self._write("DELETE FROM deck_cards WHERE uses <= 0")

    # imports (views/archive.py) ------------------------------------------------------------
    def add_imported_game(self, kind: str, data: dict[str, Any], created: float,
                          updated: float, identity: str, players: list[str],
                          finished: bool = True) -> int:
        """A game from elsewhere, stored as `add_finished_game` stores one (unfinished: then
        opened for play), and its players remembered as of `updated`: in one transaction."""
        with self.transaction():
            game_id = self.add_finished_game(kind, data, created, updated, identity)
            if not finished:
                self._db.execute("UPDATE games SET status = 'active' WHERE id = ?", (game_id,))
            self.remember_players(players, when=updated)
        return game_id


# Written into every database we make ("Tall"): a database is ours by it.
APPLICATION_ID = 0x54616C6C
FIRST_TABLES = frozenset({"players", "games", "deck_cards"})  # of an unmarked one (schema 1)
SQLITE_HEADER = b"SQLite format 3\x00"
SIDE_FILES = ("-wal", "-shm", "-journal")


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


KEEP_DELETED = 3600.0  # seconds a deleted game can still be brought back
RECORD = "id, kind, status, data, updated, revision, created"

# Join codes: no letters or digits that read alike (0/O, 1/I/L), 31 ** 8 (about 10 ** 12)
# codes, and wrong guesses are slowed down (views/access.py).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def fingerprint(kind: str, file: object, created: float) -> str:
    """A finished game's identity across data folders: its kind, its game file and when it was
    started (to the microsecond, as a backup writes it), so that an import knows it."""
    started = datetime.fromtimestamp(created, UTC).isoformat(timespec="microseconds")
    canonical = json.dumps(file, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(f"{kind}\n{canonical}\n{started}".encode()).hexdigest()


def _record(row: tuple) -> GameRecord:
    game_id, kind, status, data, updated, revision, created = row
    return GameRecord(game_id, kind, status, json.loads(data), updated, revision, created)
