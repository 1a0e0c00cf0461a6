"""Home: the games, the way to the history, players and rules, tables still being entered,
the latest results, settings."""

from __future__ import annotations

import flet as ft

from views.screens.history import ResultTile, use_scored_history
from views.storage.games import GameRecord
from views.tables.registry import GAMES
from views.web.session import AppSession, use_app
from views.widgets.common import (
    TAP,
    TILE_PADDING,
    TILE_SPACING,
    do,
    icon_image,
    labelled,
    section,
    text,
)
from views.widgets.top_bar import settings_action, top_bar
from views.widgets.typed_flet import keyed


@ft.component
def Home() -> ft.View:
    app = use_app()
    # Loaded here, not in their tiles: a game that cannot be loaded is set aside before it is said.
    active = [record for record in app.store.games("active")
              if app.tables.open(record.id, record.kind) is not None]
    # Until a long game is scored (off the event loop), home lists no results yet.
    finished = app.history.results()[:RECENT] if use_scored_history(app) else []
    controls: list[ft.Control] = [section(app.t("home.games"))]
    controls += [GameTile(game) for game in GAMES]  # ids only: no game is loaded for home
    controls.append(ft.Row([NavButton(target, icon) for target, icon in NAVIGATION], spacing=8,
                           wrap=True, run_spacing=8))
    if active:
        controls.append(section(app.t("home.continue")))
        controls += [RecordTile(record) for record in active]
    controls += [set_aside_line(app, game, kind)
                 for game, kind in sorted(app.store.set_aside.items())]
    if finished:
        controls.append(section(app.t("home.results")))
        controls += [keyed(ResultTile, str(result.game_id))(
                         result, f"/history/{result.kind}/{result.game_id}")
                     for result in finished]
    return ft.View(
        route="/", padding=16,
        appbar=top_bar(app, "Tallybook", back=False, actions=[settings_action(app)]),
        controls=[ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)])


RECENT = 3  # finished games on home; the history has them all
NAVIGATION = (("history", ft.Icons.HISTORY), ("players", ft.Icons.PEOPLE),
              ("rules", ft.Icons.MENU_BOOK))


def set_aside_line(app: AppSession, game: int, kind: str) -> ft.Control:
    """A stored game that cannot be read, named: the host knows it is there, and kept."""
    name = app.t(f"game.{kind}") if kind in GAMES else kind
    said = app.t("home.set_aside", id=game, kind=name)
    return labelled(f"set-aside-{game}", text(said, size=14, color=ft.Colors.ERROR), label=said)


@ft.component
def NavButton(target: str, icon: ft.IconData) -> ft.Control:
    app = use_app()
    return labelled(f"nav-{target}", ft.OutlinedButton(
        app.t(f"home.nav.{target}"), icon=icon, height=TAP,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)),
        on_click=do(app.go, f"/{target}")))


@ft.component
def GameTile(game: str) -> ft.Control:
    app = use_app()
    name = app.t(f"game.{game}")
    tile = ft.ListTile(
        leading=icon_image(game, 44, name),
        title=text(name, size=18, weight=ft.FontWeight.W_600),
        subtitle=text(app.t("home.new_game")),
        trailing=ft.Icon(ft.Icons.ADD_CIRCLE), min_height=TAP + 16,
        content_padding=TILE_PADDING, horizontal_spacing=TILE_SPACING,
        on_click=do(app.go, f"/new/{game}"))
    return labelled(f"game-{game}", ft.Card(tile), label=name, button=True)


@ft.component
def RecordTile(record: GameRecord) -> ft.Control:
    """A game in progress: its players, and how far it got."""
    app = use_app()
    table = app.tables.open(record.id, record.kind)
    if table is None:
        return ft.Container()
    names = ", ".join(table.names)
    subtitle = table.progress(app.lang)
    tile = ft.ListTile(
        leading=icon_image(record.kind, 36),
        title=text(names, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        subtitle=text(subtitle, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        min_height=TAP, on_click=do(app.go, table.route))
    return labelled(f"record-{record.id}", ft.Card(tile), label=names, button=True)
