"""Symbiose at large text (a phone at 200 %): a tile's points badge on a row of its own above
the animal, never over it, the tile tall enough for badge, icon and rule; the pond scrolls with
the card sheet, so the totals bar never covers it."""

import flet as ft
import pytest

from tests.views.helpers import example, large_text, learn, narrow, start_game, table_cards
from views.symbiose.card_face import BADGE_SIZE, LINE_HEIGHT, RULE_SIZE

pytestmark = pytest.mark.asyncio


def face_of(c, identifier: str) -> ft.Container:
    """The card face inside a pond tile: its coloured box."""
    face = c.get(identifier).content
    while not (isinstance(face, ft.Container) and face.bgcolor):
        face = face.content
    return face


def badge_of(face: ft.Container) -> ft.Container:
    [badge] = [box for box in _all(face) if isinstance(box, ft.Container)
               and box.bgcolor == "#263238"]
    return badge


async def test_a_tiles_badge_sits_above_its_animal_at_200_percent(open_app, store):
    file = example("symbiose-standard.json")
    learn(store, table_cards(file))
    c = await open_app()
    await start_game(c, [p["name"] for p in file["players"]])
    for card in table_cards(file)[:3]:
        await c.tap(f"known-{card}")
    await narrow(c)
    small = face_of(c, "tile-0-0-0")
    assert isinstance(badge_of(small).parent, ft.Stack)  # at 100 %: in the tile's corner
    await large_text(c, 2.0)
    face = face_of(c, "tile-0-0-0")
    badge = badge_of(face)
    stack = face.content.content
    assert len(stack.controls) == 1, "nothing laid over the animal"
    column = stack.controls[0].content
    assert badge.parent.parent is column and column.controls.index(badge.parent) == 0
    assert badge.height is None  # grows with its figures
    needed = 2 * (BADGE_SIZE + RULE_SIZE) * LINE_HEIGHT
    assert face.height >= needed + 22 and face.height > small.height
    empty = face_of_empty(c, "tile-0-1-3")
    assert empty.height == face.height  # the pond's rows stay even


async def test_the_pond_scrolls_with_the_card_sheet_at_large_text(open_app, store):
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    assert _scroller(c.get("tile-0-0-0")) is None  # at 100 %: the pond stays, the sheet scrolls
    await large_text(c, 2.0)
    both = _scroller(c.get("tile-0-0-0"))
    assert both is not None and _scroller(c.get("animal-frog")) is both


def face_of_empty(c, identifier: str) -> ft.Container:
    face = c.get(identifier).content
    while not isinstance(face, ft.Container):
        face = face.content
    return face


def _scroller(control):
    while control is not None:
        if isinstance(control, ft.Column) and control.scroll is not None:
            return control
        control = control.parent
    return None


def _all(control):
    yield control
    for child in (getattr(control, "controls", None) or []):
        yield from _all(child)
    content = getattr(control, "content", None)
    if content is not None:
        yield from _all(content)
