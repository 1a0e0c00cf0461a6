"""The benchmarks' protocol-level phone (benchmarks/flet_client.py) against the real server:
it gets the screens, its taps change the game, and it sees the changes other phones make."""

from __future__ import annotations

import pytest

from benchmarks.flet_client import FletClient
from tests.e2e.harness import HOST_TOKEN
from views.storage.store import Store
from views.symbiose.model import SymbioseTable
from views.tables.new_table import NewTable

CARD = "dragonfly/orange/8"  # fixed 8 points


def symbiose_table(server) -> tuple[int, str]:
    """A game of Ann, Bob and Cas with a known card, and its table's join code."""
    store = Store(server.data / "tallybook.sqlite3")
    game = SymbioseTable.start(store, NewTable("symbiose").seated(("Ann", "Bob", "Cas")))
    store.count_card("symbiose", CARD, +1)
    code = store.open_table(game)
    store.close()
    return game, code


async def seated(server, code: str, seat: int, prefs: dict | None = None) -> FletClient:
    """A phone that opened the table's link and took a seat: on the game's screen."""
    phone = FletClient(server.url, f"/join/{code}", prefs=prefs)
    await phone.open()
    await phone.wait_for(lambda: phone.find(f"seat-{seat}") is not None)
    await phone.tap(f"seat-{seat}")  # the app pushes the game's route to the client
    await phone.wait_for(lambda: phone.find("total-0") is not None)
    return phone


@pytest.mark.asyncio
async def test_clients_join_a_table_and_see_each_others_changes_in_their_language(server):
    game, code = symbiose_table(server)
    english = await seated(server, code, 0)
    dutch = await seated(server, code, 1, prefs={"tallybook.language": "nl"})
    assert english.page["route"] == dutch.page["route"] == f"/symbiose/{game}"
    assert english.prefs["tallybook.device"] != dutch.prefs["tallybook.device"]
    assert english.says("total-0").startswith("Ann: 0 points")
    assert dutch.says("total-0").startswith("Ann: 0 punten")

    await english.tap(f"known-{CARD}")  # onto Ann's pond
    await dutch.wait_for(lambda: dutch.says("total-0").startswith("Ann: 8 punten"))
    await dutch.tap(f"known-{CARD}")  # onto Bob's
    await english.wait_for(lambda: english.says("total-1").startswith("Bob: 8 points"))
    await english.tap("undo")
    await dutch.wait_for(lambda: dutch.says("total-0").startswith("Ann: 0 punten"))
    assert dutch.says("total-1").startswith("Bob: 8 punten")
    for phone in (english, dutch):
        await phone.close()


@pytest.mark.asyncio
async def test_the_app_navigates_the_client_and_its_choices_are_kept_in_its_storage(server):
    phone = FletClient(server.url, "/", prefs={"tallybook.device": HOST_TOKEN})  # the host's
    await phone.open()
    await phone.wait_for(lambda: phone.find("settings") is not None)
    await phone.tap("settings")  # the app pushes the route to the client, which follows
    await phone.wait_for(lambda: phone.find("lang-nl") is not None)
    assert phone.page["route"] == "/settings"

    await phone.tap("lang-nl")
    await phone.wait_for(lambda: phone.prefs.get("tallybook.language") == "nl")
    await phone.close()
    again = FletClient(server.url, "/", prefs=phone.prefs)  # a reload: the same storage
    await again.open()
    await again.wait_for(lambda: "Instellingen" in again.says("settings"))
    await again.close()
