"""A Forest Shuffle table being entered: what scores while some of its cards have problems.

A card with an error is left out of the score while its problem shows at the card; a tree with
one counts as a sapling and keeps the cards around it; a slot shared by cards that may not
share it counts its first card; a cave of a type not in play counts as a regular cave. Leaving a
card out can take away another's reason to be there (a Cuckoo whose bird is left out), so what is
kept is checked again until nothing more goes: on the cards as read, never on a copy of the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any, cast

from scorer.forest_shuffle.catalog import Slot, load_catalog
from scorer.forest_shuffle.checks import (
    DEFAULT_CAVE,
    Placed,
    Reading,
    SlotCards,
    build_game,
    checked_forest,
    copy_limits,
    forest_problems,
    host_of,
)
from scorer.forest_shuffle.models import (
    SAPLING,
    SLOTS,
    Forest,
    ForestShuffleFile,
    ForestShuffleGame,
)
from scorer.forest_shuffle.places import spot_of
from scorer.forest_shuffle.scoring import score
from scorer.places import Cave, ForestSpot, Path, Spot
from scorer.problems import Problem
from scorer.progress import LeftOut, Progress, no_sheet, read_file
from scorer.sheet import Explanation, ScoreLine, ScoreSheet

GAME = "forest-shuffle"
_WHY = "forest_shuffle.left_out."  # the reasons' message keys


def so_far(data: Any) -> Progress:
    """The sheet of what counts in a Forest Shuffle file as entered so far, every problem at its
    place, and what is left out of the score and why."""
    file, game, problems = read_file(data, ForestShuffleFile, build_game, spot_of,
                                     partial=True)
    if isinstance(game, ForestShuffleGame):
        return Progress(score(game), tuple(problems), ())
    if file is None:  # no forest to read: nothing to score yet
        return no_sheet(GAME, problems)
    table = _Table(data, file)
    table.leave_out(problems, first=True)
    while table.leave_out(table.problems_of_kept(), first=False):
        pass  # each round leaves out at least one card: it ends
    return Progress(table.sheet(), tuple(problems), table.left_out())


_KeptForest = tuple[Forest, list[dict[str, list[int]]]]
_KEPT_FORESTS: dict[tuple[int, tuple[str, ...], str, frozenset[Spot]], _KeptForest] = {}
_KEEP = 64  # forests; then the memo starts afresh


def _spot(place: Path) -> ForestSpot:
    """Where a card read from the file lies, as a key: its path is the tree's, a slot's
    holding one card, or a card's in a slot holding a list (checks._read_entry). (Its spot
    says nothing of `shared`, which equality leaves out.)"""
    _, player, _, tree, part, *index = place
    assert isinstance(player, int) and isinstance(tree, int) and isinstance(part, str)
    if part == "tree":
        return ForestSpot(player, tree)
    return ForestSpot(player, tree, part, int(index[0]) if index else 0)


class _Table:
    """The cards of every forest as read, and which of them are left out (by spot). A forest
    with nothing left out is scored as checked: the same value, whose counts scoring keeps."""

    def __init__(self, data: Any, file: ForestShuffleFile):
        self.data, self.file = data, file
        self.boxes = tuple(file.boxes or load_catalog().boxes)
        self.checked: list[Forest] = []
        self.placed: list[tuple[Placed, ...]] = []
        for index, player in enumerate(file.players):
            forest, placed, _ = checked_forest(index, player, self.boxes)
            self.checked.append(forest)
            self.placed.append(placed)
        self._cards: dict[int, dict[ForestSpot, Placed]] = {}
        self.left: dict[Spot, Explanation] = {}

    def cards(self, player: int) -> dict[ForestSpot, Placed]:
        """The player's cards as read, by spot (worked out for a forest with a problem only)."""
        if player not in self._cards:
            self._cards[player] = {_spot(card.place): card for card in self.placed[player]}
        return self._cards[player]

    def leave_out(self, problems: list[Problem], *, first: bool) -> bool:
        """Leave out what has an error (`first`: the file's own problems, else those that
        leaving out brought); whether anything more was left out."""
        before = len(self.left)
        for found in problems:
            spot = found.spot if first else spot_of(self.data, found.path)
            if found.severity == "error" and spot is not None and spot not in self.left:
                self._leave_out(spot, first)
        return len(self.left) > before

    def _leave_out(self, spot: Spot, first: bool) -> None:
        if isinstance(spot, Cave):
            cave = self.checked[spot.player].cave_type
            self.left[spot] = Explanation(_WHY + "cave_type", {"cave": cave})
        elif isinstance(spot, ForestSpot) and spot.slot is not None and spot.index is None:
            for index, card in self._slot(spot)[1:]:  # a wrongly shared slot: its first counts
                where = replace(spot, index=index)
                self.left.setdefault(where, Explanation(_WHY + "shared_slot", {
                    "card": card.species.id, "slot": spot.slot}))
        elif isinstance(spot, ForestSpot):
            self._leave_out_card(spot, first)

    def _leave_out_card(self, spot: ForestSpot, first: bool) -> None:
        card = self.cards(spot.player).get(spot)
        tree = spot.slot is None
        if card is None and tree and self._entry(spot).tree == SAPLING:
            return  # a sapling's symbol: a sapling shows none, and it still counts as one
        if card is None:  # a card that could not be read: none is scored there
            why = "unreadable_tree" if tree else "unreadable"
            self.left[spot] = Explanation(_WHY + why)
            return
        # A later round's error comes of what was left out before it (a Cuckoo whose bird
        # went, the next copy too many): its own problem may not show in the file as entered.
        why = ("as_sapling" if tree else "card") + ("" if first else "_too")
        self.left[spot] = Explanation(_WHY + why, {"card": card.species.id})

    def _entry(self, spot: ForestSpot) -> Any:
        return self.file.players[spot.player].forest[spot.tree]

    def _slot(self, spot: ForestSpot) -> list[tuple[int, Placed]]:
        """The cards of a slot as read, by their index in it."""
        found = [(where.index or 0, card) for where, card in self.cards(spot.player).items()
                 if where.tree == spot.tree and where.slot == spot.slot]
        return sorted(found, key=lambda item: item[0])

    # what is kept ---------------------------------------------------------------------------
    def _touched(self) -> set[int]:
        """The players with a card of their forest left out."""
        return {spot.player for spot in self.left if isinstance(spot, ForestSpot)}

    def _kept(self, player: int) -> Iterator[tuple[Reading, dict[str, list[int]]]]:
        """Each tree of the forest as it is scored (a sapling in the place of a tree left out),
        and for each slot the index as entered of each card kept."""
        by_tree: dict[int, list[tuple[ForestSpot, Placed]]] = {}
        for where, card in self.cards(player).items():
            if where not in self.left:
                by_tree.setdefault(where.tree, []).append((where, card))
        for tree in range(len(self.file.players[player].forest)):
            host: Placed | str = SAPLING
            slots: SlotCards = {slot: [] for slot in SLOTS}
            positions: dict[str, list[int]] = {slot: [] for slot in SLOTS}
            for where, card in sorted(by_tree.get(tree, ()), key=lambda item: item[0].index or 0):
                if where.slot is None:
                    host = card
                else:
                    slot = cast(Slot, where.slot)
                    slots[slot].append(card)
                    positions[slot].append(where.index or 0)
            yield (host, slots), positions

    def problems_of_kept(self) -> list[Problem]:
        """The problems of what is kept that leaving out may have brought: in the forests
        that lost a card, and of the copies over all forests."""
        problems: list[Problem] = []
        placed: list[Placed] = []
        touched = self._touched()
        for player in range(len(self.file.players)):
            if player in touched:
                read = [reading for reading, _ in self._kept(player)]
                placed += forest_problems(read, ("players", player, "forest"), problems)
            else:
                placed += self.placed[player]
        return problems + copy_limits(placed, self.boxes)

    def sheet(self) -> ScoreSheet:
        forests = list(self.checked)
        positions: dict[int, list[dict[str, list[int]]]] = {}
        for player in self._touched():
            forests[player], positions[player] = self._kept_forest(player)
        for spot in self.left:
            if isinstance(spot, Cave):
                forests[spot.player] = replace(forests[spot.player], cave_type=DEFAULT_CAVE)
        names = tuple(player.name.strip() for player in self.file.players)
        sheet = score(ForestShuffleGame(names=names, forests=tuple(forests)))
        moved = {(spot.player, spot.tree, spot.slot) for spot in self.left
                 if isinstance(spot, ForestSpot) and spot.slot is not None}
        for index in positions:  # each card named where it was entered
            result = sheet.players[index]
            result.lines = [self._entered(line, positions[index], moved)
                            for line in result.lines]
        return sheet

    def _kept_forest(self, player: int) -> tuple[Forest, list[dict[str, list[int]]]]:
        """What is kept of a forest, and where each slot's cards were entered; worked out once
        per forest and cards left out, like checks.checked_forest: a tap changes one forest,
        and scoring keeps its counts with the Forest value."""
        left = frozenset(spot for spot in self.left
                         if isinstance(spot, ForestSpot) and spot.player == player)
        key = (player, self.boxes, self.file.players[player].model_dump_json(), left)
        found = _KEPT_FORESTS.get(key)
        if found is None:
            kept = list(self._kept(player))
            hosts = tuple(host_of(host, slots) for (host, slots), _ in kept)
            forest = replace(self.checked[player], hosts=tuple(h for h in hosts if h is not None))
            found = forest, [where for _, where in kept]
            if len(_KEPT_FORESTS) >= _KEEP:
                _KEPT_FORESTS.clear()
            _KEPT_FORESTS[key] = found
        return found

    def _entered(self, line: ScoreLine, positions: list[dict[str, list[int]]],
                 moved: set[tuple[int, int, str]]) -> ScoreLine:
        """The line of a card in a slot that lost a card, with the card's place as entered."""
        spot = line.place
        if not isinstance(spot, ForestSpot) or spot.slot is None or spot.index is None \
                or (spot.player, spot.tree, spot.slot) not in moved:
            return line
        index = positions[spot.tree][spot.slot][spot.index]
        entered = spot_of(self.data, ("players", spot.player, "forest", spot.tree, spot.slot,
                                      index))
        return replace(line, place=entered if entered is not None else spot)

    def left_out(self) -> tuple[LeftOut, ...]:
        return tuple(LeftOut(spot, why) for spot, why in self.left.items())
