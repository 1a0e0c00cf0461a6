"""The live totals bar at the bottom of entry: every player's (and team's) running total, and
the way on to the score sheet once the table is complete."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from scorer import ScoreSheet
from views.session import use_app
from views.widgets.common import TAP, labelled, text

CHIP_WIDTH = 96  # px: four 40-character names still leave room for the button


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


@ft.component
def TotalsBar(totals: tuple[Total, ...], on_finish: Callable | None,
              provisional: bool = False) -> ft.Container:
    """`on_finish` None: the table is not complete, so there is no sheet to go to yet;
    `provisional`: a card has a problem and counts for nothing until it is mended, so every
    total may still change (each says so, and the bar is marked).

    The last of the view's controls, not its bottom_appbar: Flutter's BottomAppBar has a fixed
    height, which cuts the numbers when the phone's text is large; this bar grows with them."""
    app = use_app()
    chips = ft.Row([TotalChip(total, provisional) for total in totals],
                   scroll=ft.ScrollMode.AUTO, expand=True, spacing=4)
    row: list[ft.Control] = [chips]
    if provisional:
        words = app.t("totals.provisional")
        row.insert(0, labelled("provisional", ft.Icon(ft.Icons.HOURGLASS_TOP, size=18,
                                                      color=ft.Colors.ERROR), label=words))
    if on_finish is not None:
        row.append(labelled("finish", ft.FilledButton(
            app.t("entry.score_sheet"), icon=ft.Icons.LEADERBOARD, on_click=on_finish,
            height=TAP)))
    # The colour and height (72 px at 100 %) of a BottomAppBar.
    return ft.Container(ft.Row(row), bgcolor=ft.Colors.SURFACE_CONTAINER,
                        padding=ft.Padding.symmetric(horizontal=8, vertical=12))


@ft.component
def TotalChip(total: Total, provisional: bool = False) -> ft.Control:
    app = use_app()
    label = f"{total.label} ({app.t('totals.provisional')})" if provisional else total.label
    return labelled(total.identifier, ft.Container(
        ft.Column([
            text(total.caption, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                 text_align=ft.TextAlign.CENTER),
            text(f"~{total.total}" if provisional else str(total.total), size=18,
                 weight=ft.FontWeight.BOLD, italic=provisional,
                 color=ft.Colors.PRIMARY if total.team else None)],
            spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
        width=CHIP_WIDTH if len(total.caption) > 8 else None,
        padding=ft.Padding.symmetric(horizontal=8)), label=label)
