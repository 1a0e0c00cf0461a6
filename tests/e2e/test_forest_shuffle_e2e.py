"""Forest Shuffle in Chromium at 390 x 844 against the real server: both forests of the base
2-player example entered through the UI, tap by tap, then the score sheet against the scorer."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from scorer import score
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SLOTS
from tests.e2e.phone import Phone
from views.forest_shuffle.species_sheet import printed_symbols
from views.store import Store
from views.widgets.score_sheet import categories_line

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
BOXES = ["base"]


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def cards(value) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]


def seed_players(server, names: list[str]) -> None:
    """Known players, so seating each takes one tap."""
    store = Store(server.data / "tallybook.sqlite3")
    store.remember_players(names[::-1])
    store.close()


def pick_chip(card, slot: str) -> str:
    """The chip the sheet shows for this card: its symbol chip when the species is printed
    with more than one tree symbol on this side, else the species alone."""
    species = card if isinstance(card, str) else card["card"]
    symbol = None if isinstance(card, str) else card.get("symbol")
    symbols = printed_symbols(load_catalog().by_id(species), slot, BOXES)
    return f"pick-{species}-{symbol}" if symbol and len(symbols) > 1 else f"pick-{species}"


def enter_forest(phone: Phone, player: int, forest: list, cave: int) -> None:
    if player > 0:
        phone.tap(f"player-{player}")
        expect(phone.by_id(f"card-{player - 1}-0-tree")).to_have_count(0)
    for t, entry in enumerate(forest):
        phone.tap(f"quick-{entry['tree']}")
        expect(phone.by_id(f"card-{player}-{t}-tree")).to_be_attached()
        for slot in SLOTS:
            for k, card in enumerate(cards(entry.get(slot))):
                first = f"slot-{player}-{t}-{slot}" if k == 0 else f"another-{player}-{t}-{slot}"
                phone.tap(first)
                chip = pick_chip(card, slot)
                expect(phone.by_id(chip)).to_be_attached()
                phone.tap(chip)
                expect(phone.by_id(f"card-{player}-{t}-{slot}-{k}")).to_be_attached()
    for count in range(1, cave + 1):
        phone.tap("cave-plus")
        phone.expect_says("cave", f"Cave: {count} cards")


def test_base_game_of_two_forests_entered_in_chromium(server, make_context):
    file = example("forest-shuffle-base-2-players.json")
    names = [p["name"] for p in file["players"]]
    seed_players(server, names)
    phone = Phone.open(make_context(), server.url)
    phone.tap("game-forest-shuffle")
    for index, name in enumerate(names):
        phone.tap(f"known-player-{name}")
        expect(phone.by_id(f"remove-{index}")).to_be_attached()
    phone.tap("start")
    expect(phone.by_id("quick-beech")).to_be_attached()
    setup = phone.taps
    for index, player in enumerate(file["players"]):
        enter_forest(phone, index, player["forest"], player["cave"])
    entry_taps = phone.taps - setup
    expected = score(file)
    for index, player in enumerate(expected.players):
        phone.expect_says(f"total-{index}", f"{player.name}: {player.total} points")
    pieces = sum(1 + sum(len(cards(e.get(s))) for s in SLOTS)
                 for p in file["players"] for e in p["forest"])
    assert entry_taps <= 2 * pieces, (entry_taps, pieces)  # cave and player switch included

    phone.tap("open-sheet")
    phone.expect_says("winners", expected.winners[0])
    for index, player in enumerate(expected.players):
        phone.expect_says(f"result-{index}", f"{player.name}, {player.total} points")
        phone.expect_says(f"result-{index}", f"{player.name} — {player.total}")
        phone.expect_says(f"result-{index}", categories_line(player, "en"))
