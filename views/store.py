"""SQLite persistence: games in progress and finished, known players, the deck memory.

Every write commits at once, so a reload, a closed tab or a restarted server loses nothing.
The schema is versioned with `PRAGMA user_version`; each migration runs once, in order.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from dataclasses import dataclass
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
)
SCHEMA_VERSION = len(MIGRATIONS)


@dataclass(frozen=True)
class GameRecord:
    id: int
    kind: str
    status: str
    data: dict[str, Any]
    updated: float


class Store:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # Flet runs handlers on the event loop, but a lock keeps threaded callers safe too.
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._migrate()

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"{self.path} has schema {version}; this app knows {SCHEMA_VERSION}")
        for number in range(version, SCHEMA_VERSION):
            with self._lock:
                self._db.executescript(
                    f"BEGIN; {MIGRATIONS[number]} PRAGMA user_version = {number + 1}; COMMIT;")

    def schema_version(self) -> int:
        return self._db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self._db.close()

    def _write(self, sql: str, params: tuple = ()) -> sqlite3.Cursor:
        with self._lock:
            return self._db.execute(sql, params)

    # players ------------------------------------------------------------------------------
    def known_players(self) -> list[str]:
        rows = self._db.execute("SELECT name FROM players ORDER BY last_used DESC, name")
        return [name for (name,) in rows]

    def remember_players(self, names: list[str]) -> None:
        now = time.time()
        for offset, name in enumerate(names):
            self._write("INSERT INTO players (name, last_used) VALUES (?, ?) ON CONFLICT(name) "
                        "DO UPDATE SET name = excluded.name, last_used = excluded.last_used",
                        (name, now - offset * 1e-3))

    # games --------------------------------------------------------------------------------
    def create_game(self, kind: str, data: dict[str, Any]) -> int:
        now = time.time()
        cursor = self._write(
            "INSERT INTO games (kind, status, data, created, updated) "
            "VALUES (?, 'active', ?, ?, ?)",
            (kind, json.dumps(data), now, now))
        return int(cursor.lastrowid or 0)

    def game(self, game_id: int) -> GameRecord | None:
        row = self._db.execute("SELECT id, kind, status, data, updated FROM games WHERE id = ?",
                               (game_id,)).fetchone()
        return _record(row) if row else None

    def save_game(self, game_id: int, data: dict[str, Any], status: str | None = None) -> None:
        self._write("UPDATE games SET data = ?, status = COALESCE(?, status), updated = ? "
                    "WHERE id = ?", (json.dumps(data), status, time.time(), game_id))

    def games(self, status: str, limit: int = 20) -> list[GameRecord]:
        rows = self._db.execute("SELECT id, kind, status, data, updated FROM games "
                                "WHERE status = ? ORDER BY updated DESC LIMIT ?", (status, limit))
        return [_record(row) for row in rows]

    # deck memory --------------------------------------------------------------------------
    def known_cards(self, kind: str) -> list[tuple[str, int]]:
        rows = self._db.execute("SELECT card, uses FROM deck_cards WHERE kind = ? "
                                "ORDER BY uses DESC, last_used DESC, card", (kind,))
        return [(card, uses) for card, uses in rows]

    def count_card(self, kind: str, card: str, delta: int) -> None:
        """A card placed (+1) or taken back (-1); a card nobody placed any more is forgotten."""
        self._write("INSERT INTO deck_cards (kind, card, uses, last_used) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT(kind, card) DO UPDATE SET uses = uses + excluded.uses, "
                    "last_used = excluded.last_used", (kind, card, delta, time.time()))
        self._write("DELETE FROM deck_cards WHERE uses <= 0")


def _record(row: tuple) -> GameRecord:
    game_id, kind, status, data, updated = row
    return GameRecord(game_id, kind, status, json.loads(data), updated)
