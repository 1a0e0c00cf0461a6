"""The Forest Shuffle score sheet: places, the paper score pad's categories (trees, top, bottom,
sides, cave) per player, per-card lines that explain themselves, share and export. Opening it for
forests without problems stores the game as finished."""

from __future__ import annotations

import flet as ft

from scorer import ScoreLine, score
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.rules_text import cave_rule, rule_text, ruling_text
from scorer.places import ForestSpot, Spot
from views.forest_shuffle.forest import Forests
from views.forest_shuffle.live import live_forests
from views.forest_shuffle.species_sheet import species_name
from views.i18n import scorer_text
from views.session import AppSession
from views.widgets.common import do, labelled, text
from views.widgets.score_sheet import SheetScreen, winners_line
from views.widgets.sheet_actions import sheet_actions


class ForestSheetScreen(SheetScreen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/forest-shuffle/{game_id}/sheet", game_id)

    def refresh(self) -> None:
        record = self.app.store.game(self.game_id)
        forests = Forests.from_data(record.data)  # type: ignore[union-attr]
        self.view.appbar = ft.AppBar(title=text(self.t("result.title")))
        self.view.padding = 12
        if not live_forests(forests.file).clean:
            self.view.controls = [text(self.t("forest.unfinished"), size=16)]
            self.view.bottom_appbar = None
            return
        if record is not None and record.status != "finished":
            self.app.store.save_game(self.game_id, record.data, status="finished")
        sheet = score(forests.file)
        self.view.controls = [ft.Column([winners_line(sheet, self.app.lang),
                                         *self.players(sheet)],
                                        spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)]
        self.view.bottom_appbar = sheet_actions(self.app, self.t, sheet, forests.file,
                                                "forest-shuffle", self.game_id)

    def line(self, player: int, number: int, line: ScoreLine) -> ft.Control:
        lang = self.app.lang
        name = (scorer_text(f"cave.{line.item}", {}, lang) if line.category == "cave"
                else species_name(line.item, lang))
        explanation = scorer_text(line.explain.key, line.explain.params, lang)
        where = self._where(line.place)
        row = ft.Container(ft.Row([
            ft.Column([text(f"{name} · {where}", size=13, weight=ft.FontWeight.W_600),
                       text(explanation, size=13)], spacing=2, expand=True),
            text(str(line.points), size=18, weight=ft.FontWeight.BOLD),
        ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=4),
            on_click=do(self.show_rule, line), ink=True)
        return labelled(f"line-{player}-{number}", row, label=f"{name}: {explanation}",
                        button=True)

    def show_rule(self, line: ScoreLine) -> None:
        """The card's (or cave's) full rule and every ruling about it, in the chosen language."""
        lang = self.app.lang
        catalog = load_catalog()
        if line.category == "cave":
            cave = catalog.cave(line.item)
            name, rule, rulings = scorer_text(f"cave.{cave.id}", {}, lang), cave_rule(
                cave, lang), cave.rulings
        else:
            species = catalog.by_id(line.item)
            name, rule, rulings = species_name(species.id, lang), rule_text(
                species, lang), species.rulings
        parts: list[ft.Control] = [
            labelled("rule-text", text(rule, size=15), label=rule),
            text(scorer_text("forest_shuffle.rules.rulings", {}, lang),
                 weight=ft.FontWeight.BOLD)]
        parts += [labelled(f"ruling-{ruling}", text(words := ruling_text(ruling, lang),
                                                    size=14), label=words)
                  for ruling in rulings]
        if not rulings:
            parts.append(text(scorer_text("forest_shuffle.rules.no_rulings", {}, lang),
                              size=14, italic=True))
        self.app.page.show_dialog(ft.AlertDialog(
            title=text(name),
            content=labelled("rule-dialog", ft.Column(parts, tight=True, spacing=10,
                                                      scroll=ft.ScrollMode.AUTO)),
            actions=[labelled("rule-close", ft.TextButton(
                self.t("result.close"), on_click=self.app.page.pop_dialog))]))

    def _where(self, spot: Spot) -> str:
        if not isinstance(spot, ForestSpot):
            return scorer_text("category.cave", {}, self.app.lang)
        words = self.t("forest.tree", number=spot.tree + 1)
        if spot.slot is not None:
            words += " · " + scorer_text(f"slot.{spot.slot}", {}, self.app.lang)
            if spot.shared and spot.index is not None:
                words += f" {spot.index + 1}"
        return words
