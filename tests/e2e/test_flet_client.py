"""The benchmarks' protocol-level phone (benchmarks/flet_client.py) against the real server:
it gets the screens, its taps change the game, and it sees the changes other phones make."""

from __future__ import annotations

import pytest

from benchmarks.flet_client import FletClient
from views.new_table import NewTable
from views.store import Store
from views.symbiose.model import SymbioseTable

CARD = "dragonfly/orange/8"  # fixed 8 points


def symbiose_game(server) -> int:
    store = Store(server.data / "tallybook.sqlite3")
    game = SymbioseTable.start(store, NewTable("symbiose").seated(("Ann", "Bob", "Cas")))
    store.count_card("symbiose", CARD, +1)
    store.close()
    return game


@pytest.mark.asyncio
async def test_a_change_on_one_client_reaches_the_other_in_its_language(server):
    game = symbiose_game(server)
    english = FletClient(server.url, f"/symbiose/{game}")
    dutch = FletClient(server.url, f"/symbiose/{game}", prefs={"tallybook.language": "nl"})
    for phone in (english, dutch):
        await phone.open()
    await english.wait_for(lambda: english.says("total-0").startswith("Ann: 0 points"))
    await dutch.wait_for(lambda: dutch.says("total-0").startswith("Ann: 0 punten"))

    await english.tap(f"known-{CARD}")
    await dutch.wait_for(lambda: dutch.says("total-0").startswith("Ann: 8 punten"))
    await dutch.tap("undo")
    await english.wait_for(lambda: english.says("total-0").startswith("Ann: 0 points"))
    assert "empty" in english.says("tile-0-0-0")
    for phone in (english, dutch):
        await phone.close()


@pytest.mark.asyncio
async def test_the_app_navigates_the_client_and_its_choices_are_kept_in_its_storage(server):
    phone = FletClient(server.url, "/")
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
