"""Forest Shuffle entry: player chips, each forest as a list of trees drawn as crosses, the
species sheet, the cave stepper, live totals, undo.

The table (`ForestTable`) is shared by every phone; what this phone shows (whose forest, the
card tapped, the open sheet, a card being moved) is its own (`Ui`). Trees, chips and the cave
are memoised components fed with frozen values: a pick re-renders the tree it changed, the
totals and the sheet, and no other tree.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import flet as ft

from scorer.forest_shuffle.checks import DEFAULT_CAVE
from scorer.forest_shuffle.models import SAPLING
from scorer.forest_shuffle.placing import WHOLE, caves, choices, may_add_another
from views.forest_shuffle.model import TREE, Card, ForestTable, Spot, Tree, TreeLive
from views.forest_shuffle.species_sheet import (
    Picking,
    SpeciesSheet,
    group_icon,
    species_name,
    symbol_chips,
)
from views.i18n import scorer_text
from views.model import use_table
from views.session import use_app
from views.widgets.common import NAME_CHIP, TAP, do, labelled, pill, swipeable, text
from views.widgets.top_bar import entry_bar
from views.widgets.totals import TotalsBar, totals_of

CELL_W, CELL_H = 112, 56  # px: a card of a tree's cross at its widest
AROUND_CROSS = 86  # px: the gaps in a cross's row, the tree card's padding, the screen's


def cell_width(screen_width: float) -> float:
    """A cross of three cards fits the screen (a 320 px phone too)."""
    return min(CELL_W, (screen_width - AROUND_CROSS) // 3)


def roomy(screen_width: float) -> bool:
    """Whether a card of the cross has room for its group's icon beside its name; without it a
    narrow card's name would break inside its words."""
    return cell_width(screen_width) >= 108


@dataclass(frozen=True)
class Ui:
    """What this phone shows: whose forest, the card tapped, the open sheet, a pending move."""

    shown: int = 0
    selected: Spot | None = None
    picking: Picking | None = None
    # the sheet last opened, kept (hidden) once closed: opening it again for the same side
    # sends almost nothing, and closing it sends no removal of every row
    last_sheet: Picking | None = None
    query: str = ""
    opened: int = 0  # sheets opened: each starts with an empty search
    moving: Spot | None = None


class Taps:
    """What the taps on this screen do: an operation on the table, or a change of this phone's
    `Ui`. One per screen (stable, so memoised children keep it as an equal prop); `ui` is the
    state of the last render, read when a tap arrives."""

    def __init__(self, table: ForestTable, set_ui, phone: str, ui: Ui) -> None:
        self.table, self.set_ui, self.phone = table, set_ui, phone
        self.ui = ui

    def _set(self, **changes) -> None:
        self.ui = replace(self.ui, **changes)
        self.set_ui(self.ui)

    def show(self, player: int) -> None:
        self._set(shown=player, selected=None, picking=None, moving=None)

    def step(self, delta: int) -> None:
        self.show((self.ui.shown + delta) % len(self.table.names))

    def open_sheet(self, tree: int, side: str) -> None:
        self._open(Picking(tree, side))

    def _open(self, picking: Picking) -> None:
        self._set(picking=picking, last_sheet=picking, query="", opened=self.ui.opened + 1,
                  moving=None)

    def search(self, query: str) -> None:
        self._set(query=query)

    def close_sheet(self) -> None:
        self._set(picking=None)

    def replace_card(self, spot: Spot) -> None:
        _, tree, part, _ = spot
        self._open(Picking(tree, WHOLE if part == TREE else part, spot))

    def pick(self, species: str, symbol: str | None) -> None:
        picking, player = self.ui.picking, self.ui.shown
        if picking is None:
            return
        self._set(picking=None, selected=None)
        card = Card(species, symbol)
        if picking.replacing is not None:
            self.table.replace(picking.replacing, card, phone=self.phone)
        elif picking.side == WHOLE:
            self.table.add_tree(player, species, symbol, phone=self.phone)
        else:
            self.table.place(player, picking.tree, picking.side, card, phone=self.phone)

    def add_tree(self, species: str) -> None:
        self._set(selected=None)
        self.table.add_tree(self.ui.shown, species, phone=self.phone)

    def select(self, spot: Spot) -> None:
        self._set(selected=None if self.ui.selected == spot else spot, moving=None)

    def start_move(self, spot: Spot) -> None:
        self._set(moving=spot, selected=None)

    def cancel_move(self) -> None:
        self._set(moving=None)

    def tap_slot(self, tree: int, slot: str) -> None:
        """An empty slot: the end of a move waiting for this side, else the species sheet."""
        moving = self.ui.moving
        if moving is not None and moving[0] == self.ui.shown and moving[2] == slot:
            self._set(moving=None)
            self.table.move(moving, tree, phone=self.phone)
        else:
            self.open_sheet(tree, slot)

    def remove(self, spot: Spot) -> None:
        self._set(selected=None)
        self.table.remove(spot, phone=self.phone)

    def set_symbol(self, spot: Spot, symbol: str) -> None:
        self.table.set_symbol(spot, symbol, phone=self.phone)

    def cave_step(self, delta: int) -> None:
        player = self.ui.shown
        self.table.set_cave(player, self.table.forests[player].cave + delta, phone=self.phone)

    def cave_type(self, cave_type: str) -> None:
        self.table.set_cave_type(self.ui.shown, cave_type, phone=self.phone)

    def undo(self) -> None:
        if self.table.undoable(self.phone):
            self._set(selected=None, moving=None)
            self.table.undo(self.phone)


@ft.component
def Play(table: ForestTable) -> ft.View:
    app = use_app()
    use_table(table)
    ui, set_ui = ft.use_state(lambda: Ui(shown=app.own_seat(table.id) or 0))
    taps = ft.use_memo(lambda: Taps(table, set_ui, app.device, ui), [table])
    taps.ui = ui
    live = table.live
    player = min(ui.shown, len(table.names) - 1)
    forest = table.forests[player]

    async def open_score_sheet() -> None:
        await app.go(f"{table.route}/sheet")

    complete = table.complete
    view = ft.View(route=table.route, padding=0, spacing=0, appbar=entry_bar(
        app, table.route, app.t("game.forest-shuffle"),
        actions=[labelled("undo", ft.IconButton(
                     ft.Icons.UNDO, tooltip=app.t("entry.undo"),
                     disabled=table.undoable(app.device) is None,
                     on_click=taps.undo, width=TAP, height=TAP)),
                 labelled("open-sheet", ft.IconButton(
                     ft.Icons.LEADERBOARD, tooltip=app.t("entry.score_sheet"),
                     disabled=not complete, on_click=open_score_sheet, width=TAP,
                     height=TAP))]))
    top: list[ft.Control] = [PlayerChips(table.names, player, live.flagged(), taps),
                             QuickTrees(table.boxes, taps)]
    if ui.moving is not None:
        top.append(MoveBar(species_name(table.card_at(ui.moving).species, app.lang),
                           ui.moving[2], taps))
    moving_side = ui.moving[2] if ui.moving is not None and ui.moving[0] == player else None
    rows: list[ft.Control] = [
        TreeCard(table, player, index, tree, live.trees.get((player, index), NO_LIVE),
                 ui.selected if ui.selected and ui.selected[:2] == (player, index) else None,
                 moving_side, taps, key=f"tree-{player}-{index}")
        for index, tree in enumerate(forest.trees)]
    cave_line = live.sheet.players[player].lines[-1] if live.sheet else None
    rows.append(CaveCard(player, forest.cave, forest.cave_type,
                         tuple(cave.id for cave in caves(table.boxes)),
                         None if cave_line is None else cave_line.points, taps,
                         key=f"cave-{player}"))
    rows += [labelled(f"problem-{problem.place}", text(
        scorer_text(problem.key, problem.params, app.lang), color=ft.Colors.ERROR, size=13))
        for problem in live.problems.get(None, [])]
    # The forest stays in the view while the sheet is open, hidden: closing the sheet then
    # sends what the pick changed, not the whole forest again.
    body = ft.Column([
        ft.Container(ft.Column(top, spacing=6), padding=ft.Padding.only(left=8, right=8, top=8)),
        ft.Container(swipeable(ft.Column(rows, spacing=8, scroll=ft.ScrollMode.AUTO,
                                         expand=True), taps.step),
                     expand=True, padding=ft.Padding.symmetric(horizontal=8)),
    ], expand=True, spacing=8, visible=ui.picking is None)
    shown: list[ft.Control] = [body]
    if ui.last_sheet is not None:
        shown.append(ft.Container(SpeciesSheet(
            table.boxes, ui.last_sheet, _sheet_title(app, ui.last_sheet), ui.query, ui.opened, taps,
            key="species-sheet"), expand=True, padding=8, visible=ui.picking is not None))
    totals = totals_of(live.sheet, app.t) if live.sheet is not None else ()
    # The view's own padding, around all but the totals bar, which spans the screen.
    view.controls = [ft.Container(ft.Column(shown, spacing=10), expand=True, padding=10),
                     TotalsBar(totals, open_score_sheet if complete else None)]
    return view


NO_LIVE = TreeLive()


def _sheet_title(app, picking: Picking) -> str:
    title = (app.t("forest.add_tree") if picking.side == WHOLE else app.t(
        "forest.slot", number=picking.tree + 1,
        slot=scorer_text(f"slot.{picking.side}", {}, app.lang)))
    return f"{app.t('forest.replace')} · {title}" if picking.replacing is not None else title


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


PlayerChips = ft.memo(ft.component(_player_chips))


def _quick_trees(boxes: tuple[str, ...], taps: Taps) -> ft.Control:
    """"+ Tree" opens the sheet of trees, saplings and shrubs; the trees of the boxes in play
    and the sapling are also one tap away here."""
    app = use_app()
    trees = [s.id for s in choices(WHOLE, boxes) if s.kind == "tree"]
    return labelled("quick-trees", ft.Row([labelled("add-tree", ft.FilledButton(
        app.t("forest.add_tree"), icon=ft.Icons.PARK, height=TAP,
        on_click=do(taps.open_sheet, -1, WHOLE))),
        *[pill(f"quick-{tree}", species_name(tree, app.lang), do(taps.add_tree, tree))
          for tree in [*trees, SAPLING]]], spacing=6, scroll=ft.ScrollMode.AUTO))


QuickTrees = ft.memo(ft.component(_quick_trees))


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
               selected: Spot | None, moving_side: str | None, taps: Taps) -> ft.Control:
    """A tree as a cross of cards, its problems, and the details of the card tapped."""
    app = use_app()

    def cell(slot: str) -> ft.Control:
        cards = tree.cards(slot)
        if not cards:
            return EmptySlot(player, index, slot, moving_side == slot, taps)
        faces: list[ft.Control] = [
            Face((player, index, slot, k), card.species, live, selected, taps)
            for k, card in enumerate(cards)]
        below = [card.species for card in tree.bottom]
        if may_add_another([card.species for card in cards], slot, below):
            words = app.t("forest.add_another")
            add = do(taps.open_sheet, index, slot)
            # On a narrow phone the word would break inside the card's width: the "+" alone.
            button = ft.TextButton(words, icon=ft.Icons.ADD, height=TAP, on_click=add) \
                if roomy(app.width) else ft.IconButton(ft.Icons.ADD, tooltip=words, width=TAP,
                                                       height=TAP, on_click=add)
            faces.append(labelled(f"another-{player}-{index}-{slot}", button, label=words,
                                  button=True))
        if len(faces) == 1:  # the card alone: less for a pick to send
            return faces[0]
        return ft.Column(faces, spacing=4, width=cell_width(app.width), tight=True)

    gap = ft.Container(width=cell_width(app.width))
    cross = ft.Column([
        ft.Row([gap, cell("top"), gap], alignment=ft.MainAxisAlignment.CENTER,
               vertical_alignment=ft.CrossAxisAlignment.END),
        ft.Row([cell("left"), Face((player, index, TREE, None), tree.species, live, selected,
                                   taps), cell("right")],
               alignment=ft.MainAxisAlignment.CENTER),
        ft.Row([gap, cell("bottom"), gap], alignment=ft.MainAxisAlignment.CENTER,
               vertical_alignment=ft.CrossAxisAlignment.START),
    ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    parts: list[ft.Control] = [
        text(app.t("forest.tree", number=index + 1), size=12,
             color=ft.Colors.ON_SURFACE_VARIANT), cross]
    parts += [labelled(f"problem-{_spot_id(spot)}", text(
        scorer_text(problem.key, problem.params, app.lang), color=ft.Colors.ERROR, size=13))
        for spot, problem in live.problems]
    if selected is not None:
        parts.append(Details(table, selected, live.line(selected), taps))
    return labelled(f"tree-{player}-{index}", ft.Card(ft.Container(
        ft.Column(parts, spacing=4), padding=8)))


# a pick re-renders the tree it changed (and those whose points it changed), not the others
TreeCard = ft.memo(ft.component(_tree_card))


@ft.component
def EmptySlot(player: int, tree: int, slot: str, target: bool, taps: Taps) -> ft.Control:
    app = use_app()
    return labelled(f"slot-{player}-{tree}-{slot}", ft.Container(
        ft.Icon(ft.Icons.MOVE_DOWN if target else ft.Icons.ADD,
                color=ft.Colors.PRIMARY if target else ft.Colors.ON_SURFACE_VARIANT),
        width=cell_width(app.width), height=CELL_H, border_radius=8, ink=True,
        alignment=ft.Alignment.CENTER,
        border=ft.Border.all(3 if target else 1, ft.Colors.PRIMARY if target
                             else ft.Colors.OUTLINE_VARIANT),
        on_click=do(taps.tap_slot, tree, slot)),
        label=app.t("forest.empty_slot", number=tree + 1,
                    slot=scorer_text(f"slot.{slot}", {}, app.lang)), button=True)


@ft.component
def Face(spot: Spot, species: str, live: TreeLive, selected: Spot | None,
         taps: Taps) -> ft.Control:
    """A card: its group's icon, name and points; red with a problem, outlined when tapped.
    Read as "Birch, 1 point"."""
    app = use_app()
    line = live.line(spot)
    problem = live.has_problem(spot)
    name = species_name(species, app.lang)
    points = "" if line is None else app.t("pond.points", points=line.points)
    color = (ft.Colors.ERROR if problem else ft.Colors.PRIMARY if selected == spot
             else ft.Colors.OUTLINE_VARIANT)
    box = ft.Container(
        ft.Row([*([group_icon(species, 16)] if roomy(app.width) else []),
                text(name, size=12, expand=True, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                text("-" if line is None else str(line.points), size=15,
                     weight=ft.FontWeight.BOLD)], spacing=4),
        width=cell_width(app.width), height=CELL_H, padding=6, border_radius=8, ink=True,
        bgcolor=ft.Colors.SECONDARY_CONTAINER if spot[2] == TREE else None,
        border=ft.Border.all(3 if problem or selected == spot else 1, color),
        on_click=do(taps.select, spot))
    return labelled(f"card-{_spot_id(spot)}", box, label=f"{name}{points}", button=True)


@ft.component
def Details(table: ForestTable, spot: Spot, line, taps: Taps) -> ft.Control:
    """The card tapped: why it scores, its tree symbol (chips), replace, move, remove."""
    app = use_app()
    card = table.card_at(spot)
    side = WHOLE if spot[2] == TREE else spot[2]
    controls: list[ft.Control] = []
    if line is not None:
        controls.append(labelled("card-explain", text(
            scorer_text(line.explain.key, line.explain.params, app.lang), size=13)))
    if card.species != SAPLING:
        chips = symbol_chips(f"symbol-{_spot_id(spot)}", card.species, side, table.boxes,
                             app.lang, card.symbol, lambda s: taps.set_symbol(spot, s))
        if len(chips) > 1:
            if table.symbol_matters(spot):
                controls.append(labelled("symbol-counts", text(
                    app.t("forest.symbol_counts"), size=13, color=ft.Colors.PRIMARY)))
            controls.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
    buttons = [labelled("replace-card", ft.OutlinedButton(
        app.t("forest.replace"), icon=ft.Icons.SWAP_HORIZ, height=TAP,
        on_click=do(taps.replace_card, spot)))]
    if spot[2] != TREE:
        buttons.append(labelled("move-card", ft.OutlinedButton(
            app.t("forest.move"), icon=ft.Icons.OPEN_WITH, height=TAP,
            on_click=do(taps.start_move, spot))))
    buttons.append(labelled("remove-card", ft.OutlinedButton(
        app.t("forest.remove"), icon=ft.Icons.DELETE_OUTLINE, height=TAP,
        on_click=do(taps.remove, spot))))
    controls.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
    return ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding.only(top=6))


def _cave_card(player: int, count: int, cave_type: str | None, cave_ids: tuple[str, ...],
               points: int | None, taps: Taps) -> ft.Control:
    """The stepper; with more than one cave in play (Exploration), the cave's type as chips."""
    app = use_app()
    label = app.t("forest.cave", count=count,
                  points="" if points is None else app.t("pond.points", points=points))
    parts: list[ft.Control] = [ft.Row([
        labelled("cave", text(label, size=15, expand=True), label=label),
        labelled("cave-minus", ft.IconButton(ft.Icons.REMOVE, disabled=count == 0,
                                             tooltip=app.t("forest.cave_minus"),
                                             on_click=do(taps.cave_step, -1),
                                             width=TAP, height=TAP)),
        labelled("cave-plus", ft.IconButton(ft.Icons.ADD, tooltip=app.t("forest.cave_plus"),
                                            on_click=do(taps.cave_step, 1),
                                            width=TAP, height=TAP)),
    ])]
    if len(cave_ids) > 1:
        chosen = cave_type or DEFAULT_CAVE
        parts += [text(app.t("forest.cave_type"), size=12, color=ft.Colors.ON_SURFACE_VARIANT),
                  ft.Row([pill(f"cave-type-{cave}", scorer_text(f"cave.{cave}", {}, app.lang),
                               do(taps.cave_type, cave), selected=cave == chosen)
                          for cave in cave_ids], wrap=True, spacing=6, run_spacing=6)]
    return ft.Card(ft.Container(ft.Column(parts, spacing=4), padding=8))


CaveCard = ft.memo(ft.component(_cave_card))


def _spot_id(spot: Spot) -> str:
    player, tree, part, index = spot
    return f"{player}-{tree}-{part}" + ("" if index is None else f"-{index}")

