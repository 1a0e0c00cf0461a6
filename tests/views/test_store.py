"""The SQLite store: schema versioned, every write visible to a new connection at once; only a
sound database of ours is opened; a transaction is stored whole or not at all."""

import json
import sqlite3

import pytest

from tests.views.faults import FaultyDisk
from views.storage.faults import StorageFault
from views.storage.games import StaleWrite
from views.storage.schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from views.storage.store import Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable


def test_schema_and_persistence(tmp_path):
    path = tmp_path / "db.sqlite3"
    store = Store(path)
    assert store.schema_version() == SCHEMA_VERSION
    game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", ("Ann", "Bob", "Cas"),
                                                          "standard"))
    store.count_card("symbiose", "frog/pink/2xpink", 1)
    store.count_card("symbiose", "fish/blue/5", 1)
    store.count_card("symbiose", "fish/blue/5", 1)
    store.remember_players(["Ann", "Bob"])
    other = Store(path)  # e.g. the server after a restart, before the first one closed
    assert other.game(game_id).data["file"]["players"][0]["name"] == "Ann"
    assert other.known_cards("symbiose") == [("fish/blue/5", 2), ("frog/pink/2xpink", 1)]
    assert other.known_players() == ["Ann", "Bob"]
    store.save_game(game_id, other.game(game_id).data, 0, status="finished")
    assert [g.id for g in other.games("finished")] == [game_id]
    store.count_card("symbiose", "frog/pink/2xpink", -1)
    assert other.known_cards("symbiose") == [("fish/blue/5", 2)]


def other_program_database(path):
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (text TEXT)")
    db.commit()
    db.close()


def damaged_database(path):
    whole = path.with_name("whole.sqlite3")
    Store(whole).close()
    data = whole.read_bytes()
    path.write_bytes(data[:len(data) // 2])  # cut off: pages the first ones point to are gone


@pytest.mark.parametrize(("make", "kind", "line"), [
    (lambda path: path.write_bytes(b""), "not_ours",
     "{path} is not a Tallybook database (an empty file)"),
    (other_program_database, "not_ours",
     "{path} is not a Tallybook database (another program's)"),
    (lambda path: path.write_bytes(b"PK\x03\x04" + bytes(5000)), "not_ours",
     "{path} is not a Tallybook database (not an SQLite database)"),
    (damaged_database, "damaged", "{path} is damaged: database disk image is malformed"),
])
def test_a_file_that_is_not_a_sound_tallybook_database_is_refused_and_left_as_it_was(
        tmp_path, make, kind, line):
    path = tmp_path / "tallybook.sqlite3"
    make(path)
    before = path.read_bytes()
    with pytest.raises(StorageFault) as refused:
        Store(path)
    assert refused.value.kind == kind
    assert str(refused.value) == line.format(path=path)
    assert path.read_bytes() == before  # never taken for a new database, nor "repaired"
    assert not refused.value.passing


def test_a_new_database_is_marked_ours_and_made_whole_or_not_at_all(tmp_path, monkeypatch):
    path = tmp_path / "tallybook.sqlite3"
    Store(path).close()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    db.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tallybook.sqlite3"]

    broken = tmp_path / "broken.sqlite3"  # a start that fails half-way through making it
    monkeypatch.setattr("views.storage.database.MIGRATIONS",
                        (*MIGRATIONS, "CREATE TABLE games (x);"))
    monkeypatch.setattr("views.storage.database.SCHEMA_VERSION", SCHEMA_VERSION + 1)
    with pytest.raises(sqlite3.OperationalError):
        Store(broken)
    assert not broken.exists()  # the next start makes it anew, instead of refusing it


def test_a_database_from_before_the_mark_is_ours_and_gets_it(tmp_path):
    path = tmp_path / "tallybook.sqlite3"
    store = Store(path)
    game = store.create_game("symbiose", {"n": 1})
    store._db.execute("PRAGMA application_id = 0")
    store.close()
    again = Store(path)
    assert again.game(game).data == {"n": 1}
    assert again._db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_records_of_older_games_are_migrated_to_the_shape_of_today(tmp_path):
    """Boxes kept beside the file go into it; undo entries that were whole tables go; a row
    that is not JSON stays as it is stored."""
    path = tmp_path / "tallybook.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    for number, migration in enumerate(MIGRATIONS[:4]):
        db.executescript(f"BEGIN; {migration} PRAGMA user_version = {number + 1}; COMMIT;")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    rows = [{"file": {"players": []}, "boxes": ["base", "alpine"], "undo": [[1], {"n": 1}]},
            {"file": {"boxes": ["base"], "players": []}, "boxes": ["alpine"], "undo": []},
            {"file": {"players": []}}]
    for data in [*map(json.dumps, rows), "{'not': json}"]:
        db.execute("INSERT INTO games (kind, status, data, created, updated) "
                   "VALUES ('forest-shuffle', 'active', ?, 0, 0)", (data,))
    db.close()
    store = Store(path)
    assert store.schema_version() == SCHEMA_VERSION
    assert [store.game(game).data for game in (1, 2, 3)] == [
        {"file": {"players": [], "boxes": ["base", "alpine"]}, "undo": [{"n": 1}]},
        {"file": {"boxes": ["base"], "players": []}, "undo": []},
        {"file": {"players": []}}]
    assert store._db.execute("SELECT data FROM games WHERE id = 4").fetchone() == (
        "{'not': json}",)


def test_a_database_of_a_newer_tallybook_is_refused(tmp_path):
    path = tmp_path / "tallybook.sqlite3"
    store = Store(path)
    store._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    store.close()
    with pytest.raises(StorageFault) as refused:
        Store(path)
    assert str(refused.value) == (f"{path} was written by a newer Tallybook "
                                  f"(schema {SCHEMA_VERSION + 1}; this one knows "
                                  f"{SCHEMA_VERSION})")


def test_the_writes_of_one_transaction_are_stored_together_or_not_at_all(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    game = store.create_game("symbiose", {"n": 0})
    with pytest.raises(StaleWrite), store.transaction():  # the second write fails
        store.count_card("symbiose", "frog/pink/2xpink", 1)
        store.save_game(game, {"n": 1}, revision=7)
    disk = FaultyDisk(store)
    disk.failing = True
    with pytest.raises(StorageFault) as full, store.transaction():  # the commit fails
        store.count_card("symbiose", "frog/pink/2xpink", 1)
        store.save_game(game, {"n": 1}, revision=0)
    assert full.value.kind == "full" and full.value.passing
    assert str(full.value) == f"cannot write to {tmp_path}: the disk is full"
    other = Store(tmp_path / "tallybook.sqlite3")  # what another connection finds stored
    assert other.known_cards("symbiose") == [] and other.game(game).data == {"n": 0}
    disk.failing = False  # the same store writes again once there is room
    assert store.save_game(game, {"n": 2}, revision=0) == 1
    assert other.game(game).data == {"n": 2}


def deleted(path):
    path.unlink()


def replaced(path):
    """Another file renamed over it, as a restore or an editor's save does."""
    other = path.with_name(path.name + ".other")
    other.write_bytes(path.read_bytes())
    other.replace(path)


@pytest.mark.parametrize("change", [deleted, replaced])
@pytest.mark.parametrize("end", ["", "-wal", "-shm"])
def test_a_database_or_journal_gone_under_the_store_is_found_before_the_next_commit(
        tmp_path, end, change):
    path = tmp_path / "tallybook.sqlite3"
    store = Store(path)
    game = store.create_game("symbiose", {"n": 0})
    told = []
    store.when_lost.append(told.append)
    change(path.with_name(path.name + end))
    after = {p.name: p.stat().st_ino for p in tmp_path.iterdir()}
    with pytest.raises(StorageFault) as lost:
        store.save_game(game, {"n": 1}, revision=0)
    assert lost.value.kind == "lost" and lost.value.kept and not lost.value.passing
    assert str(lost.value) == (f"{path} or its -wal was deleted or replaced while the server "
                               "ran; nothing more is written to it")
    assert told == [lost.value]  # once, for every table to hear
    with pytest.raises(StorageFault):  # for good: no write ever goes to a file made anew
        store.create_game("symbiose", {"n": 2})
    assert told == [lost.value]
    assert {p.name: p.stat().st_ino for p in tmp_path.iterdir()} == after  # nothing made
    assert store.game(game).data == {"n": 0}  # still read as it was stored


def test_a_store_whose_files_stay_is_never_taken_for_lost(tmp_path):
    path = tmp_path / "tallybook.sqlite3"
    store = Store(path)
    for n in range(3):  # others open and close it meanwhile (a restart, a backup, a test)
        Store(path).close()
        game = store.create_game("symbiose", {"n": n})
    store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log emptied, not made anew
    store.save_game(game, {"n": 9}, revision=0)
    assert store.lost is None


def bad_rows(store):
    """Three games in progress: one sound, one whose data is not JSON, one JSON but no game."""
    sound = store.create_game("symbiose", {"n": 1})
    not_json = store.create_game("fossil", {"n": 2})
    not_a_game = store.create_game("symbiose", {"n": 3})
    store._db.execute("UPDATE games SET data = '{\"n\": 2, trunc' WHERE id = ?", (not_json,))
    store._db.execute("UPDATE games SET data = '[3]' WHERE id = ?", (not_a_game,))
    return sound, not_json, not_a_game


def test_a_game_row_that_cannot_be_read_is_set_aside_and_named_once(tmp_path, caplog):
    store = Store(tmp_path / "tallybook.sqlite3")
    sound, not_json, not_a_game = bad_rows(store)
    assert [record.id for record in store.games("active")] == [sound]
    assert store.game(not_json) is None and store.game(not_a_game) is None
    assert store.game(sound).data == {"n": 1}
    assert store.set_aside == {not_json: "fossil", not_a_game: "symbiose"}
    store.games("active")
    assert sorted(record.getMessage() for record in caplog.records) == [
        f"tallybook: game {not_json} (fossil) cannot be read and is set aside: its data is "
        "not JSON (Expecting property name enclosed in double quotes: line 1 column 10 "
        "(char 9))",
        f"tallybook: game {not_a_game} (symbiose) cannot be read and is set aside: its data "
        "is JSON list, not a game"]


def test_a_finished_game_that_cannot_be_read_leaves_the_fingerprints_of_the_others(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    sound, not_json, _ = bad_rows(store)
    for game in (sound, not_json):
        store._db.execute("UPDATE games SET status = 'finished' WHERE id = ?", (game,))
    assert len(store.fingerprints()) == 1 and not_json in store.set_aside


def test_a_database_busy_in_another_program_is_waited_for_briefly_then_refused_for_now(
        tmp_path):
    path = tmp_path / "tallybook.sqlite3"
    store = Store(path)
    game = store.create_game("symbiose", {"n": 0})
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageFault) as busy:
            store.save_game(game, {"n": 1}, revision=0)
        assert busy.value.kind == "busy" and busy.value.passing
        # Every tap is served on the event loop: a wait there holds every table up.
        assert store._db.execute("PRAGMA busy_timeout").fetchone()[0] <= 100
        assert store.game(game).data == {"n": 0}  # reads go on meanwhile
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.save_game(game, {"n": 1}, revision=0) == 1
