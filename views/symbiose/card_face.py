"""How a Symbiose card looks: season colour, animal icon, its rule, and its points."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.symbiose.models import ANIMALS, Card, parse_card_text
from views.i18n import scorer_text, ui
from views.widgets.common import icon_image, text

# Light tints readable with black text in both themes.
SEASON_COLORS = {"pink": "#F8BBD0", "green": "#C5E1A5", "orange": "#FFCC80", "blue": "#90CAF9"}
SEASON_DOTS = {"pink": "#D81B60", "green": "#43A047", "orange": "#F57C00", "blue": "#1E88E5"}


def parse(card_text: str | None) -> Card | None:
    parsed = parse_card_text(card_text) if card_text else None
    return parsed if isinstance(parsed, Card) else None


def term(value: str, lang: str) -> str:
    return scorer_text(f"term.{value}", {}, lang)


def describe(card_text: str, lang: str) -> str:
    """'frog, pink, 2 per pink' for screen readers, labels and dialogs."""
    card = parse(card_text)
    if card is None:
        return card_text
    rule = (ui("card.per", lang, points=card.points, target=term(card.per, lang)) if card.per
            else ui("card.fixed", lang, points=card.points))
    return f"{term(card.animal, lang)}, {term(card.season, lang)}, {rule}"


def target_mark(target: str, size: int) -> ft.Control:
    if target in ANIMALS:
        return icon_image(target, size)
    return ft.Container(width=size * 0.8, height=size * 0.8, border_radius=size,
                        bgcolor=SEASON_DOTS[target], border=ft.Border.all(1.5, ft.Colors.BLACK))


def rule_row(card: Card, size: int) -> ft.Row:
    if card.per is None:
        return ft.Row([text(str(card.points), size=size, weight=ft.FontWeight.BOLD,
                            color=ft.Colors.BLACK)], tight=True)
    return ft.Row([text(f"{card.points}×", size=size, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.BLACK), target_mark(card.per, size + 4)],
                  spacing=2, tight=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def card_face(card_text: str, *, width: float, height: float, points: int | None = None,
              border: ft.Border | None = None, on_click: Callable | None = None) -> ft.Container:
    card = parse(card_text)
    if card is None:
        return ft.Container(width=width, height=height, on_click=on_click, border=border)
    icon = max(22, int(height * 0.36))
    badge = None
    if points is not None:
        badge = ft.Container(text(str(points), size=14, weight=ft.FontWeight.BOLD,
                                  color=ft.Colors.WHITE),
                             bgcolor="#263238", border_radius=14, width=30, height=24,
                             alignment=ft.Alignment.CENTER, right=4, top=4)
    body = ft.Container(ft.Column([icon_image(card.animal, icon), rule_row(card, 15)],
                                  spacing=2, alignment=ft.MainAxisAlignment.CENTER,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        alignment=ft.Alignment.CENTER, left=0, right=0, top=0, bottom=0)
    # What the face says is its wrapper's label: the figures drawn on it are not read again.
    return ft.Container(ft.Semantics(content=ft.Stack([body, badge] if badge else [body]),
                                     exclude_semantics=True),
                        width=width, height=height, bgcolor=SEASON_COLORS[card.season],
                        border_radius=10, border=border, on_click=on_click, ink=True)
