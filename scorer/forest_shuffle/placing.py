"""What may go where on a Forest Shuffle table: the questions the app asks while cards are
entered, answered from the catalogue's card facts so that the app holds no rule of its own."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from scorer.entry import fold
from scorer.forest_shuffle.catalog import Cave, Species, load_catalog
from scorer.forest_shuffle.checks import may_share, opens_top
from scorer.loading import check
from scorer.places import ForestSpot

WHOLE = "whole"  # a tree or a shrub: the card is not split into halves


def choices(side: str, boxes: Sequence[str]) -> list[Species]:
    """Trees and shrubs (`side` "whole") or the dwellers that fit a slot, in the boxes in play,
    in catalogue order."""
    wanted = ("tree", "shrub") if side == WHOLE else ("dweller",)
    return [species for species in load_catalog().species
            if species.kind in wanted and (side == WHOLE or side in species.slots)
            and any(box in species.boxes for box in boxes)]


def caves(boxes: Sequence[str]) -> list[Cave]:
    """The caves a player may have with these boxes in play (the regular one comes first)."""
    return [cave for cave in load_catalog().caves if cave.box in boxes]


def printed_symbols(species_id: str, side: str, boxes: Sequence[str]) -> list[str]:
    """The tree symbols the copies in the boxes in play print on this side (or whole card)."""
    species = load_catalog().by_id(species_id)
    found: list[str] = []
    for box in boxes:
        for symbol in sorted(species.variants(side, box)):  # type: ignore[arg-type]
            if symbol not in found:
                found.append(symbol)
    return found


def joiners(cards: Sequence[str], slot: str, below: Sequence[str],
            boxes: Sequence[str]) -> list[Species]:
    """The species of the boxes in play that may still join a slot holding `cards` (`below`:
    the tree's bottom slot), in any order of entry: hares beside hares, a second toad, a Cuckoo
    beside a bird or a bird beside a Cuckoo, butterflies over a Stinging Nettle, the Nettle
    below entered before or after them."""
    if not cards:
        return []
    catalog = load_catalog()
    held = [catalog.by_id(card) for card in cards]
    found = []
    for species in choices(slot, boxes):
        together = [*held, species]
        if may_share(together) or (slot == "top" and _nettle_may_admit(together, below,
                                                                               boxes)):
            found.append(species)
    return found


def _nettle_may_admit(top: list[Species], below: Sequence[str], boxes: Sequence[str]) -> bool:
    """A card that opens its host's top slot (Stinging Nettle) is below, or may still come:
    the bottom slot is empty and the boxes in play have it."""
    catalog = load_catalog()
    openers = [catalog.by_id(card) for card in below] if below else choices("bottom", boxes)
    return any(opens_top(opener, top) for opener in openers)


def symbol_matters(data: dict[str, Any], spot: ForestSpot) -> bool:
    """Whether the tree symbol of the card at `spot` changes what a card on this table counts:
    without it, the table check would ask for it."""
    stripped = copy.deepcopy(data)
    entry = stripped["players"][spot.player]["forest"][spot.tree]
    if spot.slot is None:
        entry.pop("symbol", None)
    else:
        cards = entry[spot.slot]
        index = spot.index or 0
        card = cards[index] if isinstance(cards, list) else cards
        if isinstance(card, dict):
            card.pop("symbol", None)
    _, problems = check(stripped)
    return any(p.key == "forest_shuffle.symbol_missing" and p.spot == spot for p in problems)


def symbol_choice(data: dict[str, Any], player: int, tree: int, slot: str | None,
                  species: str) -> tuple[str, ...]:
    """The tree symbols to ask for when `species` is placed now: into `slot` of the player's
    tree `tree`, or as a tree or shrub (`slot` None): a new one (`tree` the forest's length)
    or in place of tree `tree`, keeping the cards around it.

    () when its symbol changes nothing on this table (the check would not ask for it: no card
    in that forest counts a symbol it may show). Otherwise the symbols of its prints still free
    on the table, in print order; a single one is the only print it can be, and is not asked."""
    trial, spot = _with_card(data, player, tree, slot, species)
    _, problems = check(trial)
    if not any(p.key == "forest_shuffle.symbol_missing" and p.spot == spot for p in problems):
        return ()
    side = WHOLE if slot is None else slot
    boxes = data.get("boxes") or load_catalog().boxes
    printed = load_catalog().by_id(species).variants_in(side, tuple(boxes))  # type: ignore[arg-type]
    used = _symbols_on_table(data, species, side)
    free = tuple(symbol for symbol in printed_symbols(species, side, boxes)
                 if printed[symbol] > used[symbol])
    return free or tuple(printed_symbols(species, side, boxes))  # a table already over its copies


def _with_card(data: dict[str, Any], player: int, tree: int, slot: str | None,
               species: str) -> tuple[dict[str, Any], ForestSpot]:
    """The table with `species` placed (without a symbol), and where it then lies."""
    trial = copy.deepcopy(data)
    forest = trial["players"][player].setdefault("forest", [])
    if slot is None:
        if tree < len(forest):
            forest[tree] = {**forest[tree], "tree": species}
            forest[tree].pop("symbol", None)
        else:
            forest.append({"tree": species})
        return trial, ForestSpot(player, tree)
    entry = forest[tree]
    cards = entry.get(slot)
    if cards is None:
        entry[slot] = species
        return trial, ForestSpot(player, tree, slot, 0)
    cards = cards if isinstance(cards, list) else [cards]
    entry[slot] = [*cards, species]
    return trial, ForestSpot(player, tree, slot, len(cards))


def _symbols_on_table(data: dict[str, Any], species: str, side: str) -> Counter[str]:
    """How many cards of `species` on `side` already show each tree symbol, at every forest."""
    found: Counter[str] = Counter()
    for player in data["players"]:
        for entry in player.get("forest", []):
            if side == WHOLE:
                cards = [{"card": entry["tree"], "symbol": entry.get("symbol")}]
            else:
                value = entry.get(side)
                cards = [] if value is None else value if isinstance(value, list) else [value]
            for card in cards:
                if isinstance(card, dict) and card.get("card") == species and card.get("symbol"):
                    found[card["symbol"]] += 1
    return found


def likely(side: str, boxes: Sequence[str], data: dict[str, Any], player: int) -> list[str]:
    """The species that fit `side`, the likeliest first: those already in this forest (most
    copies first: hares, toads and bats come in numbers), then the most copies the boxes in
    play still have for that side (printed minus those at the table), then catalogue order."""
    mine, table = Counter[str](), Counter[str]()
    for index, forest in enumerate(data["players"]):
        for species in _species_on(forest.get("forest", []), side):
            table[species] += 1
            if index == player:
                mine[species] += 1
    offered = choices(side, boxes)
    left = {s.id: sum(s.variants_in(side, tuple(boxes)).values()) - table[s.id]  # type: ignore[arg-type]
            for s in offered}
    order = {s.id: i for i, s in enumerate(offered)}
    return sorted(order, key=lambda s: (-mine[s], -left[s], order[s]))


def _species_on(forest: list[dict[str, Any]], side: str) -> list[str]:
    if side == WHOLE:
        return [entry["tree"] for entry in forest]
    found = []
    for entry in forest:
        value = entry.get(side)
        for card in [] if value is None else value if isinstance(value, list) else [value]:
            found.append(card if isinstance(card, str) else card["card"])
    return found


def matching(species: Sequence[str], query: str) -> list[str]:
    """Those of `species` with a name (English, German, Dutch or an alias) in which every word
    typed begins a word: "feld" finds the Feldhase, "gre sp" the Great Spotted Woodpecker,
    "wash" the Silver-Washed Fritillary (a hyphen parts words), "gams" the Gämse (accents and
    case are ignored)."""
    wanted = fold(query).split()
    if not wanted:
        return list(species)
    return [s for s in species if any(_begins_words(wanted, words) for words in search_words(s))]


def _begins_words(wanted: list[str], words: tuple[str, ...]) -> bool:
    return all(any(word.startswith(part) for word in words) for part in wanted)


@cache
def search_words(species_id: str) -> tuple[tuple[str, ...], ...]:
    """The species' names (English, German, Dutch, aliases), each as the words a search
    matches the start of: case, accents and apostrophes ignored, a hyphen parting words."""
    s = load_catalog().by_id(species_id)
    names = (s.names.en, s.names.de, s.names.nl, *s.aliases)
    return tuple(tuple(fold(name.replace("'", "")).split()) for name in names)


def as_entered(data: dict[str, Any]) -> dict[str, Any]:
    """The table as the app asks for it: a tree symbol (of a card or a shrub) only where it
    changes something on this table, and no card's box (the app tells prints apart by their
    symbols). Two files of one table are the same table entered if these are equal."""
    found = copy.deepcopy(data)
    for p, player in enumerate(found["players"]):
        for t, entry in enumerate(player.get("forest", [])):
            if entry.get("symbol") and not symbol_matters(data, ForestSpot(p, t)):
                del entry["symbol"]
            for slot in ("top", "bottom", "left", "right"):
                value = entry.get(slot)
                if value is None:
                    continue
                cards = value if isinstance(value, list) else [value]
                kept = [_as_entered(data, ForestSpot(p, t, slot, k), card)
                        for k, card in enumerate(cards)]
                entry[slot] = kept if isinstance(value, list) else kept[0]
    return found


def _as_entered(data: dict[str, Any], spot: ForestSpot, card: str | dict[str, Any]
                ) -> str | dict[str, Any]:
    if isinstance(card, str):
        return card
    if card.get("symbol") and symbol_matters(data, spot):
        return {"card": card["card"], "symbol": card["symbol"]}
    return str(card["card"])
