"""Score sheet pieces every game shares: the winners line and a player's expandable card with
the paper score pad's categories."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import PlayerScore, ScoreSheet
from views.i18n import scorer_text
from views.widgets.common import do, labelled, text


def winners_line(sheet: ScoreSheet, lang: str) -> ft.Control:
    key = "sheet.winner" if len(sheet.winners) == 1 else "sheet.winners"
    return labelled("winners", text(scorer_text(key, {"names": sheet.winners}, lang), size=20,
                                    weight=ft.FontWeight.BOLD))


def categories_line(player: PlayerScore, lang: str) -> str:
    return " · ".join(f"{scorer_text('category.' + name, {}, lang)} {points}"
                      for name, points in player.categories.items())


def player_card(index: int, player: PlayerScore, t: Callable[..., str], lang: str,
                expanded: bool, on_toggle: Callable, lines: list[ft.Control]) -> ft.Card:
    """The player's place, total and categories; tapped, the per-card `lines` below."""
    header = ft.ListTile(
        leading=ft.CircleAvatar(content=text(str(player.place))),
        title=text(f"{player.name} — {player.total}", size=17, weight=ft.FontWeight.W_600),
        subtitle=text(categories_line(player, lang)),
        trailing=ft.Icon(ft.Icons.EXPAND_LESS if expanded else ft.Icons.EXPAND_MORE),
        on_click=do(on_toggle, index))
    body: list[ft.Control] = [labelled(
        f"result-{index}", header, label=t("result.player_label", place=player.place,
                                           name=player.name, total=player.total), button=True)]
    if expanded:
        body += lines
    return ft.Card(ft.Column(body, spacing=0))
