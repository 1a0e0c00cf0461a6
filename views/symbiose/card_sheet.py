"""The card sheet: known cards (the deck memory) as one-tap tiles, and the four-tap composer.

Composer taps can come in any order; the card is complete, and placed, once animal, season,
what it scores (fixed or per animal/season) and the points are all chosen. Each composer choice
also filters the known cards, so a half-built card often becomes one tap. The choice belongs to
the tile it was made for: selecting another tile starts afresh.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from scorer.symbiose.models import ANIMALS, SEASONS, Card
from views.symbiose.card_face import SEASON_COLORS, card_face, describe, term
from views.symbiose.model import SymbioseTable, Tile, known_cards
from views.text.i18n import ui
from views.web.session import use_app
from views.widgets.common import TAP, icon_image, labelled, named, pill, section, text
from views.widgets.typed_flet import keyed, memo

FIXED = "fixed"
POINTS = tuple(range(1, 11))
PARTS = ("animal", "season", "target", "points")
KNOWN_W, KNOWN_H, KNOWN_GAP = 80, 64, 6
KNOWN_ROWS = 2.5  # rows of known cards shown before they scroll: the composer stays in reach

Choice = tuple[tuple[str, Any], ...]  # (part, value) pairs, in PARTS order


def chosen(choice: Choice, part: str, value: Any) -> Choice:
    """`choice` with `part` set to `value`, or unset if it was already `value`."""
    parts = dict(choice)
    if parts.get(part) == value:
        del parts[part]
    else:
        parts[part] = value
    return tuple((p, parts[p]) for p in PARTS if p in parts)


def card_of(choice: Choice) -> Card | None:
    """The card a complete choice makes; None while a part is missing."""
    parts = dict(choice)
    if len(parts) < len(PARTS):
        return None
    target = parts["target"]
    return Card(parts["animal"], parts["season"], parts["points"],
                None if target == FIXED else target)


def matches(card: Card, choice: Choice) -> bool:
    wanted = {"animal": card.animal, "season": card.season,
              "target": card.per or FIXED, "points": card.points}
    return all(wanted[part] == value for part, value in choice)


@ft.component
def CardSheet(table: SymbioseTable, cursor: Tile, place: Callable[[Card], None]) -> ft.Column:
    """`place(card)`: put a card on the selected tile (stable between renders)."""
    app = use_app()
    made: tuple[Choice, Tile] = ((), cursor)  # (choice, the tile it was made for)
    made, set_made = ft.use_state(made)
    choice: Choice = made[0] if made[1] == cursor else ()
    hide_placed, set_hide_placed = ft.use_state(False)
    current: MutableRef[tuple[Choice, Tile]] = ft.use_ref((choice, cursor))
    current.current = (choice, cursor)

    def choose(part: str, value: Any) -> None:
        made_now = current.current
        assert made_now is not None  # set at every render
        before, tile = made_now
        after = chosen(before, part, value)
        card = card_of(after)
        set_made(((), tile) if card else (after, tile))
        if card:
            place(card)

    choose_stable = ft.use_callback(choose, [place])
    seen: MutableRef[Seen] = ft.use_ref(None)
    seen.current = steady_order(seen.current, cursor, hide_placed, table,
                                known_cards(app.store))
    shown = [card for card in seen.current.cards if matches(card, choice)]
    mine = Counter(change.new for change in table.changes if change.phone == app.device)
    controls: list[ft.Control] = [ft.Row([
        section(app.t("sheet.known")),
        pill("hide-placed", app.t("sheet.hide_placed"), lambda: set_hide_placed(not hide_placed),
             selected=hide_placed, wraps=True)],
        alignment=ft.MainAxisAlignment.SPACE_BETWEEN, wrap=True, run_spacing=8)]
    if shown:
        rows = math.ceil(len(shown) / 4)
        controls.append(labelled("known-cards", ft.Container(ft.Column([ft.Row(
            [keyed(KnownCard, f"{card}#{mine[card]}")(card, place) for card in shown],
            wrap=True, spacing=KNOWN_GAP, run_spacing=KNOWN_GAP)], scroll=ft.ScrollMode.AUTO),
            height=min(rows, KNOWN_ROWS) * (KNOWN_H + KNOWN_GAP))))
    elif choice:
        controls.append(text(app.t("sheet.no_match"), size=13))
    controls += [section(app.t("sheet.compose")), *composer(dict(choice), choose_stable,
                                                            app.lang)]
    return ft.Column(controls, spacing=8)


@dataclass(frozen=True)
class Seen:
    """The known cards in the order this phone shows them, as of its selected tile `cursor`."""

    cursor: Tile
    hide_placed: bool
    cards: tuple[Card, ...]
    hidden: frozenset[Card]  # on the table, hidden then


def steady_order(seen: Seen | None, cursor: Tile, hide_placed: bool, table: SymbioseTable,
                 deck: list[Card]) -> Seen:
    """The known cards, most placed first (`deck`), as of when this phone's selected tile last
    moved: while other phones place cards, this phone's cards never move under its thumb. A
    card new to the deck comes last; a card forgotten goes."""
    if seen is None or seen.cursor != cursor or seen.hide_placed != hide_placed:
        hidden = table.cards_on_table() if hide_placed else frozenset()
        return Seen(cursor, hide_placed, tuple(c for c in deck if c not in hidden), hidden)
    known = set(deck)
    kept = tuple(card for card in seen.cards if card in known)
    new = tuple(card for card in deck if card not in seen.cards and card not in seen.hidden)
    return seen if kept == seen.cards and not new else replace(seen, cards=kept + new)


@memo
@ft.component
def KnownCard(card: Card, place: Callable[[Card], None]) -> ft.Control:
    """A known card, keyed by how often this phone placed it: once placed, it is a new control,
    so a second tap the phone sent before it showed the next tile selected (a double tap) finds
    no control and places nothing. Another phone's taps leave it alone."""
    app = use_app()
    return named(labelled(f"known-{card}", card_face(
        card, width=KNOWN_W, height=KNOWN_H, on_click=lambda: place(card)),
        label=capitalised(describe(card, app.lang)), button=True))


def capitalised(words: str) -> str:
    return words[:1].upper() + words[1:]


def composer(choice: dict[str, Any], choose: Callable[[str, Any], None],
             lang: str) -> list[ft.Control]:
    def square(part: str, value: Any, label: str) -> ft.Control:
        return Square(part, value, label, choice.get(part) == value, choose)

    animals = [square("animal", a, term(a, lang)) for a in ANIMALS]
    seasons = [square("season", s, term(s, lang)) for s in SEASONS]
    fixed = square("target", FIXED, ui("card.fixed_short", lang))
    per_animal = [square("target", a, ui("card.per_short", lang, target=term(a, lang)))
                  for a in ANIMALS]
    per_season = [square("target", s, ui("card.per_short", lang, target=term(s, lang)))
                  for s in SEASONS]
    points = [square("points", n, str(n)) for n in POINTS]

    def row(items: list[ft.Control]) -> ft.Row:
        return ft.Row(items, spacing=6)

    def caption(key: str) -> ft.Control:
        return text(ui(key, lang), size=13)

    return [caption("sheet.animal_season"), row(animals), row(seasons),
            caption("sheet.points"), row(points[:5]), row(points[5:]),
            caption("sheet.scores"), row([fixed, *per_animal]), row(per_season)]


@memo
@ft.component
def Square(part: str, value: Any, label: str, selected: bool,
           choose: Callable[[str, Any], None]) -> ft.Control:
    color = SEASON_COLORS.get(value) if isinstance(value, str) else None
    box = ft.Container(square_content(part, value, label), expand=True, height=TAP,
                       alignment=ft.Alignment.CENTER,
                       bgcolor=color or (ft.Colors.PRIMARY_CONTAINER if selected else None),
                       border_radius=10, ink=True,
                       border=ft.Border.all(3 if selected else 1, ft.Colors.PRIMARY
                                            if selected else ft.Colors.OUTLINE_VARIANT),
                       on_click=lambda: choose(part, value))
    return named(ft.Semantics(identifier=f"{part}-{value}", label=label, button=True,
                              selected=selected, content=box, expand=True))


def square_content(part: str, value: Any, label: str) -> ft.Control:
    if part == "points":
        return text(str(value), size=17)
    if value in SEASON_COLORS:  # a season, or "per season": the colour says which
        return text("×", size=16, color=ft.Colors.BLACK) if part == "target" else ft.Container()
    if part == "animal":
        return icon_image(value, 36)
    if value == FIXED:
        return text(label, size=12)
    return ft.Row([text("×", size=13), icon_image(value, 26)], tight=True, spacing=0)
