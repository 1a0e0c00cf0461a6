"""Places are values: where a card lies on the table, where a problem is in the game file.

A `Path` points into the game file (`("players", 1, "pond", 0, 3)`); a spot names a place at
the table (a pond tile, a card in a forest slot, a log entry). The scorer hands both out as
values; only the CLI and the app turn them into text: `path_text` gives the JSON path of
GAME_FILES.md, `where_text` the `where` of a score-sheet line. Like python-chess's `Move`, which
is a value until `uci()` renders it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scorer.printable import printable

Path = tuple[str | int, ...]

# Symbiose's pond rows, top to bottom, as the sheet's `where` names them.
POND_ROWS = ("top", "bottom")


@dataclass(frozen=True, slots=True)
class PondTile:
    """A tile of a Symbiose pond: row 0 is the top row, columns count from the left."""

    player: int
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class RiverTile:
    """A card of the Symbiose duel river, from the left."""

    index: int


@dataclass(frozen=True, slots=True)
class ForestSpot:
    """A Forest Shuffle card: the tree (`slot` None) or a card in one of its four slots.

    `index` is the card's position in its slot (0 for a card alone there); None names the slot
    as a whole (cards that may not share it). `shared` says the slot holds several cards, so the
    sheet names the card's position; it is a detail of rendering, not of identity.
    """

    player: int
    tree: int
    slot: str | None = None
    index: int | None = None
    shared: bool = field(default=False, compare=False)


@dataclass(frozen=True, slots=True)
class Cave:
    """A Forest Shuffle player's cave."""

    player: int


@dataclass(frozen=True, slots=True)
class LogEntry:
    """A Fossil log entry (None: the start of the game, before the first entry)."""

    index: int | None


Spot = PondTile | RiverTile | ForestSpot | Cave | LogEntry


def path_text(path: Path) -> str:
    """('players', 1, 'pond', 0, 3) -> 'players[1].pond[0][3]'.

    A key the file itself supplies (an unknown key, a player named in Fossil holdings) is
    written printable, and in brackets unless it is a plain word: `holdings["Ann B"]`."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif not part.isidentifier():
            text += f'["{printable(part)}"]'
        else:
            text += f".{printable(part)}" if text else printable(part)
    return text


def where_text(spot: Spot) -> str:
    """The `where` of a score-sheet line (GAME_FILES.md): 'tree 3 top 2', 'log 5'."""
    match spot:
        case PondTile(row=row, column=column):
            return f"{POND_ROWS[row]} row, column {column + 1}"
        case RiverTile(index=index):
            return f"river {index + 1}"
        case ForestSpot(tree=tree, slot=None):
            return f"tree {tree + 1}"
        case ForestSpot(tree=tree, slot=str(slot), index=index, shared=shared):
            position = f" {index + 1}" if shared and index is not None else ""
            return f"tree {tree + 1} {slot}{position}"
        case Cave():
            return "cave"
        case LogEntry(index=None):
            return "start"
        case LogEntry(index=int(index)):
            return f"log {index + 1}"
    raise TypeError(f"not a spot: {spot!r}")
