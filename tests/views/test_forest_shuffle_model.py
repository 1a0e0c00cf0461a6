"""The Forest Shuffle table model against its store, without a UI: operations change the
forests, every change is stored, and the sheet so far, the problems and what is left out come
from the scorer, by the scorer's place values."""

from __future__ import annotations

import pytest

from scorer.places import Cave, ForestSpot
from views.forest_shuffle.model import Card, ForestTable
from views.storage.store import Store
from views.tables.new_table import NewTable


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "tallybook.sqlite3")
    yield store
    store.close()


def new_table(store: Store, boxes: tuple[str, ...] = ("base",)) -> ForestTable:
    game_id = ForestTable.start(store, NewTable("forest-shuffle", ("Ann", "Bob"), boxes=boxes))
    return ForestTable(store, store.game(game_id))


def stored_forest(store: Store, table: ForestTable, player: int = 0) -> list:
    return store.game(table.id).data["file"]["players"][player]["forest"]


def test_cards_placed_are_stored_and_scored(store):
    table = new_table(store)
    table.add_tree(0, "beech")
    table.place(0, 0, "top", Card("chaffinch"))
    assert stored_forest(store, table) == [{"tree": "beech", "top": "chaffinch"}]
    assert table.live.clean and table.complete
    assert table.sheet is not None and table.sheet.players[0].total == 5 + 0  # chaffinch on beech
    assert table.live.lines[ForestSpot(0, 0, "top", 0)].points == 5
    assert table.live.lines[ForestSpot(0, 0)].item == "beech"


def test_a_card_with_a_problem_counts_for_nothing_while_the_rest_scores(store):
    table = new_table(store)
    for tree in range(5):  # the base game has 4 Chaffinches
        table.add_tree(0, "beech")
        table.place(0, tree, "top", Card("chaffinch"))
    fifth = ForestSpot(0, 4, "top", 0)
    assert [p.key for p in table.live.problems[fifth]] == ["forest_shuffle.too_many_copies"]
    assert fifth not in table.live.lines and table.live.flagged() == (0,)
    assert table.sheet is None and not table.complete
    assert table.provisional is not None
    sheet, problems = table.provisional
    assert sheet.players[0].categories["top"] == 4 * 5  # four Chaffinches on beeches
    assert [p.spot for p in problems] == [fifth]
    assert table.live.trees[(0, 4)].has_problem(fifth)
    table.remove(fifth)
    assert table.live.clean and table.sheet is not None
    assert stored_forest(store, table)[4] == {"tree": "beech"}


def test_a_tree_replaced_keeps_its_cards_and_a_card_moves_to_another_tree(store):
    table = new_table(store)
    table.add_tree(0, "beech")
    table.add_tree(0, "oak")
    table.place(0, 0, "left", Card("european_hare"))
    table.place(0, 0, "left", Card("european_hare"))
    table.replace(ForestSpot(0, 0), Card("birch"))
    assert stored_forest(store, table)[0] == {
        "tree": "birch", "left": ["european_hare", "european_hare"]}
    table.move(ForestSpot(0, 0, "left", 1), 1)
    assert stored_forest(store, table) == [{"tree": "birch", "left": "european_hare"},
                                           {"tree": "oak", "left": "european_hare"}]
    assert table.card_at(ForestSpot(0, 1, "left", 0)) == Card("european_hare")


def test_undo_takes_back_only_the_phones_own_change(store):
    table = new_table(store)
    table.add_tree(0, "beech", phone="ann")
    table.add_tree(1, "oak", phone="bob")
    assert table.undo("ann") is True
    assert stored_forest(store, table, 0) == [] and stored_forest(store, table, 1) == [
        {"tree": "oak"}]
    assert table.undo("ann") is False


def test_a_symbol_a_counting_card_needs_is_asked_card_by_card(store):
    table = new_table(store, boxes=("base", "woodland_edge"))
    table.add_tree(0, "beech")
    table.place(0, 0, "right", Card("european_bison"))  # counts oak and beech symbols
    table.place(0, 0, "left", Card("european_hare"))  # printed with beech, oak and others
    wanted = table.symbols_wanted(0)
    assert ForestSpot(0, 0, "left", 0) in wanted
    for spot in wanted:
        table.set_symbol(spot, table.live.problems[spot][0].params["printed"][0])
    assert table.symbols_wanted(0) == ()


def test_replacing_a_card_asks_its_symbol_of_the_forest_without_it(store):
    table = new_table(store, boxes=("base", "woodland_edge"))
    table.add_tree(0, "beech")
    table.place(0, 0, "right", Card("european_bison"))
    table.place(0, 0, "left", Card("european_hare", "birch"))
    hare = ForestSpot(0, 0, "left", 0)
    # The Bison counts beech and oak symbols: which hare print goes there matters.
    assert len(table.symbol_choice(0, 0, "left", "european_hare", replacing=hare)) > 1
    # The Bison replaced by a hare, no card is left that counts symbols.
    assert table.symbol_choice(0, 0, "right", "european_hare",
                               replacing=ForestSpot(0, 0, "right", 0)) == ()


def test_a_problem_at_no_card_keeps_the_sheet_so_far(store):
    table = new_table(store)
    table.add_tree(0, "beech")
    table.set_cave_type(0, "bat_cave")  # a cave of a box not in play
    assert [p.spot for p in table.live.problems[None]] == [Cave(0)]
    assert table.live.flagged() == (0,)
    assert table.provisional is not None
    assert table.provisional[0].players[0].lines[-1].item == "regular_cave"


def test_a_table_loaded_again_is_the_table_stored(store):
    table = new_table(store)
    table.add_tree(0, "beech")
    table.place(0, 0, "top", Card("chaffinch"))
    again = ForestTable(store, store.game(table.id))
    assert again.forests == table.forests
    assert again.live.lines == table.live.lines
