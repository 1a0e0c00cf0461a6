"""The Symbiose table model against its store, without a UI: cards placed on tiles (the
scorer's PondTile and RiverTile, the scorer's Card), every change stored, and the sheet so far
and its problems from the scorer."""

from __future__ import annotations

import pytest

from scorer.places import PondTile, RiverTile
from scorer.symbiose.models import Card
from views.storage.store import Store
from views.symbiose.model import DECK, SymbioseNewTable, SymbioseTable

FISH, FROG = Card("fish", "green", 5), Card("frog", "pink", 2, "pink")


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    yield store
    store.close()


def new_table(store: Store, names=("Ann", "Bob", "Cas"), mode="standard",
              river_left_of: int = 0) -> SymbioseTable:
    game_id = SymbioseTable.start(store, SymbioseNewTable("symbiose", names, mode,
                                                          river_left_of=river_left_of))
    return SymbioseTable(store, store.game(game_id))


def stored_file(store: Store, table: SymbioseTable) -> dict:
    return store.game(table.id).data["file"]


def test_a_card_placed_is_stored_as_text_scored_and_the_phone_moves_on(store):
    table = new_table(store)
    table.place(FISH, "ann")
    assert stored_file(store, table)["players"][0]["pond"][0] == ["fish/green/5", None, None,
                                                                   None]
    assert table.card_at(PondTile(0, 0, 0)) == FISH
    assert table.cursor("ann") == PondTile(0, 0, 1)
    assert table.live.tile_lines[PondTile(0, 0, 0)].points == 5
    assert table.live.sheet.players[0].total == 5
    assert dict(store.known_cards(DECK)) == {"fish/green/5": 1}
    assert not table.complete and table.sheet is None  # empty tiles left


def test_a_card_counts_the_pond_its_column_names(store):
    table = new_table(store)
    table.place(FROG, "ann", PondTile(0, 0, 0))  # left column: Bob's pond (next clockwise)
    table.place(Card("dragonfly", "pink", 1), "bob", PondTile(1, 1, 1))
    assert table.live.tile_lines[PondTile(0, 0, 0)].points == 2
    assert table.live.counts[0] == {"left": ("player", "Bob"), "middle": ("own", "Ann"),
                                    "right": ("player", "Cas")}


def test_undo_takes_back_the_phones_own_change_and_the_deck_memory_with_it(store):
    table = new_table(store)
    table.place(FISH, "ann")
    table.place(FROG, "bob", PondTile(1, 0, 0))
    taken = table.undo("ann")
    assert taken is not None and taken.tile == PondTile(0, 0, 0) and taken.new == FISH
    assert stored_file(store, table)["players"][0]["pond"][0][0] is None
    assert stored_file(store, table)["players"][1]["pond"][0][0] == "frog/pink/2xpink"
    assert dict(store.known_cards(DECK)).get("fish/green/5", 0) == 0
    assert store.game(table.id).data["undo"] == [
        ["bob", ["pond", 1, 0, 0], None, "frog/pink/2xpink"]]


def test_a_card_beyond_the_decks_count_still_counts_with_its_problem_at_its_tile(store):
    table = new_table(store)
    frog = Card("frog", "orange", 1)
    for column in range(4):
        for row in range(2):
            table.place(frog, "ann", PondTile(0, row, column))  # the deck has only 6 frogs
    problems = [p for found in table.live.problems.values() for p in found]
    assert {p.key for p in problems} == {"symbiose.deck_limit"}
    assert all(tile is not None for tile in table.live.problems)
    assert table.live.sheet.players[0].total == 8


def test_a_full_clean_table_is_complete(store):
    table = new_table(store, names=("Ann", "Bob"), mode="duel")
    cards = [Card(animal, season, 1) for animal in ("dragonfly", "fish", "snail")
             for season in ("pink", "green", "orange", "blue")] * 2
    for tile, card in zip(table.tiles(), cards, strict=False):
        table.place(card, "ann", tile)
    assert table.empty_tiles() == []
    assert RiverTile(7) in table.tiles()
    assert table.complete and table.sheet is not None
    assert [p.total for p in table.sheet.players] == [8, 8]


def test_a_team_game_names_the_scorers_partners(store):
    table = new_table(store, names=("Ann", "Bob", "Cas", "Dee"), mode="team")
    assert table.teams() == [["Ann", "Cas"], ["Bob", "Dee"]]
    assert table.live.counts[0]["left"] == ("player", "Cas")


def test_a_table_loaded_again_is_the_table_stored(store):
    table = new_table(store)
    table.place(FISH, "ann")
    again = SymbioseTable(store, store.game(table.id))
    assert again.card_at(PondTile(0, 0, 0)) == FISH
    assert again.cursor("ann") == PondTile(0, 0, 1)
    assert again.undoable("ann") == table.undoable("ann")
    assert again.live.sheet == table.live.sheet
