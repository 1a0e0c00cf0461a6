"""What the person of benchmarks/entry.py knows before each tap: the game file read as trees
with cards in slots, the boxes to start the game with, which slot of a tree to fill next, the
printed symbol a question asks for, and how a search reads a species' names. Pure: no browser, and
nothing of the app's state (the person sees only the screen, and knows the game's rules).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scorer.entry import fold
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.checks import may_share, opens_top
from scorer.forest_shuffle.models import SAPLING, SLOTS
from scorer.forest_shuffle.placing import search_words

# The tree bar's slots, clockwise from the top: the order the app moves its target in, and the
# order a person reads the bar in.
SLOT_ORDER = ("top", "right", "bottom", "left")
TREE = "tree"  # a spot's part when it names the tree, shrub or sapling itself


def listed(value: Any) -> list[Any]:
    """A slot as the file gives it (absent, one card, or a list) as a list of cards."""
    return [] if value is None else value if isinstance(value, list) else [value]


def cards_in(value: Any) -> list[tuple[str, str | None]]:
    """A slot's cards as (species, printed symbol or None)."""
    return [(card, None) if isinstance(card, str) else (card["card"], card.get("symbol"))
            for card in listed(value)]


def boxes_of(file: Mapping[str, Any]) -> list[str]:
    """The boxes the game is started with: those the file names, else those its cards come from
    (a card's own box, else the first box that has its species, as the scorer reads it)."""
    catalog = load_catalog()
    if file.get("boxes"):
        return [box for box in catalog.boxes if box in file["boxes"]]
    used = set()
    for player in file["players"]:
        for entry in player.get("forest", []):
            cards = [card for slot in SLOTS for card in listed(entry.get(slot))]
            for card in cards + ([] if entry["tree"] == SAPLING else [entry["tree"]]):
                species, box = (card, None) if isinstance(card, str) \
                    else (card["card"], card.get("box"))
                used.add(box or catalog.by_id(species).boxes_in(catalog.boxes)[0])
    return [box for box in catalog.boxes if box in used] or ["base"]


def symbol_at(file: Mapping[str, Any], player: int, tree: int, part: str,
              index: int | None) -> str | None:
    """The tree symbol the file gives the card at a spot (`part` "tree": the host, whose symbol
    is a tree's own species; a shrub's is the one the file names)."""
    entry = file["players"][player]["forest"][tree]
    if part == TREE:
        if entry.get("symbol"):
            return str(entry["symbol"])
        host = entry["tree"]
        return host if host != SAPLING and load_catalog().by_id(host).kind == "tree" else None
    return cards_in(entry.get(part))[index or 0][1]


@dataclass(frozen=True)
class TreeCards:
    """The dwellers of one tree of the file: per slot of SLOT_ORDER, in the file's order."""

    wanted: tuple[tuple[str, ...], ...]

    @classmethod
    def of(cls, entry: Mapping[str, Any]) -> TreeCards:
        return cls(tuple(tuple(species for species, _ in cards_in(entry.get(slot)))
                         for slot in SLOT_ORDER))

    def card(self, slot: str, index: int) -> str:
        return self.wanted[SLOT_ORDER.index(slot)][index]

    def next_slot(self, placed: Mapping[str, Sequence[str]], target: str | None) -> str | None:
        """The slot whose next card the person enters now, given the cards placed so far and
        the app's target slot (None: the tree bar shows none). Greedy, as a person reads the
        bar: the target's card if it has one due, else the first slot clockwise from the top
        that has one; only slots that take that card now (a second butterfly waits for the
        Stinging Nettle below), and never one whose card would fill the tree's last empty slot
        while another card of the tree is still to come (the app then moves on to a new tree).
        None when no card can go in now."""
        counts = tuple(len(placed[slot]) for slot in SLOT_ORDER)
        due = _takeable(self.wanted, counts)
        finishing = [slot for slot in due if _can_finish(self.wanted, _plus(counts, slot))]
        choices = finishing or due
        if not choices:
            return None
        return target if target in choices else choices[0]

    def remaining(self, placed: Mapping[str, Sequence[str]]) -> int:
        return sum(len(cards) for cards in self.wanted) - sum(
            len(placed[slot]) for slot in SLOT_ORDER)


def fills(placed: Mapping[str, Sequence[str]], slot: str) -> bool:
    """Whether a card into `slot` leaves no slot of the tree empty (the tree is full)."""
    return all(placed[other] or other == slot for other in SLOT_ORDER)


def _takeable(wanted: tuple[tuple[str, ...], ...], counts: tuple[int, ...]) -> list[str]:
    """The slots with a card still due that they take now, clockwise from the top."""
    placed = {slot: cards[:count] for slot, cards, count in zip(SLOT_ORDER, wanted, counts,
                                                                 strict=True)}
    return [slot for slot, cards, count in zip(SLOT_ORDER, wanted, counts, strict=True)
            if count < len(cards) and takes(slot, placed, cards[count])]


@functools.cache
def _can_finish(wanted: tuple[tuple[str, ...], ...], counts: tuple[int, ...]) -> bool:
    """Whether every card still due can go in before the tree is full."""
    if sum(len(cards) for cards in wanted) == sum(counts):
        return True
    if all(counts):
        return False
    return any(_can_finish(wanted, _plus(counts, slot)) for slot in _takeable(wanted, counts))


def _plus(counts: tuple[int, ...], slot: str) -> tuple[int, ...]:
    index = SLOT_ORDER.index(slot)
    return (*counts[:index], counts[index] + 1, *counts[index + 1:])


def takes(slot: str, placed: Mapping[str, Sequence[str]], species: str) -> bool:
    """Whether `slot`, holding `placed[slot]`, takes one more card of `species`: an empty slot
    takes any card, a filled one only what the rules let share it (hares, toad pairs, a Cuckoo
    with its bird, butterflies over a Stinging Nettle below)."""
    if not placed[slot]:
        return True
    catalog = load_catalog()
    cards = [catalog.by_id(held) for held in (*placed[slot], species)]
    below = [catalog.by_id(held) for held in placed["bottom"]]
    return may_share(cards) or (slot == "top" and any(opens_top(b, cards) for b in below))


@functools.cache
def searchable() -> dict[str, list[list[str]]]:
    """Every dweller's names, each as its words the way the app's search reads them (the
    scorer's `search_words`): what a species tile may match once a search is applied."""
    return {species.id: [list(words) for words in search_words(species.id)]
            for species in load_catalog().species if species.kind == "dweller"}


def typed_words(typed: str) -> list[str]:
    """What a search makes of the text typed: its words, folded."""
    return fold(typed).split()
