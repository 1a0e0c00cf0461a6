"""The disk refuses while phones are at a table: a tap that could not be stored is kept and
shown as not saved on every phone at the table, tried again at the next tap and by itself, and
never reported saved before it is; any other step the store refuses, or a damaged database, is
a message on the phone instead of Flet's error page."""

from __future__ import annotations

import asyncio
import json

import flet as ft
import pytest

from tests.views.faults import FaultyDisk, damaged_error
from tests.views.helpers import learn, name_field, start_game, totals
from views import model
from views.app import last_try, open_tables
from views.store import Store

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
    table.place(FISH)
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
