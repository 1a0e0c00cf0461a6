"""The scorer's view of a table that is still being entered.

Every number on screen comes from `scorer.score`, which scores an empty place as nothing, and
every problem from `scorer.check(partial=True)`, which leaves empty places alone and names each
problem's place. A card with a problem (a 7th frog) still counts in the live totals, so that
the table stays readable while its problem is shown at its tile.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer.places import PondTile, RiverTile, Spot
from scorer.symbiose.models import Card, SymbioseGame, parse_card_text
from scorer.symbiose.scoring import counted_ponds
from views.state import Slot, SymbioseEntry


@dataclass
class LiveTable:
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


def live_table(entry: SymbioseEntry) -> LiveTable:
    game = _scorable_game(entry)
    sheet = score(game)
    tile_lines: dict[Slot, ScoreLine] = {}
    for result in sheet.players:
        for line in result.lines:
            slot = slot_of(line.place)
            if slot is not None and entry.card_at(slot) is not None:
                tile_lines[slot] = line
    counts = [{column: (counted.kind, counted.owner)
               for column, counted in counted_ponds(game, index).items()}
              for index in range(len(entry.names))]
    return LiveTable(sheet, tile_lines, entry_problems(entry), counts)


def _card(text: str | None) -> Card | None:
    parsed = parse_card_text(text) if text else None
    return parsed if isinstance(parsed, Card) else None


def _scorable_game(entry: SymbioseEntry) -> SymbioseGame:
    ponds = tuple(tuple(tuple(_card(text) for text in row) for row in player["pond"])
                  for player in entry.file["players"])
    river = tuple(_card(text) for text in entry.file.get("river") or ())
    river_left_of = entry.file.get("river_left_of")
    names = tuple(entry.names)
    side = names.index(river_left_of) if river_left_of in names else None
    return SymbioseGame(mode=entry.mode, names=names, ponds=ponds, river=river,
                        river_left_of=side)


def entry_problems(entry: SymbioseEntry) -> dict[Slot | None, list[Problem]]:
    """Every problem of the table as entered, by tile."""
    _, problems = check(entry.file, partial=True)
    found: dict[Slot | None, list[Problem]] = {}
    for problem in problems:
        found.setdefault(slot_of(problem.spot), []).append(problem)
    return found
