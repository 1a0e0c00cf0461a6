"""The tokens of finished games' read-only pages (views/storage/links.py `sheet_link`): made once,
at the
first ask, unguessable and unique, found by an index, and kept by a database made before them."""

import sqlite3

import pytest

from views.storage.schema import MIGRATIONS
from views.storage.store import Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable


def finished_game(store: Store) -> int:
    game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", ("Ann", "Bob"), "duel"))
    record = store.game(game_id)
    store.save_game(game_id, record.data, record.revision, status="finished")
    return game_id


def test_a_token_is_made_once_and_opens_its_game_only(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    first, second = finished_game(store), finished_game(store)
    token = store.sheet_link(first, "nl")
    assert token is not None and len(token) == 22  # 128 random bits, URL-safe
    assert store.sheet_link(first, "de") == token  # the first ask's language stays
    other = store.sheet_link(second, "en")
    assert other not in (None, token)
    record, lang = store.game_of_link(token)
    assert (record.id, lang) == (first, "nl")
    assert store.game_of_link(other)[0].id == second
    assert store.game_of_link(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    assert store.game_of_link("") is None


def test_a_game_in_play_or_deleted_has_no_page(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    playing = SymbioseTable.start(store, SymbioseNewTable("symbiose", ("Ann", "Bob"), "duel"))
    assert store.sheet_link(playing, "en") is None
    assert store.sheet_link(9999, "en") is None
    finished = finished_game(store)
    token = store.sheet_link(finished, "en")
    store.delete_game(finished)
    assert store.game_of_link(token) is None
    assert store.sheet_link(finished, "en") is None


def test_tokens_are_unique_and_looked_up_by_an_index(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    token = store.sheet_link(finished_game(store), "en")
    other = finished_game(store)
    db = sqlite3.connect(tmp_path / "db.sqlite3")
    with pytest.raises(sqlite3.IntegrityError):
        db.execute("UPDATE games SET link = ? WHERE id = ?", (token, other))
    plan = " ".join(str(row) for row in db.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM games WHERE link = ?", (token,)))
    db.close()
    assert "games_by_link" in plan


def test_a_database_made_before_links_gets_them(tmp_path):
    path = tmp_path / "db.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for number, step in enumerate(MIGRATIONS[:3], 1):
        db.executescript(f"BEGIN; {step} PRAGMA user_version = {number}; COMMIT;")
    db.execute("INSERT INTO games (kind, status, data, created, updated) "
               "VALUES ('symbiose', 'finished', '{}', 1, 2)")
    db.close()
    store = Store(path)
    assert store.schema_version() == len(MIGRATIONS)
    token = store.sheet_link(1, "vi")
    assert store.game_of_link(token)[0].id == 1
