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

The disk is asked at start whether it takes a write (`_probe`): a full disk stops the start.
The files are known by their identity (device and inode) from the open on: a database or
journal deleted or replaced under the running server is found before the next commit, and
from then on nothing is written (`lost`), never into a new empty file. Another program holding
the database is waited for briefly (`BUSY_MS`), never for seconds: every tap is served on the
event loop, and the caller keeps what was refused and tries again later.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import secrets
import sqlite3
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager, suppress
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
    """
    ALTER TABLE games ADD COLUMN link TEXT;
    ALTER TABLE games ADD COLUMN link_lang TEXT;
    CREATE UNIQUE INDEX games_by_link ON games(link);
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
            self._forget_deleted()
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
        return self._readable(row) if row else None

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
                                "AND deleted IS NULL AND fingerprint IS NOT NULL")
        return {value for (value,) in rows}

    def _fingerprint_finished(self, game_id: int | None = None) -> None:
        """Give the finished game (None: every one) a fingerprint if it has none."""
        rows = self._db.execute("SELECT id, kind, data, created FROM games WHERE (? IS NULL OR "
                                "id = ?) AND status = 'finished' AND fingerprint IS NULL",
                                (game_id, game_id)).fetchall()
        for game_id, kind, data, created in rows:
            record = self._readable((game_id, kind, "finished", data, 0.0, 0, created))
            if record is not None:
                self._db.execute("UPDATE games SET fingerprint = ? WHERE id = ?",
                                 (fingerprint(kind, record.data.get("file"), created), game_id))

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
        return [record for record in map(self._readable, rows) if record is not None]

    def _readable(self, row: tuple[Any, ...]) -> GameRecord | None:
        """The game of a stored row; None if its data cannot be read (set aside, said)."""
        try:
            return _record(row)
        except ValueError as error:
            self.put_aside(row[0], row[1], str(error))
            return None

    def put_aside(self, game_id: int, kind: str, why: str) -> None:
        """A stored game that cannot be read: every other game works on; it is named once on
        the terminal and on the host's home (`set_aside`), and kept as it is stored."""
        if game_id not in self.set_aside:
            self.set_aside[game_id] = kind
            log.warning("tallybook: game %s (%s) cannot be read and is set aside: %s",
                        game_id, kind, why)

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

    # read-only pages of finished games (views/web/sheet_page.py) ------------------------------
    def sheet_link(self, game_id: int, lang: str) -> str | None:
        """The token of the finished game's read-only page, made at the first ask, when its
        page takes `lang` as the language it speaks from then on; None unless the game is
        finished (and not deleted)."""
        with self.transaction():
            row = self._db.execute("SELECT link FROM games WHERE id = ? AND status = 'finished' "
                                   "AND deleted IS NULL", (game_id,)).fetchone()
            if row is None or row[0] is not None:
                return None if row is None else str(row[0])
            while True:
                token = secrets.token_urlsafe(LINK_BYTES)
                try:
                    self._db.execute("UPDATE games SET link = ?, link_lang = ? WHERE id = ?",
                                     (token, lang, game_id))
                    return token
                except sqlite3.IntegrityError:  # a token in use (never seen): draw again
                    continue

    def game_of_link(self, token: str) -> tuple[GameRecord, str] | None:
        """The finished game whose page `token` opens, and the language of its page."""
        row = self._db.execute(f"SELECT {RECORD}, link_lang FROM games WHERE link = ? AND "
                               "status = 'finished' AND deleted IS NULL", (token,)).fetchone()
        record = self._readable(row[:-1]) if row else None
        return None if record is None else (record, str(row[-1]))

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
        """The game an open table's `code` opens: never a finished game's."""
        row = self._db.execute("SELECT game_id FROM tables JOIN games ON games.id = game_id "
                               "WHERE code = ? AND closed = 0 AND status = 'active'",
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

    # imports (views/records/archive.py) -----------------------------------------------------------
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


def check_ours(db: sqlite3.Connection, path: Path) -> None:
    """Raises StorageFault unless the database `db` (at `path`) is a Tallybook's, undamaged, of
    a schema this app knows."""
    problems = [row for (row,) in db.execute("PRAGMA quick_check")]
    if problems != ["ok"]:
        raise StorageFault("damaged", f"{path} is damaged: {problems[0]}")
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {name for (name,) in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    marked = db.execute("PRAGMA application_id").fetchone()[0]
    # Made before databases were marked: known by its schema and its first tables.
    unmarked_ours = marked == 0 and version >= 1 and tables >= FIRST_TABLES
    if marked != APPLICATION_ID and not unmarked_ours:
        raise StorageFault("not_ours", f"{path} is not a Tallybook database (another program's)")
    if version > SCHEMA_VERSION:
        raise StorageFault("newer", f"{path} was written by a newer Tallybook "
                                    f"(schema {version}; this one knows {SCHEMA_VERSION})")


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

    @property
    def kept(self) -> bool:
        """A table keeps the changes refused so (in memory, said on every phone, printed on
        stop): a passing fault, or files lost under the server (nothing is written then)."""
        return self.passing or self.kind == "lost"


PASSING = frozenset({"full", "read_only", "io", "busy"})
JOURNALS = ("-wal", "-shm")  # beside a database in WAL mode while it is open
# How long a write waits for another program that holds the database; then it is refused for
# now (busy) and tried again later, and the event loop serves every other phone meanwhile.
BUSY_MS = 50
log = logging.getLogger("tallybook")

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
# codes, and wrong guesses are slowed down (views/web/access.py).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


# A read-only page's token: 128 random bits, as URL-safe base64 (22 characters).
LINK_BYTES = 16


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def fingerprint(kind: str, file: object, created: float) -> str:
    """A finished game's identity across data folders: its kind, its game file and when it was
    started (to the microsecond, as a backup writes it), so that an import knows it."""
    started = datetime.fromtimestamp(created, UTC).isoformat(timespec="microseconds")
    canonical = json.dumps(file, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(f"{kind}\n{canonical}\n{started}".encode()).hexdigest()


def _record(row: tuple[Any, ...]) -> GameRecord:
    """Raises ValueError if the row's data is not a JSON object."""
    game_id, kind, status, data, updated, revision, created = row
    try:
        value = json.loads(data)
    except (ValueError, TypeError, RecursionError) as error:
        raise ValueError(f"its data is not JSON ({error})") from error
    if not isinstance(value, dict):
        raise ValueError(f"its data is JSON {type(value).__name__}, not a game")
    return GameRecord(game_id, kind, status, value, updated, revision, created)
