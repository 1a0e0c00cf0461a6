"""The disk refuses while phones are at a table: a tap that could not be stored is kept and
shown as not saved on every phone at the table, tried again at the next tap and by itself, and
never reported saved before it is; any other step the store refuses, or a damaged database, is
a message on the phone instead of Flet's error page."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import flet as ft
import pytest
import pytest_asyncio

from tests.views.conftest import HOST_PIN
from tests.views.fake_client import FakeClient
from tests.views.faults import FaultyDisk, damaged_error
from tests.views.helpers import learn, name_field, start_game, totals
from views.app import last_try, make_main, open_tables
from views.storage.store import Store
from views.symbiose.model import card_of
from views.tables import model
from views.web.access import PREFS_DEVICE, device_id, new_device_token

pytestmark = pytest.mark.asyncio
FISH, FROG = "fish/green/5", "frog/pink/2xpink"
FULL = "Not saved: the server's disk is full."


def stored(store: Store, game: int) -> list:
    """Ann's top row as another connection to the database finds it: what is really stored."""
    other = Store(store.path)
    try:
        return other.game(game).data["file"]["players"][0]["pond"][0][:3]
    finally:
        other.close()


def deck(store: Store) -> dict[str, int]:
    other = Store(store.path)
    try:
        return dict(other.known_cards("symbiose"))
    finally:
        other.close()


def banner(phone) -> str | None:
    shown = phone.find("not-saved")
    return shown.label if shown is not None and _open(shown) else None


def _open(control) -> bool:
    while control is not None and not isinstance(control, ft.Banner):
        control = control.parent
    return control is not None and control.open


def snack(phone) -> list[str]:
    return [bar.content.value for bar in phone.all(ft.SnackBar) if bar.open]


async def test_a_tap_the_full_disk_refused_is_kept_shown_unsaved_everywhere_then_saved(
        open_app, store, monkeypatch):
    monkeypatch.setattr(model, "RETRY_SECONDS", (3600.0,))  # here, only taps try again
    learn(store, [FISH, FROG])
    host = await open_app()
    game = await start_game(host, ["Ann", "Bob", "Cas"])
    other = await open_app(f"/symbiose/{game}")  # a second phone at the table
    disk = FaultyDisk(store)
    disk.failing = True
    await host.tap(f"known-{FISH}")
    assert stored(store, game) == [None, None, None]
    assert deck(store) == {FISH: 1, FROG: 1}  # the deck memory is not written either
    for phone in (host, other):
        assert banner(phone) == f"{FULL} The latest changes at this table are kept, and saved " \
                                "as soon as the server can."
        assert totals(phone)[0] == 5  # kept, and counted, on every phone
    assert disk.refused == 1

    await other.tap(f"known-{FROG}")  # the next tap tries again, with everything since
    assert disk.refused == 2 and stored(store, game) == [None, None, None]
    assert banner(host) is not None and banner(other) is not None

    disk.failing = False
    await other.tap("save-now")
    assert stored(store, game) == [FISH, FROG, None]
    assert deck(store) == {FISH: 2, FROG: 2}
    await host.settle()
    for phone in (host, other):
        assert banner(phone) is None
    assert "Saved: every change at this table is stored now." in snack(other)


async def test_a_refused_tap_is_tried_again_by_itself_less_and_less_often(open_app, store,
                                                                          monkeypatch):
    monkeypatch.setattr(model, "RETRY_SECONDS", (1.0, 2.0, 5.0))
    learn(store, [FISH])
    host = await open_app()
    game = await start_game(host, ["Ann", "Bob"])
    loop = asyncio.get_running_loop()
    waits: list[float] = []
    timer = loop.call_later

    def quick(delay, callback, *args, **kwargs):  # the waits asked for, made short
        waits.append(delay)
        return timer(0.001, callback, *args, **kwargs)

    monkeypatch.setattr(loop, "call_later", quick)
    disk = FaultyDisk(store)
    disk.failing = True
    await host.tap(f"known-{FISH}")
    while disk.refused < 5:  # the first try, then four by themselves
        await asyncio.sleep(0.001)
    assert waits[:4] == [1.0, 2.0, 5.0, 5.0]
    disk.failing = False
    while stored(store, game)[0] != FISH:
        await asyncio.sleep(0.001)
    await host.settle()
    assert banner(host) is None


async def test_a_tap_that_could_not_be_stored_whole_stores_nothing(open_app, store):
    learn(store, [FISH])
    host = await open_app()
    game = await start_game(host, ["Ann", "Bob"])
    disk = FaultyDisk(store, at="UPDATE games")  # the deck memory was written just before
    disk.failing = True
    await host.tap(f"known-{FISH}")
    assert stored(store, game)[0] is None and deck(store) == {FISH: 1}
    disk.failing = False
    await host.tap("save-now")
    assert stored(store, game)[0] == FISH and deck(store) == {FISH: 2}


async def test_another_step_the_store_refused_is_a_message_and_loses_nothing_entered(
        open_app, store):
    host = await open_app()
    await host.tap("game-symbiose")
    for name in ("Ann", "Bob"):
        await host.type_into(name_field(host), name, submit=True)
    disk = FaultyDisk(store)
    disk.failing = True
    await host.tap("start")  # settle() fails on any error Flet logs: none was
    assert f"{FULL} Nothing was changed. Try again in a while." in snack(host)
    assert host.page.route == "/new/symbiose"
    assert {"Ann", "Bob"} <= set(host.texts())  # the names entered are still there
    disk.failing = False
    game = await start_game(host, [])
    assert store.game(game).data["file"]["players"][1]["name"] == "Bob"


async def test_a_database_found_damaged_while_running_is_a_message(open_app, store):
    host = await open_app()
    disk = FaultyDisk(store, at="SELECT", error=damaged_error)
    disk.failing = True
    await host.tap("nav-history")  # its screen is drawn by Flet's scheduler, not in the tap
    assert snack(host) == ["The server's database is damaged: nothing can be read or saved. "
                           "Tell whoever runs the server."]
    disk.failing = False  # (put back from a backup, say): the tab draws its screens again
    await host.tap("nav-players")
    assert host.top_view().route == "/players"


async def test_a_table_still_unsaved_when_the_server_stops_is_said_with_its_game_file(
        open_app, store, monkeypatch, capsys):
    monkeypatch.setattr(model, "RETRY_SECONDS", (3600.0,))
    learn(store, [FISH])
    host = await open_app()
    game = await start_game(host, ["Ann", "Bob"])
    tables = open_tables(store)
    disk = FaultyDisk(store)
    disk.failing = True
    table = tables.open(game)
    table.place(card_of(FISH))
    assert tables.unsaved() == [table]
    last_try(tables)
    assert disk.refused == 2  # tried once more
    err = capsys.readouterr().err
    assert err.startswith(f"tallybook: game {game} is not saved (cannot write to "
                          f"{store.path.parent}: the disk is full); as it stands: ")
    assert json.loads(err.split("as it stands: ")[1]) == table.game_file()
    assert table.game_file()["players"][0]["pond"][0][0] == FISH

    disk.failing = False  # with room now, the last try stores it, and nothing is said
    last_try(tables)
    assert capsys.readouterr().err == "" and tables.unsaved() == []
    assert stored(store, game)[0] == FISH


LOST = ("Not saved: the server's database file was deleted or replaced while it ran. The "
        "latest changes at this table are kept, and printed in the server's terminal when it "
        "stops. Tell whoever runs the server.")


@pytest.mark.parametrize("end", ["", "-wal"])
async def test_a_database_deleted_under_the_server_is_said_at_every_table_and_kept_to_the_stop(
        served, store, monkeypatch, capsys, end):
    monkeypatch.setattr(model, "RETRY_SECONDS", (3600.0,))
    learn(store, [FISH, FROG])
    tables, open_app = served
    host = await open_app()
    first = await start_game(host, ["Ann", "Bob"])
    await host.tap(f"known-{FISH}")
    second = await start_game(await open_app(), ["Cas", "Dan"])
    other = await open_app(f"/symbiose/{second}")  # a phone at the other table
    store.path.with_name(store.path.name + end).unlink()
    await host.tap(f"known-{FROG}")  # the next change is not acknowledged as stored
    await other.settle()
    for phone in (host, other):
        assert banner(phone) == LOST
    assert totals(host)[0] == 5 + 2 and totals(other)[0] == 0  # kept on the phone
    await other.tap(f"known-{FISH}")
    assert banner(other) == LOST and totals(other)[0] == 5
    assert store.path.exists() is (end == "-wal")  # no empty database made in its place

    last_try(tables)  # the stop: every table as it stands, on stderr
    said = {int(line.split()[2]): json.loads(line.split("as it stands: ")[1])
            for line in capsys.readouterr().err.splitlines()}
    assert said[first]["players"][0]["pond"][0][:2] == [FISH, FROG]
    assert said[second]["players"][0]["pond"][0][0] == FISH


@pytest_asyncio.fixture
async def served(store):
    """(the server's open tables, open_app(route) -> a host's phone), as the server has them:
    the stop's last try finds what the phones share."""
    tables = open_tables(store)
    main = make_main(store, HOST_PIN, tables)
    token = new_device_token()
    store.add_host(device_id(token))
    phones: list[FakeClient] = []

    async def opener(route: str = "/") -> FakeClient:
        phone = FakeClient({PREFS_DEVICE: token})
        phones.append(phone)
        await phone.start(main, route)
        return phone

    yield tables, opener
    for phone in phones:
        phone.close()


async def test_a_game_that_cannot_be_read_is_named_on_home_and_every_other_game_works(
        open_app, store, caplog):
    learn(store, [FISH])
    host = await open_app()
    sound = await start_game(host, ["Ann", "Bob"])
    broken = await start_game(host, ["Cas", "Dan"])
    not_a_game = await start_game(host, ["Eve", "Fay"])
    no_score = await start_game(host, ["Gus", "Hal"])
    code = store.open_table(broken)
    store._db.execute("UPDATE games SET data = 'not JSON' WHERE id = ?", (broken,))
    store._db.execute("UPDATE games SET data = '{\"file\": 7}' WHERE id = ?", (not_a_game,))
    store._db.execute("UPDATE games SET data = '{\"file\": {\"game\": \"symbiose\"}}', "
                      "status = 'finished' WHERE id = ?", (no_score,))
    host = await open_app(restarted=True)  # a server started on the stored rows
    assert host.get(f"set-aside-{broken}").label == (
        f"Game {broken} (Symbiose) cannot be read and is set aside; every other game works.")
    assert host.find(f"set-aside-{not_a_game}") is not None
    assert host.find(f"set-aside-{no_score}") is not None  # finished, but no file that scores
    said = sorted(record.getMessage() for record in caplog.records)  # on the terminal, once
    assert [line.split(":")[:2] for line in said] == [
        ["tallybook", f" game {game} (symbiose) cannot be read and is set aside"]
        for game in (broken, not_a_game, no_score)]
    assert said[0].endswith("its data is not JSON (Expecting value: line 1 column 1 (char 0))")
    assert host.find(f"record-{sound}") is not None and host.find(f"record-{broken}") is None
    await host.tap(f"record-{sound}")
    await host.tap(f"known-{FISH}")
    assert stored(store, sound)[0] == FISH

    guest = await open_app(guest=True)
    await guest.type_into(guest.all(ft.TextField)[0], code, submit=True)
    assert guest.all(ft.TextField)[0].error == (
        "This table's game cannot be read on the server. Tell whoever runs the server.")


async def test_a_database_another_program_holds_leaves_every_table_served(
        open_app, store, monkeypatch):
    """A tap while another program holds the database is refused at once (kept, not saved),
    at every table alike, instead of the server waiting for it with every phone."""
    monkeypatch.setattr(model, "RETRY_SECONDS", (3600.0,))
    learn(store, [FISH, FROG])
    host = await open_app()
    first = await start_game(host, ["Ann", "Bob"])
    second = await start_game(await open_app(), ["Cas", "Dan"])
    other = await open_app(f"/symbiose/{second}")
    holder = sqlite3.connect(store.path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        await other.tap(f"known-{FISH}")
        assert banner(other) == ("Not saved: another program is holding the server's database. "
                                 "The latest changes at this table are kept, and saved as soon "
                                 "as the server can.")
        assert totals(other)[0] == 5
        await host.tap(f"known-{FISH}")  # the other table is served all the same
        assert totals(host)[0] == 5 and banner(host) is not None
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    await other.tap("save-now")
    await host.tap("save-now")
    assert stored(store, second)[0] == FISH and stored(store, first)[0] == FISH
    assert banner(other) is None and banner(host) is None
