"""Score sheet pieces every game shares: the winners line and a player's expandable card with
the paper score pad's categories."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import PlayerScore, ScoreLine, ScoreSheet
from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.widgets.common import do, labelled, section, text


def winners_line(sheet: ScoreSheet, lang: str) -> ft.Control:
    winners = scorer_text("sheet.winners", {"names": sheet.winners}, lang)
    return labelled("winners", text(winners, size=20, weight=ft.FontWeight.BOLD))


def categories_line(player: PlayerScore, lang: str) -> str:
    """The categories in one line, "trees 30 · top 33 · ...". A no-break space keeps each
    label on the same screen line as its number."""
    return " · ".join(f"{scorer_text('category.' + name, {}, lang)}\u00a0{points}"
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


class SheetScreen(Screen):
    """A game's score sheet: the players ranked, each expandable into the lines `line` draws."""

    def __init__(self, app: AppSession, route: str, game_id: int):
        super().__init__(app, route)
        self.game_id = game_id
        self.expanded: set[int] = set()

    def line(self, player: int, number: int, line: ScoreLine) -> ft.Control:
        raise NotImplementedError

    def players(self, sheet: ScoreSheet) -> list[ft.Control]:
        out: list[ft.Control] = [section(self.t("result.players"))]
        for index, player in sorted(enumerate(sheet.players), key=lambda item: item[1].place):
            lines = ([self.line(index, number, line) for number, line in enumerate(player.lines)]
                     if index in self.expanded else [])
            out.append(player_card(index, player, self.t, self.app.lang, index in self.expanded,
                                   self.toggle, lines))
        return out

    def toggle(self, index: int) -> None:
        self.expanded ^= {index}
        self.refresh()
