"""Shared steps of the view tests: start a game, enter a card the way a user taps it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path

import flet as ft

from tests.views.fake_client import FakeClient
from views.widgets.fit import PROBE, PROBE_SIZE, _width

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def learn(store, cards: list[str]) -> None:
    """A deck learned in earlier games: every card is in the deck memory."""
    for card in cards:
        store.count_card("symbiose", card, 1)


def table_cards(file: dict) -> list[str]:
    """A Symbiose file's cards in entry order: each pond row by row, then the river."""
    cards = [card for player in file["players"] for row in player["pond"] for card in row]
    return cards + list(file.get("river") or [])


def name_field(c: FakeClient) -> ft.TextField:
    return c.all(ft.TextField)[0]


async def start_game(c: FakeClient, names: list[str], mode: str | None = None) -> int:
    await c.tap("game-symbiose")
    for name in names:
        await c.type_into(name_field(c), name, submit=True)
    if mode:
        await c.tap(f"mode-{mode}")
    await c.tap("start")
    return int(c.page.route.split("/")[2])


async def compose(c: FakeClient, card: str) -> int:
    """Enter a card with the composer; returns the taps used."""
    animal, season, rule = card.split("/")
    points, _, target = rule.partition("x")
    for identifier in (f"animal-{animal}", f"season-{season}", f"target-{target or 'fixed'}",
                       f"points-{points}"):
        await c.tap(identifier)
    return 4


async def enter(c: FakeClient, card: str) -> int:
    """A known card in one tap, else the composer."""
    if c.find(f"known-{card}") is not None:
        await c.tap(f"known-{card}")
        return 1
    return await compose(c, card)


def totals(c: FakeClient) -> list[int]:
    values = []
    index = 0
    while (chip := c.find(f"total-{index}")) is not None:
        values.append(int(chip.label.rsplit(": ", 1)[1].split()[0]))
        index += 1
    return values


async def until(condition: Callable[[], object], seconds: float = 60.0) -> None:
    """Wait for the app's signal `condition()` (work done in another thread: its answer comes
    when it comes), giving the event loop its turns meanwhile."""
    for _ in range(int(seconds * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the app never gave the signal")


async def large_text(c: FakeClient, scale: float) -> None:
    """The phone reports its text probe drawn `scale` times as wide: its text size setting
    (views/widgets/text_probe.py)."""
    [probe] = [t for t in c.all(ft.Text) if t.value == PROBE]
    await c.session.dispatch_event(probe._i, "size_change",
                                   {"w": scale * (_width(PROBE, PROBE_SIZE) - 1.0), "h": 24})
    await c.settle()


async def narrow(c: FakeClient) -> None:
    """A 320 x 640 phone: the smallest still in use."""
    await c.session.dispatch_event(c.page._i, "resize", {"width": 320, "height": 640})
    await c.settle()
