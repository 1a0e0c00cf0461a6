"""Entering Forest Shuffle forests on the headless session the way a thumb does: a tree from
the picker, then each dweller on the slot the picker opened by itself, or on the slot tapped in
the tree bar first; a printed symbol only where the app asks for it (the file says which)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from scorer.forest_shuffle.models import SLOTS
from tests.views.fake_client import FakeClient
from tests.views.helpers import name_field

CLOCKWISE = ("top", "right", "bottom", "left")
Tap = Callable[[str], Awaitable[None]]


def cards(value) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]


def species_of(card) -> str:
    return card if isinstance(card, str) else card["card"]


def symbol_of(card) -> str | None:
    return None if isinstance(card, str) else card.get("symbol")


async def start_forest_game(c: FakeClient, names: list[str], boxes: tuple[str, ...] = ()) -> int:
    await c.tap("game-forest-shuffle")
    for name in names:
        await c.type_into(name_field(c), name, submit=True)
    for box in boxes:
        await c.tap(f"box-{box}")
    await c.tap("start")
    assert c.page.route.startswith("/forest-shuffle/")
    return int(c.page.route.split("/")[2])


async def answer_symbol(c: FakeClient, tap: Tap, symbol: str | None) -> None:
    """The symbol the app asks for, if it asks."""
    if c.shown("symbol-question"):
        assert symbol is not None, "the app asks a symbol the file does not give"
        await tap(f"symbol-{symbol}")


async def enter_tree(c: FakeClient, tap: Tap, entry: dict) -> None:
    """The tree from the picker, then its dwellers in the order the picker opens the slots."""
    await tap(f"quick-{entry['tree']}")
    await answer_symbol(c, tap, entry.get("symbol"))
    due = {slot: list(cards(entry.get(slot))) for slot in SLOTS}
    while any(due.values()):
        target = next((s for s in CLOCKWISE if due[s] and c.shown(f"bar-{s}")
                       and c.get(f"bar-{s}").selected), None)
        if target is None:
            target = next(s for s in CLOCKWISE if due[s])
            await tap(f"bar-{target}")
        card = due[target].pop(0)
        await tap(f"pick-{species_of(card)}")
        await answer_symbol(c, tap, symbol_of(card))


async def enter_forest(c: FakeClient, tap: Tap, player: int, forest: list, cave: int) -> None:
    """Player `player`'s forest and cave, from their (empty) forest on screen."""
    if not c.get(f"player-{player}").selected:
        if c.shown("picker-close"):
            await tap("picker-close")
        await tap(f"player-{player}")
    for entry in forest:
        await enter_tree(c, tap, entry)
    if cave:
        await tap("cave")
        await tap(f"cave-{cave}")
