"""Pieces of the Fossil screens: the fossil picker, score tiles, an evaluation's arithmetic,
one-line summaries of log events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer import ScoreEvent
from scorer.fossil.models import Adjust, Card, Evaluate, Exchange, LogEvent, Move, card_of
from views.fossil.model import track
from views.text.i18n import scorer_text, ui
from views.widgets.common import icon_image, labelled, named, text
from views.widgets.typed_flet import keyed, memo

TILE_W = 112


def fossil_name(fossil: str, lang: str) -> str:
    return scorer_text(f"fossil_name.{fossil}", {}, lang)


def card_name(card: Card, lang: str) -> str:
    return f"{fossil_name(card[0], lang)} {card[1]}"


def fossil_icon(fossil: str, size: int) -> ft.Image:
    return icon_image(f"fossil-{fossil}", size)


@ft.component
def FossilTile(identifier: str, fossil: str, lang: str, on_pick: Callable[[str], Any],
               chosen: bool, note: str = "", usable: bool = True) -> ft.Control:
    """A fossil as a big tile (icon, name, a note such as pieces left); one that is not
    `usable` (none left on the board) is faded and cannot be picked."""
    name = fossil_name(fossil, lang)
    body = ft.Column([fossil_icon(fossil, 34),
                      text(name, size=12, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
                           weight=ft.FontWeight.W_600 if chosen else None),
                      *([text(note, size=11, color=ft.Colors.ON_SURFACE_VARIANT)]
                        if note else [])],
                     spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     alignment=ft.MainAxisAlignment.CENTER)
    box = ft.Container(body, width=TILE_W, height=76, border_radius=12, ink=usable,
                       on_click=(lambda: on_pick(fossil)) if usable else None,
                       opacity=1 if usable else 0.38,
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else None,
                       border=ft.Border.all(2, ft.Colors.PRIMARY if chosen
                                            else ft.Colors.OUTLINE_VARIANT))
    return named(ft.Semantics(identifier=identifier, label=f"{name}, {note}" if note else name,
                              button=True, selected=chosen, disabled=not usable, content=box))


MemoTile = memo(FossilTile)


def fossil_grid(prefix: str, fossils: tuple[str, ...], lang: str, on_pick: Callable[[str], Any],
                selected: str | None, notes: dict[str, str] | None = None,
                usable: frozenset[str] | None = None) -> ft.Row:
    """The fossils as 3 x 3 big tiles; `on_pick` must be stable (the tiles are memoised)."""
    return ft.Row([keyed(MemoTile, fossil)(
                       f"{prefix}-{fossil}", fossil, lang, on_pick, fossil == selected,
                       (notes or {}).get(fossil, ""), usable is None or fossil in usable)
                   for fossil in fossils],
                  wrap=True, spacing=6, run_spacing=6, alignment=ft.MainAxisAlignment.CENTER)


@ft.component
def ScoreTile(index: int, name: str, points: int, lang: str, mover: bool, skips: bool,
              width: float, on_pick: Callable[[int], Any]) -> ft.Control:
    note = ui("fossil.skips", lang) if skips else (ui("fossil.moves", lang) if mover else " ")
    body = ft.Column([
        text(name, size=14, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS,
             weight=ft.FontWeight.W_600),
        text(track(points), size=30 if points < 100 else 22, weight=ft.FontWeight.BOLD,
             color=ft.Colors.ERROR if skips else None),
        text(note, size=11, color=ft.Colors.ERROR if skips else ft.Colors.PRIMARY),
    ], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    box = ft.Container(body, width=width, padding=ft.Padding.symmetric(vertical=6),
                       border_radius=14, ink=True, on_click=lambda: on_pick(index),
                       bgcolor=ft.Colors.PRIMARY_CONTAINER if mover
                       else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                       border=ft.Border.all(3 if mover else 1, ft.Colors.PRIMARY if mover
                                            else ft.Colors.OUTLINE_VARIANT))
    label = ui("fossil.score_label", lang, name=name, points=points, track=track(points))
    if skips:
        label += ", " + ui("fossil.skips", lang)
    return named(ft.Semantics(identifier=f"score-{index}", label=label, button=True,
                              selected=mover, content=box))


@ft.component
def EvaluationView(event: ScoreEvent, names: tuple[str, ...], lang: str,
                   identifier: str) -> ft.Control:
    """The arithmetic of an evaluation (or of the end): per fossil each player's cards, sum ×
    count, who pays whom and what was lost; then every player's change and new score."""
    by_fossil: dict[str, dict[str, list[str]]] = {}
    for explanation in event.explain:
        fossil = explanation.params.get("fossil")
        if fossil is None or explanation.key.startswith("fossil.move"):
            continue
        player = explanation.params.get("player", "")
        by_fossil.setdefault(fossil, {}).setdefault(player, []).append(
            scorer_text(explanation.key, explanation.params, lang))
    blocks: list[ft.Control] = []
    for fossil, players in by_fossil.items():
        blocks.append(ft.Row([fossil_icon(fossil, 28),
                              text(fossil_name(fossil, lang), size=16,
                                   weight=ft.FontWeight.BOLD)], spacing=8))
        for player, lines in players.items():
            if not player:  # nobody holds it
                blocks += [text(line, size=13) for line in lines]
                continue
            blocks.append(labelled(f"{identifier}-{fossil}-{names.index(player)}", ft.Column([
                text(player, size=14, weight=ft.FontWeight.W_600),
                *[text("· " + line, size=13) for line in lines]], spacing=0),
                label=f"{player}: " + "; ".join(lines)))
    changes = []
    for index, name in enumerate(names):
        change = event.changes.get(name, 0)
        line = ui("fossil.change", lang, name=name, change=change, score=event.scores[name])
        changes.append(labelled(f"{identifier}-change-{index}", text(
            line, size=15, weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY if change > 0 else (ft.Colors.ERROR if change < 0 else None)),
            label=line))
    return labelled(identifier, ft.Container(
        ft.Column([*blocks, ft.Divider(height=8), *changes], spacing=4),
        padding=12, border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH))


def summary(entry: LogEvent, lang: str) -> str:
    """A log event in words, from the entry itself (also when the scorer refuses it)."""
    match entry:
        case Move(take=str(take)):
            return ui("fossil.log.move_take", lang, name=entry.move, cost=entry.cost,
                      card=card_name(card_of(take), lang))
        case Move():
            return ui("fossil.log.move", lang, name=entry.move, cost=entry.cost)
        case Exchange(exchange=detail):
            return ui("fossil.log.exchange", lang, name=detail.player, other=detail.with_,
                      gives=card_name(card_of(detail.gives), lang),
                      gets=card_name(card_of(detail.gets), lang))
        case Evaluate():
            key = "fossil.log.calculated" if entry.holdings else "fossil.log.evaluate"
            return ui(key, lang, fossil=fossil_name(entry.evaluate, lang))
        case Adjust():
            said = ui("fossil.log.adjust", lang, name=entry.adjust, points=entry.points)
            return f"{said} · {entry.note}" if entry.note else said
    return ui("fossil.log.end", lang)
