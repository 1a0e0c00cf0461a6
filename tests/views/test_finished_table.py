"""A tap that reaches a table after another phone finished its game: the operation answers
FINISHED, nothing is stored, and this phone is told so (its screen had not shown the end yet)."""

import flet as ft
import pytest
import pytest_asyncio

from tests.views.conftest import HOST_PIN
from tests.views.fake_client import FakeClient
from tests.views.helpers import enter, start_game
from tests.views.test_fossil_companion import start_fossil
from views.app import make_main, open_tables
from views.fossil.model import FossilTable
from views.tables.model import FINISHED, Table
from views.web.access import PREFS_DEVICE, device_id, new_device_token

pytestmark = pytest.mark.asyncio

ENDED = "This game has ended: nothing was changed."


@pytest_asyncio.fixture
async def phone(store):
    """A host's phone on a server whose open tables the test reaches too: (client, tables)."""
    tables = open_tables(store)
    token = new_device_token()
    store.add_host(device_id(token))
    client = FakeClient({PREFS_DEVICE: token})
    await client.start(make_main(store, HOST_PIN, tables), "/")
    yield client, tables
    client.close()


def finished_elsewhere(table: Table, monkeypatch) -> None:
    """The game finished by another phone, before this phone's screen was drawn again."""
    monkeypatch.setattr(table, "changed", lambda: None)
    table.finish()


def snacks(c: FakeClient) -> list[str]:
    return [bar.content.value for bar in c.all(ft.SnackBar)]


async def test_an_operation_on_a_finished_table_answers_finished(phone, store):
    c, tables = phone
    table = tables.open(await start_fossil(c, ["Ann", "Bob", "Cas"]))
    assert isinstance(table, FossilTable)
    table.finish()
    revision = store.game(table.id).revision
    assert table.move(0, 1, ("ammonite", 2)) is FINISHED
    assert table.undo() is FINISHED
    assert table.log == [] and store.game(table.id).revision == revision


async def test_a_fossil_turn_after_the_end_elsewhere_is_told_not_a_crash(phone, store,
                                                                          monkeypatch):
    c, tables = phone
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas"])
    await c.tap("cost-1")
    await c.tap("fossil-ammonite")
    finished_elsewhere(tables.open(game_id), monkeypatch)
    await c.tap("value-2")
    assert snacks(c)[-1] == ENDED
    assert store.game(game_id).data["file"]["log"] == []


async def test_the_calculator_after_the_end_elsewhere_stays_and_tells(phone, store,
                                                                      monkeypatch):
    c, tables = phone
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas"])
    await c.tap("calculator")
    await c.tap("calc-fossil-ammonite")
    await c.tap("calc-add-0-2")
    finished_elsewhere(tables.open(game_id), monkeypatch)
    await c.tap("calc-apply")
    assert c.page.route == f"/fossil/{game_id}/calc"  # not taken for an applied evaluation
    assert snacks(c)[-1] == ENDED
    assert store.game(game_id).data["file"]["log"] == []


async def test_a_symbiose_card_after_the_end_elsewhere_is_told(phone, store, monkeypatch):
    c, tables = phone
    game_id = await start_game(c, ["Ann", "Bob"])
    finished_elsewhere(tables.open(game_id), monkeypatch)
    before = store.game(game_id).data
    await enter(c, "fish/green/5")
    assert snacks(c)[-1] == ENDED
    assert store.game(game_id).data == before
