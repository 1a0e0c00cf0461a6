"""A Symbiose table being entered: the ponds (and the duel river), where entry stands, undo.

Stored as the game file of GAME_FILES.md with `None` for an empty tile, plus each phone's
selected tile (`cursors`) and the `undo` list, whose entries say which phone made them: every
phone at the table selects and undoes on its own. Numbers and problems come from the scorer
(`live`), computed once per change.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer.places import PondTile, RiverTile, Spot
from scorer.symbiose.models import COLUMNS, DUEL_RIVER, ROWS, Card, SymbioseGame, parse_card_text
from scorer.symbiose.scoring import counted_ponds
from views import i18n
from views.model import Table, operation
from views.new_table import NewTable
from views.store import Store

DECK = "symbiose"  # the deck memory's name for this game's known cards

# A slot names one tile: ("pond", player, row, column) or ("river", index).
Slot = tuple
Owner = int | str  # a player's index, or "river"
Phone = str  # who made a change: the phone's device id ("" for a table without phones)
UNDO_DEPTH = 200


@dataclass(frozen=True)
class Change:
    """One placing, undoable by the phone that made it while the tile still shows it."""

    phone: Phone
    slot: Slot
    old: str | None
    new: str | None

    @classmethod
    def read(cls, stored: list) -> Change:
        """[phone, slot, old, new]; a game stored before phones had no phone: ""."""
        phone, slot, old, new = stored if len(stored) == 4 else ["", *stored]
        return cls(phone, tuple(slot), old, new)

    def stored(self) -> list:
        return [self.phone, list(self.slot), self.old, self.new]


@dataclass(frozen=True)
class SymbioseNewTable(NewTable):
    """A duel also says which player the river lies to the left of."""

    river_left_of: int = 0

    def seated(self, names: tuple[str, ...]) -> SymbioseNewTable:
        return replace(super().seated(names), river_left_of=0)


@dataclass(frozen=True)
class Live:
    """The scorer's view of the table as entered. An empty tile scores nothing; a card with a
    problem (a 7th frog) still counts, so the table stays readable while the problem shows."""

    sheet: ScoreSheet
    tile_lines: dict[Slot, ScoreLine]
    problems: dict[Slot | None, list[Problem]]  # by tile; None: not a tile (a name, the mode)
    counts: list[dict[str, tuple[str, str]]]  # per player: column -> (kind, owner)

    def tile_problems(self, slot: Slot) -> list[Problem]:
        return self.problems.get(slot, [])


def slot_of(spot: Spot | None) -> Slot | None:
    """The entry screen's name for a spot the scorer gives."""
    match spot:
        case PondTile(player=player, row=row, column=column):
            return ("pond", player, row, column)
        case RiverTile(index=index):
            return ("river", index)
    return None


def owner_of(slot: Slot) -> Owner:
    return "river" if slot[0] == "river" else slot[1]


class SymbioseTable(Table):
    kind = "symbiose"

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        names = list(new.names)
        players = [{"name": name, "pond": [[None] * COLUMNS for _ in range(ROWS)]}
                   for name in names]
        file: dict[str, Any] = {"version": 1, "game": "symbiose", "mode": new.variant,
                                "players": players}
        if new.variant == "duel":
            seat = new.river_left_of if isinstance(new, SymbioseNewTable) else 0
            file["river"] = [None] * DUEL_RIVER
            file["river_left_of"] = names[seat]
        return store.create_game(cls.kind, {"file": file, "cursors": {}, "undo": []})

    def load(self, data: dict[str, Any]) -> None:
        file = data["file"]
        self.mode: str = file["mode"]
        self._names = tuple(player["name"] for player in file["players"])
        self.ponds: list[list[list[str | None]]] = [
            [list(row) for row in player["pond"]] for player in file["players"]]
        self.river: list[str | None] = list(file.get("river") or [])
        self.river_left_of: str | None = file.get("river_left_of")
        self.cursors: dict[Phone, Slot] = {
            phone: tuple(slot) for phone, slot in (data.get("cursors") or {}).items()}
        self.changes: list[Change] = [Change.read(entry) for entry in data.get("undo", [])]
        self._live: tuple[int, Live] | None = None

    def game_file(self) -> dict[str, Any]:
        file: dict[str, Any] = {"version": 1, "game": "symbiose", "mode": self.mode,
                                "players": [{"name": name, "pond": [list(row) for row in pond]}
                                            for name, pond in zip(self._names, self.ponds,
                                                                  strict=True)]}
        if self.river:
            file["river"] = list(self.river)
        if self.river_left_of is not None:
            file["river_left_of"] = self.river_left_of
        return file

    @classmethod
    def file_as_stored(cls, file: dict[str, Any], game: SymbioseGame) -> dict[str, Any]:
        stored: dict[str, Any] = {
            "version": 1, "game": cls.kind, "mode": game.mode,
            "players": [{"name": name, "pond": [[str(card) for card in row] for row in pond]}
                        for name, pond in zip(game.names, game.ponds, strict=True)]}
        if game.river:
            stored["river"] = [str(card) for card in game.river]
        if game.river_left_of is not None:
            stored["river_left_of"] = game.names[game.river_left_of]
        return stored

    def data(self) -> dict[str, Any]:
        return {"file": self.game_file(),
                "cursors": {phone: list(slot) for phone, slot in self.cursors.items()},
                "undo": [change.stored() for change in self.changes]}

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    def rematch(self) -> NewTable:
        seat = self._names.index(self.river_left_of) if self.river_left_of in self._names else 0
        return SymbioseNewTable(self.kind, self._names, self.mode, river_left_of=seat)

    # reading ------------------------------------------------------------------------------
    def owners(self) -> list[Owner]:
        """Whose tiles there are: every player, then the duel river."""
        players: list[Owner] = list(range(len(self._names)))
        return [*players, "river"] if self.mode == "duel" else players

    def slots(self) -> list[Slot]:
        """Every tile in entry order: each pond row by row, then the duel river."""
        order: list[Slot] = [("pond", p, r, c) for p in range(len(self._names))
                             for r in range(ROWS) for c in range(COLUMNS)]
        return order + [("river", i) for i in range(len(self.river))]

    def card_at(self, slot: Slot) -> str | None:
        if slot[0] == "river":
            return self.river[slot[1]]
        _, player, row, column = slot
        return self.ponds[player][row][column]

    def cards_on_table(self) -> frozenset[str]:
        return frozenset(card for slot in self.slots() if (card := self.card_at(slot)))

    def empty_slots(self) -> list[Slot]:
        return [slot for slot in self.slots() if self.card_at(slot) is None]

    def next_empty(self, after: Slot) -> Slot | None:
        order = self.slots()
        start = order.index(after) + 1 if after in order else 0
        for slot in order[start:] + order[:start]:
            if self.card_at(slot) is None:
                return slot
        return None

    @property
    def live(self) -> Live:
        """Computed once per version: every screen of this table asks for it after a tap."""
        if self._live is None or self._live[0] != self.version:
            self._live = (self.version, self._compute_live())
        return self._live[1]

    def _compute_live(self) -> Live:
        game = self._scorable_game()
        sheet = score(game)
        tile_lines: dict[Slot, ScoreLine] = {}
        for result in sheet.players:
            for line in result.lines:
                slot = slot_of(line.place)
                if slot is not None and self.card_at(slot) is not None:
                    tile_lines[slot] = line
        counts = [{column: (counted.kind, counted.owner)
                   for column, counted in counted_ponds(game, index).items()}
                  for index in range(len(self._names))]
        problems: dict[Slot | None, list[Problem]] = {}
        for problem in check(self.game_file(), partial=True)[1]:
            problems.setdefault(slot_of(problem.spot), []).append(problem)
        return Live(sheet, tile_lines, problems, counts)

    def _scorable_game(self) -> SymbioseGame:
        ponds = tuple(tuple(tuple(_card(text) for text in row) for row in pond)
                      for pond in self.ponds)
        side = (self._names.index(self.river_left_of)
                if self.river_left_of in self._names else None)
        return SymbioseGame(mode=self.mode, names=self._names, ponds=ponds,
                            river=tuple(_card(text) for text in self.river),
                            river_left_of=side)

    @property
    def complete(self) -> bool:
        return not self.empty_slots() and not self.live.problems

    @property
    def sheet(self) -> ScoreSheet | None:
        return self.live.sheet if self.complete else None

    def progress(self, lang: str) -> str:
        slots = self.slots()
        return i18n.ui("home.progress", lang, filled=len(slots) - len(self.empty_slots()),
                       total=len(slots), mode=i18n.ui(f"variant.symbiose.{self.mode}", lang))

    # each phone's own -------------------------------------------------------------------------
    def cursor(self, phone: Phone) -> Slot | None:
        """The tile `phone` has selected: its last choice, else the first empty tile."""
        return self.cursors.get(phone) or self.next_empty(self.slots()[-1])

    def undoable(self, phone: Phone) -> Change | None:
        """The change `phone`'s Undo takes back: its latest one whose tile still shows it (a
        tile another phone changed since is theirs now)."""
        for change in reversed(self.changes):
            if change.phone == phone and self.card_at(change.slot) == change.new:
                return change
        return None

    # operations ---------------------------------------------------------------------------
    def _put(self, slot: Slot, card: str | None) -> None:
        if slot[0] == "river":
            self.river[slot[1]] = card
        else:
            _, player, row, column = slot
            self.ponds[player][row][column] = card

    @operation
    def place(self, card: str | None, phone: Phone = "", slot: Slot | None = None) -> None:
        """Put `card` (None clears) on `slot` (default: the phone's selected tile), then move
        that phone on to the next empty tile. The deck memory learns the card."""
        slot = slot or self.cursor(phone)
        if slot is None:
            return
        old = self.card_at(slot)
        self._put(slot, card)
        self.changes.append(Change(phone, slot, old, card))
        del self.changes[:-UNDO_DEPTH]
        moved_on = self.next_empty(slot) if card is not None else slot
        if moved_on is None:  # the table is full: nothing selected
            self.cursors.pop(phone, None)
        else:
            self.cursors[phone] = moved_on
        if card is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, card, +1))

    @operation
    def undo(self, phone: Phone = "") -> Change | None:
        """Take back `phone`'s last change that still stands (see `undoable`)."""
        change = self.undoable(phone)
        if change is None:
            return None
        self.changes.remove(change)
        self._put(change.slot, change.old)
        self.cursors[phone] = change.slot
        if change.new is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, change.new, -1))
        if change.old is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, change.old, +1))
        return change

    @operation
    def select(self, slot: Slot, phone: Phone = "") -> None:
        self.cursors[phone] = slot

    def show(self, owner: Owner, phone: Phone = "") -> None:
        """Turn `phone` to `owner`'s tiles: the first empty one is selected, if any."""
        empties = [slot for slot in self.empty_slots() if owner_of(slot) == owner]
        if empties and self.cursor(phone) != empties[0]:
            self.select(empties[0], phone)


def _card(text: str | None) -> Card | None:
    parsed = parse_card_text(text) if text else None
    return parsed if isinstance(parsed, Card) else None
