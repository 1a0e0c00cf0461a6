"""The person of benchmarks/entry.py: enters one forest of a game file on its own phone, tree by
tree, the way the Forest Shuffle entry screen lets a thumb, looking only at the screen: its
controls by their identifiers (`quick-*`, `bar-*`, `pick-*`, `search`, `symbol-*`, `pass-*`,
`cave-*`), their words, where they are and which one is marked current. The file is what the
person holds in hand; the app's state is never read.

Per tree: the host's tile (`quick-ID`, from the host grid or the next-tree strip; `add-tree`
first when the picker is closed), then its dwellers in the order `TreeCards.next_slot` gives
(the app's target slot when a card is due there, else a tap on the tree bar). A species' tile is
tapped where the grid shows it, after at most two scrolls when it lies beyond; otherwise it is
searched for: a tap on the search field and its English name letter by letter until the tile
shows. A symbol question is answered with the file's printed symbol, and so is every card a
symbol pass asks for (a card the file gives no symbol is put off with `pass-later`, and noted).
Then the cave, from its pad (its type first, with Exploration). After every tap the person
waits for the app's answer on screen.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from benchmarks.entry_phone import Phone
from benchmarks.entry_plan import (
    SLOT_ORDER,
    TREE,
    TreeCards,
    cards_in,
    fills,
    searchable,
    symbol_at,
    typed_words,
)
from benchmarks.klm import Counts
from scorer import i18n
from scorer.forest_shuffle.checks import DEFAULT_CAVE

PARTS = ("trees", "dwellers", "cave", "sheet")  # what a phone's gestures are counted under
# Scroll gestures a person spends looking for a control before giving up (a species: then
# searching for it; anything else: the screen failed).
SPECIES_SCROLLS, HOST_SCROLLS, CHIP_SCROLLS, FOREST_SCROLLS = 2, 8, 4, 12
CAVE_ON_PAD = 29  # the pad's highest button before `cave-more`
ANSWERS = 250  # symbol answers one tap may lead to: a pass asks at most every card of a forest
ASKED = re.compile(r"^pass-(\d+)-(\d+)-(tree|(top|bottom|left|right)-(\d+))$")
Spot = tuple[int, int, str, int | None]  # (player, tree, "tree" or a slot, index in the slot)


def name_of(species: str) -> str:
    return i18n.text(f"species.{species}", {}, "en")


def spot_text(spot: Spot, file: Mapping[str, Any]) -> str:
    """"Cas, tree 8 right card 1 (roe_deer)": a card of the file, for messages."""
    player, tree, part, index = spot
    entry = file["players"][player]["forest"][tree]
    where = f"{file['players'][player]['name']}, tree {tree + 1}"
    if part == TREE:
        return f"{where} ({entry['tree']})"
    species, _ = cards_in(entry.get(part))[index or 0]
    return f"{where} {part} card {(index or 0) + 1} ({species})"


class Person:
    def __init__(self, phone: Phone, file: Mapping[str, Any], seat: int):
        self.phone, self.file, self.seat = phone, file, seat
        self.counts = {part: Counts() for part in PARTS}
        self.notes: list[str] = []  # what the person had to work around, for the report

    @property
    def name(self) -> str:
        return str(self.file["players"][self.seat]["name"])

    @property
    def total(self) -> Counts:
        return sum(self.counts.values(), Counts())

    def doing(self, part: str) -> None:
        self.phone.counts = self.counts[part]

    async def enter_forest(self) -> None:
        player = self.file["players"][self.seat]
        for t, entry in enumerate(player.get("forest", [])):
            self.doing("trees")
            await self.add_tree(t, entry)
            self.doing("dwellers")
            await self.enter_dwellers(t, entry)
        if player.get("cave", 0) or player.get("cave_type", DEFAULT_CAVE) != DEFAULT_CAVE:
            self.doing("cave")
            await self.enter_cave(player.get("cave", 0), player.get("cave_type"))

    async def open_sheet(self) -> None:
        self.doing("sheet")
        await self.phone.tap("open-sheet")
        await self.phone.shows({"present": ["result-0"]}, what="the score sheet after open-sheet")

    # trees ----------------------------------------------------------------------------------
    async def add_tree(self, t: int, entry: Mapping[str, Any]) -> None:
        tile = f"quick-{entry['tree']}"
        if not await self.phone.has(tile):  # the picker is closed: the forest view shows
            await self.phone.tap("add-tree")
            await self.phone.shows({"present": ["hosts"]}, what="the host grid after add-tree")
        await self.phone.tap(tile, HOST_SCROLLS)
        said = f"Tree {t + 1}: {name_of(entry['tree'])}"
        first = f"bar-{SLOT_ORDER[0]}"
        await self.settle((self.seat, t, TREE, None),
                          [{"says": {"bar-tree": said}, "current": ["bar-", first, True]}],
                          f"bar-tree saying {said!r} and {first} current after {tile}")

    # dwellers -------------------------------------------------------------------------------
    async def enter_dwellers(self, t: int, entry: Mapping[str, Any]) -> None:
        plan = TreeCards.of(entry)
        placed: dict[str, list[str]] = {slot: [] for slot in SLOT_ORDER}
        while plan.remaining(placed):
            target = await self.target(t, plan, placed)
            slot = plan.next_slot(placed, target)
            if slot is None:
                raise await self.phone.failure(
                    f"no card of tree {t + 1} still to enter ({plan.remaining(placed)}) can go "
                    f"in now: placed {placed}")
            if slot != target:
                await self.phone.tap(f"bar-{slot}")
                await self.phone.until("s => __person.current('bar-') === s", f"bar-{slot}",
                                       f"bar-{slot} current after its tap")
            index = len(placed[slot])
            species = plan.card(slot, index)
            full = fills(placed, slot)
            placed[slot].append(species)
            await self.pick(species)
            said = f"{slot}: " + ", ".join(name_of(card) for card in placed[slot])
            # the card listed in its cell and the target moved on; or, the tree full, the host
            # grid for a new tree
            done: list[dict[str, Any]] = [
                {"says": {f"bar-{slot}": said}, "current": ["bar-", f"bar-{slot}", False]}]
            if full:
                done.append({"present": ["hosts"], "absent": ["bar-tree"]})
            await self.settle((self.seat, t, slot, index), done,
                              f"bar-{slot} saying {said!r} after pick-{species}, the target "
                              "moved on")

    async def target(self, t: int, plan: TreeCards, placed: dict[str, list[str]]) -> str | None:
        """The slot the tree bar marks current (None: none is); with the bar gone (the app moved
        on to a new tree while cards of this one are still to come), the slot reopened from
        the forest view."""
        if await self.phone.has("bar-tree"):
            if not await self.phone.page.evaluate("w => __person.says('bar-tree', w)",
                                                  f"Tree {t + 1}:"):
                raise await self.phone.failure(f"the tree bar does not show tree {t + 1}")
            current = await self.phone.current("bar-")
            return current[4:] if current and current != "bar-tree" else None
        slot = plan.next_slot(placed, None)
        if slot is None:
            raise await self.phone.failure(f"tree {t + 1}: no tree bar, and no card can go in")
        self.notes.append(f"{self.name}, tree {t + 1}: the app moved on to a new tree with "
                          f"{plan.remaining(placed)} of its cards to come; its {slot} slot "
                          "reopened from the forest view")
        await self.phone.tap("picker-close")
        await self.phone.shows({"present": ["add-tree"]}, what="the forest view after "
                               "picker-close")
        opener = f"another-{self.seat}-{t}-{slot}" if placed[slot] \
            else f"slot-{self.seat}-{t}-{slot}"
        await self.phone.tap(opener, FOREST_SCROLLS)
        await self.phone.until("s => __person.current('bar-') === s", f"bar-{slot}",
                               f"bar-{slot} current after {opener}")
        return slot

    async def pick(self, species: str) -> None:
        """The species' tile where the grid shows it (scrolled to, at most twice), else found
        by a search."""
        tile = f"pick-{species}"
        if await self.phone.reach(tile, SPECIES_SCROLLS):
            await self.phone.tap(tile)
        else:
            await self.search(species)

    async def search(self, species: str) -> None:
        """A tap on the search field, then the species' English name letter by letter, each
        once the screen has applied the last, until its tile shows; then a tap on it."""
        phone, tile = self.phone, f"pick-{species}"
        phone.counts.searches += 1
        await phone.focus("search")
        await self.clear_field()
        name, typed = name_of(species), ""
        for letter in name:
            typed += letter
            await phone.type_letter(letter, typed)
            await phone.until("a => __person.filtered(a)", [typed_words(typed), searchable()],
                              f"the species grid searched for {typed!r}")
            await phone.painted()
            if (await phone.look(tile))["visible"]:
                await phone.tap(tile)
                return
        raise await phone.failure(f"{tile} not shown after typing {name!r} into the search")

    async def clear_field(self) -> None:
        """What an earlier search left in the field, deleted key by key (counted)."""
        left = await self.phone.field_text()
        for count in range(len(left), 0, -1):
            await self.phone.page.keyboard.press("Backspace")
            self.phone.counts.characters += 1
            await self.phone.until("t => document.activeElement?.value === t",
                                   left[:count - 1], "the search field emptied")

    # symbols ---------------------------------------------------------------------------------
    async def settle(self, spot: Spot, done: list[dict[str, Any]], what: str) -> None:
        """Wait for the app's answer to a tap on a card: a symbol question or pass (each
        answered), until `done` shows."""
        for _ in range(ANSWERS):
            outcome = await self.phone.outcome(done, what)
            if outcome == "done":
                return
            if outcome == "question":
                await self.answer_question(spot)
            else:
                await self.answer_pass()
        raise await self.phone.failure(f"{what}: the symbol questions never ended")

    async def answer_question(self, spot: Spot) -> None:
        symbol = symbol_at(self.file, *spot)
        if symbol is None:
            raise await self.phone.failure(
                f"the app asks the printed symbol of {spot_text(spot, self.file)}, which the "
                "file does not give")
        chip = f"symbol-{symbol}"
        if not await self.phone.has(chip):
            raise await self.phone.failure(f"the symbol question offers no {chip} for "
                                           f"{spot_text(spot, self.file)}")
        await self.phone.tap(chip, CHIP_SCROLLS)
        await self.phone.shows({"absent": ["symbol-question"]},
                               what=f"the symbol question closing after {chip}")

    async def answer_pass(self) -> None:
        """The card the pass asks for, answered from the file (or put off, and noted)."""
        asked = await self.phone.until(
            "() => __person.ids('pass-').find(id => /^pass-\\d+-\\d+-/.test(id))", None,
            "the card the symbol pass asks for")
        found = ASKED.match(asked)
        if found is None:
            raise await self.phone.failure(f"the symbol pass names {asked}, not a card")
        spot: Spot = (int(found[1]), int(found[2]), found[4] or TREE,
                      None if found[5] is None else int(found[5]))
        symbol = symbol_at(self.file, *spot)
        if symbol is None:
            self.notes.append(f"the symbol pass asked for {spot_text(spot, self.file)}, which "
                              "the file gives no symbol: put off with pass-later")
            await self.phone.tap("pass-later")
            await self.phone.shows({"absent": ["symbol-pass"]}, what="the pass put away")
            return
        await self.phone.tap(f"symbol-{symbol}", CHIP_SCROLLS)
        await self.phone.shows({"absent": [asked]}, {"absent": ["symbol-pass"]},
                               what=f"the symbol pass moving on from {asked}")

    # the cave --------------------------------------------------------------------------------
    async def enter_cave(self, cards: int, cave_type: str | None) -> None:
        """The pad from the app bar; the cave's type first if it is not the regular one (with
        Exploration); then its count, which closes the pad."""
        phone, button = self.phone, f"cave-{cards}"
        await phone.tap("cave")
        await phone.shows({"present": ["cave-pad"]}, what="the cave pad after cave")
        if cave_type not in (None, DEFAULT_CAVE):
            chip = f"cave-type-{cave_type}"
            await phone.tap(chip, CHIP_SCROLLS)
            await phone.until("id => __person.marked(id) === 'true'", chip,
                              f"{chip} chosen after its tap")
        for _ in range(cards // (CAVE_ON_PAD + 1) + 1):
            if await phone.has(button):
                break
            shown = await phone.ids("cave-")
            await phone.tap("cave-more")
            await phone.until("([button, shown]) => __person.has(button) || "
                              "JSON.stringify(__person.ids('cave-')) !== JSON.stringify(shown)",
                              [button, shown], "the cave pad stepping on after cave-more")
        await phone.tap(button, CHIP_SCROLLS)
        said = f"Cave: {cards} card"  # "card" or "cards"
        await phone.shows({"says": {"cave": said}, "absent": ["cave-pad"]},
                          what=f"cave saying {said!r} after {button}")

