"""The Forest Shuffle score sheet: places, the paper score pad's categories (trees, top, bottom,
sides, cave) per player, per-card lines that explain themselves, share and export. Opening it
for forests without problems stores the game as finished."""

from __future__ import annotations

import flet as ft

from scorer import Problem, ScoreLine, ScoreSheet
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.rules_text import cave_rule, rule_text, ruling_text
from scorer.places import Cave, ForestSpot, Spot
from views.forest_shuffle.model import ForestTable
from views.forest_shuffle.names import group_icon, species_name
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, labelled, text
from views.widgets.score_sheet import SheetScreen, ranked_cards, rule_button


@ft.component
def Sheet(table: ForestTable) -> ft.View:
    def body(sheet: ScoreSheet) -> list[ft.Control]:
        return ranked_cards(sheet, lambda player, number, line: Line(player, number, line, table))

    app = use_app()

    def where(problem: Problem) -> str:
        """"Ann · tree 2 · left" (a problem of the whole table: its place in the file)."""
        spot = problem.spot
        if not isinstance(spot, ForestSpot | Cave):
            return problem.place
        return f"{table.names[spot.player]} · {_where(app, spot)}"

    return SheetScreen(table, body, unfinished="forest.unfinished", where=where)


@ft.component
def Line(player: int, number: int, line: ScoreLine, table: ForestTable) -> ft.Control:
    app = use_app()
    cave = line.category == "cave"
    name = scorer_text(f"cave.{line.item}", {}, app.lang) if cave \
        else species_name(line.item, app.lang)
    explanation = scorer_text(line.explain.key, line.explain.params, app.lang)
    row = ft.Container(ft.Row([
        ft.Icon(ft.Icons.LANDSCAPE, size=18, color=ft.Colors.ON_SURFACE_VARIANT) if cave
        else group_icon(line.item),
        ft.Column([text(f"{name} · {_where(app, line.place)}", size=13,
                        weight=ft.FontWeight.W_600),
                   text(explanation, size=13)], spacing=2, expand=True),
        text(str(line.points), size=18, weight=ft.FontWeight.BOLD),
        rule_button(app, table, player, number, line),
    ], spacing=8), padding=ft.Padding.symmetric(horizontal=12, vertical=4),
        on_click=lambda: app.page.show_dialog(rule_dialog(app, line)), ink=True)
    return labelled(f"line-{player}-{number}", row, label=f"{name}: {explanation}",
                    button=True)


def rule_dialog(app: AppSession, line: ScoreLine) -> ft.AlertDialog:
    """The card's (or cave's) full rule and every ruling about it, in the chosen language. The
    dialog is as tall as what it says (it scrolls only when that is taller than the screen)."""
    lang = app.lang
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
        text(scorer_text("forest_shuffle.rules.rulings", {}, lang), weight=ft.FontWeight.BOLD)]
    parts += [labelled(f"ruling-{ruling}", text(words := ruling_text(ruling, lang), size=14),
                       label=words) for ruling in rulings]
    if not rulings:
        parts.append(text(scorer_text("forest_shuffle.rules.no_rulings", {}, lang), size=14,
                          italic=True))
    return ft.AlertDialog(
        title=text(name), scrollable=True,
        content=labelled("rule-dialog", ft.Column(parts, tight=True, spacing=10)),
        actions=[labelled("rule-close", ft.TextButton(
            app.t("result.close"), height=TAP, on_click=lambda: app.page.pop_dialog()))])


def _where(app: AppSession, spot: Spot) -> str:
    if not isinstance(spot, ForestSpot):
        return scorer_text("category.cave", {}, app.lang)
    words = app.t("forest.tree", number=spot.tree + 1)
    if spot.slot is not None:
        words += " · " + scorer_text(f"slot.{spot.slot}", {}, app.lang)
        if spot.shared and spot.index is not None:
            words += f" {spot.index + 1}"
    return words
