"""The live totals bar on small phones and at large text: every chip whole and on the screen,
never scrolled away nor under the "Score sheet" button (the browser's boxes:
tests/e2e/test_accessibility.py)."""

import flet as ft
import pytest
from PIL import ImageFont

from scorer import score
from tests.views.fake_client import FakeClient
from tests.views.helpers import example, large_text, learn, narrow, start_game, table_cards
from views.picture.fonts import font_for, font_paths, is_emoji
from views.widgets.fit import _width
from views.widgets.totals import (
    CAPTION_SIZE,
    CHIP_PADDING,
    Total,
    chip_width,
    layout,
    number_of,
    rows_of,
    totals_of,
)

LONG = ["Maximiliane Alexandra", "Bartholomew", "Chloé-Éléonore", "Daan"]


def row_of(c: FakeClient, identifier: str) -> ft.Row:
    """The row a chip (or the button) is in."""
    control = c.get(identifier).parent
    while not isinstance(control, ft.Row):
        control = control.parent
    return control


def scrolls(control) -> bool:
    while control is not None:
        if getattr(control, "scroll", None) is not None:
            return True
        control = control.parent
    return False


def in_order(c: FakeClient, identifiers: list[str]) -> list[float]:
    return [c.get(identifier).content.width for identifier in identifiers]


async def complete_team_table(open_app, store) -> FakeClient:
    file = example("symbiose-team.json")
    learn(store, table_cards(file))
    c = await open_app()
    await start_game(c, LONG, "team")
    for card in table_cards(file):
        await c.tap(f"known-{card}")
    assert c.find("finish") is not None  # complete: the way on to the sheet
    return c


@pytest.mark.asyncio
@pytest.mark.parametrize("scale", [1.0, 2.0])
async def test_every_total_wraps_above_the_button_on_a_small_phone(open_app, store, scale):
    """Four long names and two teams at 320 px: the chips do not fit beside the button, so
    they take rows of their own (a scrolling row hid the fourth behind the button), each row
    as wide as the bar at most, the button beside the last only where it fits."""
    c = await complete_team_table(open_app, store)
    await narrow(c)
    if scale != 1.0:
        await large_text(c, scale)
    ids = [f"total-{i}" for i in range(4)] + ["team-total-0", "team-total-1"]
    rows = {id(row_of(c, identifier)): row_of(c, identifier) for identifier in ids}
    assert len(rows) > 1
    for row in rows.values():
        assert row.wrap and not scrolls(row)
        chips = [chip for chip in ids if row_of(c, chip) is row]
        used = sum(in_order(c, chips)) + 4 * (len(chips) - 1)
        assert used <= 320 - 16, chips
        beside = row.parent is row_of(c, "finish")
        assert not beside or used + 10 + 66 + _width("Score sheet", 14 * scale) <= 320 - 16


@pytest.mark.asyncio
async def test_chips_grow_with_the_text_and_keep_their_number_whole(open_app, store):
    c = await complete_team_table(open_app, store)
    await narrow(c)
    small = in_order(c, ["total-3", "team-total-0"])
    await large_text(c, 2.0)
    large = in_order(c, ["total-3", "team-total-0"])
    # Daan's chip twice as wide; Team 1's up to the widest a chip is, its caption on two lines
    assert large[0] > 1.5 * small[0] and large[1] > small[1], (small, large)
    assert c.get("team-total-0").content.content.controls[0].max_lines == 2


def test_a_chip_is_as_wide_as_its_number_at_any_size():
    sheet = score(example("symbiose-team.json"))
    for total in totals_of(sheet, lambda key, **_: key):
        for scale in (1.0, 1.5, 2.0, 3.0):
            for provisional in (False, True):
                number = _width(number_of(total, provisional), 18 * scale)
                assert chip_width(total, provisional, scale) >= number + 16


def test_short_names_and_the_button_share_one_line_on_an_ordinary_phone():
    sheet = score(example("symbiose-standard.json"))
    totals = totals_of(sheet, lambda key, **_: key)
    assert layout(totals, "Score sheet", False, 390, 1.0) == ([[0, 1, 2]], True)
    assert layout(totals, "Score sheet", True, 390, 1.0) == ([[0, 1, 2, 3]], True)
    assert layout(totals, "Score sheet", False, 320, 2.0) == ([[0, 1, 2]], False)


def test_chips_fill_each_row_in_order():
    assert rows_of([100, 100, 100, 50], 310) == [[0, 1, 2], [3]]
    assert rows_of([200, 200], 310) == [[0], [1]]
    assert rows_of([400], 310) == [[0]]  # wider than the bar: a row of its own




@pytest.mark.parametrize("name", ["王小明", "محمد", "🦊 Foxy"])
def test_a_name_in_a_script_roboto_lacks_gets_a_chip_as_wide_as_its_own_font_draws_it(name):
    """Measured in Roboto alone, 王小明 came out half as wide as the phone draws it (from the
    Chinese font our server gives it), and its chip showed no name at all."""
    drawn = 0.0
    for char in name:
        key = font_for(char)
        if char == " " or is_emoji(key):  # an emoji's font has one bitmap size: at least 1 em
            drawn += CAPTION_SIZE * (0.25 if char == " " else 1.0)
            continue
        drawn += ImageFont.truetype(str(font_paths()[key]), CAPTION_SIZE).getlength(char)
    total = Total("total-0", name, 12, name)
    assert chip_width(total, False, 1.0) - 2 * CHIP_PADDING >= drawn
