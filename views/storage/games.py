"""The games, in progress and finished: written only over the revision they were read at, so a
stale copy never overwrites a newer one; a deleted one kept a while for Undo; a finished one
known across data folders by its fingerprint."""

from __future__ import annotations

import hashlib
import json
import logging
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from views.storage.database import Database

log = logging.getLogger("tallybook")

KEEP_DELETED = 3600.0  # seconds a deleted game can still be brought back
RECORD = "id, kind, status, data, updated, revision, created"


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


class GameRows(Database):
    """The games table: a game in play or finished, its revision, fingerprint and deletion."""

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
