"""What this phone shows of a Forest Shuffle table, and where each tap takes it.

The entry follows the eye along a forest: a tree, then its dwellers slot by slot clockwise from
the top, the next empty slot opening by itself after each card, then the next tree. The table
(`ForestTable`) is shared by every phone; this phone's state (`Ui`) is its own: whose forest,
the picker's target, a symbol being asked, the card tapped, a card being moved. Where the flow
goes is pure functions of a `Ui` and the table's facts (tested alone); a tap replaces the `Ui`
whole with what they give.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SAPLING
from scorer.places import ForestSpot
from views.forest_shuffle.model import CLOCKWISE, Card, ForestTable, Tree

WHOLE = "whole"  # the picker's side when its target is a new tree (tree, shrub or sapling)
CAVE_PAGE = 30  # counts a page of the cave's pad shows: 0-29, then 30-59...


@dataclass(frozen=True)
class Picking:
    """The picker's target: a slot of a tree, or a new tree (`tree` -1, side WHOLE);
    `replacing` names the card a pick swaps (then the picker closes after it)."""

    tree: int
    side: str
    replacing: ForestSpot | None = None


NEW_TREE = Picking(-1, WHOLE)


@dataclass(frozen=True)
class Question:
    """A card picked whose printed tree symbol counts on this table: which one it shows."""

    species: str
    picking: Picking
    symbols: tuple[str, ...]


@dataclass(frozen=True)
class Ui:
    shown: int = 0  # whose forest
    picking: Picking | None = None  # None: the forest itself, no picker
    question: Question | None = None
    query: str = ""
    selected: ForestSpot | None = None  # the card tapped in the forest, its details open
    moving: ForestSpot | None = None
    later: frozenset[ForestSpot] = frozenset()  # cards whose symbol the player will give later
    orders: tuple[tuple[str, tuple[str, ...]], ...] = ()  # each slot's grid, as last opened
    searches: int = 0  # searches typed: a target after one starts with an empty field
    cave: bool = False  # the cave's pad is open
    cave_page: int = 0

    def order(self, side: str) -> tuple[str, ...]:
        return dict(self.orders).get(side, ())


@ft.observable
@dataclass
class PhoneUi:
    """Where this phone's `Ui` is kept, the one copy the render and the taps read; a tap
    replaces it with a new value, which redraws the screen."""

    ui: Ui


def current_picking(ui: Ui, trees: int) -> Picking | None:
    """The picker's target in a forest of `trees` trees; a slot of a tree that went meanwhile
    (an undo, another phone): the next tree."""
    picking = ui.picking
    if picking is not None and picking.side != WHOLE and picking.tree >= trees:
        return NEW_TREE
    return picking


def showing(ui: Ui, player: int, empty: bool) -> Ui:
    """Another forest; an empty one opens the picker on its first tree."""
    return replace(ui, shown=player, selected=None, picking=NEW_TREE if empty else None,
                   question=None, moving=None, cave=False)


def targeting(ui: Ui, picking: Picking | None, order: tuple[str, ...] = ()) -> Ui:
    """The picker on `picking` (None: closed), with an empty search; a slot's grid in `order`
    (likeliest first), kept while it is shown."""
    orders = ui.orders
    if picking is not None and picking.side != WHOLE:
        orders = (*((s, o) for s, o in orders if s != picking.side), (picking.side, order))
    return replace(ui, picking=picking, question=None, query="", orders=orders, moving=None,
                   selected=None, searches=ui.searches + bool(ui.query), cave=False)


def after_card(picking: Picking, tree: Tree, takes_another: bool) -> Picking:
    """Where the picker goes once a dweller is placed at `picking` of `tree` (as it is now):
    the next empty slot; a full tree whose slot `takes_another` (a hare, a toad...) stays;
    else the next tree."""
    following = next_slot(tree, picking.side)
    if following is None and takes_another:
        following = picking.side
    return NEW_TREE if following is None else Picking(picking.tree, following)


def selecting(ui: Ui, spot: ForestSpot) -> Ui:
    """A card tapped opens its details; tapped again, closes them."""
    return replace(ui, selected=None if ui.selected == spot else spot, moving=None)


def toggling_cave(ui: Ui, count: int) -> Ui:
    """The cave's pad opened on the page of its `count`, or closed."""
    return replace(ui, cave=not ui.cave, cave_page=count // CAVE_PAGE)


def next_slot(tree: Tree, after: str) -> str | None:
    """The first empty slot clockwise after `after` (itself last); None: the tree is full (the
    picker then stays on `after` if it takes another card, else asks for the next tree)."""
    start = CLOCKWISE.index(after)
    order = CLOCKWISE[start + 1:] + CLOCKWISE[:start + 1]
    return next((slot for slot in order if not tree.cards(slot)), None)


def is_host(species: str) -> bool:
    """A tree, a shrub or the sapling: what goes in a forest's row, not in a slot."""
    return species == SAPLING or load_catalog().by_id(species).kind != "dweller"


class Taps:
    """What the taps on the entry screen do: an operation on the table, a change of this
    phone's `Ui`, or both. One per screen (stable, so memoised parts keep it as an equal prop);
    it reads the `Ui` where the screen keeps it, as it is when a tap arrives."""

    def __init__(self, table: ForestTable, kept: PhoneUi, phone: str,
                 game_over: Callable[[object], bool]) -> None:
        self.table, self.kept, self.phone = table, kept, phone
        # True for an operation's answer on a game another phone finished (the phone is told)
        self.game_over = game_over

    @property
    def ui(self) -> Ui:
        return self.kept.ui

    def _set(self, **changes: Any) -> None:
        self.kept.ui = replace(self.ui, **changes)

    @property
    def player(self) -> int:
        return min(self.ui.shown, len(self.table.names) - 1)

    @property
    def picking(self) -> Picking | None:
        return current_picking(self.ui, len(self.table.forests[self.player].trees))

    # whose forest --------------------------------------------------------------------------
    def show(self, player: int) -> None:
        self.kept.ui = showing(self.ui, player, not self.table.forests[player].trees)

    def step(self, delta: int) -> None:
        self.show((self.player + delta) % len(self.table.names))

    # the picker ----------------------------------------------------------------------------
    def target(self, picking: Picking | None) -> None:
        """The picker on `picking` (None: closed); a slot's grid is ordered now."""
        order = () if picking is None or picking.side == WHOLE else \
            self.table.likely(self.player, picking.side)
        self.kept.ui = targeting(self.ui, picking, order)

    def new_tree(self) -> None:
        self.target(NEW_TREE)

    def open_slot(self, tree: int, slot: str) -> None:
        self.target(Picking(tree, slot))

    def close(self) -> None:
        self.target(None)

    def search(self, query: str) -> None:
        self._set(query=query)

    def pick(self, species: str) -> None:
        """A species (or a tree) tapped: placed at once, unless its printed symbol counts here
        and more than one print of it is still free: then that is asked first."""
        picking = self.picking
        if picking is None or (picking == NEW_TREE and not is_host(species)):
            return  # a slot's tile tapped as its tree went: the screen asks for a tree now
        slot = None if picking.side == WHOLE else picking.side
        symbols = self.table.symbol_choice(self.player, picking.tree, slot, species,
                                           picking.replacing)
        if len(symbols) > 1:
            self._set(question=Question(species, picking, symbols))
            return
        self._place(picking, Card(species, symbols[0] if symbols else None))

    def add_tree(self, species: str) -> None:
        """A tree of the strip below the species: the next tree, whatever the target was."""
        self._set(picking=NEW_TREE)
        self.pick(species)

    def answer(self, symbol: str) -> None:
        question = self.ui.question
        if question is not None:
            self._place(question.picking, Card(question.species, symbol))

    def unask(self) -> None:
        self._set(question=None)

    def _place(self, picking: Picking, card: Card) -> None:
        table, player = self.table, self.player
        if picking.replacing is not None:
            self.target(None)
            self.game_over(table.replace(picking.replacing, card, phone=self.phone))
        elif picking.side == WHOLE:
            new = len(table.forests[player].trees)
            if self.game_over(table.add_tree(player, card.species, card.symbol,
                                             phone=self.phone)):
                return
            self.target(Picking(new, CLOCKWISE[0]))
        else:
            if self.game_over(table.place(player, picking.tree, picking.side, card,
                                          phone=self.phone)):
                return
            tree = table.tree(player, picking.tree)
            self.target(after_card(picking, tree, table.takes_another(tree, picking.side)))

    # the symbol pass -----------------------------------------------------------------------
    def give_symbol(self, spot: ForestSpot, symbol: str) -> None:
        self.game_over(self.table.set_symbol(spot, symbol, phone=self.phone))

    def later(self, spots: tuple[ForestSpot, ...]) -> None:
        self._set(later=self.ui.later | frozenset(spots))

    # the forest ----------------------------------------------------------------------------
    def select(self, spot: ForestSpot) -> None:
        self.kept.ui = selecting(self.ui, spot)

    def replace_card(self, spot: ForestSpot) -> None:
        self.target(Picking(spot.tree, spot.slot or WHOLE, spot))

    def start_move(self, spot: ForestSpot) -> None:
        self._set(moving=spot, selected=None)

    def cancel_move(self) -> None:
        self._set(moving=None)

    def tap_slot(self, tree: int, slot: str) -> None:
        """An empty slot: the end of a move waiting for this side, else the picker on it."""
        moving = self.ui.moving
        if moving is not None and moving.player == self.player and moving.slot == slot:
            self._set(moving=None)
            self.game_over(self.table.move(moving, tree, phone=self.phone))
        else:
            self.open_slot(tree, slot)

    def remove(self, spot: ForestSpot) -> None:
        self._set(selected=None)
        self.game_over(self.table.remove(spot, phone=self.phone))

    def set_symbol(self, spot: ForestSpot, symbol: str) -> None:
        self.game_over(self.table.set_symbol(spot, symbol, phone=self.phone))

    def open_cave(self) -> None:
        self.kept.ui = toggling_cave(self.ui, self.table.forests[self.player].cave)

    def cave_page(self, page: int) -> None:
        self._set(cave_page=max(0, page))

    def close_cave(self) -> None:
        self._set(cave=False)

    def set_cave(self, count: int) -> None:
        self._set(cave=False)
        self.game_over(self.table.set_cave(self.player, count, phone=self.phone))

    def cave_type(self, cave_type: str) -> None:
        self.game_over(self.table.set_cave_type(self.player, cave_type, phone=self.phone))

    def undo(self) -> None:
        if self.table.undoable(self.phone):
            self._set(selected=None, moving=None, question=None)
            self.game_over(self.table.undo(self.phone))
