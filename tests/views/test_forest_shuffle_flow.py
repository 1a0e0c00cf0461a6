"""The Forest Shuffle entry flow as pure functions of this phone's Ui and the table's facts."""

from __future__ import annotations

from scorer.places import ForestSpot
from views.forest_shuffle.flow import (
    NEW_TREE,
    WHOLE,
    Picking,
    Question,
    Ui,
    after_card,
    current_picking,
    next_slot,
    selecting,
    showing,
    targeting,
    toggling_cave,
)
from views.forest_shuffle.model import Card, Tree

FOX = (Card("red_fox"),)
SPOT = ForestSpot(0, 1, "top", 0)


def test_after_a_card_the_next_empty_slot_clockwise_opens():
    assert after_card(Picking(2, "top"), Tree("oak", top=FOX), False) == Picking(2, "right")
    tree = Tree("oak", top=FOX, right=FOX, left=FOX)
    assert after_card(Picking(2, "left"), tree, False) == Picking(2, "bottom")  # wraps round


def test_a_full_tree_stays_on_a_slot_that_takes_another_else_asks_for_the_next_tree():
    full = Tree("oak", top=FOX, right=FOX, bottom=FOX, left=FOX)
    assert after_card(Picking(0, "bottom"), full, takes_another=True) == Picking(0, "bottom")
    assert after_card(Picking(0, "bottom"), full, takes_another=False) == NEW_TREE
    assert next_slot(full, "top") is None


def test_a_slot_of_a_tree_that_went_becomes_the_next_tree():
    ui = Ui(picking=Picking(3, "left"))
    assert current_picking(ui, trees=4) == Picking(3, "left")
    assert current_picking(ui, trees=3) == NEW_TREE
    assert current_picking(Ui(picking=NEW_TREE), trees=0) == NEW_TREE
    assert current_picking(Ui(), trees=0) is None


def test_another_forest_opens_clean_and_an_empty_one_asks_for_its_first_tree():
    busy = Ui(selected=SPOT, moving=SPOT, cave=True, picking=Picking(0, "top"),
              question=Question("red_fox", Picking(0, "top"), ("oak", "birch")))
    assert showing(busy, 2, empty=True) == Ui(shown=2, picking=NEW_TREE)
    assert showing(busy, 1, empty=False) == Ui(shown=1)


def test_a_target_empties_the_search_and_orders_its_slot_once():
    ui = Ui(query="fox", orders=(("top", ("a",)), ("left", ("b",))), selected=SPOT)
    on_top = targeting(ui, Picking(0, "top"), ("c", "a"))
    assert (on_top.query, on_top.searches, on_top.selected) == ("", 1, None)
    assert on_top.orders == (("left", ("b",)), ("top", ("c", "a")))
    assert on_top.order("top") == ("c", "a")
    assert targeting(ui, Picking(-1, WHOLE)).orders == ui.orders  # trees keep their order
    assert targeting(Ui(), None).searches == 0  # no search was typed


def test_a_card_tapped_again_closes_and_the_cave_opens_on_its_page():
    assert selecting(Ui(moving=SPOT), SPOT) == Ui(selected=SPOT)
    assert selecting(Ui(selected=SPOT), SPOT) == Ui()
    assert toggling_cave(Ui(), 65) == Ui(cave=True, cave_page=2)
    assert toggling_cave(Ui(cave=True, cave_page=2), 65) == Ui(cave_page=2)
