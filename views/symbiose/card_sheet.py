"""The card sheet: known cards (the deck memory) as one-tap tiles, and the four-tap composer.

Composer taps can come in any order; the card is complete, and handed on, once animal, season,
what it scores (fixed or per animal/season) and the points are all chosen. Each composer choice
also filters the known cards, so a half-built card often becomes one tap.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer.symbiose.models import ANIMALS, SEASONS, Card
from views.i18n import ui
from views.widgets.card_face import SEASON_COLORS, card_face, describe, parse, term
from views.widgets.common import TAP, Keeper, do, icon_image, labelled, section, text

FIXED = "fixed"
POINTS = tuple(range(1, 11))
PARTS = ("animal", "season", "target", "points")


class CardSheet:
    def __init__(self, on_card: Callable[[str], Any], on_change: Callable[[], Any]):
        self.on_card = on_card
        self.on_change = on_change
        self.choice: dict[str, Any] = {}
        # Controls kept while nothing about them changes: Flet then sends no diff for them.
        self.keep = Keeper()

    def reset(self) -> None:
        self.choice = {}

    def choose(self, part: str, value: Any) -> None:
        if self.choice.get(part) == value:
            del self.choice[part]
        else:
            self.choice[part] = value
        if all(part in self.choice for part in PARTS):
            target = self.choice["target"]
            card = Card(self.choice["animal"], self.choice["season"], self.choice["points"],
                        None if target == FIXED else target)
            self.reset()
            self.on_card(str(card))
        else:
            self.on_change()

    def matches(self, card_text: str) -> bool:
        card = parse(card_text)
        if card is None:
            return False
        wanted = {"animal": card.animal, "season": card.season,
                  "target": card.per or FIXED, "points": card.points}
        return all(wanted[part] == value for part, value in self.choice.items())

    # view ---------------------------------------------------------------------------------
    def build(self, known: list[str], lang: str) -> list[ft.Control]:
        keep = self.keep
        shown = [card for card in known if self.matches(card)]
        controls: list[ft.Control] = []
        if shown:
            known_row = keep("known-row", lambda: ft.Row(wrap=True, spacing=6, run_spacing=6))
            known_row.controls = [self._known(card, lang) for card in shown]
            controls += [keep(("known-title", lang), lambda: section(ui("sheet.known", lang))),
                         known_row]
        elif known:
            controls.append(keep(("no-match", lang),
                                 lambda: text(ui("sheet.no_match", lang), size=13)))
        controls += [keep(("compose-title", lang), lambda: section(ui("sheet.compose", lang))),
                     *self._composer(lang)]
        keep.next_round()
        return controls

    def _known(self, card: str, lang: str) -> ft.Control:
        return self.keep(("known", card, lang), lambda: labelled(f"known-{card}", card_face(
            card, width=80, height=64, on_click=do(self.on_card, card)),
            label=describe(card, lang), button=True))

    def _square(self, part: str, value: Any, label: str, content: Callable[[], ft.Control],
                color: str | None = None) -> ft.Control:
        selected = self.choice.get(part) == value
        return self.keep((part, value, label, selected), lambda: self._make_square(
            part, value, label, content(), color, selected))

    def _make_square(self, part: str, value: Any, label: str, content: ft.Control,
                     color: str | None, selected: bool) -> ft.Control:
        box = ft.Container(content, expand=True, height=TAP, alignment=ft.Alignment.CENTER,
                           bgcolor=color or (ft.Colors.PRIMARY_CONTAINER if selected else None),
                           border_radius=10, ink=True,
                           border=ft.Border.all(3 if selected else 1, ft.Colors.PRIMARY
                                                if selected else ft.Colors.OUTLINE_VARIANT),
                           on_click=do(self.choose, part, value))
        return ft.Semantics(identifier=f"{part}-{value}", label=label, button=True,
                            selected=selected, content=box, expand=True)

    def _composer(self, lang: str) -> list[ft.Control]:
        animals = [self._square("animal", a, term(a, lang), lambda a=a: icon_image(a, 36))
                   for a in ANIMALS]
        seasons = [self._square("season", s, term(s, lang), ft.Container, SEASON_COLORS[s])
                   for s in SEASONS]
        fixed = self._square("target", FIXED, ui("card.fixed_short", lang),
                             lambda: text(ui("card.fixed_short", lang), size=12))
        per_animal = [self._square("target", a, ui("card.per_short", lang, target=term(a, lang)),
                                   lambda a=a: ft.Row([text("×", size=13), icon_image(a, 26)],
                                                      tight=True, spacing=0)) for a in ANIMALS]
        per_season = [self._square("target", s, ui("card.per_short", lang, target=term(s, lang)),
                                   lambda: text("×", size=16, color=ft.Colors.BLACK),
                                   SEASON_COLORS[s])
                      for s in SEASONS]
        points = [self._square("points", n, str(n), lambda n=n: text(str(n), size=17))
                  for n in POINTS]

        keep = self.keep

        def row(number: int, items: list[ft.Control]) -> ft.Row:
            kept = keep(("composer-row", number), lambda: ft.Row(spacing=6))
            kept.controls = items
            return kept

        def caption(key: str) -> ft.Control:
            return keep((key, lang), lambda: text(ui(key, lang), size=13))

        return [
            caption("sheet.animal_season"),
            row(0, animals), row(1, seasons),
            caption("sheet.points"),
            row(2, points[:5]), row(3, points[5:]),
            caption("sheet.scores"),
            row(4, [fixed, *per_animal]), row(5, per_season),
        ]
