"""The forest itself: each tree as a cross of cards, points on every card, the card tapped with
why it scores and what can be done with it (its symbol, replace, move, remove).

Trees are memoised components fed with frozen values: a change re-renders the tree it touched
(and those whose points it changed), no other."""

from __future__ import annotations

import flet as ft

from scorer import ScoreLine
from scorer.forest_shuffle.models import SAPLING
from scorer.forest_shuffle.placing import printed_symbols
from scorer.places import ForestSpot
from views.forest_shuffle.flow import WHOLE, Taps
from views.forest_shuffle.model import CLOCKWISE, ForestTable, Tree, TreeLive
from views.forest_shuffle.names import (
    ARROWS,
    fitted_name,
    group_icon,
    species_name,
    spot_id,
    tile_height,
)
from views.forest_shuffle.symbols import symbol_chips
from views.text.i18n import scorer_text
from views.web.session import AppSession, use_app
from views.widgets.common import NAME_CHIP, TAP, do, labelled, pill, text
from views.widgets.typed_flet import memo

CELL_W, CELL_H = 112, 56  # px: a card of a tree's cross at its widest
AROUND_CROSS = 86  # px: the gaps in a cross's row, the tree card's padding, the screen's
AROUND_LIST = 2 * 10 + 2 * 8 + 18 + 4  # px: the screen's and card's padding, a slot's arrow
LIST_SCALE = 1.3  # text this much larger than asked: trees as lists, no name fits a cross
SET_KEYS = ("forest_shuffle.set_member", "forest_shuffle.set_member_tree")


def cell_width(screen_width: float) -> float:
    """A cross of three cards fits the screen (a 320 px phone too)."""
    return min(CELL_W, (screen_width - AROUND_CROSS) // 3)


def roomy(screen_width: float) -> bool:
    """Whether a card of the cross has room for its group's icon beside its name."""
    return cell_width(screen_width) >= 108


def _player_chips(names: tuple[str, ...], shown: int, flagged: tuple[int, ...],
                  taps: Taps) -> ft.Control:
    """A chip per player; a red dot and "!" mark a forest with a problem. A long name is cut
    with an ellipsis inside a chip of bounded width."""
    app = use_app()

    def chip(index: int, name: str) -> ft.Control:
        problem = index in flagged
        dot = ft.Icon(ft.Icons.CIRCLE, size=10, color=ft.Colors.ERROR) if problem else None
        return pill(f"player-{index}", name, do(taps.show, index), selected=index == shown,
                    leading=dot, max_width=NAME_CHIP, said=f"{name} !" if problem else None,
                    tooltip=app.t("forest.player_problem", name=name) if problem else name)

    return ft.Row([chip(i, name) for i, name in enumerate(names)], spacing=6,
                  scroll=ft.ScrollMode.AUTO)


PlayerChips = memo(ft.component(_player_chips))


@ft.component
def MoveBar(name: str, side: str, taps: Taps) -> ft.Control:
    app = use_app()
    hint = app.t("forest.move_hint", slot=scorer_text(f"slot.{side}", {}, app.lang), name=name)
    return ft.Row([labelled("move-hint", text(hint, size=13, expand=True,
                                              color=ft.Colors.PRIMARY), label=hint),
                   labelled("move-cancel", ft.IconButton(
                       ft.Icons.CLOSE, tooltip=app.t("forest.move_cancel"),
                       on_click=taps.cancel_move, width=TAP, height=TAP))])


def _tree_card(table: ForestTable, player: int, index: int, tree: Tree, live: TreeLive,
               selected: ForestSpot | None, moving_side: str | None, taps: Taps) -> ft.Control:
    """A tree as a cross of cards (with large text, where no name would fit a cross: a list,
    a card a row), its problems, and the details of the card tapped."""
    app = use_app()
    listed = app.text_scale >= LIST_SCALE
    width = app.width - AROUND_LIST if listed else cell_width(app.width)

    def cell(slot: str) -> ft.Control:
        cards = tree.cards(slot)
        if not cards:
            return EmptySlot(player, index, slot, moving_side == slot, width, taps)
        faces: list[ft.Control] = [
            Face(ForestSpot(player, index, slot, k), card.species, live, selected, width, taps)
            for k, card in enumerate(cards)]
        if table.takes_another(tree, slot):
            words = app.t("forest.add_another")
            add = do(taps.open_slot, index, slot)
            # On a narrow phone the word would not fit the card's width: the "+" alone.
            button = ft.TextButton(words, icon=ft.Icons.ADD, height=TAP, on_click=add) \
                if roomy(app.width) or listed else \
                ft.IconButton(ft.Icons.ADD, tooltip=words, width=TAP, height=TAP, on_click=add)
            faces.append(labelled(f"another-{player}-{index}-{slot}", button, label=words,
                                  button=True))
        if len(faces) == 1:  # the card alone: less for a pick to send
            return faces[0]
        return ft.Column(faces, spacing=4, width=width, tight=True)

    host = Face(ForestSpot(player, index), tree.species, live, selected,
                width + (18 + 4 if listed else 0), taps)  # a list: as wide as a slot and arrow
    if listed:
        drawn = ft.Column([host, *[ft.Row([ft.Icon(ARROWS[slot], size=18), cell(slot)],
                                          spacing=4, vertical_alignment=ft.CrossAxisAlignment.START)
                                   for slot in CLOCKWISE]], spacing=4)
    else:
        gap = ft.Container(width=width)
        drawn = ft.Column([
            ft.Row([gap, cell("top"), gap], alignment=ft.MainAxisAlignment.CENTER,
                   vertical_alignment=ft.CrossAxisAlignment.END),
            ft.Row([cell("left"), host, cell("right")], alignment=ft.MainAxisAlignment.CENTER),
            ft.Row([gap, cell("bottom"), gap], alignment=ft.MainAxisAlignment.CENTER,
                   vertical_alignment=ft.CrossAxisAlignment.START),
        ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    parts: list[ft.Control] = [
        text(app.t("forest.tree", number=index + 1), size=12,
             color=ft.Colors.ON_SURFACE_VARIANT), drawn]
    parts += [labelled(f"problem-{spot_id(spot)}", text(
        scorer_text(problem.key, problem.params, app.lang), color=ft.Colors.ERROR, size=13))
        for spot, problem in live.problems]
    if selected is not None:
        parts.append(Details(table, selected, live.line(selected), taps))
    return labelled(f"tree-{player}-{index}", ft.Card(ft.Container(
        ft.Column(parts, spacing=4), padding=8)))


# a pick re-renders the tree it changed (and those whose points it changed), not the others
TreeCard = memo(ft.component(_tree_card))


@ft.component
def EmptySlot(player: int, tree: int, slot: str, target: bool, width: float,
              taps: Taps) -> ft.Control:
    app = use_app()
    return labelled(f"slot-{player}-{tree}-{slot}", ft.Container(
        ft.Icon(ft.Icons.MOVE_DOWN if target else ft.Icons.ADD,
                color=ft.Colors.PRIMARY if target else ft.Colors.ON_SURFACE_VARIANT),
        width=width, height=max(CELL_H, tile_height(app.text_scale)),
        border_radius=8, ink=True,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(3 if target else 1, ft.Colors.PRIMARY if target
                             else ft.Colors.OUTLINE_VARIANT),
        on_click=do(taps.tap_slot, tree, slot)),
        label=app.t("forest.empty_slot", number=tree + 1,
                    slot=scorer_text(f"slot.{slot}", {}, app.lang)), button=True)


def points_words(app: AppSession, line: ScoreLine | None) -> tuple[str, str]:
    """What a card shows of its score, and what a screen reader says after its name (", 4
    points"): its points; "set" for a card scored once with its set (on another card of it);
    "?" for one left out for now."""
    if line is None:
        return "?", ", " + app.t("forest.left_out")
    if line.explain.key in SET_KEYS:
        return app.t("forest.in_set_short"), ", " + app.t("forest.in_set")
    return str(line.points), app.t("pond.points", points=line.points)


@ft.component
def Face(spot: ForestSpot, species: str, live: TreeLive, selected: ForestSpot | None, width: float,
         taps: Taps) -> ft.Control:
    """A card: its group's icon, its name whole, its points; red with a problem, outlined when
    tapped. Read as "Birch, 1 point"."""
    app = use_app()
    line = live.line(spot)
    problem = live.has_problem(spot)
    name = species_name(species, app.lang)
    shown, said = points_words(app, line)
    color = (ft.Colors.ERROR if problem else ft.Colors.PRIMARY if selected == spot
             else ft.Colors.OUTLINE_VARIANT)
    points = text(shown, size=15 if len(shown) < 3 else 12, weight=ft.FontWeight.BOLD)
    room = width - 2 * 6 - 2 * 3 - 2 * 4 - (8 * len(shown) + 4)  # padding, border, gaps, points
    # the group's icon where the name still fits whole beside it
    scale = app.text_scale
    words = fitted_name(name, room - 20, scale) if roomy(app.width) else None
    icon = [group_icon(species, 16)] if words is not None else []
    words = words or fitted_name(name, room, scale) or text(name, size=10, max_lines=2)
    inside: list[ft.Control] = [*icon, ft.Container(words, expand=True), points]
    box = ft.Container(
        ft.Row(inside, spacing=4), width=width, height=max(CELL_H, tile_height(scale)),
        padding=6, border_radius=8,
        ink=True, bgcolor=ft.Colors.SECONDARY_CONTAINER if spot.slot is None else None,
        border=ft.Border.all(3 if problem or selected == spot else 1, color),
        on_click=do(taps.select, spot))
    return labelled(f"card-{spot_id(spot)}", box, label=name + said, button=True)


@ft.component
def Details(table: ForestTable, spot: ForestSpot, line: ScoreLine | None,
            taps: Taps) -> ft.Control:
    """The card tapped: why it scores, its tree symbol (chips), replace, move, remove."""
    app = use_app()
    card = table.card_at(spot)
    side = spot.slot or WHOLE
    controls: list[ft.Control] = []
    if line is not None:
        controls.append(labelled("card-explain", text(
            scorer_text(line.explain.key, line.explain.params, app.lang), size=13)))
    if card.species != SAPLING:
        symbols = tuple(printed_symbols(card.species, side, table.boxes))
        if len(symbols) > 1:
            if table.symbol_matters(spot):
                controls.append(labelled("symbol-counts", text(
                    app.t("forest.symbol_counts"), size=13, color=ft.Colors.PRIMARY)))
            controls.append(ft.Row(
                symbol_chips(f"symbol-{spot_id(spot)}-", symbols, app.lang, card.symbol,
                             lambda s: taps.set_symbol(spot, s)),
                wrap=True, spacing=6, run_spacing=6))
    buttons = [labelled("replace-card", ft.OutlinedButton(
        app.t("forest.replace"), icon=ft.Icons.SWAP_HORIZ, height=TAP,
        on_click=do(taps.replace_card, spot)))]
    if spot.slot is not None:
        buttons.append(labelled("move-card", ft.OutlinedButton(
            app.t("forest.move"), icon=ft.Icons.OPEN_WITH, height=TAP,
            on_click=do(taps.start_move, spot))))
    buttons.append(labelled("remove-card", ft.OutlinedButton(
        app.t("forest.remove"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
        on_click=do(taps.remove, spot))))
    controls.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding.only(top=6))

