"""History: every finished game, the latest first, filtered by game and by player; a game opens
its sheet as it was (`/history/<game>/<id>`), and is deleted with an undo.

The filters are in the route (`/history?game=fossil&player=Ann`), so back from a sheet and a
reload keep them."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlencode

import flet as ft

from views.records.results import Result, Winning, winning_scores
from views.storage.off_loop import off_loop
from views.tables.registry import GAMES
from views.text.game_words import played_with
from views.text.i18n import when
from views.web.session import AppSession, use_app
from views.widgets.archive_menu import ArchiveMenu
from views.widgets.common import (
    TAP,
    TILE_PADDING,
    TILE_SPACING,
    do,
    icon_image,
    labelled,
    pill,
    section,
    text,
)
from views.widgets.top_bar import top_bar
from views.widgets.typed_flet import keyed


def history_route(game: str = "", player: str = "") -> str:
    query = urlencode({key: value for key, value in (("game", game), ("player", player))
                       if value})
    return f"/history?{query}" if query else "/history"


def use_scored_history(app: AppSession) -> bool:
    """Whether the history's results are at hand. A long game not scored yet since the start
    (a Fossil log of 100,000 events) is scored off the event loop first, so that no table
    waits for it, and the screen drawn again then."""
    _, set_ready = ft.use_state(False)
    known = ft.use_ref(False)  # scored once: every game is then (an import scores its own)
    known.current = known.current or app.history.scored_all()

    async def work_out() -> None:
        if not known.current:
            await off_loop(app.history.score_all, app.store)
            known.current = True
            set_ready(True)

    ft.use_effect(work_out, [])
    return bool(known.current)


def scoring_view(app: AppSession, route: str, title: str) -> ft.View:
    """A screen waiting for `use_scored_history`."""
    return ft.View(route=route, padding=16, appbar=top_bar(app, title), controls=[
        labelled("history-scoring", ft.Column([text(app.t("history.scoring"), size=16),
                                               ft.ProgressBar(value=None)], spacing=12))])


# Games listed at first, and more at each tap: a history of thousands is not drawn at once
# (every tile is a control sent to the phone, drawn on the event loop).
PAGE = 100


@ft.component
def HistoryScreen(game: str = "", player: str = "") -> ft.View:
    app = use_app()
    _, set_version = ft.use_state(0)  # a game deleted or brought back: drawn again
    listed, set_listed = ft.use_state(PAGE)
    if not use_scored_history(app):
        return scoring_view(app, history_route(game, player), app.t("history.title"))
    results = app.history.results(kind=game or None, player=player or None)

    def delete(result: Result) -> None:
        app.store.delete_game(result.game_id)
        set_version(lambda version: version + 1)

        def undo() -> None:
            app.store.restore_game(result.game_id)
            set_version(lambda version: version + 1)

        app.page.show_dialog(ft.SnackBar(
            ft.Text(app.t("history.deleted", game=app.t(f"game.{result.kind}"))),
            action=app.t("history.undo"), on_action=undo, duration=8000))

    games: list[ft.Control] = [pill("filter-all", app.t("history.all_games"),
                                    do(app.go, history_route("", player)), selected=not game)]
    games += [pill(f"filter-{kind}", app.t(f"game.{kind}"),
                   do(app.go, history_route(kind, player)), selected=game == kind)
              for kind in GAMES]
    players: list[ft.Control] = [
        pill(f"filter-player-{index}", name,
             do(app.go, history_route(game, "" if name == player else name)),
             selected=name.casefold() == player.casefold(), max_width=160)
        for index, name in enumerate(app.history.players())]
    controls: list[ft.Control] = [
        ft.Row(games, wrap=True, spacing=8, run_spacing=8),
        labelled("player-filters", ft.Row(players, scroll=ft.ScrollMode.AUTO, spacing=8)),
    ]
    if results:
        controls.append(WinningSummary(winning_scores(results)))
        controls.append(section(app.t("history.count", count=len(results))))
        filters = history_route(game, player).removeprefix("/history")
        controls += [keyed(ResultTile, str(result.game_id))(
                         result, f"/history/{result.kind}/{result.game_id}{filters}",
                         on_delete=delete)
                     for result in results[:listed]]
        if len(results) > listed:
            more = min(PAGE, len(results) - listed)
            controls.append(labelled("history-more", ft.OutlinedButton(
                app.t("history.more", count=more), height=TAP,
                on_click=lambda: set_listed(listed + PAGE))))
    else:
        controls.append(text(app.t("history.none" if not (game or player)
                                   else "history.none_matching"),
                             color=ft.Colors.ON_SURFACE_VARIANT))
    return ft.View(route=history_route(game, player), padding=16,
                   appbar=top_bar(app, app.t("history.title"), actions=[
                       ArchiveMenu(on_imported=lambda: set_version(lambda v: v + 1))]),
                   controls=[ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                       expand=True)])


@ft.component
def WinningSummary(winning: list[Winning]) -> ft.Control:
    """Each listed game's average winning score: what it takes to win, a line a game."""
    app = use_app()
    figures = [(won.kind, app.t("history.winning_in", average=f"{won.average:.1f}",
                                games=won.games)) for won in winning]
    # A figure that does not fit beside its game (large text) goes below it.
    rows = [ft.Row([ft.Row([icon_image(kind, 24), text(app.t(f"game.{kind}"))], spacing=8,
                           tight=True),
                    text(figure, weight=ft.FontWeight.W_600)], wrap=True)
            for kind, figure in figures]
    heading = app.t("history.winning")
    said = "; ".join(f"{app.t(f'game.{kind}')} {figure}" for kind, figure in figures)
    return labelled("history-winning", ft.Card(ft.Container(ft.Column(
        [text(heading, size=15, weight=ft.FontWeight.W_600), *rows], spacing=6,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH),  # as wide as the games below
        padding=14)), label=f"{heading}: {said}")


@ft.component
def ResultTile(result: Result, route: str,
               on_delete: Callable[[Result], None] | None = None) -> ft.Control:
    """A finished game: when, which game and variant, and everyone's place and total."""
    app = use_app()
    name = app.t(f"game.{result.kind}")
    heading = " · ".join(filter(None, [name, variant_text(app, result)]))
    ranking = ranking_text(result)
    moment = when(result.finished, app.lang)
    delete = labelled(f"delete-{result.game_id}", ft.IconButton(
        ft.Icons.DELETE_OUTLINE, tooltip=app.t("history.delete"), width=TAP, height=TAP,
        on_click=do(on_delete, result))) if on_delete else None
    tile = ft.ListTile(
        leading=icon_image(result.kind, 36),
        title=text(heading, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
        subtitle=ft.Column([
            text(moment, size=13, color=ft.Colors.ON_SURFACE_VARIANT),
            text(ranking, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS),
        ], spacing=2, tight=True),
        trailing=delete, min_height=TAP, on_click=do(app.go, route),
        content_padding=TILE_PADDING, horizontal_spacing=TILE_SPACING)
    return labelled(f"past-{result.game_id}", ft.Card(tile),
                    label=f"{heading}, {moment}: {ranking.replace(NBSP, ' ')}", button=True)


NBSP = "\u00a0"


def ranking_text(result: Result) -> str:
    """'1. Ann 45 · 1. Bob 45 · 3. Cas 42'; a team game by teams: '1. Ann + Cas 93 · …'.
    A no-break space keeps each total with its name: the line may break between words, but
    never inside or before a number (a phone's large text leaves room for a few words a line)."""
    entries: list[str] = []
    seen: set[str] = set()
    for seat in result.ranked:
        if seat.name in seen:
            continue
        team = (seat.name, *seat.partners)
        seen.update(team)
        total = sum(other.total for other in result.seats if other.name in team)
        entries.append(f"{seat.place}. {' + '.join(team)}{NBSP}{total}")
    return " · ".join(entries)


def variant_text(app: AppSession, result: Result) -> str:
    return played_with(result.kind, result.played, app.lang, " + ")
