"""The bar of buttons at the bottom of a screen (a sheet's Share, Export and Rematch; a table's
Enter, Finish and Close): one row where they fit, more rows on a narrow phone. The bar's height
is fixed (Flutter's BottomAppBar), so the rows are counted here from the buttons' words."""

from __future__ import annotations

import math

import flet as ft

from views.widgets.common import TAP

GAP = 8  # px between buttons, and between rows
PADDING = 12  # px: the bar's own padding on every side
# A labelled button's width: its icon and padding, and its words (14 px Roboto Medium);
# measured at 390 px: "Share" 86 px, "Export" 94 px.
CHAR = 8.5  # px a character
FRAME = 44  # px besides the words


def button_width(words: str | None) -> float:
    """What a button with an icon and these words takes (None: an icon alone)."""
    return TAP if words is None else FRAME + math.ceil(len(words) * CHAR)


def rows_for(widths: list[float], room: float) -> int:
    """How many rows the buttons take, laid out left to right and wrapped, in `room` px."""
    rows, used = 1, 0.0
    for width in widths:
        if used and used + GAP + width > room:
            rows, used = rows + 1, 0.0
        used += (GAP if used else 0) + width
    return rows


def action_bar(buttons: list[tuple[ft.Control, str | None]], screen_width: float
               ) -> ft.BottomAppBar:
    """`buttons`: each control with the words it shows (None: an icon alone)."""
    rows = rows_for([button_width(words) for _, words in buttons], screen_width - 2 * PADDING)
    return ft.BottomAppBar(
        content=ft.Row([control for control, _ in buttons], wrap=True, spacing=GAP,
                       run_spacing=GAP, alignment=ft.MainAxisAlignment.SPACE_EVENLY),
        padding=PADDING, height=2 * PADDING + rows * TAP + (rows - 1) * GAP)
