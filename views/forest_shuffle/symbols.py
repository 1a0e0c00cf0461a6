"""Tree symbols, asked only where they count: after a card whose printed symbol a card of its
forest counts (the question, a tap), and, when a counting card arrives later, for each card of
the forest it now needs, one after another (the pass: a tap a card). Each chip shows the symbol
as the card prints it, its pictogram on its colour, and its name."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import Problem
from scorer.places import ForestSpot
from views.forest_shuffle.flow import Question, Taps
from views.forest_shuffle.names import species_name, spot_id, symbol_icon, symbol_name
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, pill, text


def symbol_chips(prefix: str, symbols: tuple[str, ...], lang: str, current: str | None,
                 on_symbol: Callable[[str], object]) -> list[ft.Control]:
    return [pill(f"{prefix}{symbol}", symbol_name(symbol, lang), do(on_symbol, symbol),
                 selected=symbol == current, leading=symbol_icon(symbol, 28))
            for symbol in symbols]


def spot_words(app: AppSession, spot: ForestSpot, species: str) -> str:
    """"Tree 2 · left: European Hare"."""
    where = app.t("forest.tree", number=spot.tree + 1)
    if spot.slot is not None:
        where += " · " + scorer_text(f"slot.{spot.slot}", {}, app.lang)
    return f"{where}: {species_name(species, app.lang)}"


@ft.component
def SymbolQuestion(question: Question, taps: Taps) -> ft.Control:
    app = use_app()
    name = species_name(question.species, app.lang)
    ask = app.t("forest.which_symbol", name=name)
    cancel = labelled("symbol-cancel", ft.TextButton(
        app.t("forest.symbol_cancel"), height=TAP, on_click=do(taps.unask)))
    return labelled("symbol-question", ft.Column([
        labelled("symbol-ask", text(ask, size=16, weight=ft.FontWeight.W_600), label=ask),
        text(app.t("forest.symbol_why"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row(symbol_chips("symbol-", question.symbols, app.lang, None, taps.answer),
               wrap=True, spacing=8, run_spacing=8),
        cancel], spacing=10, expand=True, scroll=ft.ScrollMode.AUTO), label=None)


@ft.component
def SymbolPass(spot: ForestSpot, species: str, problem: Problem, left: int,
               asked: tuple[ForestSpot, ...], taps: Taps) -> ft.Control:
    """The first card of the forest whose symbol a counting card needs; `left`: how many
    more after it; `asked`: all of them (put away together by "later")."""
    app = use_app()
    counters = [species_name(s, app.lang) for s in problem.params.get("counted_by", [])]
    title = app.t("forest.pass_title", names=" · ".join(counters))
    card = spot_words(app, spot, species)
    symbols = tuple(problem.params.get("printed", ()))
    parts: list[ft.Control] = [
        text(title, size=14, color=ft.Colors.ON_SURFACE_VARIANT),
        labelled(f"pass-{spot_id(spot)}", text(card, size=18, weight=ft.FontWeight.W_600),
                 label=card),
        ft.Row(symbol_chips("symbol-", symbols, app.lang, None,
                            lambda symbol: taps.give_symbol(spot, symbol)),
               wrap=True, spacing=8, run_spacing=8)]
    if left:
        parts.append(text(app.t("forest.pass_left", count=left), size=13,
                          color=ft.Colors.ON_SURFACE_VARIANT))
    parts.append(labelled("pass-later", ft.TextButton(
        app.t("forest.pass_later"), height=TAP, on_click=do(taps.later, asked))))
    return labelled("symbol-pass", ft.Column(parts, spacing=10, expand=True,
                                             scroll=ft.ScrollMode.AUTO), label=None)
