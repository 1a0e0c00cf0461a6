"""The scorer's view of the forests being entered: points per card and problems per card.

Every number comes from `scorer.score` on the game file, every problem from `scorer.check` with
its place. A card with an error cannot be scored: it is left out of the live totals (a tree with
an error counts as a sapling) while its problem is shown at the card.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from scorer import Problem, ScoreLine, ScoreSheet, check, score
from scorer import places as scorer_places
from scorer.forest_shuffle.models import SAPLING, SLOTS

# (player, tree, "tree" or a slot, index in the slot or None for the whole slot/tree)
Spot = tuple[int, int, str, int | None]


@dataclass
class LiveForests:
    sheet: ScoreSheet | None
    lines: dict[Spot, ScoreLine]
    problems: dict[Spot | None, list[Problem]]

    @property
    def clean(self) -> bool:
        return self.sheet is not None and not self.problems


def spot_of(spot: scorer_places.Spot | None) -> Spot | None:
    """The entry screen's name for a card the scorer names."""
    match spot:
        case scorer_places.ForestSpot(player=player, tree=tree, slot=None):
            return player, tree, "tree", None
        case scorer_places.ForestSpot(player=player, tree=tree, slot=str(slot), index=index):
            return player, tree, slot, index
    return None


def live_forests(file: dict[str, Any]) -> LiveForests:
    game, problems = check(file)
    found: dict[Spot | None, list[Problem]] = {}
    for problem in problems:
        found.setdefault(spot_of(problem.spot), []).append(problem)
    scored = file
    kept = _kept_positions(file)
    if game is None:  # score what is left once the cards with errors are left out
        scored = copy.deepcopy(file)
        for _ in range(4):  # leaving out a card can only remove problems; a few rounds suffice
            spots = [spot_of(p.spot) for p in problems if p.severity == "error"]
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
            spot = spot_of(line.place)
            if spot is None:
                continue
            _, tree, part, index = spot
            if part != "tree" and index is not None:
                spot = (player, tree, part, kept[player][tree][part][index])
            lines[spot] = line
    return LiveForests(sheet, lines, found)


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
