"""Small building blocks every screen uses: test/screen-reader labels, tappable pills, icons."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from views.text.fonts import FALLBACK

TAP = 48  # minimum tap target
NAME_CHIP = 150  # px: a player's chip at its widest; a longer name ends in an ellipsis, px


# Controls that are one button: a screen reader lands on their tappable node, which must carry
# the name (merged, below).
BUTTONS = (ft.IconButton, ft.Button, ft.FilledButton, ft.FilledTonalButton, ft.OutlinedButton,
           ft.TextButton, ft.PopupMenuButton)


def labelled(identifier: str, control: ft.Control, label: str | None = None,
             button: bool = False) -> ft.Control:
    """A stable id for tests (flt-semantics-identifier on the web) and a name for screen readers.

    An IconButton's tooltip is not its accessible name on the web (the button node stays
    nameless), so an IconButton is named by its tooltip here unless a label is given; a button
    is merged with its name into one node (see `named`)."""
    if label is None and isinstance(control, ft.IconButton | ft.PopupMenuButton) \
            and isinstance(control.tooltip, str):
        label, button = control.tooltip, True
    node = ft.Semantics(identifier=identifier, label=label, button=button or None,
                        disabled=control.disabled, content=control)
    return named(node) if isinstance(control, BUTTONS) else node


def named(node: ft.Control) -> ft.MergeSemantics:
    """A tappable control and its name as one semantics node. Flutter gives the tappable part
    (an InkWell, a button) a node of its own inside the named one; on the web that inner node
    is the one a screen reader lands on, and it would have no name. The merged node takes the
    control's place in its row, so it takes its `expand` too."""
    return ft.MergeSemantics(node, expand=node.expand)


# A list tile's margins and gaps, narrower than Flutter's (16 px, 24 px on the right): at 200 %
# text on a 320 px phone its words then still fit whole ("Symbiose", "1. Chloé 74").
TILE_PADDING = ft.Padding.symmetric(horizontal=12)
TILE_SPACING = 12


def text(value: str, **style: Any) -> ft.Text:
    return ft.Text(value, font_family_fallback=FALLBACK, **style)


def icon_image(name: str, size: int, label: str | None = None) -> ft.Image:
    return ft.Image(src=f"icons/{name}.svg", width=size, height=size, semantics_label=label)


def pill(identifier: str, label: str, on_click: Callable[[], object] | None, *,
         selected: bool = False,
         leading: ft.Control | None = None, color: str | None = None,
         tooltip: str | None = None, width: float | None = None,
         max_width: float | None = None, disabled: bool = False,
         said: str | None = None, wraps: bool = False) -> ft.MergeSemantics:
    """A chip-like toggle at least 48 px high; `color` tints it (season chips). Selecting it
    changes colours only, never its size, so the chips beside it stay under the thumb.
    `width`: a fixed width (a one-digit caption is otherwise narrower than a tap target);
    `max_width`: the most a long label may take (a 40-character name): it then ends in an
    ellipsis, and screen readers still get all of it; `said`: what screen readers hear
    instead of the label, where the chip shows more than words (a problem dot); `wraps`: a
    long label (a sentence, not a name) wraps onto more lines, the chip growing taller, where
    the phone's text is too large for one line."""
    border = ft.Border.all(2, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE_VARIANT)
    squeezed = max_width is not None and len(label) > max_width / 10
    caption = text(label, size=15, color=ft.Colors.BLACK if color else None,
                   weight=ft.FontWeight.W_600 if selected else None,
                   max_lines=None if wraps else 1,
                   overflow=ft.TextOverflow.CLIP if wraps else ft.TextOverflow.ELLIPSIS,
                   expand=True if squeezed or wraps else None, expand_loose=wraps)
    # A wrapping chip has no fixed height: an empty strut as tall as a tap target keeps it
    # that tall at least (in place of 6 px of its padding, the row's spacing after the strut).
    strut = [ft.Container(width=0, height=TAP)] if wraps else []
    content = ft.Row([*strut, leading, caption] if leading else [*strut, caption], spacing=6,
                     tight=not squeezed, vertical_alignment=ft.CrossAxisAlignment.CENTER,
                     alignment=ft.MainAxisAlignment.CENTER)
    box = ft.Container(
        content, height=None if wraps else TAP,
        padding=ft.Padding.only(left=8 if wraps else 14, right=14),
        width=max_width if squeezed else width,
        border=border, border_radius=24, opacity=0.38 if disabled else 1,
        bgcolor=color or (ft.Colors.PRIMARY_CONTAINER if selected else None),
        on_click=on_click, tooltip=tooltip, ink=not disabled, disabled=disabled)
    return named(ft.Semantics(identifier=identifier, label=said or label, button=True,
                              selected=selected, disabled=disabled, content=box))


def section(title: str) -> ft.Text:
    return text(title, size=13, weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY)


def do(action: Callable[..., object], *args: Any) -> Callable[[], Awaitable[None]]:
    """An event handler calling `action(*args)` and awaiting it if it is async (a lambda
    returning a coroutine would never be awaited by Flet)."""
    async def handler() -> None:
        result = action(*args)
        if inspect.isawaitable(result):
            await result
    return handler


SWIPE_SPEED = 300  # px/s: a flick at least this quick turns the page,
SWIPE_DISTANCE = 100  # px: and so does a slower drag at least this long (a quarter of a phone)


def swipeable(content: ft.Control, on_step: Callable[[int], Any]) -> ft.GestureDetector:
    """A horizontal swipe over `content` calls on_step(+1) (swiped left: the next player) or
    on_step(-1) (swiped right: the previous one), as on a phone's photo viewer: a quick flick,
    or a drag across a quarter of the screen. The distance counts too because a busy phone
    reports a swipe whose last move came late as a drag that stopped (speed 0)."""
    started_at = [0.0]

    def started(e: ft.DragStartEvent[ft.GestureDetector]) -> None:
        started_at[0] = e.local_position.x

    def ended(e: ft.DragEndEvent[ft.GestureDetector]) -> None:
        speed = e.primary_velocity or 0
        moved = e.local_position.x - started_at[0]
        if abs(speed) >= SWIPE_SPEED:
            on_step(1 if speed < 0 else -1)
        elif abs(moved) >= SWIPE_DISTANCE:
            on_step(1 if moved < 0 else -1)

    return ft.GestureDetector(content=content, on_horizontal_drag_start=started,
                              on_horizontal_drag_end=ended, expand=True)
