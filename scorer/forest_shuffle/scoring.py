"""Forest Shuffle scoring: every visible card by its catalogue rule, plus the cave.

Rules are data (catalog.py); this module has one small function per rule kind. Cross-forest
rules (majorities) look at every other forest; sets are scored once, on their first card.

Explanation parameters name things by id (species, symbols, slots, caves) so that the message
catalogues can show them in the reader's language; `cards` lists the counted cards. A count with
no cards uses the message `<key>_none`, a species count that includes Violet Carpenter Bees
`<key>_bees`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from scorer.forest_shuffle import catalog as cat
from scorer.forest_shuffle.catalog import Slot
from scorer.forest_shuffle.models import SLOTS, Card, Forest, ForestShuffleGame, Host
from scorer.places import Cave, ForestSpot
from scorer.sheet import Explanation, ScoreLine, ScoreSheet, build_sheet, player_score

CATEGORIES = ("trees", "top", "bottom", "sides", "cave")
SLOT_CATEGORY = {"top": "top", "bottom": "bottom", "left": "sides", "right": "sides"}
OPPOSITE: dict[Slot, Slot] = {"left": "right", "right": "left", "top": "bottom", "bottom": "top"}
_TREE_ONLY = frozenset({"tree"})  # a sapling shows the tree type symbol and nothing else

Result = tuple[int, str, dict[str, Any]]
# Rules that see the forests but not the card's place: cards of one species (and tree symbol)
# score alike in a forest, so their points and explanation are worked out once per forest.
_PLACE_FREE = frozenset({"fixed", "per_symbol", "per_species", "per_distinct_species",
                         "per_tree_symbol", "threshold", "table", "majority"})
_Explained = dict[tuple[str, str | None], tuple[int, Explanation]]


def score(game: ForestShuffleGame) -> ScoreSheet:
    players = [player_score(name, _lines(game, index), CATEGORIES)
               for index, name in enumerate(game.names)]
    return build_sheet("forest-shuffle", players)


@dataclass(slots=True)
class _Seen:
    """One card as its rule sees it: where it lies and what else is on the table."""

    forest: Forest
    others: tuple[Forest, ...]
    host: Host
    number: int  # the host's place in the forest, from 1
    slot: Slot | None  # None: the host card itself
    index: int
    card: Card
    # set id -> where it was scored: (where, host number, slot)
    sets: dict[str, tuple[ForestSpot, int, str | None]]


def _lines(game: ForestShuffleGame, index: int) -> list[ScoreLine]:
    forest = game.forests[index]
    others = game.forests[:index] + game.forests[index + 1:]
    sets: dict[str, tuple[ForestSpot, int, str | None]] = {}
    explained: _Explained = {}
    lines = []
    for number, host in enumerate(forest.hosts, start=1):
        seen = _Seen(forest, others, host, number, None, 0, host.card, sets) if host.card else None
        lines.append(_host_line(host, ForestSpot(index, number - 1), seen, explained))
        for slot in SLOTS:
            cards = host.slot(slot)
            for k, card in enumerate(cards):
                where = ForestSpot(index, number - 1, slot, k, shared=len(cards) > 1)
                found = explained.get((card.species, card.tree_symbol))
                if found is None:  # only then the card's surroundings are needed
                    seen = _Seen(forest, others, host, number, slot, k, card, sets)
                    found = _scored(seen, where, explained)
                lines.append(ScoreLine(item=card.species, place=where,
                                       category=SLOT_CATEGORY[slot], points=found[0],
                                       explain=found[1]))
    lines.append(_cave_line(forest, Cave(index)))
    return lines


def _host_line(host: Host, spot: ForestSpot, seen: _Seen | None,
               explained: _Explained) -> ScoreLine:
    if seen is None:
        explain = (Explanation(key="forest_shuffle.sapling_flipped",
                               params={"tree": host.flipped, "by": _flipped_by(host)})
                   if host.flipped else Explanation(key="forest_shuffle.sapling"))
        return ScoreLine(item="sapling", place=spot, category="trees", points=0,
                         explain=explain)
    return _line(seen, spot, "trees", explained)


def _flipped_by(host: Host) -> str:
    """The card on top that turned the tree into a sapling (Mistletoe)."""
    catalog = cat.load_catalog()
    return next((c.species for c in host.top
                 if "host_becomes_sapling" in catalog.by_id(c.species).effects), "mistletoe")


def _line(seen: _Seen, where: ForestSpot, category: str, explained: _Explained) -> ScoreLine:
    found = explained.get((seen.card.species, seen.card.tree_symbol))
    if found is None:
        found = _scored(seen, where, explained)
    return ScoreLine(item=seen.card.species, place=where, category=category, points=found[0],
                     explain=found[1])


def _scored(seen: _Seen, where: ForestSpot, explained: _Explained) -> tuple[int, Explanation]:
    """The card's points and explanation; kept in `explained` for the species' other cards
    when its rule does not look at the card's place."""
    rule = rule_of(seen.card)
    points, key, params = RULES[rule.kind](rule, seen, where)
    found = points, _explanation(key, params)
    if rule.kind in _PLACE_FREE:
        explained[(seen.card.species, seen.card.tree_symbol)] = found
    return found


def _explanation(key: str, params: dict[str, Any]) -> Explanation:
    """The message for a rule's result: `_none` when the counted cards are none."""
    if params.get("cards") == [] or params.get("tree_species") == []:
        key += "_none"
    return Explanation(key=f"forest_shuffle.{key}", params=params)


def _cave_line(forest: Forest, where: Cave) -> ScoreLine:
    cave = cat.load_catalog().cave(forest.cave_type)
    params: dict[str, Any] = {"cave": cave.id, "count": forest.cave,
                              "each": cave.points_per_card}
    if forest.cave == 0 and cave.points_if_empty is not None:
        points, key = cave.points_if_empty, "cave_empty"
    elif cave.points_per_symbol:
        symbols = list(cave.points_per_symbol)
        per_symbol = cave.points_per_symbol[symbols[0]]  # one rate: the catalogue checks it
        cards = cards_with(forest, symbols)
        points = forest.cave * cave.points_per_card + per_symbol * len(cards)
        key = "cave_symbols"
        params |= {"symbols": symbols, "per_symbol": per_symbol, "symbol_count": len(cards),
                   "cards": cards}
    else:
        points, key = forest.cave * cave.points_per_card, "cave"
    return ScoreLine(item=cave.id, place=where, category="cave", points=points,
                     explain=_explanation(key, {**params, "points": points}))


# --- What a forest holds ------------------------------------------------------------------

def rule_of(card: Card) -> cat.Rule:
    return _rules()[card.species]


@cache
def _rules() -> dict[str, cat.Rule]:
    """Species id -> its rule: every card on the table asks, some many times."""
    return {s.id: s.rule for s in cat.load_catalog().species}


def _is_bee(card: Card) -> bool:
    rule = rule_of(card)
    return isinstance(rule, cat.Special) and rule.name == "violet_carpenter_bee"


def visible(forest: Forest) -> tuple[Card, ...]:
    return forest.visible


def symbol_count(forest: Forest, symbol: str) -> int:
    saplings = forest.saplings if symbol in _TREE_ONLY else 0
    return saplings + forest.symbol_counts[symbol]


def cards_with(forest: Forest, symbols: list[str] | tuple[str, ...]) -> list[str]:
    """The species ids symbol_count counts, once per symbol: sorted, saplings last."""
    key = ("cards_with", tuple(symbols))
    if key not in forest.counts:
        found = sorted(c.species for s in symbols for c in visible(forest) if s in c.symbols)
        forest.counts[key] = found + ["sapling"] * forest.saplings * sum(
            s in _TREE_ONLY for s in symbols)
    return list(forest.counts[key])


def species_count(forest: Forest, species: tuple[str, ...]) -> int:
    key = ("species", species)
    if key not in forest.counts:
        forest.counts[key] = sum(c.species in species or c.counts_as in species
                                 for c in visible(forest))
    found: int = forest.counts[key]
    return found


def bees(forest: Forest, at: str, species: tuple[str, ...] = ()) -> int:
    """Violet Carpenter Bees at trees (saplings too) or at trees of the given species."""
    return sum(n for host_species, n in _bees_at_trees(forest)
               if at == "at_any_tree" or host_species in species)


def _bees_at_trees(forest: Forest) -> list[tuple[str | None, int]]:
    """(tree species, its bees) of every tree with bees: counted once per forest."""
    if "bees" not in forest.counts:
        found = ((host.species, sum(_is_bee(card) for card in host.attached()))
                 for host in forest.hosts if host.is_tree)
        forest.counts["bees"] = [(species, n) for species, n in found if n]
    at_trees: list[tuple[str | None, int]] = forest.counts["bees"]
    return at_trees


def count(forest: Forest, what: cat.Count) -> tuple[int, int]:
    """(the count incl. bees, the bees in it)."""
    if what not in forest.counts:
        forest.counts[what] = _count(forest, what)
    found: tuple[int, int] = forest.counts[what]
    return found


def _count(forest: Forest, what: cat.Count) -> tuple[int, int]:
    extra = 0 if what.plus_bees == "none" else bees(forest, what.plus_bees, what.species)
    if what.of == "species":
        base = species_count(forest, what.species)
    elif what.of == "symbol":
        base = symbol_count(forest, what.symbol or "")
    elif what.of == "distinct_species":
        base = len(distinct_species(forest, what.symbol or ""))
    else:
        base = len(distinct_tree_species(forest))
    return base + extra, extra


def distinct_species(forest: Forest, symbol: str) -> list[str]:
    return sorted({c.counts_as for c in visible(forest) if symbol in c.symbols})


def distinct_tree_species(forest: Forest) -> list[str]:
    """Species of real trees, told by their tree symbol (Turkey Oak shows the Oak's)."""
    return sorted({h.card.tree_symbol for h in forest.hosts
                   if h.kind == "tree" and h.card and h.card.tree_symbol})


def _count_params(forest: Forest, what: cat.Count, bee_count: int) -> dict[str, Any]:
    """What was counted: the species asked for, or the cards found (bees among them)."""
    if what.of == "species":
        return {"species": list(what.species)}
    if what.of == "symbol":
        bees_found = ["violet_carpenter_bee"] * bee_count
        return {"symbol": what.symbol, "cards": cards_with(forest, [what.symbol or ""])
                + bees_found}
    if what.of == "distinct_species":
        return {"symbol": what.symbol, "cards": distinct_species(forest, what.symbol or "")}
    return {"tree_species": distinct_tree_species(forest)}


def _counted(key: str, what: cat.Count, bee_count: int) -> str:
    """`threshold_species_bees` when bees add to a species count; symbol counts list them."""
    return f"{key}_{what.of}" + ("_bees" if bee_count and what.of == "species" else "")


# --- One function per rule kind -----------------------------------------------------------

def _fixed(rule: cat.Fixed, seen: _Seen, where: ForestSpot) -> Result:
    return rule.points, "fixed", {"points": rule.points}


def _per_symbol(rule: cat.PerSymbol, seen: _Seen, where: ForestSpot) -> Result:
    total = sum(symbol_count(seen.forest, s) for s in rule.symbols)
    return rule.points * total, "per_symbol", {
        "each": rule.points, "symbols": list(rule.symbols), "count": total,
        "cards": cards_with(seen.forest, rule.symbols), "points": rule.points * total}


def _per_species(rule: cat.PerSpecies, seen: _Seen, where: ForestSpot) -> Result:
    n = species_count(seen.forest, rule.species)
    return rule.points * n, "per_species", {
        "each": rule.points, "species": list(rule.species), "count": n, "points": rule.points * n}


def _per_distinct_species(rule: cat.PerDistinctSpecies, seen: _Seen, where: ForestSpot) -> Result:
    found = distinct_species(seen.forest, rule.symbol)
    points = rule.points * len(found)
    return points, "per_distinct_species", {
        "each": rule.points, "symbol": rule.symbol, "cards": found, "count": len(found),
        "points": points}


def _per_tree_symbol(rule: cat.PerTreeSymbol, seen: _Seen, where: ForestSpot) -> Result:
    wanted = (seen.card.tree_symbol,) if rule.same_as_own else rule.tree_symbols
    cards = sorted(c.species for side, c in _sided(seen.forest) if _shows(c, side, wanted))
    saplings = seen.forest.saplings if rule.points_per_sapling else 0
    points = rule.points * len(cards) + rule.points_per_sapling * saplings
    key = "per_tree_symbol_saplings" if rule.points_per_sapling else "per_tree_symbol"
    return points, key, {
        "each": rule.points, "tree_symbols": list(wanted), "count": len(cards), "cards": cards,
        "saplings": saplings, "per_sapling": rule.points_per_sapling, "points": points}


def _sided(forest: Forest) -> list[tuple[str, Card]]:
    """Every visible card with the side it shows ("whole" for trees and shrubs)."""
    if "sided" not in forest.counts:
        forest.counts["sided"] = [
            (side, c) for h in forest.hosts
            for side, cards in (("whole", (h.card,) if h.card else ()),
                                *((s, h.slot(s)) for s in SLOTS))
            for c in cards]
    found: list[tuple[str, Card]] = forest.counts["sided"]
    return found


def _shows(card: Card, side: str, wanted: tuple[str | None, ...]) -> bool:
    """Its tree symbol is wanted; one left out (not needed) counts when every print has one."""
    if card.tree_symbol is not None:
        return card.tree_symbol in wanted
    printed = cat.load_catalog().by_id(card.species).variants(side, card.box)  # type: ignore[arg-type]
    return bool(printed) and set(printed) <= set(wanted)


def _position_cards(position: str, seen: _Seen) -> list[str] | None:
    """The counted cards (trees: their species, or 'sapling'); None for the cave's hidden ones."""
    hosts = seen.forest.hosts
    if position == "cards_in_own_slots":
        return sorted(c.species for c in seen.host.attached())
    if position == "cards_in_tree_bottom_slots":
        return sorted(c.species for h in hosts if h.is_tree for c in h.bottom)
    if position == "fully_occupied_trees":
        return sorted(h.card.species if h.card else "sapling" for h in hosts
                      if h.is_tree and all(h.slot(s) for s in SLOTS))
    return None  # cards_in_cave


def _per_position(rule: cat.PerPosition, seen: _Seen, where: ForestSpot) -> Result:
    cards = _position_cards(rule.position, seen)
    n = seen.forest.cave if cards is None else len(cards)
    listed = {} if cards is None else {"cards": cards}
    return rule.points * n, rule.position, {"each": rule.points, "count": n, **listed,
                                            "points": rule.points * n}


def _threshold(rule: cat.Threshold, seen: _Seen, where: ForestSpot) -> Result:
    n, bee_count = count(seen.forest, rule.count)
    points = rule.points if n >= rule.at_least else rule.otherwise
    return points, _counted("threshold", rule.count, bee_count), {
        **_count_params(seen.forest, rule.count, bee_count), "count": n, "bees": bee_count,
        "at_least": rule.at_least, "points": points}


def _table(rule: cat.Table, seen: _Seen, where: ForestSpot) -> Result:
    n, bee_count = count(seen.forest, rule.count)
    points = next((s.points for s in reversed(rule.steps) if n >= s.at_least), 0)
    return points, _counted("table", rule.count, bee_count), {
        **_count_params(seen.forest, rule.count, bee_count), "count": n, "bees": bee_count,
        "points": points}


def _set_member(set_id: str, seen: _Seen, where: ForestSpot) -> Result | None:
    """Later cards of a set already scored: 0 here, the set's points are on its first card."""
    first, number, slot = seen.sets.setdefault(set_id, (where, seen.number, seen.slot))
    if first == where:
        return None
    if slot is None:
        return 0, "set_member_tree", {"set": set_id, "tree": number}
    return 0, "set_member", {"set": set_id, "tree": number, "slot": slot}


def _set_table(rule: cat.SetTable, seen: _Seen, where: ForestSpot) -> Result:
    member = _set_member(rule.set_id, seen, where)
    if member:
        return member
    n, bee_count = count(seen.forest, rule.count)
    points = rule.table[min(n, len(rule.table)) - 1] if n else 0
    key = "set_table_bees" if bee_count else "set_table"
    return points, key, {"set": rule.set_id, **_count_params(seen.forest, rule.count, bee_count),
                         "count": n, "bees": bee_count, "points": points}


def layered_sets(species: list[str]) -> list[int]:
    """Best partition into sets of different species: set k = the species owned k+ times."""
    copies = Counter(species)
    deepest = max(copies.values(), default=0)
    return [sum(n >= k for n in copies.values()) for k in range(1, deepest + 1)]


def _species_sets(rule: cat.SpeciesSets, seen: _Seen, where: ForestSpot) -> Result:
    member = _set_member(rule.set_id, seen, where)
    if member:
        return member
    found = sorted(c.counts_as for c in visible(seen.forest) if rule.symbol in c.symbols)
    sizes = layered_sets(found)
    values = [rule.table[min(size, len(rule.table)) - 1] for size in sizes]
    key = "species_set" if len(sizes) == 1 else "species_sets"  # one set: no sum to show
    return sum(values), key, {"set": rule.set_id, "symbol": rule.symbol,
                                         "cards": found, "sizes": sizes, "values": values,
                                         "points": sum(values)}


def _majority(rule: cat.Majority, seen: _Seen, where: ForestSpot) -> Result:
    n, bee_count = count(seen.forest, rule.count)
    best_other = max((count(f, rule.count)[0] for f in seen.others), default=None)
    has_most = best_other is None or n >= best_other  # ties qualify
    points = rule.points if has_most else rule.otherwise
    return points, _counted("majority", rule.count, bee_count), {
        **_count_params(seen.forest, rule.count, bee_count), "count": n, "bees": bee_count,
        "best_other": best_other if best_other is not None else "-", "has_most": has_most,
        "points": points}


def _condition_met(rule: cat.SlotCondition, seen: _Seen) -> bool:
    host, target = seen.host, rule.target
    if rule.only_on == "tree" and not host.is_tree:
        return False
    if rule.condition == "host_species":  # told by the tree symbol: a Turkey Oak is an Oak
        return host.kind == "tree" and host.card is not None and host.card.tree_symbol == target
    if rule.condition == "host_kind":
        return host.kind == target
    if rule.condition == "shares_slot_with":
        slot = host.slot(seen.slot or "top")
        return any(c.counts_as == target for i, c in enumerate(slot) if i != seen.index)
    if rule.condition == "opposite_slot_has_symbol":
        opposite = host.slot(OPPOSITE[seen.slot or "top"])
        return any(target in c.symbols for c in opposite)
    return len(host.attached()) == 1  # alone_on_host


def _slot_condition(rule: cat.SlotCondition, seen: _Seen, where: ForestSpot) -> Result:
    met = _condition_met(rule, seen)
    points = rule.points if met else rule.otherwise
    key = rule.condition if met else f"{rule.condition}_not"
    return points, key, {"target": rule.target or "", "met": met, "points": points}


def _special(rule: cat.Special, seen: _Seen, where: ForestSpot) -> Result:
    """The bee: what it counts for where it sits (`bee` at a tree, else `bee_kind`)."""
    host = seen.host
    affects = [s for s in rule.affects if _bee_counts_for(s, host)]
    key, at = ("bee", host.card.species) if host.kind == "tree" and host.card else (
        "bee_kind", host.kind)
    return rule.points, key + ("" if affects else "_none"), {
        "host": at, "affects": affects, "points": rule.points}


def _bee_counts_for(species_id: str, host: Host) -> bool:
    """As `bees` counts: at any tree (saplings too), or at a tree of the counted species."""
    what = getattr(cat.load_catalog().by_id(species_id).rule, "count", None)
    if what is None or what.plus_bees == "none":
        return False
    return host.is_tree and (what.plus_bees == "at_any_tree" or host.species in what.species)


RULES: dict[str, Callable[[Any, _Seen, ForestSpot], Result]] = {
    "fixed": _fixed,
    "per_symbol": _per_symbol,
    "per_species": _per_species,
    "per_distinct_species": _per_distinct_species,
    "per_tree_symbol": _per_tree_symbol,
    "per_position": _per_position,
    "threshold": _threshold,
    "table": _table,
    "set_table": _set_table,
    "species_sets": _species_sets,
    "majority": _majority,
    "slot_condition": _slot_condition,
    "special": _special,
}
