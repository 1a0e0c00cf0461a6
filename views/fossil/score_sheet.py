"""The Fossil score sheet: places, the evaluations with their arithmetic, share as text, export
the game file. The game is stored as finished once its log ends with `{"end": true}`."""

from __future__ import annotations

import flet as ft

from views.fossil.parts import evaluation_view, summary
from views.fossil.table import read, track
from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.widgets.common import labelled, section, text
from views.widgets.sheet_actions import sheet_actions


class FossilSheetScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/fossil/{game_id}/sheet")
        self.game_id = game_id

    def refresh(self) -> None:
        table = read(self.app.store.game(self.game_id).data)  # type: ignore[union-attr]
        self.view.appbar = ft.AppBar(title=text(self.t("result.title")))
        self.view.padding = 12
        if not table.ended or table.broken:
            self.view.controls = [text(self.t("fossil.unfinished"), size=16)]
            self.view.bottom_appbar = None
            return
        sheet = table.sheet
        lang = self.app.lang
        controls: list[ft.Control] = [labelled("winners", text(
            scorer_text("sheet.winners", {"names": sheet.winners}, lang), size=20,
            weight=ft.FontWeight.BOLD))]
        for index, player in sorted(enumerate(sheet.players), key=lambda item: item[1].place):
            categories = " · ".join(
                f"{scorer_text('category.' + name, {}, lang)} {points}"
                for name, points in player.categories.items()
                if name != "start" and (points or name != "adjustments"))
            label = self.t("result.player_label", place=player.place, name=player.name,
                           total=player.total)
            controls.append(labelled(f"result-{index}", ft.ListTile(
                leading=ft.CircleAvatar(content=text(str(player.place))),
                title=text(f"{player.name} — {track(player.total)}", size=17,
                           weight=ft.FontWeight.W_600),
                subtitle=text(categories, size=12)), label=label))
        controls.append(section(self.t("fossil.evaluations")))
        for event in sheet.events:
            if event.kind not in ("evaluate", "end"):
                continue
            controls.append(text(f"{event.index + 1}. {summary(table.log[event.index], lang)}",
                                 size=14, weight=ft.FontWeight.W_600))
            controls.append(evaluation_view(event, table.names, lang,
                                            f"sheet-evaluation-{event.index}"))
        self.view.controls = [ft.Column(controls, spacing=8, scroll=ft.ScrollMode.AUTO,
                                        expand=True)]
        self.view.bottom_appbar = sheet_actions(self.app, self.t, table.sheet, table.file,
                                                "fossil", self.game_id)
