"""The rules reference, the "settle the dispute" screen (UX.md screen 6): pick a game, find an
entry by any language's name or alias, read it in full with its worked example and our
rulings. The entries are scorer/reference.py's, the ones `python -m scorer rules` prints.

Routes (views/screens/routes.py stacks them): `/rules`, `/rules/<game>[?boxes=a,b]` (Forest Shuffle:
the boxes whose cards are listed), `/rules/<game>/<entry>`. `?table=<id>`: opened from that
game's score sheet, which lies below (and whose boxes the list starts with); an entry opened
from a sheet line has nothing else between it and the sheet, so back returns to the sheet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer.entry import Entry
from scorer.reference import find, search
from scorer.registry import GAMES as SCORER_GAMES
from views.tables.model import Table
from views.tables.registry import GAMES
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, icon_image, labelled, pill, section, text
from views.widgets.rules_link import RulesRoute
from views.widgets.top_bar import top_bar
from views.widgets.typed_field import use_typed_text

Screen = tuple[str, Callable[..., Any], tuple[Any, ...]]


def screens(found: RulesRoute, table: Table | None) -> list[Screen]:
    """The screens over the one it was opened from (`table`'s sheet, else home): the games
    (not over a sheet), the list (not between a sheet line and its entry), the entry."""
    stack: list[Screen] = []
    if table is None or found.game is None:
        stack.append(("/rules", RulesGames, ()))
    if found.game is None:
        return stack
    boxes = found.boxes if found.boxes is not None else _boxes_of(found.game, table)
    listed = f"/rules/{found.game}" + _query(table, boxes if _has_boxes(found.game) else None)
    if found.entry is None or table is None or found.boxes is not None:
        stack.append((listed, RulesList, (found.game, boxes, listed)))
    if found.entry is not None:
        shown = f"/rules/{found.game}/{found.entry}" + _query(table, found.boxes)
        stack.append((shown, RulesEntry, (found.game, found.entry, shown)))
    return stack


def _query(table: Table | None, boxes: tuple[str, ...] | None) -> str:
    parts = ([f"table={table.id}"] if table is not None else []) + (
        [f"boxes={','.join(boxes)}"] if boxes is not None else [])
    return "?" + "&".join(parts) if parts else ""


def _has_boxes(game: str) -> bool:
    return bool(SCORER_GAMES[game].setup.boxes)


def _boxes_of(game: str, table: Table | None) -> tuple[str, ...]:
    """The boxes of the game it was opened from, else every box."""
    played = getattr(table, "boxes", None)
    return tuple(played) if played else SCORER_GAMES[game].setup.boxes


@ft.component
def RulesGames() -> ft.View:
    app = use_app()
    tiles = [labelled(f"rules-game-{game}", ft.Card(ft.ListTile(
        leading=icon_image(game, 40), title=text(app.t(f"game.{game}"), size=18,
                                                 weight=ft.FontWeight.W_600),
        subtitle=text(app.t(f"rules.about.{game}")), min_height=TAP + 16,
        on_click=do(app.go, f"/rules/{game}"))), label=app.t(f"game.{game}"), button=True)
        for game in GAMES]
    return ft.View(route="/rules", padding=12, appbar=top_bar(app, app.t("rules.title")),
                   controls=[ft.Column([text(app.t("rules.intro"), size=14), *tiles],
                                       spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)])


@ft.component
def RulesList(game: str, boxes: tuple[str, ...], route: str) -> ft.View:
    """A search field over the game's entries, listed under their groups; Forest Shuffle's
    box chips choose whose cards are listed (kept in the route, so back and reload keep them)."""
    app = use_app()
    typed = use_typed_text()
    query, set_query = ft.use_state("")
    offered = SCORER_GAMES[game].setup.boxes
    found = search(game, query, app.lang, boxes if offered else None)
    field = typed.field(label=app.t("rules.search"), prefix_icon=ft.Icons.SEARCH,
                        on_change=lambda e: set_query(e.control.value or ""))
    top: list[ft.Control] = [labelled("rules-search", field)]
    if offered:
        base = route.split("boxes=")[0]
        top.append(ft.Row([pill(f"rules-box-{box}", scorer_text(f"box.{box}", {}, app.lang),
                                do(app.go, base + "boxes=" + ",".join(_toggled(boxes, box))),
                                selected=box in boxes)
                           for box in offered], wrap=True, spacing=6, run_spacing=6))
    items: list[ft.Control] = []
    group = None
    for entry in found:
        if entry.group != group and not query:
            group = entry.group
            items.append(section(group))
        items.append(_item(app, entry, route))
    if not found:
        items.append(labelled("rules-none", text(app.t("rules.none", query=query), size=15)))
    return ft.View(route=route, padding=12,
                   appbar=top_bar(app, app.t("rules.game_title", game=app.t(f"game.{game}"))),
                   controls=[ft.Column([*top, ft.ListView(items, spacing=2, expand=True)],
                                       spacing=8, expand=True,
                                       horizontal_alignment=ft.CrossAxisAlignment.STRETCH)])


def _toggled(boxes: tuple[str, ...], box: str) -> tuple[str, ...]:
    """A box chip tapped: on or off, but never the last one off (a list of nothing)."""
    if box not in boxes:
        return (*boxes, box)
    return tuple(b for b in boxes if b != box) or boxes


def _item(app: AppSession, entry: Entry, listed: str) -> ft.Control:
    path, mark, query = listed.partition("?")
    tile = ft.ListTile(title=text(entry.title, size=16, weight=ft.FontWeight.W_600),
                       subtitle=text(entry.summary, size=13, max_lines=2,
                                     overflow=ft.TextOverflow.ELLIPSIS),
                       min_height=TAP, dense=True,
                       on_click=do(app.go, f"{path}/{entry.id}{mark}{query}"))
    return labelled(f"rule-{entry.id}", tile, label=entry.title, button=True)


@ft.component
def RulesEntry(game: str, entry_id: str, route: str) -> ft.View:
    """One entry in full: each fact or rule under its label, the example, then the rulings."""
    app = use_app()
    entry = find(game, entry_id, app.lang)
    assert entry is not None  # parse() keeps only entries that exist
    body: list[ft.Control] = [labelled("rule-title", text(entry.title, size=22,
                                                          weight=ft.FontWeight.BOLD),
                                       label=entry.title),
                              text(entry.group, size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
    heading = None
    for number, part in enumerate(entry.sections):
        if part.kind in ("ruling", "no_rulings"):
            if part.label != heading:
                heading = part.label
                body.append(section(heading))
            body.append(_ruling(number, part.text, part.ref))
            continue
        body.append(labelled(f"rule-{part.kind}", ft.Column([
            text(part.label, size=12, color=ft.Colors.ON_SURFACE_VARIANT),
            text(part.text, size=15)], spacing=2),
            label=f"{part.label}: {part.text}"))
    return ft.View(route=route, padding=16,
                   appbar=top_bar(app, app.t(f"game.{game}")),
                   controls=[ft.Column(body, spacing=12, scroll=ft.ScrollMode.AUTO,
                                       expand=True)])


def _ruling(number: int, words: str, ref: str) -> ft.Control:
    """A ruling in a tinted box, so a reader settling a dispute finds it at once."""
    shown = f"({ref}) {words}" if ref else words
    return labelled(f"rule-ruling-{number}", ft.Container(
        text(shown, size=14), padding=12, border_radius=12,
        bgcolor=ft.Colors.SECONDARY_CONTAINER), label=shown)
