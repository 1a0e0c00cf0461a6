"""Backup, CSV and import: formats, refusals with the scorer's problems, no duplicates, and a
history untouched by anything refused."""

import csv
import io
import json
from pathlib import Path

import pytest

from views.records.archive import (
    FORMAT,
    MAX_BYTES,
    Known,
    backup,
    backup_bytes,
    cell,
    csv_text,
    import_bytes,
    iso,
)
from views.records.results import History
from views.storage.games import fingerprint
from views.storage.store import Store
from views.tables.registry import GAMES

EXAMPLES = Path(__file__).parents[2] / "examples"


def example(name: str) -> bytes:
    return (EXAMPLES / name).read_bytes()


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "db.sqlite3")


def finish(store: Store, file: dict) -> int:
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id


def snapshot(store: Store) -> list:
    """Everything an import could change."""
    rows = store._db.execute("SELECT id, kind, status, data, created, updated, fingerprint, "
                             "deleted FROM games ORDER BY id").fetchall()
    return [rows, sorted(store.aliases().items()), store.known_players()]


def outcome(store: Store) -> list:
    """The history as a reader sees it: games, players as played and now, totals, dates (to
    the microsecond a backup keeps)."""
    history = History(store)
    return [(r.kind, r.played, iso(r.finished), [(s.name, history.player(s.name), s.total, s.place,
                                             s.won) for s in r.seats])
            for r in history.results()]


def fossil(*adjustments, players=("Ann", "Bob", "Cas")) -> dict:
    log = [{"adjust": name, "points": points, "note": "test"} for name, points in adjustments]
    return {"version": 1, "game": "fossil", "players": list(players), "log": [*log, {"end": True}]}


# backup -----------------------------------------------------------------------------------
def test_a_backup_holds_every_game_with_its_times_and_the_renames(store):
    first = finish(store, fossil(("Ann", 3)))
    finish(store, json.loads(example("symbiose-duel.json")))
    playing = store.create_game("fossil", {"file": fossil()})
    store.rename_player("Ann", "Anne")
    document = backup(store, now=0)
    assert (document["format"], document["version"], document["exported"]) == (
        FORMAT, 2, "1970-01-01T00:00:00.000000+00:00")
    assert [(game["game"], game.get("status")) for game in document["games"]] == [
        ("fossil", None), ("symbiose", None), ("fossil", "active")]  # finished ones as played
    record = store.game(first)
    assert document["games"][0]["file"] == record.data["file"]
    assert document["games"][0]["finished"].endswith("+00:00")
    unfinished = document["games"][2]
    assert unfinished["file"] == store.game(playing).data["file"]
    assert unfinished["created"] == iso(store.game(playing).created)
    assert unfinished["updated"] == iso(store.game(playing).updated)
    assert document["aliases"] == [{"name": "ann", "player": "Anne"}]


def test_unfinished_games_come_back_unfinished_once_however_often_imported(store, tmp_path):
    playing = store.create_game("symbiose", {"file": json.loads(example("symbiose-duel.json"))})
    half = json.loads(example("symbiose-standard.json"))
    half["players"][0]["pond"][0][0] = None  # a place not entered yet
    store.create_game("symbiose", {"file": half})
    data = backup_bytes(store)
    other = Store(tmp_path / "other.sqlite3")
    first = import_bytes(other, data, "en")
    assert (len(first.imported), first.refused) == (2, [])
    assert [(r.status, r.data["file"]) for r in reversed(other.games("active"))] == [
        ("active", store.game(playing).data["file"]), ("active", half)]
    assert [iso(r.created) for r in other.games("active")] == [
        iso(r.created) for r in store.games("active")]
    again = import_bytes(other, data, "en")
    assert (again.imported, len(again.present)) == ([], 2)
    assert len(other.games("active")) == 2 and other.games("finished") == []
    back = import_bytes(store, backup_bytes(other), "en")  # nor into the folder it came from
    assert (back.imported, len(back.present)) == ([], 2)


def test_an_unfinished_game_finished_since_its_backup_is_not_brought_back(store, tmp_path):
    file = json.loads(example("symbiose-duel.json"))
    game_id = store.create_game("symbiose", {"file": file})
    data = backup_bytes(store)
    store.save_game(game_id, {"file": file}, 0, status="finished")
    report = import_bytes(store, data, "en")
    assert (report.imported, len(report.present)) == ([], 1)
    assert store.games("active") == []


def test_an_unfinished_game_the_app_could_not_play_is_refused(store):
    document = {"format": FORMAT, "version": 2, "games": [
        {"game": "symbiose", "status": "active", "created": iso(1), "updated": iso(2),
         "file": {"version": 1, "game": "symbiose", "players": "Ann"}},
        {"game": "fossil", "status": "paused", "created": iso(1), "updated": iso(2),
         "file": fossil()}]}
    report = import_bytes(store, json.dumps(document).encode(), "en")
    assert [refused.what for refused in report.refused] == ["Symbiose · ", "games[1]"]
    assert report.imported == [] and store.games("active") == []


def test_a_backup_imported_into_an_empty_folder_gives_the_same_history(store, tmp_path):
    for name in ("symbiose-team.json", "forest-shuffle-base-2-players.json",
                 "fossil-4-players.json"):
        assert import_bytes(store, example(name), "en").imported
    finish(store, fossil(("Ann", 2), ("Bob", 2)))
    store.rename_player("Cas", "Casper")
    other = Store(tmp_path / "other.sqlite3")
    report = import_bytes(other, backup_bytes(store), "en")
    assert (len(report.imported), report.present, report.refused, report.aliases) == (4, [], [], 1)
    assert outcome(other) == outcome(store)
    assert sorted(other.known_players()) == sorted(store.known_players())  # for new games
    back = import_bytes(store, backup_bytes(other), "en")  # and back again: nothing new
    assert (back.imported, len(back.present)) == ([], 4)


def test_the_same_backup_imported_twice_adds_nothing_the_second_time(store, tmp_path):
    finish(store, fossil(("Ann", 1)))
    finish(store, fossil(("Bob", 1)))
    data = backup_bytes(store)
    other = Store(tmp_path / "other.sqlite3")
    assert len(import_bytes(other, data, "en").imported) == 2
    before = snapshot(other)
    again = import_bytes(other, data, "en")
    assert (again.imported, len(again.present), again.aliases) == ([], 2, 0)
    assert snapshot(other) == before
    # ... and into the history it came from, whose games got their fingerprint when finished
    assert len(import_bytes(store, data, "en").present) == 2


def test_a_game_gets_its_fingerprint_when_it_is_finished(store):
    file = fossil(("Ann", 1))
    game_id = store.create_game("fossil", {"file": file})
    (unset,), = store._db.execute("SELECT fingerprint FROM games WHERE id = ?", (game_id,))
    store.save_game(game_id, {"file": file}, 0, status="finished")
    (value,), = store._db.execute("SELECT fingerprint FROM games WHERE id = ?", (game_id,))
    assert unset is None
    assert value == fingerprint("fossil", file, store.game(game_id).created)


def test_games_finished_before_fingerprints_get_theirs_when_an_import_asks(store, tmp_path):
    game_id = finish(store, fossil(("Ann", 1)))
    store._db.execute("UPDATE games SET fingerprint = NULL WHERE id = ?", (game_id,))
    data = backup_bytes(store)
    assert import_bytes(store, data, "en").present == ["Fossil · Ann, Bob, Cas"]


def test_a_deleted_game_kept_for_undo_gives_way_to_the_same_game_imported(store):
    game_id = finish(store, fossil(("Ann", 1)))
    data = backup_bytes(store)
    store.delete_game(game_id)
    assert import_bytes(store, data, "en").imported == ["Fossil · Ann, Bob, Cas"]
    assert len(History(store).results()) == 1


# single game files ------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")
                                        if p.name != "fossil-rulebook.json"))
def test_every_example_game_file_imports_as_a_game_its_model_shows_finished(store, name):
    report = import_bytes(store, example(name), "en")
    assert len(report.imported) == 1, report
    record, = store.games("finished")
    table = GAMES[record.kind].table(store, record)
    assert table.finished and table.sheet is not None
    assert table.game_file() == record.data["file"]  # stored as the model writes it


def test_a_game_file_imported_twice_is_there_already(store):
    data = example("symbiose-standard.json")
    import_bytes(store, data, "en", now=1000.0)
    again = import_bytes(store, data, "en", now=2000.0)
    assert (again.imported, again.present) == ([], ["Symbiose · Ann, Bob, Cas"])


def test_an_imported_symbiose_file_is_normalised_for_the_model(store):
    file = json.loads(example("symbiose-standard.json"))
    del file["mode"]
    file["players"][0]["pond"][0][0] = {"animal": "frog", "season": "pink", "points": 2,
                                        "per": "pink"}
    import_bytes(store, json.dumps(file).encode(), "en")
    stored = store.games("finished")[0].data["file"]
    assert stored["mode"] == "standard"
    assert stored["players"][0]["pond"][0][0] == "frog/pink/2xpink"


def test_a_fossil_game_that_is_not_over_is_refused(store):
    report = import_bytes(store, example("fossil-rulebook.json"), "en")
    assert report.imported == [] and "not over" in report.refused[0].reasons[0]


# refusals ---------------------------------------------------------------------------------
def test_a_game_the_scorer_refuses_is_refused_with_its_problems_in_the_users_language(store):
    file = json.loads(example("symbiose-standard.json"))
    file["players"][1]["pond"][0][3] = "fsh/blue/3"
    report = import_bytes(store, json.dumps(file).encode(), "nl")
    refused, = report.refused
    assert refused.what == "Symbiose · Ann, Bob, Cas"
    assert refused.reasons[0].startswith("players[1].pond[0][3]: ")
    assert "fsh" in refused.reasons[0] and "unknown" not in refused.reasons[0]  # Dutch
    assert store.games("finished") == []


def test_a_backup_imports_its_good_games_and_refuses_the_others_one_by_one(store, tmp_path):
    finish(store, fossil(("Ann", 1)))
    document = backup(store)
    broken = {**document["games"][0], "file": {**fossil(), "players": ["Ann", "Ann"]}}
    document["games"] += [broken, {"game": "chess"}, "nonsense",
                          {**document["games"][0], "created": "yesterday"}]
    other = Store(tmp_path / "other.sqlite3")
    report = import_bytes(other, json.dumps(document).encode(), "en")
    assert len(report.imported) == 1
    assert [r.what for r in report.refused] == [
        "Fossil · Ann, Ann", "games[2]", "games[3]", "games[4]"]
    assert all(r.reasons for r in report.refused)
    assert len(other.games("finished")) == 1


FOREIGN = [
    (b"\xff\xfe{not utf-8", "not UTF-8"),
    (b'{"version": 1, "game": "fossil", "players": [', "not valid JSON (line 1"),
    (b'{"hello": "world"}', "neither a Tallybook backup nor a game file"),
    (b"[1, 2, 3]", "neither a Tallybook backup nor a game file"),
    (b'{"format": "tallybook-backup", "version": 99, "games": []}', "version 99"),
    (b'{"format": "tallybook-backup", "version": 1, "games": {}}', "damaged"),
    (b"[" * 100_000 + b"]" * 100_000, "not JSON this app can read"),
    (b"1" * 5000, "not JSON this app can read"),  # more digits than Python converts
]


@pytest.mark.parametrize(("data", "message"), FOREIGN)
def test_a_corrupted_or_foreign_file_is_refused_and_the_history_is_untouched(store, data,
                                                                             message):
    finish(store, fossil(("Ann", 1)))
    store.rename_player("Bob", "Robert")
    before = snapshot(store)
    report = import_bytes(store, data, "en")
    assert message in report.error
    assert not report.changed
    assert snapshot(store) == before


def test_a_file_over_the_limit_is_refused_before_it_is_read(store):
    before = snapshot(store)
    report = import_bytes(store, b" " * (MAX_BYTES + 1), "de")
    assert report.error == "Die Datei ist größer als 15 MB: Es wurde nichts importiert."
    assert snapshot(store) == before


def test_renames_in_a_backup_never_undo_the_ones_made_here(store, tmp_path):
    finish(store, fossil(("Ann", 1)))
    store.rename_player("Ann", "Anne")
    other = Store(tmp_path / "other.sqlite3")
    other.rename_player("Ann", "Annie")
    other.rename_player("Annie", "Anja")
    document = backup(store)
    document["aliases"] += [{"name": "Bob", "player": "Annie"}, {"name": "x" * 41, "player": "B"},
                            {"name": "Cas", "player": "cas"}, "nonsense"]
    report = import_bytes(other, json.dumps(document).encode(), "en")
    assert report.aliases == 1  # Bob -> Anja (Annie counts for Anja here); the rest not
    assert other.aliases()["ann"] == "Anja" and other.aliases()["bob"] == "Anja"


# CSV --------------------------------------------------------------------------------------
def test_the_csv_has_a_row_per_player_per_game_with_the_subtotals(store):
    import_bytes(store, example("forest-shuffle-base-2-players.json"), "en")
    finish(store, fossil(("Ann", 5), ("Bob", 5)))
    store.rename_player("Bob", "Robert")
    rows = list(csv.DictReader(io.StringIO(csv_text(store))))
    assert [(r["game"], r["player"], r["counts_for"], r["seat"], r["total"], r["place"],
             r["won"], r["shared_win"]) for r in rows[:3]] == [
        ("fossil", "Ann", "Ann", "1", "35", "1", "yes", "yes"),
        ("fossil", "Bob", "Robert", "2", "35", "1", "yes", "yes"),
        ("fossil", "Cas", "Cas", "3", "30", "3", "no", "no")]
    assert rows[0]["fossil:adjustments"] == "5" and rows[0]["forest-shuffle:trees"] == ""
    forest = rows[3]
    assert forest["variant"].startswith("base+") and forest["forest-shuffle:cave"] != ""
    assert int(forest["total"]) == sum(int(forest[f"forest-shuffle:{c}"])
                                       for c in ("trees", "top", "bottom", "sides", "cave"))
    assert "T" in rows[0]["finished"] and rows[0]["finished"][:4].isdigit()


def test_names_are_defused_for_spreadsheets():
    assert cell("=HYPERLINK(\"x\")") == "'=HYPERLINK(\"x\")"
    assert [cell(v) for v in ("+1", "-1", "@SUM(A1)", "\tx", "\rx")] == [
        "'+1", "'-1", "'@SUM(A1)", "'\\x09x", "'\\x0dx"]
    assert cell("Ann\nBob\x07") == "Ann\\x0aBob\\x07"
    assert cell("Zoë") == "Zoë"
    assert cell("\u202eAnn\x85") == "\\u202eAnn\\x85"  # bidi override, C1: scorer's printable()


def test_a_formula_name_reaches_the_csv_defused(store):
    finish(store, fossil(("=1+2", 1), players=("=1+2", "Bob", "Cas")))
    rows = list(csv.reader(io.StringIO(csv_text(store))))
    assert rows[1][4] == "'=1+2" and rows[1][5] == "'=1+2"


def test_a_game_another_import_stored_meanwhile_is_there_already(store, tmp_path,
                                                                monkeypatch):
    finish(store, fossil(("Ann", 1)))
    data = backup_bytes(store)
    other = Store(tmp_path / "other.sqlite3")
    assert len(import_bytes(other, data, "en").imported) == 1
    # A second import that read the games before the first stored its own.
    monkeypatch.setattr("views.records.archive._known", lambda store: Known(set(), set(), set()))
    report = import_bytes(other, data, "en")
    assert (report.imported, len(report.present)) == ([], 1)
    assert len(other.games("finished")) == 1
