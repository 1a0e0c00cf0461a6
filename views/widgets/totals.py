"""The live totals bar at the bottom of entry: every player's (and team's) running total, and
the way on to the score sheet once the table is complete."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorer import ScoreSheet
from views.web.session import use_app
from views.widgets.common import TAP, labelled, text
from views.widgets.fit import LARGE_TEXT, line_width, wrapped
from views.widgets.text_probe import text_probe

CHIP_WIDTH = 96  # px: a chip at its widest, unless its number needs more; a longer name ends "…"
CHIP_PADDING = 8  # px on either side of a chip's words
CHIP_SPACING = 4
CAPTION_SIZE, NUMBER_SIZE, BUTTON_SIZE = 12, 18, 14  # px, as asked (the phone may draw larger)
BOLD = 1.1  # Roboto Bold's figures against the Regular they are measured in, with room to spare
# Flutter's filled button with an icon: 16 px before its 18 px icon, 8 px gap, 24 px after.
BUTTON_CHROME = 16 + 18 + 8 + 24
PROVISIONAL_ICON = 18
BAR_PADDING = 8
ROW_SPACING = 10  # Flet's default between a row's controls


@dataclass(frozen=True)
class Total:
    """One chip: its test id, caption, number, screen-reader label; a team's is coloured."""

    identifier: str
    caption: str
    total: int
    label: str
    team: bool = False


def totals_of(sheet: ScoreSheet, t: Callable[..., str]) -> tuple[Total, ...]:
    players = [Total(f"total-{index}", player.name, player.total,
                     t("totals.player", name=player.name, total=player.total))
               for index, player in enumerate(sheet.players)]
    teams = [Total(f"team-total-{index}", t("totals.team", number=index + 1), team.total,
                   t("totals.team_total", number=index + 1, total=team.total), team=True)
             for index, team in enumerate(sheet.teams)]
    return (*players, *teams)


def number_of(total: Total, provisional: bool) -> str:
    return f"~{total.total}" if provisional else str(total.total)


def caption_lines(total: Total, scale: float) -> tuple[str, ...]:
    """The chip's caption as drawn: on one line, or on two where the phone's text is large and
    it then fits whole ("Team / 1" rather than "Team…"); a longer one ends in an ellipsis."""
    widest = CHIP_WIDTH - 2 * CHIP_PADDING
    if line_width(total.caption, CAPTION_SIZE, scale) > widest and scale >= LARGE_TEXT:
        lines = wrapped(total.caption, widest / scale, CAPTION_SIZE)
        if len(lines) == 2:
            return lines
    return (total.caption,)


def chip_width(total: Total, provisional: bool, scale: float) -> float:
    """As wide as its name or its number, whichever is wider, but a long name is cut at
    CHIP_WIDTH: the number is always whole, on one line."""
    number = line_width(number_of(total, provisional), NUMBER_SIZE, scale) * BOLD
    caption = max(line_width(line, CAPTION_SIZE, scale) for line in caption_lines(total, scale))
    return min(max(caption, number), max(CHIP_WIDTH - 2 * CHIP_PADDING, number)) \
        + 2 * CHIP_PADDING


def rows_of(widths: list[float], room: float) -> list[list[int]]:
    """The chips (by their widths) in rows of at most `room` px, in order, as many a row as
    fit: the rows a wrapping row would make."""
    rows: list[list[int]] = [[]]
    used = 0.0
    for index, width in enumerate(widths):
        if rows[-1] and used + CHIP_SPACING + width > room:
            rows.append([])
        used = width if not rows[-1] else used + CHIP_SPACING + width
        rows[-1].append(index)
    return rows


def button_width(button: str, scale: float) -> float:
    return line_width(button, BUTTON_SIZE, scale) + BUTTON_CHROME


def layout(totals: tuple[Total, ...], button: str | None, provisional: bool, width: float,
           scale: float) -> tuple[list[list[int]], bool]:
    """The bar's rows of chips (indexes into the provisional mark, if any, then `totals`) in a
    bar `width` px wide, and whether the button fits at the end of the last row (else it has
    a row of its own below)."""
    widths: list[float] = [PROVISIONAL_ICON] if provisional else []
    widths += [chip_width(total, provisional, scale) for total in totals]
    room = width - 2 * BAR_PADDING
    rows = rows_of(widths, room)
    last = sum(widths[index] for index in rows[-1]) + CHIP_SPACING * (len(rows[-1]) - 1)
    beside = button is not None and last + ROW_SPACING + button_width(button, scale) <= room
    return rows, beside


@ft.component
def TotalsBar(totals: tuple[Total, ...], on_finish: Callable[[], object] | None,
              provisional: bool = False) -> ft.Container:
    """`on_finish` None: the table is not complete, so there is no sheet to go to yet;
    `provisional`: a card has a problem and counts for nothing until it is mended, so every
    total may still change (each says so, and the bar is marked).

    Every total is always on the screen: where the chips and the button do not fit side by
    side (a small phone, large text, six chips), the chips take as many rows as they need and
    the button ends the last one, or has a row of its own; never scrolled away nor under it.

    The last of the view's controls, not its bottom_appbar: Flutter's BottomAppBar has a fixed
    height, which cuts the numbers when the phone's text is large; this bar grows with them.
    It holds the probe of the phone's text size too: every game's entry screen draws the bar."""
    app = use_app()
    chips: list[ft.Control] = [TotalChip(total, provisional) for total in totals]
    if provisional:
        words = app.t("totals.provisional")
        chips.insert(0, labelled("provisional", ft.Icon(
            ft.Icons.HOURGLASS_TOP, size=PROVISIONAL_ICON, color=ft.Colors.ERROR), label=words))
    button = app.t("entry.score_sheet") if on_finish is not None else None
    rows, beside = layout(totals, button, provisional, app.width, app.text_scale)
    # Each row wraps even so: measured is not drawn, and a chip is never hidden.
    lines: list[ft.Control] = [
        ft.Row([chips[index] for index in row], wrap=True, spacing=CHIP_SPACING,
               run_spacing=CHIP_SPACING) for row in rows]
    if button is not None:
        finish = labelled("finish", ft.FilledButton(
            button, icon=ft.Icons.LEADERBOARD, on_click=on_finish, height=TAP))
        if beside:
            lines[-1].expand = True
            lines[-1] = ft.Row([lines[-1], finish])
        else:
            lines.append(ft.Row([finish], alignment=ft.MainAxisAlignment.END))
    # The colour and height (72 px at 100 %) of a BottomAppBar.
    return ft.Container(ft.Column([text_probe(app), ft.Column(lines, spacing=CHIP_SPACING)],
                                  spacing=0),
                        bgcolor=ft.Colors.SURFACE_CONTAINER,
                        padding=ft.Padding.symmetric(horizontal=BAR_PADDING, vertical=12))


@ft.component
def TotalChip(total: Total, provisional: bool = False) -> ft.Control:
    app = use_app()
    label = f"{total.label} ({app.t('totals.provisional')})" if provisional else total.label
    return labelled(total.identifier, ft.Container(
        ft.Column([
            text(total.caption, size=CAPTION_SIZE,
                 max_lines=len(caption_lines(total, app.text_scale)),
                 overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER),
            text(number_of(total, provisional), size=NUMBER_SIZE, max_lines=1,
                 weight=ft.FontWeight.BOLD, italic=provisional,
                 color=ft.Colors.PRIMARY if total.team else None)],
            spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=chip_width(total, provisional, app.text_scale),
        padding=ft.Padding.symmetric(horizontal=CHIP_PADDING)), label=label)
