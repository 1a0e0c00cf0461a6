"""The scorer's view of a table that is still being entered.

The scorer scores complete ponds only. While tiles are empty we hand it the same table with
each empty tile holding a blank card (fixed 0 points, matching no animal or season), so every
number on screen still comes from `scorer.score`; the lines of blank tiles are dropped.
Problems come from `scorer.check` on the entered cards, mapped back to the tile they name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer.symbiose.models import Card, SymbioseGame, parse_card_text
from scorer.symbiose.scoring import counted_ponds
from views.state import Slot, SymbioseEntry

BLANK = Card("", "", 0)
# Problems that only say "not finished yet" while tiles are still empty.
INCOMPLETE_KEYS = {"symbiose.pond_shape", "symbiose.river_size"}
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


def _card(text: str | None) -> Card:
    parsed = parse_card_text(text) if text else BLANK
    return parsed if isinstance(parsed, Card) else BLANK


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
    """scorer.check on the entered cards (empty tiles left out), each problem at its tile."""
    file = dict(entry.file)
    positions: dict[str, str] = {}  # place in the compacted file -> place of the tile
    players = []
    for p, player in enumerate(entry.file["players"]):
        rows = []
        for r, row in enumerate(player["pond"]):
            kept = [(c, card) for c, card in enumerate(row) if card is not None]
            for k, (c, _) in enumerate(kept):
                positions[f"players[{p}].pond[{r}][{k}]"] = f"players[{p}].pond[{r}][{c}]"
            rows.append([card for _, card in kept])
        players.append({**player, "pond": rows})
    file["players"] = players
    if "river" in file:
        kept_river = [(i, card) for i, card in enumerate(file["river"]) if card is not None]
        positions.update({f"river[{k}]": f"river[{i}]" for k, (i, _) in enumerate(kept_river)})
        file["river"] = [card for _, card in kept_river]
    _, problems = check(file)
    found: dict[str, list[Problem]] = {}
    for problem in problems:
        if problem.key in INCOMPLETE_KEYS and not entry.is_complete():
            continue
        place = positions.get(problem.place, problem.place)
        found.setdefault(place, []).append(problem.model_copy(update={"place": place}))
    return found


def slot_of(place: str) -> Slot | None:
    match = _PLACE.match(place)
    if not match:
        return None
    if match[4] is not None:
        return ("river", int(match[4]))
    return ("pond", int(match[1]), int(match[2]), int(match[3]))
