"""Home: the games, tables still being entered, recent results, settings."""

from __future__ import annotations

import flet as ft

from views.registry import GAMES
from views.session import use_app
from views.store import GameRecord
from views.widgets.common import TAP, do, icon_image, labelled, section, text
from views.widgets.top_bar import settings_action, top_bar


@ft.component
def Home() -> ft.View:
    app = use_app()
    active = app.store.games("active")
    finished = app.store.games("finished", limit=10)
    controls: list[ft.Control] = [section(app.t("home.games"))]
    controls += [GameTile(game) for game in GAMES]  # ids only: no game is loaded for home
    if active:
        controls.append(section(app.t("home.continue")))
        controls += [RecordTile(record, "") for record in active]
    if finished:
        controls.append(section(app.t("home.results")))
        controls += [RecordTile(record, "/sheet") for record in finished]
    return ft.View(
        route="/", padding=16,
        appbar=top_bar(app, "Tallybook", back=False, actions=[settings_action(app)]),
        controls=[ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)])


@ft.component
def GameTile(game: str) -> ft.Control:
    app = use_app()
    name = app.t(f"game.{game}")
    tile = ft.ListTile(
        leading=icon_image(game, 44, name),
        title=text(name, size=18, weight=ft.FontWeight.W_600),
        subtitle=text(app.t("home.new_game")),
        trailing=ft.Icon(ft.Icons.ADD_CIRCLE), min_height=TAP + 16,
        on_click=do(app.go, f"/new/{game}"))
    return labelled(f"game-{game}", ft.Card(tile), label=name, button=True)


@ft.component
def RecordTile(record: GameRecord, suffix: str) -> ft.Control:
    """A stored game: its players, and how far it got (active) or how it ended (finished)."""
    app = use_app()
    table = app.tables.open(record.id, record.kind)
    if table is None:
        return ft.Container()
    names = ", ".join(table.names)
    subtitle = table.result() if suffix else table.progress(app.lang)
    tile = ft.ListTile(
        leading=icon_image(record.kind, 36),
        title=text(names, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        subtitle=text(subtitle, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
        min_height=TAP, on_click=do(app.go, table.route + suffix))
    return labelled(f"record-{record.id}", ft.Card(tile), label=names, button=True)
