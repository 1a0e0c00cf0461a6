"""A Symbiose table being entered: the ponds (and the duel river), where entry stands, undo.

Stored as the game file of GAME_FILES.md with `None` for an empty tile, plus each phone's
selected tile (`cursors`) and the `undo` list, whose entries say which phone made them: every
phone at the table selects and undoes on its own. Numbers and problems come from the scorer
(`scorer.so_far`, `live`), asked once per change. A tile is the scorer's place value (PondTile,
RiverTile), a card the scorer's Card: text only in what is stored.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import Any

from scorer import Problem, ScoreLine, ScoreSheet, so_far
from scorer.places import PondTile, RiverTile, Spot
from scorer.symbiose.models import (
    COLUMNS,
    DUEL_RIVER,
    ROWS,
    Card,
    SymbioseGame,
    parse_card_text,
    teams_of,
)
from scorer.symbiose.scoring import counted_seats
from views.storage.store import Store
from views.tables.model import Table, operation
from views.tables.new_table import NewTable
from views.text import i18n

DECK = "symbiose"  # the deck memory's name for this game's known cards

Tile = PondTile | RiverTile
Owner = int | str  # a player's index, or "river"
Phone = str  # who made a change: the phone's device id ("" for a table without phones)
UNDO_DEPTH = 200


@dataclass(frozen=True)
class Change:
    """One placing, undoable by the phone that made it while the tile still shows it."""

    phone: Phone
    tile: Tile
    old: Card | None
    new: Card | None

    @classmethod
    def read(cls, stored: list[Any]) -> Change:
        """[phone, tile, old, new]; a game stored before phones had no phone: ""."""
        phone, tile, old, new = stored if len(stored) == 4 else ["", *stored]
        return cls(phone, tile_of(tile), card_of(old), card_of(new))

    def stored(self) -> list[Any]:
        return [self.phone, stored_tile(self.tile), text_of(self.old), text_of(self.new)]


@dataclass(frozen=True)
class SymbioseNewTable(NewTable):
    """A duel also says which player the river lies to the left of."""

    river_left_of: int = 0

    def seated(self, names: tuple[str, ...]) -> SymbioseNewTable:
        return replace(super().seated(names), river_left_of=0)


@dataclass(frozen=True)
class Live:
    """The scorer's answer for the table as entered (scorer/symbiose/so_far.py says what
    counts), by tile."""

    sheet: ScoreSheet
    tile_lines: dict[Tile, ScoreLine]
    problems: dict[Tile | None, list[Problem]]  # by tile; None: not a tile (a name, the mode)
    counts: list[dict[str, tuple[str, str]]]  # per player: column -> (kind, owner)

    def tile_problems(self, tile: Tile) -> list[Problem]:
        return self.problems.get(tile, [])


def owner_of(tile: Tile) -> Owner:
    return "river" if isinstance(tile, RiverTile) else tile.player


def tile_of(stored: list[Any]) -> Tile:
    """A tile as stored: ["pond", player, row, column] or ["river", index]."""
    return RiverTile(stored[1]) if stored[0] == "river" else PondTile(*stored[1:])


def stored_tile(tile: Tile) -> list[Any]:
    if isinstance(tile, RiverTile):
        return ["river", tile.index]
    return ["pond", tile.player, tile.row, tile.column]


def card_of(text: str | None) -> Card | None:
    """A card as the game file writes it (the app stores only cards it made)."""
    parsed = parse_card_text(text) if text else None
    return parsed if isinstance(parsed, Card) else None


def text_of(card: Card | None) -> str | None:
    return None if card is None else str(card)


def known_cards(store: Store) -> list[Card]:
    """The deck memory's cards, most placed first."""
    return [card for text, _ in store.known_cards(DECK) if (card := card_of(text)) is not None]


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
        self.ponds: list[list[list[Card | None]]] = [
            [[card_of(text) for text in row] for row in player["pond"]]
            for player in file["players"]]
        self.river: list[Card | None] = [card_of(text) for text in file.get("river") or []]
        self.river_left_of: str | None = file.get("river_left_of")
        self.cursors: dict[Phone, Tile] = {
            phone: tile_of(tile) for phone, tile in (data.get("cursors") or {}).items()}
        self.changes: list[Change] = [Change.read(entry) for entry in data.get("undo", [])]
        self._live: tuple[int, Live] | None = None

    def game_file(self) -> dict[str, Any]:
        file: dict[str, Any] = {"version": 1, "game": "symbiose", "mode": self.mode,
                                "players": [{"name": name,
                                             "pond": [[text_of(card) for card in row]
                                                      for row in pond]}
                                            for name, pond in zip(self._names, self.ponds,
                                                                  strict=True)]}
        if self.river:
            file["river"] = [text_of(card) for card in self.river]
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
                "cursors": {phone: stored_tile(tile) for phone, tile in self.cursors.items()},
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

    def tiles(self) -> list[Tile]:
        """Every tile in entry order: each pond row by row, then the duel river."""
        order: list[Tile] = [PondTile(p, r, c) for p in range(len(self._names))
                             for r in range(ROWS) for c in range(COLUMNS)]
        return order + [RiverTile(i) for i in range(len(self.river))]

    def card_at(self, tile: Tile) -> Card | None:
        if isinstance(tile, RiverTile):
            return self.river[tile.index]
        return self.ponds[tile.player][tile.row][tile.column]

    def cards_on_table(self) -> frozenset[Card]:
        return frozenset(card for tile in self.tiles() if (card := self.card_at(tile)))

    def empty_tiles(self) -> list[Tile]:
        return [tile for tile in self.tiles() if self.card_at(tile) is None]

    def next_empty(self, after: Tile) -> Tile | None:
        order = self.tiles()
        start = order.index(after) + 1 if after in order else 0
        for tile in order[start:] + order[:start]:
            if self.card_at(tile) is None:
                return tile
        return None

    def teams(self) -> list[list[str]]:
        """The partners of a team game (the scorer's), else none."""
        return teams_of(self.mode, self._names)

    @property
    def live(self) -> Live:
        """Computed once per version: every screen of this table asks for it after a tap."""
        if self._live is None or self._live[0] != self.version:
            self._live = (self.version, self._compute_live())
        return self._live[1]

    def _compute_live(self) -> Live:
        progress = so_far(self.game_file())
        tile_lines = {line.place: line for result in progress.sheet.players
                      for line in result.lines
                      if isinstance(line.place, PondTile | RiverTile)
                      and self.card_at(line.place) is not None}
        problems: dict[Tile | None, list[Problem]] = {}
        for problem in progress.problems:
            problems.setdefault(_tile(problem.spot), []).append(problem)
        return Live(progress.sheet, tile_lines, problems, self._counts())

    def _counts(self) -> list[dict[str, tuple[str, str]]]:
        """Whose cards each column of each pond counts (the scorer's seats): (kind, owner)."""
        side = (self._names.index(self.river_left_of)
                if self.river_left_of in self._names else None)

        def counted(index: int, seat: int | None) -> tuple[str, str]:
            if seat is None:
                return "river", ""
            return ("own" if seat == index else "player"), self._names[seat]

        return [{column: counted(index, seat) for column, seat in
                 counted_seats(self.mode, len(self._names), side, index).items()}
                for index in range(len(self._names))]

    @property
    def complete(self) -> bool:
        return not self.empty_tiles() and not self.live.problems

    @property
    def sheet(self) -> ScoreSheet | None:
        return self.live.sheet if self.complete else None

    def progress(self, lang: str) -> str:
        tiles = self.tiles()
        return i18n.ui("home.progress", lang, filled=len(tiles) - len(self.empty_tiles()),
                       total=len(tiles), mode=i18n.ui(f"variant.symbiose.{self.mode}", lang))

    # each phone's own -------------------------------------------------------------------------
    def cursor(self, phone: Phone) -> Tile | None:
        """The tile `phone` has selected: its last choice, else the first empty tile."""
        return self.cursors.get(phone) or self.next_empty(self.tiles()[-1])

    def undoable(self, phone: Phone) -> Change | None:
        """The change `phone`'s Undo takes back: its latest one whose tile still shows it (a
        tile another phone changed since is theirs now)."""
        for change in reversed(self.changes):
            if change.phone == phone and self.card_at(change.tile) == change.new:
                return change
        return None

    # operations ---------------------------------------------------------------------------
    def _put(self, tile: Tile, card: Card | None) -> None:
        if isinstance(tile, RiverTile):
            self.river[tile.index] = card
        else:
            self.ponds[tile.player][tile.row][tile.column] = card

    @operation
    def place(self, card: Card | None, phone: Phone = "", tile: Tile | None = None) -> None:
        """Put `card` (None clears) on `tile` (default: the phone's selected tile), then move
        that phone on to the next empty tile. The deck memory learns the card."""
        tile = tile or self.cursor(phone)
        if tile is None:
            return
        old = self.card_at(tile)
        self._put(tile, card)
        self.changes.append(Change(phone, tile, old, card))
        del self.changes[:-UNDO_DEPTH]
        moved_on = self.next_empty(tile) if card is not None else tile
        if moved_on is None:  # the table is full: nothing selected
            self.cursors.pop(phone, None)
        else:
            self.cursors[phone] = moved_on
        if card is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, str(card), +1))

    @operation
    def undo(self, phone: Phone = "") -> Change | None:
        """Take back `phone`'s last change that still stands (see `undoable`)."""
        change = self.undoable(phone)
        if change is None:
            return None
        self.changes.remove(change)
        self._put(change.tile, change.old)
        self.cursors[phone] = change.tile
        if change.new is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, str(change.new), -1))
        if change.old is not None:
            self.write_later(functools.partial(self.store.count_card, DECK, str(change.old), +1))
        return change

    @operation
    def select(self, tile: Tile, phone: Phone = "") -> None:
        self.cursors[phone] = tile

    def show(self, owner: Owner, phone: Phone = "") -> None:
        """Turn `phone` to `owner`'s tiles: the first empty one is selected, if any."""
        empties = [tile for tile in self.empty_tiles() if owner_of(tile) == owner]
        if empties and self.cursor(phone) != empties[0]:
            self.select(empties[0], phone)


def _tile(spot: Spot | None) -> Tile | None:
    return spot if isinstance(spot, PondTile | RiverTile) else None
