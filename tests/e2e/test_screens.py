"""Screenshots of every screen at 390 x 844 in light and dark, for people to look at.
(Speed and memory are measured by benchmarks/app.py, not asserted here.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import SIZES, shoot_looks
from tests.e2e.games import cards_of, enter_known, learned
from tests.e2e.phone import Phone
from tests.e2e.test_symbiose_e2e import example
from views.storage.store import Store
from views.symbiose.model import SymbioseNewTable, SymbioseTable, card_of


def earlier_tables(server) -> None:
    """A team table half entered and a finished duel, so home shows both of its lists."""
    store = Store(server.data / "tallybook.sqlite3")
    for name, filled, finished in (("symbiose-duel.json", None, True),
                                   ("symbiose-team.json", 12, False)):
        file = example(name)
        names = tuple(p["name"] for p in file["players"])
        seat = names.index(file["river_left_of"]) if "river_left_of" in file else 0
        game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", names, file["mode"],
                                                              river_left_of=seat))
        table = SymbioseTable(store, store.game(game_id))
        for card in cards_of(file)[:filled]:
            table.place(card_of(card))
        if finished:
            table.finish()
    store.close()


@pytest.mark.parametrize("size", SIZES)
def test_screenshots(server, make_context, size, shots):
    file = example("symbiose-standard.json")
    learned(server, file)
    earlier_tables(server)
    server.restart()
    phone = Phone.open(make_context(viewport=size), server.url)
    cards = cards_of(file)
    phone.expect_says("game-symbiose", "Symbiose")
    phone.expect_says("record-2", "Ann, Bob, Cas, Dee")
    shoot_looks(phone, shots, "home", size)
    phone.tap("settings")
    phone.expect_says("lang-en", "English")
    shoot_looks(phone, shots, "settings", size)
    phone.tap("back")
    phone.tap("game-symbiose")
    phone.seat(["Ann", "Bob", "Cas"])
    shoot_looks(phone, shots, "new-game", size)
    phone.tap("start")
    enter_known(phone, cards[:13], 0, 3)
    shoot_looks(phone, shots, "pond-entry", size)
    phone.toggle("animal-frog")
    phone.toggle("season-pink")
    shoot_looks(phone, shots, "card-sheet", size)
    phone.toggle("animal-frog", on=False)
    phone.toggle("season-pink", on=False)
    enter_known(phone, cards, 13, 3)
    phone.tap("finish")
    phone.expect_says("winners", "Ann, Bob")
    phone.tap("result-0")
    phone.expect_says("line-0-0", "Bob")
    shoot_looks(phone, shots, "score-sheet", size)
    phone.tap("rematch")  # the same three players in their seats, one tap from a new game
    phone.expect_says("seating", "Ann's left neighbour is Bob, Bob's left neighbour is Cas")
    phone.tap("start")
    for name in ("Ann", "Bob", "Cas"):  # a fresh table for the same three
        expect(phone.page.get_by_role("button", name=name, exact=False).first).to_be_visible()
    phone.expect_says("tile-0-0-0", "empty")
