"""Home: the three games, tables still being entered, recent results, settings."""

from __future__ import annotations

import flet as ft

from views.forest_shuffle import summary as forest_summary
from views.fossil import summary as fossil_summary
from views.session import Screen
from views.symbiose.summary import progress, result_line
from views.widgets.common import TAP, do, icon_image, labelled, section, text

GAMES = (("symbiose", True), ("forest-shuffle", True), ("fossil", True))


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
            controls += [self._record_tile(record, f"/{record.kind}/{record.id}",
                                           self._progress(record)) for record in active]
        if finished:
            controls.append(section(self.t("home.results")))
            controls += [self._record_tile(record, f"/{record.kind}/{record.id}/sheet",
                                           self._result(record)) for record in finished]
        self.view.controls = [ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                        expand=True)]
        self.view.padding = 16

    def _progress(self, record) -> str:
        if record.kind == "fossil":
            return fossil_summary.progress(record.data, self.app.lang)
        if record.kind == "forest-shuffle":
            return forest_summary.progress(record.data, self.app.lang)
        return progress(record.data, self.app.lang)

    def _result(self, record) -> str:
        if record.kind == "fossil":
            return fossil_summary.result_line(record.data)
        if record.kind == "forest-shuffle":
            return forest_summary.result_line(record.data)
        return result_line(record.data)

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
        names = ", ".join(player if isinstance(player, str) else player["name"]
                          for player in record.data["file"]["players"])
        tile = ft.ListTile(
            leading=icon_image(record.kind, 36),
            title=text(names), subtitle=text(subtitle), min_height=TAP,
            on_click=do(self.app.go, route))
        return labelled(f"record-{record.id}", ft.Card(tile), label=names, button=True)
