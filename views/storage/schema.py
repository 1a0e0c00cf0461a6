"""The database's schema, one migration per version (`PRAGMA user_version`), and what makes a
database ours: its `PRAGMA application_id` (or, made before it had one, its schema and tables),
undamaged, of a schema this app knows."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from views.storage.faults import StorageFault

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
    # Records of older games in the shape of today's: the boxes a game was played with kept
    # beside its file go into the file, and undo entries that held whole tables instead of
    # changes are dropped. A row that is not JSON is left as it is (set aside when read).
    """
    UPDATE games SET data = json_set(data, '$.file.boxes', json_extract(data, '$.boxes'))
    WHERE CASE WHEN json_valid(data) THEN json_type(data, '$.boxes') = 'array'
               AND coalesce(json_array_length(data, '$.file.boxes'), 0) = 0 ELSE 0 END;
    UPDATE games SET data = json_remove(data, '$.boxes')
    WHERE CASE WHEN json_valid(data) THEN json_type(data, '$.boxes') IS NOT NULL ELSE 0 END;
    UPDATE games SET data = json_set(data, '$.undo', (
        SELECT json_group_array(json(value)) FROM json_each(games.data, '$.undo')
        WHERE type = 'object'))
    WHERE CASE WHEN json_valid(data) AND json_type(data, '$.undo') = 'array'
               THEN EXISTS (SELECT 1 FROM json_each(games.data, '$.undo') WHERE type <> 'object')
               ELSE 0 END;
    """,
)
SCHEMA_VERSION = len(MIGRATIONS)
# Written into every database we make ("Tall"): a database is ours by it.
APPLICATION_ID = 0x54616C6C
FIRST_TABLES = frozenset({"players", "games", "deck_cards"})  # of an unmarked one (schema 1)


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
