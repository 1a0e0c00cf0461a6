"""How a Symbiose card looks: season colour, animal icon, its rule, and its points."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer.symbiose.models import ANIMALS, Card
from views.text.i18n import scorer_text, ui
from views.widgets.common import icon_image, text
from views.widgets.fit import LARGE_TEXT

# Light tints readable with black text in both themes.
SEASON_COLORS = {"pink": "#F8BBD0", "green": "#C5E1A5", "orange": "#FFCC80", "blue": "#90CAF9"}
SEASON_DOTS = {"pink": "#D81B60", "green": "#43A047", "orange": "#F57C00", "blue": "#1E88E5"}


def term(value: str, lang: str) -> str:
    return scorer_text(f"term.{value}", {}, lang)


def describe(card: Card, lang: str) -> str:
    """'frog, pink, 2 per pink' for screen readers, labels and dialogs."""
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


# At large text the points badge is a row of its own above the animal (laid over its corner,
# it covered the icon and its figures were cut), and the card grows to hold it.
RULE_SIZE, BADGE_SIZE = 15, 14  # px, as asked: the phone draws them text_scale times larger
LINE_HEIGHT = 1.2  # a line of Roboto, against its size
SPACING, BADGE_PADDING = 2, 2  # px: between the face's rows; above and below the badge's figures
INSET = 6  # px: the face's rows stay this far inside its top and bottom


def icon_size(width: float, height: float) -> int:
    return max(22, int(min(width, height) * 0.36))


def face_height(width: float, height: float, scale: float = 1.0) -> float:
    """How tall a card asked to be `height` px is drawn with its points badge where the phone
    draws text `scale` times larger: as asked, unless the badge, the icon and the rule need
    more (large text)."""
    if scale < LARGE_TEXT:
        return height
    badge = BADGE_SIZE * LINE_HEIGHT * scale + 2 * BADGE_PADDING
    rule = RULE_SIZE * LINE_HEIGHT * scale
    return max(height, badge + icon_size(width, height) + rule + 2 * SPACING + 2 * INSET)


def card_face(card: Card | None, *, width: float, height: float, points: int | None = None,
              border: ft.Border | None = None, on_click: Callable[[], object] | None = None,
              scale: float = 1.0) -> ft.Container:
    """A card `width` x `height` px (taller at large text, for a badge: face_height)."""
    if card is None:
        return ft.Container(width=width, height=height, on_click=on_click, border=border)
    icon = icon_image(card.animal, icon_size(width, height))
    rows: list[ft.Control] = [icon, rule_row(card, RULE_SIZE)]
    badge = None
    if points is not None:
        # No fixed height: the figures grow with the phone's text.
        badge = ft.Container(text(str(points), size=BADGE_SIZE, weight=ft.FontWeight.BOLD,
                                  color=ft.Colors.WHITE),
                             bgcolor="#263238", border_radius=14,
                             padding=ft.Padding.symmetric(horizontal=8, vertical=BADGE_PADDING))
    large = badge is not None and scale >= LARGE_TEXT
    if badge is not None and large:
        rows.insert(0, ft.Row([badge], alignment=ft.MainAxisAlignment.END))
    body = ft.Container(ft.Column(rows, spacing=SPACING, alignment=ft.MainAxisAlignment.CENTER,
                                  horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                        alignment=ft.Alignment.CENTER, left=0, right=4 if large else 0, top=0,
                        bottom=0)
    layers: list[ft.Control] = [body]
    if badge is not None and not large:
        badge.right, badge.top = 4, 4
        layers.append(badge)
    # What the face says is its wrapper's label: the figures drawn on it are not read again.
    return ft.Container(ft.Semantics(content=ft.Stack(layers), exclude_semantics=True),
                        width=width, height=face_height(width, height, scale),
                        bgcolor=SEASON_COLORS[card.season],
                        border_radius=10, border=border, on_click=on_click, ink=True)
