"""Players: everyone known, and a page per player with their statistics in each game, their
games, and the way to rename them or to count two names as one person.

A player's route carries their name (`/players/Ann`, quoted); their games open below it
(`/players/Ann/fossil/12`), so back from a sheet returns to the player."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import flet as ft

from scorer.players import MAX_NAME_LENGTH
from views.records.results import Series, Stats
from views.screens.history import ResultTile, scoring_view, use_scored_history
from views.text.i18n import when
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, icon_image, labelled, pill, section, text
from views.widgets.confirm import confirm
from views.widgets.score_chart import score_chart
from views.widgets.top_bar import top_bar
from views.widgets.typed_field import use_typed_text
from views.widgets.typed_flet import keyed


def player_route(name: str) -> str:
    return "/players/" + quote(name, safe="")


@ft.component
def PlayersScreen() -> ft.View:
    app = use_app()
    if not use_scored_history(app):
        return scoring_view(app, "/players", app.t("players.title"))
    every = app.history.every_stats()
    tiles = [keyed(PlayerTile, name)(index, name, every.get(name.casefold(), []))
             for index, name in enumerate(app.history.players())]
    body = tiles or [text(app.t("players.none"), color=ft.Colors.ON_SURFACE_VARIANT)]
    return ft.View(route="/players", padding=16, appbar=top_bar(app, app.t("players.title")),
                   controls=[ft.Column(body, spacing=8, scroll=ft.ScrollMode.AUTO,
                                       expand=True)])


@ft.component
def PlayerTile(index: int, name: str, stats: list[Stats]) -> ft.Control:
    app = use_app()
    games, wins = sum(s.games for s in stats), sum(s.wins for s in stats)
    about = app.t("players.record", games=games, wins=wins) if games else \
        app.t("players.no_games")
    if stats:
        about += " · " + when(max(s.last_played for s in stats), app.lang)
    tile = ft.ListTile(
        leading=ft.CircleAvatar(content=text(name[:1].upper()), radius=20),
        title=text(name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        subtitle=text(about, size=13, max_lines=2), min_height=TAP,
        on_click=do(app.go, player_route(name)))
    return labelled(f"player-{index}", ft.Card(tile), label=f"{name}: {about}", button=True)


@ft.component
def PlayerScreen(name: str) -> ft.View:
    app = use_app()
    if not use_scored_history(app):
        return scoring_view(app, player_route(name), name)
    stats = app.history.stats(name)
    results = app.history.results(player=name)
    series = {line.kind: line for line in app.history.series(name, results)}
    base = player_route(name)
    controls: list[ft.Control] = []
    if stats:
        games, wins = sum(s.games for s in stats), sum(s.wins for s in stats)
        controls.append(text(app.t("players.record", games=games, wins=wins), size=16))
        controls += [keyed(GameStats, s.kind)(s, series.get(s.kind)) for s in stats]
        controls.append(section(app.t("players.played")))
        controls += [keyed(ResultTile, str(r.game_id))(r, f"{base}/{r.kind}/{r.game_id}")
                     for r in results]
    else:
        controls.append(text(app.t("players.no_games"), color=ft.Colors.ON_SURFACE_VARIANT))
    controls += [section(app.t("players.name")), Rename(name)]
    return ft.View(route=base, padding=16, appbar=top_bar(app, name),
                   controls=[ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                       expand=True)])


@ft.component
def GameStats(stats: Stats, series: Series | None = None) -> ft.Control:
    """One game's figures, as a small table a glance reads, and the player's score in each
    game as a chart below it."""
    app = use_app()
    wins = app.t("players.wins_shared", wins=stats.wins, shared=stats.shared_wins) \
        if stats.shared_wins else str(stats.wins)
    figures = [
        ("games", str(stats.games)), ("wins", wins),
        ("win_rate", f"{stats.win_rate:.0%}"), ("average", f"{stats.average:.1f}"),
        ("best", str(stats.best)), ("worst", str(stats.worst)),
        ("last_played", when(stats.last_played, app.lang)),
    ]
    # A figure that does not fit beside its name (large text) goes below it.
    rows = [ft.Row([text(app.t(f"players.{what}"), color=ft.Colors.ON_SURFACE_VARIANT),
                    text(value, weight=ft.FontWeight.W_600)],
                   wrap=True, alignment=ft.MainAxisAlignment.SPACE_BETWEEN)
            for what, value in figures]
    title = ft.Row([icon_image(stats.kind, 28), text(app.t(f"game.{stats.kind}"), size=17,
                                                     weight=ft.FontWeight.W_600)], spacing=10)
    said = ", ".join(f"{app.t(f'players.{what}')} {value}" for what, value in figures)
    chart = [ft.Container(score_chart(app, series), padding=ft.Padding.only(top=8))] \
        if series else []
    return labelled(f"stats-{stats.kind}", ft.Card(ft.Container(
        ft.Column([title, *rows, *chart], spacing=4), padding=14)),
        label=f"{app.t(f'game.{stats.kind}')}: {said}")


@ft.component
def Rename(name: str) -> ft.Control:
    """A new spelling, or another known name of the same person (then both count as one)."""
    app = use_app()
    typed = use_typed_text(name)
    problem, set_problem = ft.use_state("")
    others = [other for other in app.history.players() if other.casefold() != name.casefold()]

    async def rename(e: ft.Event[Any]) -> None:  # Enter in the field, or the button
        new = " ".join(typed.submitted(e).split())  # no line breaks or runs of spaces
        if not new or len(new) > MAX_NAME_LENGTH:
            set_problem(app.t("players.bad_name", limit=MAX_NAME_LENGTH))
        elif new == name:
            set_problem("")
        elif any(new.casefold() == other.casefold() for other in others):
            merge(next(o for o in others if o.casefold() == new.casefold()))
        else:
            await renamed(app, name, new)

    def merge(into: str) -> None:
        if app.history.played_together(name, into):
            set_problem(app.t("players.played_together", name=name, other=into))
        else:
            set_problem("")
            confirm(app, "players.merge", do(renamed, app, name, into), name=name, other=into)

    field = labelled("rename-field", typed.field(
        label=app.t("players.new_name"), max_length=MAX_NAME_LENGTH, on_submit=rename,
        error=problem or None, dense=True))
    # The field the whole width (its counter too, in large text), the button below.
    controls: list[ft.Control] = [field, ft.Row([labelled("rename", ft.FilledButton(
        app.t("players.rename"), height=TAP, on_click=rename))],
        alignment=ft.MainAxisAlignment.END)]
    if others:
        controls += [text(app.t("players.same_person"), size=13,
                          color=ft.Colors.ON_SURFACE_VARIANT),
                     ft.Row([pill(f"merge-{index}", other, do(merge, other), max_width=160)
                             for index, other in enumerate(others)], wrap=True, spacing=8)]
    return ft.Column(controls, spacing=8)


async def renamed(app: AppSession, name: str, new: str) -> None:
    app.store.rename_player(name, new)
    app.notice(app.t("players.renamed", name=name, new=new))
    await app.go(player_route(new))
