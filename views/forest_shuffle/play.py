"""Forest Shuffle entry: a forest entered the way the eye follows it.

While cards are entered the picker holds the screen: the tree being entered with its four
slots, the species that fit the slot being filled and, under them, every tree of the boxes in
play for the next one; after each card the next empty slot opens by itself. Otherwise the
forest itself shows, tree by tree, as crosses with the points on every card. The cave is a
tap in the app bar from anywhere; the totals are at the foot all along, marked provisional
while a card has a problem (which shows at its card).
"""

from __future__ import annotations

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from scorer.forest_shuffle.placing import caves
from scorer.places import ForestSpot
from views.forest_shuffle.cave import CaveButton, CavePad
from views.forest_shuffle.flow import NEW_TREE, WHOLE, PhoneUi, Picking, Taps, Ui
from views.forest_shuffle.forest import MoveBar, PlayerChips, TreeCard
from views.forest_shuffle.model import CLOCKWISE, Forest, ForestTable, Live, TreeLive
from views.forest_shuffle.names import species_name, spot_id
from views.forest_shuffle.picker import (
    HostTiles,
    SearchRow,
    SpeciesGrid,
    TreeBar,
    scrolls_alone,
)
from views.forest_shuffle.symbols import SymbolPass, SymbolQuestion
from views.tables.model import use_table
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import TAP, do, labelled, swipeable, text
from views.widgets.top_bar import entry_bar
from views.widgets.totals import TotalsBar, totals_of
from views.widgets.typed_flet import keyed, memo, use_lazy_state

NO_LIVE = TreeLive()


@ft.component
def Play(table: ForestTable) -> ft.View:
    app = use_app()
    use_table(table)
    kept, _ = use_lazy_state(lambda: PhoneUi(first_ui(table, app.own_seat(table.id) or 0)))
    taps = ft.use_memo(lambda: Taps(table, kept, app.device, app.game_over), [table])
    ui = kept.ui
    live = table.live
    player = taps.player
    forest = table.forests[player]
    cave_line = live.sheet.players[player].lines[-1] if live.sheet else None
    complete = table.complete
    sheet_open = complete or table.provisional is not None  # a provisional sheet too

    async def open_score_sheet() -> None:
        await app.go(f"{table.route}/sheet")

    picking = taps.picking
    view = ft.View(route=table.route, padding=0, spacing=0, appbar=entry_bar(
        app, table.route, table.names[player],
        actions=[CaveButton(forest.cave, None if cave_line is None else cave_line.points,
                            taps.open_cave),
                 labelled("undo", ft.IconButton(
                     ft.Icons.UNDO, tooltip=app.t("entry.undo"),
                     disabled=table.undoable(app.device) is None,
                     on_click=taps.undo, width=TAP, height=TAP)),
                 labelled("open-sheet", ft.IconButton(
                     ft.Icons.LEADERBOARD, tooltip=app.t("entry.score_sheet"),
                     disabled=not sheet_open, on_click=open_score_sheet, width=TAP,
                     height=TAP))]))
    over = overlay(table, ui, player, taps)
    # The forest is drawn as it was when last shown while the picker or a question holds
    # the screen: a pick sends what the picker shows, and closing it what changed meanwhile.
    forest_shown = over is None and picking is None
    seen: MutableRef[tuple[tuple[Forest, ...], Live]] = ft.use_ref(lambda: (table.forests, live))
    if forest_shown:
        seen.current = (table.forests, live)
    drawn = seen.current
    assert drawn is not None  # made at the first render
    # Always the same three parts, shown or hidden: a part that comes or goes must not shift
    # the others, which would send them again whole.
    shown: list[ft.Control] = [
        ft.Container(over, expand=True, visible=over is not None, key="over"),
        keyed(Picker, "picker")(table, ui, picking, over is None and picking is not None, taps),
        keyed(ForestBody, "forest")(table, *drawn, player, ui.selected, ui.moving, forest_shown,
                                    taps)]
    totals = totals_of(live.sheet, app.t) if live.sheet is not None else ()
    # The view's own padding, around all but the totals bar, which spans the screen.
    view.controls = [ft.Container(ft.Column(shown, spacing=0, expand=True), expand=True,
                                  padding=ft.Padding.only(left=10, right=10, top=8)),
                     TotalsBar(totals, open_score_sheet if sheet_open else None,
                               provisional=not live.clean)]
    return view


def overlay(table: ForestTable, ui: Ui, player: int, taps: Taps) -> ft.Control | None:
    """What takes the screen before the picker and the forest: the cave's pad, the symbols
    still wanted, or the question of a card's printed symbol."""
    forest = table.forests[player]
    wanted = tuple(s for s in table.symbols_wanted(player) if s not in ui.later)
    if ui.cave:
        return CavePad(table.names[player], forest.cave, forest.cave_type,
                       tuple(cave.id for cave in caves(table.boxes)), ui.cave_page,
                       taps.set_cave, taps.cave_page, taps.cave_type, taps.close_cave)
    if wanted:
        spot = wanted[0]
        problem = next(p for p in table.live.problems[spot]
                       if p.key == "forest_shuffle.symbol_missing")
        return keyed(SymbolPass, f"pass-{spot_id(spot)}")(
            spot, table.card_at(spot).species, problem, len(wanted) - 1, wanted, taps)
    if ui.question is not None:
        return SymbolQuestion(ui.question, taps)
    return None


def first_ui(table: ForestTable, seat: int) -> Ui:
    """A phone opens its own forest; an empty one with the picker asking for its first tree,
    each slot's grid ordered for it."""
    player = min(seat, len(table.names) - 1)
    orders = tuple((side, table.likely(player, side)) for side in CLOCKWISE)
    empty = not table.forests[player].trees
    return Ui(shown=player, picking=NEW_TREE if empty else None, orders=orders)


@ft.component
def Picker(table: ForestTable, ui: Ui, picking: Picking | None, shown: bool,
           taps: Taps) -> ft.Control:
    """The tree being entered and its slots, the grid of what fits the slot being filled, the
    search, and the trees for the next one; every grid stays mounted, shown or hidden."""
    app = use_app()
    player = taps.player
    side = picking.side if picking is not None else None
    alone = scrolls_alone(app.text_scale)
    # Every part keeps its place, shown or hidden (see Play): a tree bar that came would
    # otherwise shift the grids, which would be sent again whole.
    bar: ft.Control = ft.Container(visible=False)
    if picking is not None and side != WHOLE:
        tree = table.tree(player, picking.tree)
        takes = tuple(slot for slot in CLOCKWISE
                      if not tree.cards(slot) or table.takes_another(tree, slot))
        problems = tuple(slot for slot in CLOCKWISE if any(
            spot is not None and (spot.player, spot.tree, spot.slot) == (player, picking.tree, slot)
            for spot in table.live.problems))
        bar = TreeBar(player, picking.tree, tree, picking.side, takes, problems, taps)
    caption: ft.Control = ft.Container(visible=False)
    if picking is not None and picking.replacing is not None:
        name = species_name(table.card_at(picking.replacing).species, app.lang)
        caption = text(app.t("forest.replacing", name=name), size=13, color=ft.Colors.PRIMARY)
    grids: list[ft.Control] = [
        keyed(SpeciesGrid, f"grid-{slot}")(slot, table.boxes, ui.order(slot),
                                           ui.query if slot == side else "", slot == side, taps)
        for slot in CLOCKWISE]
    grids.append(keyed(HostTiles, "hosts")(table.boxes, True, side == WHOLE, taps.pick))
    parts = [ft.Container(caption, key="caption"), ft.Container(bar, key="bar"),
             keyed(SearchRow, f"search-{ui.searches}")(taps.search, taps.close,
                                                       side not in (None, WHOLE)),
             ft.Column(grids, expand=alone, key="grids"),
             keyed(HostTiles, "next-tree")(table.boxes, False, side not in (None, WHOLE),
                                           taps.add_tree)]
    return ft.Column(parts, spacing=6, expand=True, visible=shown,
                     scroll=None if alone else ft.ScrollMode.AUTO)


def _forest_body(table: ForestTable, forests: tuple[Forest, ...], live: Live, player: int,
                 selected: ForestSpot | None, moving: ForestSpot | None, shown: bool,
                 taps: Taps) -> ft.Control:
    """The player chips and the forest, tree by tree, with a way to add the next tree, as
    `forests` and the scorer's `live` view of them are."""
    app = use_app()
    forest = forests[player]
    top: list[ft.Control] = [PlayerChips(table.names, player, live.flagged(), taps)]
    if moving is not None and moving.slot is not None:  # only a dweller moves
        top.append(MoveBar(species_name(table.card_at(moving).species, app.lang), moving.slot,
                           taps))
    moving_side = moving.slot if moving is not None and moving.player == player else None
    rows: list[ft.Control] = [
        keyed(TreeCard, f"tree-{player}-{index}")(
            table, player, index, tree, live.trees.get((player, index), NO_LIVE),
            selected if selected and (selected.player, selected.tree) == (player, index)
            else None,
            moving_side, taps)
        for index, tree in enumerate(forest.trees)]
    rows.append(labelled("add-tree", ft.FilledTonalButton(
        app.t("forest.add_tree"), icon=ft.Icons.PARK, height=TAP, on_click=do(taps.new_tree))))
    rows += [labelled(f"problem-{problem.place}", text(
        scorer_text(problem.key, problem.params, app.lang), color=ft.Colors.ERROR, size=13))
        for problem in live.problems.get(None, [])]
    return ft.Column([
        ft.Column(top, spacing=6),
        ft.Container(swipeable(ft.Column(rows, spacing=8, scroll=ft.ScrollMode.AUTO,
                                         expand=True), taps.step), expand=True),
    ], expand=True, spacing=8, visible=shown)


ForestBody = memo(ft.component(_forest_body))
