"""A Forest Shuffle table being entered: each player's forest (trees with the cards in their four
slots, the cave), the boxes in play, and what can be undone.

Stored as the game file of GAME_FILES.md (which names the boxes in play, so that the scorer
checks every card against them) plus the `undo` list: each change's forest before and after,
and the phone that made it, which alone may undo it (while that forest still is as the change
left it: every phone at the table enters its own forest and undoes its own taps). The forests are
frozen values: an operation builds the changed tree and forest anew and keeps every other
object as it was, so a screen sees at once (by identity) what a change touched. Every number,
problem and card left out comes from the scorer (`scorer.so_far`), asked once per change
(`live`); a card is named by the scorer's place value, `ForestSpot`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, get_args

from scorer import Problem, ScoreLine, ScoreSheet, so_far
from scorer.forest_shuffle.catalog import Box
from scorer.forest_shuffle.models import SAPLING, SLOTS
from scorer.forest_shuffle.placing import joiners, likely, symbol_choice, symbol_matters
from scorer.places import ForestSpot, Spot
from views.storage.store import Store
from views.tables.model import Finished, Table, operation
from views.tables.new_table import NewTable
from views.text import i18n

UNDO_DEPTH = 60
CLOCKWISE = ("top", "right", "bottom", "left")  # a tree's slots, clockwise from the top
Phone = str  # who made a change: the phone's device id


@dataclass(frozen=True)
class Card:
    """A dweller as entered: its species and, where it was picked, its printed tree symbol."""

    species: str
    symbol: str | None = None

    @classmethod
    def read(cls, stored: str | dict[str, Any]) -> Card:
        if isinstance(stored, str):
            return cls(stored)
        return cls(stored["card"], stored.get("symbol"))

    def stored(self) -> str | dict[str, Any]:
        return {"card": self.species, "symbol": self.symbol} if self.symbol else self.species


@dataclass(frozen=True)
class Tree:
    """A tree, shrub or sapling and the cards in its slots (several in a shared slot)."""

    species: str
    symbol: str | None = None
    top: tuple[Card, ...] = ()
    bottom: tuple[Card, ...] = ()
    left: tuple[Card, ...] = ()
    right: tuple[Card, ...] = ()

    def cards(self, slot: str) -> tuple[Card, ...]:
        cards: tuple[Card, ...] = getattr(self, slot)  # slot: one of CLOCKWISE
        return cards

    def with_cards(self, slot: str, cards: tuple[Card, ...]) -> Tree:
        changed: dict[str, Any] = {slot: cards}  # slot: one of CLOCKWISE
        return replace(self, **changed)

    @property
    def card_count(self) -> int:
        return 1 + sum(len(self.cards(slot)) for slot in SLOTS)

    @classmethod
    def read(cls, stored: dict[str, Any]) -> Tree:
        slots = {slot: tuple(Card.read(card) for card in _as_list(stored.get(slot)))
                 for slot in SLOTS}
        return cls(stored["tree"], stored.get("symbol"), **slots)

    def stored(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"tree": self.species}
        if self.symbol:
            entry["symbol"] = self.symbol
        for slot in SLOTS:
            cards = [card.stored() for card in self.cards(slot)]
            if cards:
                entry[slot] = cards[0] if len(cards) == 1 else cards
        return entry


@dataclass(frozen=True)
class Forest:
    """One player's forest and cave (`cave_type` only with more than one cave in play)."""

    name: str
    trees: tuple[Tree, ...] = ()
    cave: int = 0
    cave_type: str | None = None

    @classmethod
    def read(cls, stored: dict[str, Any]) -> Forest:
        return cls(stored["name"], tuple(Tree.read(tree) for tree in stored.get("forest", [])),
                   stored.get("cave", 0), stored.get("cave_type"))

    def stored(self) -> dict[str, Any]:
        player: dict[str, Any] = {"name": self.name, "cave": self.cave,
                                  "forest": [tree.stored() for tree in self.trees]}
        if self.cave_type is not None:
            player["cave_type"] = self.cave_type
        return player

    def with_tree(self, index: int, tree: Tree) -> Forest:
        return replace(self, trees=(*self.trees[:index], tree, *self.trees[index + 1:]))


@dataclass(frozen=True)
class TreeLive:
    """What the scorer says about one tree: the line of each card that scores and the problems
    at its cards. Equal from one change to the next when nothing about the tree changed."""

    lines: tuple[tuple[ForestSpot, ScoreLine], ...] = ()
    problems: tuple[tuple[ForestSpot, Problem], ...] = ()

    def line(self, spot: ForestSpot) -> ScoreLine | None:
        return next((line for where, line in self.lines if where == spot), None)

    def has_problem(self, spot: ForestSpot) -> bool:
        """A problem at the card, or at its slot as a whole (cards that may not share it)."""
        whole = replace(spot, index=None)
        return any(where in (spot, whole) for where, _ in self.problems)


@dataclass
class Live:
    """The scorer's answer for the forests as entered, by card (None: a problem at no card,
    such as the cave's). A card the scorer leaves out has no line."""

    sheet: ScoreSheet | None
    lines: dict[ForestSpot, ScoreLine]
    problems: dict[ForestSpot | None, list[Problem]]
    trees: dict[tuple[int, int], TreeLive] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        return self.sheet is not None and not self.problems

    def flagged(self) -> tuple[int, ...]:
        """The players whose forest (or cave) has a problem."""
        found = {spot.player for spot in self.problems if spot is not None}
        found |= {problem.player for problem in self.problems.get(None, [])
                  if problem.player is not None}
        return tuple(sorted(found))


class ForestTable(Table):
    kind = "forest-shuffle"

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        players = [Forest(name).stored() for name in new.names]
        file = {"version": 1, "game": cls.kind, "boxes": list(new.boxes or ("base",)),
                "players": players}
        return store.create_game(cls.kind, {"file": file, "undo": []})

    def load(self, data: dict[str, Any]) -> None:
        file = data["file"]
        self.boxes: tuple[str, ...] = tuple(file.get("boxes") or ["base"])
        self.forests: tuple[Forest, ...] = tuple(Forest.read(p) for p in file["players"])
        self._undo: list[Change] = [Change.read(entry) for entry in data.get("undo", [])]
        self._stored: tuple[tuple[Forest, ...], list[dict[str, Any]]] | None = None
        self._live: tuple[tuple[Forest, ...], Live] | None = None

    def _players(self) -> list[dict[str, Any]]:
        """The stored form of the forests as they are (built once per change)."""
        if self._stored is None or self._stored[0] is not self.forests:
            self._stored = (self.forests, [forest.stored() for forest in self.forests])
        return self._stored[1]

    def game_file(self) -> dict[str, Any]:
        return {"version": 1, "game": self.kind, "boxes": list(self.boxes),
                "players": self._players()}

    @classmethod
    def file_as_stored(cls, file: dict[str, Any], game: Any) -> dict[str, Any]:
        """The boxes named (a file without them is scored with every box), a card's box
        dropped: the model keeps species and symbol."""
        return {"version": 1, "game": cls.kind, "boxes": list(file.get("boxes") or get_args(Box)),
                "players": [Forest.read(player).stored() for player in file["players"]]}

    def data(self) -> dict[str, Any]:
        return {"file": self.game_file(), "undo": [change.stored() for change in self._undo]}

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(forest.name for forest in self.forests)

    def rematch(self) -> NewTable:
        return NewTable(self.kind, boxes=self.boxes).seated(self.names)

    # reading ------------------------------------------------------------------------------
    def tree(self, player: int, tree: int) -> Tree:
        return self.forests[player].trees[tree]

    def card_at(self, spot: ForestSpot) -> Card:
        """The card at `spot`; the tree itself as a card when `spot` names the tree."""
        host = self.tree(spot.player, spot.tree)
        return Card(host.species, host.symbol) if spot.slot is None else \
            host.cards(spot.slot)[spot.index or 0]

    def card_count(self) -> int:
        return sum(tree.card_count for forest in self.forests for tree in forest.trees)

    def undoable(self, phone: Phone) -> Change | None:
        """What `phone`'s Undo takes back: its latest change whose forest is still as the
        change left it."""
        for change in reversed(self._undo):
            if change.phone == phone and self.forests[change.player] == change.after:
                return change
        return None

    @property
    def live(self) -> Live:
        """Computed once per change: every screen of this table asks for it after a tap."""
        if self._live is None or self._live[0] is not self.forests:
            self._live = (self.forests, live_of(self.game_file()))
        return self._live[1]

    @property
    def sheet(self) -> ScoreSheet | None:
        live = self.live
        return live.sheet if live.clean else None

    @property
    def complete(self) -> bool:
        return self.sheet is not None and self.card_count() > 0

    @property
    def provisional(self) -> tuple[ScoreSheet, list[Problem]] | None:
        """A card with a problem is left out; every other card scores as it will."""
        live = self.live
        if live.clean or live.sheet is None or not self.card_count():
            return None
        return live.sheet, [problem for found in live.problems.values() for problem in found]

    def symbol_matters(self, spot: ForestSpot) -> bool:
        """Whether the tree symbol of the card at `spot` changes what a card here counts."""
        return symbol_matters(self.game_file(), spot)

    def symbol_choice(self, player: int, tree: int, slot: str | None, species: str,
                      replacing: ForestSpot | None = None) -> tuple[str, ...]:
        """The tree symbols to ask for when `species` goes to `slot` of the tree (None: as a
        new tree, or as the tree `replacing` names): () when its symbol changes nothing here;
        one symbol when only one print of it is still free (it is not asked)."""
        file = self.game_file()
        if slot is None:  # a new tree, or the one replaced, which keeps the cards around it
            where = tree if replacing is not None else len(self.forests[player].trees)
            return symbol_choice(file, player, where, None, species)
        if replacing is not None:  # asked of the forest without the card it replaces
            forest = _without(self.forests[player], replacing)
            players = list(file["players"])
            players[player] = forest.stored()
            file = {**file, "players": players}
        return symbol_choice(file, player, tree, slot, species)

    def takes_another(self, tree: Tree, slot: str) -> bool:
        """Whether a slot holding cards takes one more (hares, a toad pair, butterflies over a
        Stinging Nettle, a Cuckoo with its bird), in the boxes in play."""
        return bool(tree.cards(slot)) and bool(joiners(
            [card.species for card in tree.cards(slot)], slot,
            [card.species for card in tree.bottom], self.boxes))

    def likely(self, player: int, side: str) -> tuple[str, ...]:
        """The species that fit `side`, the likeliest for this player's forest first."""
        return tuple(likely(side, self.boxes, self.game_file(), player))

    def symbols_wanted(self, player: int) -> tuple[ForestSpot, ...]:
        """The cards of the player's forest whose tree symbol a card there counts and nobody
        has given yet, tree by tree."""
        return tuple(sorted(
            (spot for spot, found in self.live.problems.items()
             if spot is not None and spot.player == player
             and any(p.key == "forest_shuffle.symbol_missing" for p in found)),
            key=lambda spot: (spot.tree, _clockwise(spot), spot.index or 0)))

    def progress(self, lang: str) -> str:
        return i18n.ui("forest.progress", lang, cards=self.card_count())

    # operations ---------------------------------------------------------------------------
    def _change(self, phone: Phone, player: int, forest: Forest) -> None:
        """`player`'s forest as it now is; `phone` may undo it."""
        self._undo.append(Change(phone, player, self.forests[player], forest))
        del self._undo[:-UNDO_DEPTH]
        self.forests = (*self.forests[:player], forest, *self.forests[player + 1:])

    def _with_tree(self, phone: Phone, player: int, index: int, tree: Tree) -> None:
        self._change(phone, player, self.forests[player].with_tree(index, tree))

    @operation
    def add_tree(self, player: int, species: str, symbol: str | None = None,
                 phone: Phone = "") -> None:
        forest = self.forests[player]
        tree = Tree(species, symbol if species != SAPLING else None)
        self._change(phone, player, replace(forest, trees=(*forest.trees, tree)))

    @operation
    def place(self, player: int, tree: int, slot: str, card: Card, phone: Phone = "") -> None:
        """`card` into `slot` of the tree, beside the cards already there (a shared slot)."""
        host = self.tree(player, tree)
        self._with_tree(phone, player, tree, host.with_cards(slot, (*host.cards(slot), card)))

    @operation
    def replace(self, spot: ForestSpot, card: Card, phone: Phone = "") -> None:
        """Another card at `spot`; a tree replaced keeps the cards around it."""
        host = self.tree(spot.player, spot.tree)
        if spot.slot is None:
            symbol = card.symbol if card.species != SAPLING else None
            self._with_tree(phone, spot.player, spot.tree,
                            replace(host, species=card.species, symbol=symbol))
            return
        cards = list(host.cards(spot.slot))
        cards[spot.index or 0] = card
        self._with_tree(phone, spot.player, spot.tree, host.with_cards(spot.slot, tuple(cards)))

    def set_symbol(self, spot: ForestSpot, symbol: str, phone: Phone = "") -> Finished | None:
        return self.replace(spot, replace(self.card_at(spot), symbol=symbol), phone)

    @operation
    def remove(self, spot: ForestSpot, phone: Phone = "") -> None:
        """The card at `spot` taken away; the tree with every card around it."""
        self._change(phone, spot.player, _without(self.forests[spot.player], spot))

    @operation
    def move(self, spot: ForestSpot, to_tree: int, phone: Phone = "") -> None:
        """A dweller to the same side of another tree of the same forest: one undo step."""
        assert spot.slot is not None  # only a dweller moves
        card = self.card_at(spot)
        forest = _without(self.forests[spot.player], spot)
        target = forest.trees[to_tree]
        forest = forest.with_tree(to_tree, target.with_cards(
            spot.slot, (*target.cards(spot.slot), card)))
        self._change(phone, spot.player, forest)

    @operation
    def set_cave(self, player: int, count: int, phone: Phone = "") -> None:
        self._change(phone, player, replace(self.forests[player], cave=max(0, count)))

    @operation
    def set_cave_type(self, player: int, cave_type: str, phone: Phone = "") -> None:
        self._change(phone, player, replace(self.forests[player], cave_type=cave_type))

    @operation
    def undo(self, phone: Phone = "") -> bool:
        change = self.undoable(phone)
        if change is None:
            return False
        self._undo.remove(change)
        forests = list(self.forests)
        forests[change.player] = change.before
        self.forests = tuple(forests)
        return True


@dataclass(frozen=True)
class Change:
    """One forest before and after a change, and the phone that made it."""

    phone: Phone
    player: int
    before: Forest
    after: Forest

    @classmethod
    def read(cls, stored: dict[str, Any]) -> Change:
        return cls(stored["phone"], stored["player"], Forest.read(stored["before"]),
                   Forest.read(stored["after"]))

    def stored(self) -> dict[str, Any]:
        return {"phone": self.phone, "player": self.player, "before": self.before.stored(),
                "after": self.after.stored()}


# the scorer's view ------------------------------------------------------------------------
def live_of(file: dict[str, Any]) -> Live:
    """The scorer's answer for a game file being entered, by card."""
    progress = so_far(file)
    found: dict[ForestSpot | None, list[Problem]] = {}
    for problem in progress.problems:
        found.setdefault(_card_spot(problem.spot), []).append(problem)
    if not progress.sheet.players:  # a file the scorer cannot read as forests yet
        return Live(None, {}, found, _by_tree({}, found))
    lines = {line.place: line for result in progress.sheet.players for line in result.lines
             if isinstance(line.place, ForestSpot)}
    return Live(progress.sheet, lines, found, _by_tree(lines, found))


def _card_spot(spot: Spot | None) -> ForestSpot | None:
    return spot if isinstance(spot, ForestSpot) else None


def _clockwise(spot: ForestSpot) -> int:
    """The tree itself first, then its slots clockwise from the top."""
    return 0 if spot.slot is None else 1 + CLOCKWISE.index(spot.slot)


def _by_tree(lines: dict[ForestSpot, ScoreLine],
             problems: dict[ForestSpot | None, list[Problem]]) -> dict[tuple[int, int], TreeLive]:
    by_lines: dict[tuple[int, int], list[tuple[ForestSpot, ScoreLine]]] = {}
    for spot, line in lines.items():
        by_lines.setdefault((spot.player, spot.tree), []).append((spot, line))
    by_problems: dict[tuple[int, int], list[tuple[ForestSpot, Problem]]] = {}
    for spot, found in sorted(((s, f) for s, f in problems.items() if s is not None),
                              key=lambda item: _order(item[0])):
        by_problems.setdefault((spot.player, spot.tree), []).extend(
            (spot, problem) for problem in found)
    return {where: TreeLive(tuple(by_lines.get(where, ())), tuple(by_problems.get(where, ())))
            for where in by_lines.keys() | by_problems.keys()}


def _order(spot: ForestSpot) -> tuple[int, int, str, bool, int]:
    """Problems in the order of their cards' places: by tree, then slot, the slot as a whole
    after its cards."""
    return spot.player, spot.tree, spot.slot or "tree", spot.index is None, spot.index or 0


def _without(forest: Forest, spot: ForestSpot) -> Forest:
    """The forest without the card at `spot`; without the tree and its cards if it names one."""
    if spot.slot is None:
        return replace(forest, trees=(*forest.trees[:spot.tree], *forest.trees[spot.tree + 1:]))
    host = forest.trees[spot.tree]
    cards, k = host.cards(spot.slot), spot.index or 0
    return forest.with_tree(spot.tree, host.with_cards(spot.slot, cards[:k] + cards[k + 1:]))


def _as_list(value: Any) -> list[Any]:
    return [] if value is None else list(value) if isinstance(value, list) else [value]
