"""The archive menu on a real Flet session: exports hand the browser the file, an import shows
its report and the history is drawn again; the sheet's Export offers the game file and BG Stats."""

import asyncio
import json
import threading
from pathlib import Path

import flet as ft
import pytest

from tests.views.fake_client import FakeClient
from tests.views.helpers import learn, start_game, until
from views.records import archive
from views.records.archive import MAX_BYTES, backup, backup_bytes
from views.storage.store import Store
from views.widgets import archive_menu

EXAMPLES = Path(__file__).parents[2] / "examples"
pytestmark = pytest.mark.asyncio


@pytest.fixture
def picker(monkeypatch):
    """The browser's side of the file picker: the file the phone picks, and what it saved."""
    side = {"pick": None, "size": None, "saved": []}
    answer = FakeClient._answer

    def answered(self, control, name, args):
        if isinstance(control, ft.FilePicker) and name == "pick_files":
            data = side["pick"]
            size = side["size"] or len(data)
            return [{"id": 0, "name": "picked.json", "size": size, "bytes": data}]
        if isinstance(control, ft.FilePicker) and name == "save_file":
            side["saved"].append((args["file_name"], bytes(args["src_bytes"])))
            return None
        return answer(self, control, name, args)

    monkeypatch.setattr(FakeClient, "_answer", answered)
    return side


async def choose(client: FakeClient, identifier: str) -> None:
    """Tap a menu item (its Semantics sits inside the PopupMenuItem that takes the tap), in
    a browser (where a saved file needs its bytes)."""
    client.page.web = True
    item, = client.all(ft.PopupMenuItem, lambda i: getattr(i.content, "identifier", None)
                       == identifier)
    await client.session.dispatch_event(item._i, "click", None)
    await client.settle()


def finish(store: Store, name: str) -> int:
    file = json.loads((EXAMPLES / name).read_text(encoding="utf-8"))
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id


async def test_an_imported_backup_is_reported_and_shown_in_the_history(open_app, store, picker,
                                                                      tmp_path):
    other = Store(tmp_path / "other.sqlite3")
    finish(other, "symbiose-duel.json")
    picker["pick"] = json.dumps(backup(other)).encode()
    c = await open_app("/history")
    assert c.find("past-1") is None
    await choose(c, "archive-import")
    assert c.find("import-report") is not None
    assert "Imported: 1" in c.texts() and "Symbiose · Ann, Bob" in c.texts()
    await c.tap("import-close")
    assert c.find("past-1") is not None  # drawn again with the new game
    assert not c.errors


async def test_a_foreign_file_is_reported_and_nothing_changes(open_app, store, picker):
    finish(store, "fossil-4-players.json")
    picker["pick"] = b'{"some": "thing else"}'
    c = await open_app("/history")
    await choose(c, "archive-import")
    assert any("neither a Tallybook backup nor a game file" in t for t in c.texts())
    assert "Your history is unchanged." in c.texts()
    assert len(store.games("finished")) == 1


async def test_a_file_the_picker_says_is_too_large_is_not_read(open_app, store, picker,
                                                              monkeypatch):
    picker["pick"], picker["size"] = b"{}", MAX_BYTES + 1
    monkeypatch.setattr("views.widgets.archive_menu.import_bytes",
                        lambda *args, **kwargs: pytest.fail("read a file over the limit"))
    c = await open_app("/history")
    await choose(c, "archive-import")
    assert "The file is larger than 15 MB: nothing was imported." in c.texts()


async def test_the_exports_hand_the_browser_their_files(open_app, store, picker):
    finish(store, "forest-shuffle-base-2-players.json")
    c = await open_app("/history")
    for identifier in ("archive-backup", "archive-csv", "archive-bgstats"):
        await choose(c, identifier)
    names = [name for name, _ in picker["saved"]]
    assert names[0].startswith("tallybook-backup-") and names[0].endswith(".json")
    assert names[1].endswith(".csv") and names[2].endswith(".bgsplay")
    assert json.loads(picker["saved"][0][1])["format"] == "tallybook-backup"
    assert picker["saved"][1][1].startswith("\ufeffgame_id,".encode())
    assert json.loads(picker["saved"][2][1])["plays"]


async def test_with_no_finished_game_an_export_says_so(open_app, store, picker):
    c = await open_app("/history")
    await choose(c, "archive-backup")
    assert picker["saved"] == []
    assert "No finished games to export yet." in c.texts()


async def test_the_sheet_exports_the_game_file_or_a_bg_stats_play(open_app, store, picker):
    game_id = finish(store, "symbiose-standard.json")
    c = await open_app(f"/history/symbiose/{game_id}")
    await choose(c, "export-file")
    await choose(c, "export-bgstats")
    (file_name, file), (play_name, play) = picker["saved"]
    assert file_name == f"symbiose-{game_id}.json" and json.loads(file)["game"] == "symbiose"
    assert play_name == f"symbiose-{game_id}.bgsplay"
    assert [s["score"] for s in json.loads(play)["plays"][0]["playerScores"]] == [
        "45", "45", "42"]


def fossil(points: int) -> dict:
    return {"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
            "log": [{"adjust": "Ann", "points": points, "note": "x"}, {"end": True}]}


async def test_a_long_import_never_holds_up_another_table(open_app, store, picker, tmp_path,
                                                          monkeypatch):
    other = Store(tmp_path / "other.sqlite3")
    for points in range(1, 31):
        game_id = other.create_game("fossil", {"file": fossil(points)})
        other.save_game(game_id, {"file": fossil(points)}, 0, status="finished")
    picker["pick"] = backup_bytes(other)
    # The import checks its games as slowly as the test needs: until the other table answered.
    began, answered, checked = threading.Event(), threading.Event(), archive._checked

    def slowly(entry, lang):
        began.set()
        assert answered.wait(60), "the other table was frozen while the import ran"
        return checked(entry, lang)

    monkeypatch.setattr(archive, "_checked", slowly)
    learn(store, ["fish/green/5"])
    player = await open_app()
    game_id = await start_game(player, ["Ann", "Bob"])
    host = await open_app("/history")
    importing = asyncio.create_task(choose(host, "archive-import"))
    await until(began.is_set)
    await player.tap("known-fish/green/5")  # a tap at another table, while the import runs
    assert store.game(game_id).data["file"]["players"][0]["pond"][0][0] == "fish/green/5"
    assert host.find("work-progress") is not None and not importing.done()
    answered.set()
    await asyncio.wait_for(importing, 60)
    await until(lambda: "Imported: 30" in host.texts())
    assert not any(dialog.open for dialog in host.all(ft.AlertDialog) if dialog.modal)


async def test_an_import_shows_how_many_games_of_how_many_are_done(open_app, store, picker,
                                                                   tmp_path, monkeypatch):
    other = Store(tmp_path / "other.sqlite3")
    for points in (1, 2, 3):
        game_id = other.create_game("fossil", {"file": fossil(points)})
        other.save_game(game_id, {"file": fossil(points)}, 0, status="finished")
    picker["pick"] = backup_bytes(other)
    seen, tell = [], archive_menu.Progress.tell

    def telling(self, done, total):
        tell(self, done, total)
        seen.append((self.count.value, self.bar.value))

    monkeypatch.setattr(archive_menu.Progress, "tell", telling)
    c = await open_app("/history")
    await choose(c, "archive-import")
    await until(lambda: "Imported: 3" in c.texts())
    assert seen[0] == ("0 of 3 games", 0.0) and seen[-1] == ("3 of 3 games", 1.0)
    assert ("1 of 3 games", 1 / 3) in seen


async def test_what_a_refused_import_sends_the_phone_is_bounded(open_app, store, picker):
    players = ["N" * 300, *(f"P{index}" for index in range(100_000))]
    picker["pick"] = json.dumps({"version": 1, "game": "fossil", "players": players,
                                 "log": [{"end": True}]}).encode()
    c = await open_app("/history")
    await choose(c, "archive-import")
    await until(lambda: c.find("import-report") is not None)
    shown = [t for t in c.texts() if t.startswith("Fossil") or "N" * 50 in t]
    assert shown and max(map(len, shown)) <= 400  # a name or a line of the report, at most
    assert sum(map(len, c.texts())) < 20_000  # not the 700 KB of names the file holds


async def test_a_backup_too_large_to_import_again_says_so(open_app, store, picker, monkeypatch):
    finish(store, "fossil-4-players.json")
    c = await open_app("/history")
    await choose(c, "archive-backup")
    assert not any("cannot import it again" in t for t in c.texts())
    monkeypatch.setattr(archive_menu, "MAX_BYTES", len(picker["saved"][0][1]) - 1)
    await choose(c, "archive-backup")
    assert len(picker["saved"]) == 2  # written all the same: a copy is a copy
    assert any("cannot import it again in one piece" in t for t in c.texts())
