"""Checks a Forest Shuffle file beyond its shape and builds the game, listing every problem."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from scorer.forest_shuffle.catalog import (
    Box,
    Catalog,
    PerTreeSymbol,
    Slot,
    SlotSharing,
    Species,
    VariantSide,
    load_catalog,
)
from scorer.forest_shuffle.models import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SAPLING,
    SLOTS,
    Card,
    CardInput,
    Forest,
    ForestEntry,
    ForestShuffleFile,
    ForestShuffleGame,
    Host,
    HostKind,
    PlayerFile,
)
from scorer.places import Path
from scorer.players import check_names
from scorer.problems import Problem, problem

DEFAULT_CAVE = "regular_cave"


@dataclass(frozen=True, slots=True)
class _Print:
    """What a card as the file names it is, wherever it lies: a species' print in a box."""

    species: Species
    side: VariantSide  # "whole" for trees and shrubs, else the slot
    box: str
    symbol: str | None  # as given, or the only one the deck prints there
    boxes: tuple[Box, ...]  # the boxes it may come from: the one given, else those in play
    printed: Counter[str]  # the tree symbols those boxes print on its side
    card: Card


class Placed(NamedTuple):
    """A card read from the file: its print, and where it lies."""

    place: Path
    print: _Print

    @property
    def species(self) -> Species:
        return self.print.species

    @property
    def side(self) -> VariantSide:
        return self.print.side

    @property
    def box(self) -> str:
        return self.print.box

    @property
    def symbol(self) -> str | None:
        return self.print.symbol

    @property
    def printed(self) -> Counter[str]:
        return self.print.printed


def build_game(file: ForestShuffleFile,
               partial: bool = False) -> tuple[ForestShuffleGame | None, list[Problem]]:
    """A forest is a whole forest as it stands, so `partial` changes nothing."""
    count = len(file.players)
    problems = check_names([p.name for p in file.players],
                           [("players", i, "name") for i in range(count)])
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        problems.append(problem(("players",), "forest_shuffle.player_count", count=count,
                                min=MIN_PLAYERS, max=MAX_PLAYERS))
    boxes = tuple(file.boxes or load_catalog().boxes)  # a file that names none plays every box
    forests: list[Forest] = []
    placed_all: list[Placed] = []
    for index, player in enumerate(file.players):
        forest, placed, found = checked_forest(index, player, boxes)
        forests.append(forest)
        placed_all += placed
        problems += found
    problems += copy_limits(placed_all, boxes)
    if any(p.severity == "error" for p in problems):
        return None, problems
    names = tuple(p.name.strip() for p in file.players)
    return ForestShuffleGame(names=names, forests=tuple(forests)), problems


_Checked = tuple[Forest, tuple[Placed, ...], tuple[Problem, ...]]
# The app checks the whole table after every tap, and a tap changes one forest: so each forest is
# checked once per value, seat and boxes in play, and a re-check redoes only the forest that
# changed. The Forest kept here keeps scoring's counts of it too (Forest.counts), which majorities
# ask of every forest.
CHECKED_FORESTS: dict[tuple[int, tuple[Box, ...], str], _Checked] = {}
_KEEP = 64  # forests; then the memo starts afresh (dict operations are atomic: no lock needed)


def checked_forest(index: int, player: PlayerFile, boxes: tuple[Box, ...]) -> _Checked:
    """Player `index`'s forest, its cards and its problems, worked out once per value."""
    key = (index, boxes, player.model_dump_json())
    found = CHECKED_FORESTS.get(key)
    if found is None:
        problems: list[Problem] = []
        forest, placed = _forest(load_catalog(), boxes, player, ("players", index), problems)
        found = forest, tuple(placed), tuple(problems)
        if len(CHECKED_FORESTS) >= _KEEP:
            CHECKED_FORESTS.clear()
        CHECKED_FORESTS[key] = found
    return found


def _forest(catalog: Catalog, boxes: tuple[Box, ...], player: PlayerFile, place: Path,
            problems: list[Problem]) -> tuple[Forest, list[Placed]]:
    read = [_read_entry(catalog, boxes, entry, (*place, "forest", j), problems)
            for j, entry in enumerate(player.forest)]
    placed = _symbol_problems(read, problems)
    hosts = [host_of(host, slots) for host, slots in read]
    cave_type = _cave_type(catalog, boxes, player.cave_type, (*place, "cave_type"), problems)
    forest = Forest(hosts=tuple(h for h in hosts if h is not None), cave=player.cave,
                    cave_type=cave_type)
    return forest, placed


SlotCards = dict[Slot, list[Placed | None]]
# A problem found while reading a card: its message key and parameters.
_Found = tuple[str, dict[str, Any]]


def _read_entry(catalog: Catalog, boxes: tuple[Box, ...], entry: ForestEntry, place: Path,
                problems: list[Problem]) -> tuple[Placed | str | None, SlotCards]:
    """The host (SAPLING for a sapling, None if unreadable) and its slots' cards."""
    host: Placed | str | None = SAPLING
    if entry.tree != SAPLING:
        host = _read_card(boxes, _Ref(entry.tree, entry.symbol, None),
                          (*place, "tree"), "whole", problems)
    elif entry.symbol is not None:
        problems.append(problem((*place, "symbol"), "forest_shuffle.sapling_symbol"))
    slots: SlotCards = {}
    for slot in SLOTS:
        value = getattr(entry, slot)
        if value is None:
            slots[slot] = []
        elif isinstance(value, list):
            slots[slot] = [_read_card(boxes, card, (*place, slot, k), slot, problems)
                           for k, card in enumerate(value)]
        else:
            slots[slot] = [_read_card(boxes, value, (*place, slot), slot, problems)]
    _slot_problems(slots, place, problems)
    return host, slots


Reading = tuple[Placed | str | None, SlotCards]  # a tree as read, and its slots' cards


def forest_problems(read: list[Reading], place: Path, problems: list[Problem]) -> list[Placed]:
    """The problems of how a forest's cards lie together, found as when it is read: `read` is
    what is kept of a forest's cards (scorer/forest_shuffle/so_far.py). Its cards."""
    for j, (_, slots) in enumerate(read):
        _slot_problems(slots, (*place, j), problems)
    return _symbol_problems(read, problems)


def _slot_problems(slots: SlotCards, place: Path, problems: list[Problem]) -> None:
    """Cards that may not share a slot; a Cuckoo without its bird."""
    for slot, cards in slots.items():  # after all slots: a Stinging Nettle below opens the top
        if cards:
            _check_sharing(slot, slots, (*place, slot), problems)
            _check_company(slot, cards, problems)


def _symbol_problems(read: list[Reading], problems: list[Problem]) -> list[Placed]:
    """A tree symbol a counting card needs, not given; the forest's cards."""
    placed = [p for host, slots in read for p in _flatten(host, slots)]
    counters = [p for p in placed if isinstance(p.species.rule, PerTreeSymbol)]
    for card in placed:
        _check_symbol_needed(card, counters, problems)
    return placed


def _read_card(boxes: tuple[Box, ...], value: CardInput | _Ref, place: Path, side: VariantSide,
               problems: list[Problem]) -> Placed | None:
    # A plain id needs no second pydantic pass: scoring reads a table after every tap.
    if isinstance(value, str):
        found = _print_of(value, None, None, side, boxes)
    else:
        found = _print_of(value.card, value.symbol, value.box, side, boxes)
    if isinstance(found, _Print):
        return Placed(place, found)
    problems.append(problem(place, found[0], **found[1]))
    return None


# A table names the same few hundred prints again after every tap in the app; each is looked
# up in the catalogue once. Bounded: a file may name any string.
@lru_cache(maxsize=4096)
def _print_of(card_id: str, symbol: str | None, box: Box | None, side: VariantSide,
              boxes: tuple[Box, ...]) -> _Print | _Found:
    """The print a card reference names on this side, or the problem's key and parameters."""
    catalog = load_catalog()
    species = catalog.by_id_or_none(card_id)
    if species is None:
        return "forest_shuffle.unknown_card", {"card": card_id,
                                               "suggestions": catalog.suggest(card_id)}
    card = _Ref(card_id, symbol, box)
    candidates = (box,) if box else species.boxes_in(boxes)
    found = _place_problem(species, side) or _box_problem(species, card, candidates, boxes)
    if found:
        return found
    found_box = _box(species, side, symbol, candidates)
    printed = species.variants_in(side, candidates)
    if found_box is None:
        return "forest_shuffle.symbol_not_printed", {"card": species.id, "symbol": symbol,
                                                     "side": side, "printed": sorted(printed)}
    return _filled(species, side, found_box, symbol, candidates, printed)


def _place_problem(species: Species, side: VariantSide) -> _Found | None:
    if side == "whole" and species.kind == "dweller":
        return "forest_shuffle.not_a_tree", {"card": species.id, "slots": list(species.slots)}
    if side != "whole" and side not in species.slots:
        return "forest_shuffle.wrong_slot", {"card": species.id, "slot": side,
                                             "slots": list(species.slots)}
    return None


class _Ref(NamedTuple):
    """A card as the file names it, with the fields of CardObject."""

    card: str
    symbol: str | None
    box: Box | None


def _box_problem(species: Species, card: _Ref, candidates: tuple[Box, ...],
                 boxes: tuple[Box, ...]) -> _Found | None:
    """`candidates`: the given box, else the species' boxes in play."""
    if card.box is not None and card.box not in species.boxes:
        return "forest_shuffle.not_in_box", {"card": species.id, "box": card.box,
                                             "boxes": list(species.boxes)}
    if not candidates or candidates[0] not in boxes:
        return "forest_shuffle.box_not_in_game", {
            "card": species.id, "card_boxes": [card.box] if card.box else list(species.boxes),
            "boxes": list(boxes)}
    return None


def _box(species: Species, side: VariantSide, symbol: str | None,
         boxes: tuple[Box, ...]) -> str | None:
    """The first of the boxes printing this side (and this symbol, if one is given)."""
    printing = [b for b in boxes if species.variants(side, b)[symbol or ""] > 0
                or (symbol is None and species.variants(side, b))]
    if symbol is not None:
        return printing[0] if printing else None
    return (printing or boxes)[0]


def _check_sharing(slot: Slot, slots: SlotCards, place: Path, problems: list[Problem]) -> None:
    cards = slots[slot]
    if len(cards) < 2 or None in cards:
        return
    species = [c.species for c in cards if c is not None]
    below = [c.species for c in slots.get("bottom", []) if c is not None]
    if not may_share(species) and not (slot == "top" and any(opens_top(b, species)
                                                              for b in below)):
        problems.append(problem(place, "forest_shuffle.slot_shared", slot=slot,
                                cards=[s.id for s in species]))


def _check_company(slot: Slot, cards: list[Placed | None], problems: list[Problem]) -> None:
    """A card that may only join another (a Cuckoo on a bird) is reported where it lies."""
    if None in cards:
        return  # an unreadable card in the slot is reported already
    placed = [card for card in cards if card is not None]
    for card in placed:
        rule = card.species.sharing
        if rule is None or not rule.required:
            continue
        if not any(rule.with_symbol in other.species.symbols
                   for other in placed if other is not card):
            problems.append(problem(card.place, "forest_shuffle.needs_company",
                                    card=card.species.id, slot=slot, symbol=rule.with_symbol))


def may_share(species: list[Species]) -> bool:
    """One card's own-slot sharing rule admits all the others (hares, toad pairs, Cuckoo)."""
    for i, owner in enumerate(species):
        rule = owner.sharing
        if rule is None or rule.where != "own_slot":
            continue
        others = species[:i] + species[i + 1:]
        fits = rule.max_cards is None or len(species) <= rule.max_cards
        if fits and all(_shares_with(rule, other) for other in others):
            return True
    return False


def opens_top(below: Species, top: list[Species]) -> bool:
    """Whether a card below (Stinging Nettle) lets these cards share its host's top slot."""
    rule = below.sharing
    return rule is not None and rule.where == "host_top_slot" \
        and all(_shares_with(rule, card) for card in top)


def _shares_with(rule: SlotSharing, species: Species) -> bool:
    return species.id in rule.with_species or rule.with_symbol in species.symbols


def _flatten(host: Placed | str | None, slots: SlotCards) -> Iterator[Placed]:
    if isinstance(host, Placed):
        yield host
    for cards in slots.values():
        yield from (c for c in cards if c is not None)


def _filled(species: Species, side: VariantSide, box: str, symbol: str | None,
            candidates: tuple[Box, ...], printed: Counter[str]) -> _Print:
    """The print, with a tree symbol the deck prints only one way on that side filled in."""
    if symbol is None and len(printed) == 1:
        symbol = next(iter(printed))
        box = next(b for b in candidates if species.variants(side, b)[symbol])
    return _Print(species, side, box, symbol, candidates, printed, _card(species, box, symbol))


def _check_symbol_needed(placed: Placed, counters: list[Placed],
                         problems: list[Problem]) -> None:
    """A missing symbol is an error only where it could change what a counting card counts."""
    if placed.symbol is not None:
        return
    printed = set(placed.printed)
    needed_by = sorted({c.species.id for c in counters if _ambiguous(printed, c)})
    if needed_by:
        problems.append(problem(placed.place, "forest_shuffle.symbol_missing",
                                card=placed.species.id, printed=sorted(printed),
                                counted_by=needed_by))


def _ambiguous(printed: set[str], counter: Placed) -> bool:
    rule = counter.species.rule
    assert isinstance(rule, PerTreeSymbol)
    if rule.same_as_own and counter.symbol is None:
        return True  # the counter itself is unknown (and reported)
    counted = {counter.symbol} if rule.same_as_own else set(rule.tree_symbols)
    return bool(printed & counted) and bool(printed - counted)


def host_of(host: Placed | str | None, slots: SlotCards) -> Host | None:
    """The checked host with the cards read in its slots."""
    if host is None:
        return None
    if not isinstance(host, Placed):
        return _with_cards("sapling", None, slots)
    if host.species.kind == "tree" and any(_flips_host(c.print) for c in slots["top"] if c):
        return _with_cards("sapling", None, slots, flipped=host.species.id)
    return _with_cards("shrub" if host.species.kind == "shrub" else "tree", host.print.card, slots)


def _with_cards(kind: HostKind, card: Card | None, slots: SlotCards,
                flipped: str | None = None) -> Host:
    top, bottom, left, right = (tuple(c.print.card for c in slots[slot] if c is not None)
                                for slot in SLOTS)
    return Host(kind=kind, card=card, top=top, bottom=bottom, left=left, right=right,
                flipped=flipped)


def _flips_host(found: _Print) -> bool:
    """Mistletoe turns the tree it sits on face down: a sapling without species or symbol."""
    return "host_becomes_sapling" in found.species.effects


def _card(species: Species, box: str, symbol: str | None) -> Card:
    return Card(species=species.id, box=box,
                symbols=frozenset(species.symbols_in(box)),  # type: ignore[arg-type]
                tree_symbol=symbol, counts_as=species.counts_as or species.id)


def _cave_type(catalog: Catalog, boxes: tuple[Box, ...], cave_type: str | None, place: Path,
               problems: list[Problem]) -> str:
    ids = [c.id for c in catalog.caves]
    if cave_type is None:
        return DEFAULT_CAVE
    if cave_type not in ids:
        import difflib  # only a misspelt cave needs it: not imported at every start

        problems.append(problem(place, "forest_shuffle.unknown_cave", cave=cave_type,
                                suggestions=difflib.get_close_matches(cave_type, ids, n=3)))
        return DEFAULT_CAVE
    box = catalog.cave(cave_type).box
    if box not in boxes:
        problems.append(problem(place, "forest_shuffle.cave_not_in_game", cave=cave_type,
                                box=box, boxes=list(boxes)))
    return cave_type


def copy_limits(placed: list[Placed], boxes: tuple[Box, ...]) -> list[Problem]:
    """Cards beyond the copies of the boxes in play (a species in two boxes has both boxes'
    copies), over all forests, reported where the first extra lies."""
    if _within_limits(placed, boxes):
        return []  # the usual table: counted per species and print, not card by card
    problems = []
    copies: Counter[str] = Counter()
    prints: Counter[tuple[str, str, str]] = Counter()
    for card in placed:
        species = card.species
        copies[species.id] += 1
        limit = species.copies_in(boxes)
        if copies[species.id] == limit + 1:
            problems.append(problem(card.place, "forest_shuffle.too_many_copies",
                                    card=species.id, limit=limit))
            continue
        if card.symbol is None:
            continue
        print_key = (species.id, card.side, card.symbol)
        prints[print_key] += 1
        print_limit = species.variants_in(card.side, boxes)[card.symbol]
        if prints[print_key] == print_limit + 1:
            problems.append(problem(card.place, "forest_shuffle.too_many_prints",
                                    card=species.id, side=card.side, symbol=card.symbol,
                                    limit=print_limit))
    return problems


def _within_limits(placed: list[Placed], boxes: tuple[Box, ...]) -> bool:
    """No species and no print beyond its copies (then copy_limits finds nothing)."""
    prints = [card.print for card in placed]
    copies = Counter(p.species for p in prints)
    if any(n > species.copies_in(boxes) for species, n in copies.items()):
        return False
    printed = Counter((p.species, p.side, p.symbol) for p in prints if p.symbol is not None)
    return all(n <= species.variants_in(side, boxes)[symbol]
               for (species, side, symbol), n in printed.items())
