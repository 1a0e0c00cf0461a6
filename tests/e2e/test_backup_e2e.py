"""Backup and import in the browser: the history exported from one server and imported, through
the phone's file picker, into a server on an empty data folder is the same history, and the
game still in play is there again, in play."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.harness import Server
from tests.e2e.phone import Phone
from views.records.results import History
from views.storage.store import Store

EXAMPLES = Path(__file__).parents[2] / "examples"
GAMES = ("symbiose-standard.json", "forest-shuffle-base-2-players.json", "fossil-4-players.json")


def db(server: Server) -> Store:
    return Store(server.data / "tallybook.sqlite3")


def seed(server: Server) -> None:
    """Three finished games, one still in play, and a player renamed."""
    store = db(server)
    for name in GAMES:
        file = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
        if file["game"] == "forest-shuffle":
            file["boxes"] = ["base"]  # as the app stores it (a file without: every box)
        game_id = store.create_game(file["game"], {"file": file})
        store.save_game(game_id, {"file": file}, 0, status="finished")
    store.create_game("fossil", {"file": {"version": 1, "game": "fossil",
                                          "players": ["Ann", "Cas"], "log": []}})
    store.rename_player("Bob", "Robert")
    store.close()


def history_of(server: Server) -> list:
    """Games, players as played and now, totals and places, and when (to the microsecond)."""
    store = db(server)
    history = History(store)
    found = [(r.kind, r.played, round(r.finished, 6),
              [(s.name, history.player(s.name), s.total, s.place) for s in r.seats])
             for r in history.results()]
    store.close()
    return found


def tiles(phone: Phone) -> list[str]:
    """What the history screen says of each game, top to bottom."""
    nodes = phone.page.locator('[flt-semantics-identifier^="past-"]')
    expect(nodes).to_have_count(len(GAMES))
    return [node.get_attribute("aria-label") or node.text_content() or ""
            for node in nodes.all()]


def test_a_backup_imported_into_an_empty_data_folder_gives_the_same_history(
        server, make_context, tmp_path):
    server.stop()
    seed(server)
    server.start()
    phone = Phone.open(make_context(), f"{server.url}history")
    before = tiles(phone)
    phone.tap("archive-menu")
    expect(phone.by_id("archive-backup")).to_be_visible()
    with phone.page.expect_download() as download:
        phone.tap("archive-backup")
    backup = tmp_path / download.value.suggested_filename
    download.value.save_as(backup)
    assert json.loads(backup.read_text(encoding="utf-8"))["format"] == "tallybook-backup"

    empty = Server(tmp_path / "empty" / "data")
    empty.start()
    try:
        other = Phone.open(make_context(), f"{empty.url}history")
        expect(other.page.locator('[flt-semantics-identifier^="past-"]')).to_have_count(0)
        for reported in ("Imported: 4", "Already there: 4"):  # twice: nothing added
            other.tap("archive-menu")
            with other.page.expect_file_chooser() as chooser:
                other.tap("archive-import")
            chooser.value.set_files(backup)
            expect(other.by_id("import-report")).to_contain_text(reported)
            other.tap("import-close")
            assert tiles(other) == before
    finally:
        empty.stop()
    assert history_of(empty) == history_of(server)
    assert [record.data["file"]["players"] for record in db(empty).games("active")] == [
        ["Ann", "Cas"]]
