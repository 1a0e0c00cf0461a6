"""Home: the three games, tables still being entered, recent results, settings."""

from __future__ import annotations

import flet as ft

from views.session import Screen
from views.symbiose.summary import progress, result_line
from views.widgets.common import TAP, do, icon_image, labelled, section, text

GAMES = (("symbiose", True), ("forest-shuffle", False), ("fossil", False))


class HomeScreen(Screen):
    route = "/"

    def refresh(self) -> None:
        self.view.appbar = ft.AppBar(
            title=text("Tallybook"),
            actions=[labelled("settings", ft.IconButton(
                ft.Icons.SETTINGS, tooltip=self.t("settings.title"),
                on_click=do(self.app.go, "/settings")))])
        active = self.app.store.games("active")
        finished = self.app.store.games("finished", limit=10)
        controls: list[ft.Control] = [section(self.t("home.games"))]
        controls += [self._game_tile(game, ready) for game, ready in GAMES]
        if active:
            controls.append(section(self.t("home.continue")))
            controls += [self._record_tile(record, f"/symbiose/{record.id}",
                                           progress(record.data, self.app.lang))
                         for record in active]
        if finished:
            controls.append(section(self.t("home.results")))
            controls += [self._record_tile(record, f"/symbiose/{record.id}/sheet",
                                           result_line(record.data))
                         for record in finished]
        self.view.controls = [ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                        expand=True)]
        self.view.padding = 16

    def _game_tile(self, game: str, ready: bool) -> ft.Control:
        name = self.t(f"game.{game}")
        tile = ft.ListTile(
            leading=icon_image(game, 44, name),
            title=text(name, size=18, weight=ft.FontWeight.W_600),
            subtitle=text(self.t("home.new_game") if ready else self.t("home.not_yet")),
            trailing=ft.Icon(ft.Icons.ADD_CIRCLE) if ready else None,
            min_height=TAP + 16,
            disabled=not ready,
            on_click=do(self.app.go, f"/new/{game}") if ready else None)
        return labelled(f"game-{game}", ft.Card(tile), label=name, button=ready)

    def _record_tile(self, record, route: str, subtitle: str) -> ft.Control:
        names = ", ".join(player["name"] for player in record.data["file"]["players"])
        tile = ft.ListTile(
            leading=icon_image(record.kind, 36),
            title=text(names), subtitle=text(subtitle), min_height=TAP,
            on_click=do(self.app.go, route))
        return labelled(f"record-{record.id}", ft.Card(tile), label=names, button=True)
