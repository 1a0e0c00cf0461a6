"""The scorer's view of the forests being entered: points per card and problems per card.

Every number comes from `scorer.score` on the game file, every problem from `scorer.check` with
its place. A card with an error cannot be scored: it is left out of the live totals (a tree with
an error counts as a sapling) while its problem is shown at the card.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer.forest_shuffle.models import SAPLING, SLOTS

# (player, tree, "tree" or a slot, index in the slot or None for the whole slot/tree)
Spot = tuple[int, int, str, int | None]
_PLACE = re.compile(r"^players\[(\d+)\]\.forest\[(\d+)\]\.(tree|symbol|top|bottom|left|right)"
                    r"(?:\[(\d+)\])?")
_WHERE = re.compile(r"^tree (\d+)(?: (top|bottom|left|right)(?: (\d+))?)?$")


@dataclass
class LiveForests:
    sheet: ScoreSheet | None
    lines: dict[Spot, ScoreLine]
    problems: dict[Spot | None, list[Problem]]

    @property
    def clean(self) -> bool:
        return self.sheet is not None and not self.problems


def spot_of(place: str) -> Spot | None:
    match = _PLACE.match(place)
    if not match:
        return None
    part = "tree" if match[3] == "symbol" else match[3]
    index = int(match[4]) if match[4] is not None else None
    return int(match[1]), int(match[2]), part, index


def live_forests(file: dict[str, Any]) -> LiveForests:
    game, problems = check(file)
    found: dict[Spot | None, list[Problem]] = {}
    for problem in problems:
        found.setdefault(_single(file, spot_of(problem.place)), []).append(problem)
    scored = file
    kept = _kept_positions(file)
    if game is None:  # score what is left once the cards with errors are left out
        scored = copy.deepcopy(file)
        for _ in range(4):  # leaving out a card can only remove problems; a few rounds suffice
            spots = [_single(scored, spot_of(p.place)) for p in problems
                     if p.severity == "error"]
            if None in spots:
                return LiveForests(None, {}, found)
            _leave_out(scored, kept, [s for s in spots if s is not None])
            game, problems = check(scored)
            if game is not None:
                break
        else:
            return LiveForests(None, {}, found)
    sheet = score(game)
    lines: dict[Spot, ScoreLine] = {}
    for player, result in enumerate(sheet.players):
        for line in result.lines:
            match = _WHERE.match(line.where)
            if not match:
                continue
            tree = int(match[1]) - 1
            if match[2] is None:
                lines[(player, tree, "tree", None)] = line
            else:
                position = int(match[3]) - 1 if match[3] else 0
                lines[(player, tree, match[2], kept[player][tree][match[2]][position])] = line
    return LiveForests(sheet, lines, found)


def _single(file: dict[str, Any], spot: Spot | None) -> Spot | None:
    """A card alone in its slot is named by the slot: it is card 0 of that slot."""
    if spot is None or spot[2] == "tree" or spot[3] is not None:
        return spot
    player, tree, slot, _ = spot
    value = file["players"][player]["forest"][tree].get(slot)
    return spot if isinstance(value, list) else (player, tree, slot, 0)


def _as_list(value: Any) -> list:
    return [] if value is None else list(value) if isinstance(value, list) else [value]


def _kept_positions(file: dict[str, Any]) -> list[list[dict[str, list[int]]]]:
    """For each card still in the scored copy, its index in the slot as entered."""
    return [[{slot: list(range(len(_as_list(entry.get(slot))))) for slot in SLOTS}
             for entry in player["forest"]] for player in file["players"]]


def _leave_out(file: dict[str, Any], kept: list, spots: list[Spot]) -> None:
    for player, tree, part, index in sorted(spots, key=lambda s: (s[:3], s[3] or 0),
                                            reverse=True):
        entry = file["players"][player]["forest"][tree]
        if part == "tree":
            entry["tree"] = SAPLING
            entry.pop("symbol", None)
            continue
        cards = _as_list(entry.get(part))
        positions = kept[player][tree][part]
        if index is None:  # the slot as a whole (shared by cards that may not share)
            del cards[1:]
            del positions[1:]
        elif index < len(cards):
            del cards[index]
            del positions[index]
        if not cards:
            entry.pop(part, None)
        else:
            entry[part] = cards if len(cards) > 1 else cards[0]
