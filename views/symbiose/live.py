"""The scorer's view of a table that is still being entered.

Every number on screen comes from `scorer.score`, which scores an empty place as nothing, and
every problem from `scorer.check(partial=True)`, which leaves empty places alone and names each
problem's place. A card with a problem (a 7th frog) still counts in the live totals, so that
the table stays readable while its problem is shown at its tile.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer.symbiose.models import Card, SymbioseGame, parse_card_text
from scorer.symbiose.scoring import counted_ponds
from views.state import Slot, SymbioseEntry

_PLACE = re.compile(r"^(?:players\[(\d+)\]\.pond\[(\d+)\]\[(\d+)\]|river\[(\d+)\])$")


@dataclass
class LiveTable:
    sheet: ScoreSheet
    tile_lines: dict[Slot, ScoreLine]
    problems: dict[str, list[Problem]]  # by place: a slot's place, "players[1].name", ""
    counts: list[dict[str, tuple[str, str]]]  # per player: column -> (kind, owner)

    def tile_problems(self, slot: Slot) -> list[Problem]:
        return self.problems.get(place_of(slot), [])


def place_of(slot: Slot) -> str:
    if slot[0] == "river":
        return f"river[{slot[1]}]"
    _, player, row, column = slot
    return f"players[{player}].pond[{row}][{column}]"


def live_table(entry: SymbioseEntry) -> LiveTable:
    game = _scorable_game(entry)
    sheet = score(game)
    tile_lines: dict[Slot, ScoreLine] = {}
    for player, result in enumerate(sheet.players):
        for index, line in enumerate(result.lines):
            slot = ("pond", player, *divmod(index, 4))
            if entry.card_at(slot) is not None:
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


def entry_problems(entry: SymbioseEntry) -> dict[str, list[Problem]]:
    """Every problem of the table as entered, by place."""
    _, problems = check(entry.file, partial=True)
    found: dict[str, list[Problem]] = {}
    for problem in problems:
        found.setdefault(problem.place, []).append(problem)
    return found


def slot_of(place: str) -> Slot | None:
    match = _PLACE.match(place)
    if not match:
        return None
    if match[4] is not None:
        return ("river", int(match[4]))
    return ("pond", int(match[1]), int(match[2]), int(match[3]))
