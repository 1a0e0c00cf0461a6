"""Forest Shuffle entry: player chips, each forest as a list of trees drawn as crosses, the
species sheet, the cave stepper, live totals, undo.

Every change goes straight to the store; every number and problem comes from the scorer
(views.forest_shuffle.live), majority cards scored against every forest in the game.
"""

from __future__ import annotations

import json

import flet as ft

from scorer.forest_shuffle.checks import DEFAULT_CAVE
from scorer.forest_shuffle.models import SAPLING
from scorer.forest_shuffle.placing import caves, choices, may_add_another, symbol_matters
from scorer.places import ForestSpot
from views.forest_shuffle.forest import Forests, card_id, card_symbol, make_card
from views.forest_shuffle.live import LiveForests, Spot, live_forests
from views.forest_shuffle.species_sheet import SpeciesSheet, species_name, symbol_chips
from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.widgets.common import Keeper, do, labelled, pill, swipeable, text
from views.widgets.totals import TotalsBar

CELL_W, CELL_H = 112, 56


class ForestScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/forest-shuffle/{game_id}")
        self.game_id = game_id
        self.forests = Forests.from_data(app.store.game(game_id).data)  # type: ignore[union-attr]
        self.shown = 0
        self.picking: tuple[int, str] | None = None  # (tree, slot) or (-1, "whole")
        self.selected: Spot | None = None
        self.replacing: Spot | None = None  # the card the open species sheet replaces
        self.moving: Spot | None = None  # the dweller waiting for an empty slot to go to
        self.sheet = SpeciesSheet(on_pick=self.pick, on_close=self.close_sheet)
        self.keep = Keeper()
        self._frame()

    # actions ------------------------------------------------------------------------------
    def _save(self) -> None:
        self.app.store.save_game(self.game_id, self.forests.to_data(), status="active")

    def _changed(self) -> None:
        self._save()
        self.refresh()

    def step_player(self, step: int) -> None:
        self.show_player((self.shown + step) % len(self.forests.names))

    def show_player(self, player: int) -> None:
        self.shown, self.selected, self.picking = player, None, None
        self.replacing = self.moving = None
        self.refresh()

    def open_sheet_for(self, tree: int, slot: str) -> None:
        self.replacing = self.moving = None
        self.picking = (tree, slot)
        self.sheet.open(slot, self.forests.boxes, self.app.lang)
        self.refresh()

    def close_sheet(self) -> None:
        self.picking = self.replacing = None
        self.refresh()

    def open_replace(self, spot: Spot) -> None:
        """The species sheet for the card's slot (or of trees); one pick swaps the card."""
        _, tree, part, _ = spot
        self.open_sheet_for(tree, "whole" if part == "tree" else part)
        self.replacing = spot

    def pick(self, species: str, symbol: str | None) -> None:
        if self.picking is None:
            return
        tree, slot = self.picking
        replacing, self.picking, self.replacing = self.replacing, None, None
        if replacing is not None:
            player, tree, part, index = replacing
            if part == "tree":
                self.forests.replace_host(player, tree, species, symbol)
            else:
                self.forests.replace_card(player, tree, part, index or 0,
                                          make_card(species, symbol))
        elif slot == "whole":
            self.forests.add_host(self.shown, species, symbol)
        else:
            self.forests.add_card(self.shown, tree, slot, make_card(species, symbol))
        self.selected = None
        self._changed()

    def select(self, spot: Spot) -> None:
        self.selected = None if self.selected == spot else spot
        self.moving = None
        self.refresh()

    def start_move(self, spot: Spot) -> None:
        self.moving, self.selected = spot, None
        self.refresh()

    def cancel_move(self) -> None:
        self.moving = None
        self.refresh()

    def _move_target(self, tree: int, slot: str) -> bool:
        return (self.moving is not None and self.moving[0] == self.shown
                and self.moving[2] == slot and not self.forests.cards(self.shown, tree, slot))

    def tap_slot(self, tree: int, slot: str) -> None:
        """An empty slot: the end of a move when one is waiting for this side, else the sheet."""
        if self.moving is not None and self._move_target(tree, slot):
            player, source, part, index = self.moving
            self.moving = None
            self.forests.move_card(player, source, part, index or 0, tree)
            self._changed()
        else:
            self.open_sheet_for(tree, slot)

    def remove(self, spot: Spot) -> None:
        player, tree, part, index = spot
        if part == "tree":
            self.forests.remove_host(player, tree)
        else:
            self.forests.remove_card(player, tree, part, index or 0)
        self.selected = None
        self._changed()

    def set_symbol(self, spot: Spot, symbol: str) -> None:
        player, tree, part, index = spot
        if part == "tree":
            self.forests.set_tree_symbol(player, tree, symbol)
        else:
            card = self.forests.cards(player, tree, part)[index or 0]
            self.forests.replace_card(player, tree, part, index or 0,
                                      make_card(card_id(card), symbol))
        self._changed()

    def cave_step(self, delta: int) -> None:
        self.forests.set_cave(self.shown, self.forests.cave(self.shown) + delta)
        self._changed()

    def set_cave_type(self, cave_type: str) -> None:
        self.forests.set_cave_type(self.shown, cave_type)
        self._changed()

    def undo(self) -> None:
        if self.forests.undo():
            self.selected = self.moving = None
            self._changed()

    async def open_score_sheet(self) -> None:
        await self.app.go(f"/forest-shuffle/{self.game_id}/sheet")

    # view ---------------------------------------------------------------------------------
    def _frame(self) -> None:
        self.title = text("")
        self.undo_button = ft.IconButton(ft.Icons.UNDO, on_click=self.undo)
        self.sheet_button = ft.IconButton(ft.Icons.LEADERBOARD, on_click=self.open_score_sheet)
        self.undo_label = labelled("undo", self.undo_button, button=True)
        self.sheet_label = labelled("open-sheet", self.sheet_button, button=True)
        self.view.appbar = ft.AppBar(title=self.title, actions=[self.undo_label,
                                                               self.sheet_label])
        self.top = ft.Column(spacing=6)
        self.trees = ft.Column(spacing=8, scroll=ft.ScrollMode.AUTO, expand=True)
        self.body = ft.Column([
            ft.Container(self.top, padding=ft.Padding.only(left=8, right=8, top=8)),
            ft.Container(swipeable(self.trees, self.step_player), expand=True,
                         padding=ft.Padding.symmetric(horizontal=8)),
        ], expand=True, spacing=8)
        self.sheet_box = ft.Container(expand=True, padding=8, visible=False)
        self.view.controls = [self.body, self.sheet_box]
        self.totals = TotalsBar(on_finish=self.open_score_sheet)
        self.view.bottom_appbar = self.totals.bar

    def refresh(self) -> None:
        live = live_forests(self.forests.file)
        lang = self.app.lang
        finishable = live.clean and self.forests.card_count() > 0
        self.title.value = self.t("game.forest-shuffle")
        self.undo_button.tooltip = self.undo_label.label = self.t("entry.undo")
        self.undo_button.disabled = not self.forests.undo_stack
        self.sheet_button.tooltip = self.sheet_label.label = self.t("entry.score_sheet")
        self.sheet_button.disabled = not finishable
        if live.sheet is not None:
            self.totals.show(live.sheet, self.app.t, finishable)
        if self.picking is not None:
            tree, slot = self.picking
            title = (self.t("forest.add_tree") if slot == "whole" else self.t(
                "forest.slot", number=tree + 1, slot=scorer_text(f"slot.{slot}", {}, lang)))
            if self.replacing is not None:
                title = f"{self.t('forest.replace')} · {title}"
            # The forest stays in the view, hidden, with its kept controls (no next_round):
            # closing the sheet then sends only what the pick changed, not the whole forest.
            self.sheet_box.content = self.sheet.build(title)
            self.sheet_box.visible, self.body.visible = True, False
            return
        names = tuple(self.forests.names)
        flagged = tuple(sorted(_players_with_problems(live)))
        self.top.controls = [
            self.keep(("chips", self.shown, names, flagged, lang),
                      lambda: self._player_chips(set(flagged))),
            self.keep(("add-tree", tuple(self.forests.boxes), lang), self._tree_row)]
        if self.moving is not None:
            self.top.controls.append(self._move_bar(self.moving))
        player = self.shown
        rows: list[ft.Control] = [self._tree(live, player, t)
                                  for t in range(len(self.forests.forest(player)))]
        rows.append(self._cave(live, player))
        rows += self._other_problems(live)
        self.trees.controls = rows
        self.sheet_box.content, self.sheet_box.visible, self.body.visible = None, False, True
        self.keep.next_round()

    def add_tree(self, species: str) -> None:
        self.forests.add_host(self.shown, species)
        self.selected = None
        self._changed()

    def _tree_row(self) -> ft.Row:
        """"+ Tree" opens the sheet of trees, saplings and shrubs; the trees of the boxes in play
        and the sapling are also one tap away here."""
        lang = self.app.lang
        trees = [s.id for s in choices("whole", self.forests.boxes) if s.kind == "tree"]
        return ft.Row([labelled("add-tree", ft.FilledButton(
            self.t("forest.add_tree"), icon=ft.Icons.PARK,
            on_click=do(self.open_sheet_for, -1, "whole"))),
            *[pill(f"quick-{tree}", species_name(tree, lang), do(self.add_tree, tree))
              for tree in [*trees, SAPLING]]], spacing=6, scroll=ft.ScrollMode.AUTO)

    def _player_chips(self, flagged: set[int]) -> ft.Row:
        """A chip per player; a red dot and "!" mark a forest with a problem."""
        def chip(i: int, name: str) -> ft.Control:
            if i not in flagged:
                return pill(f"player-{i}", name, do(self.show_player, i), selected=i == self.shown)
            return pill(f"player-{i}", f"{name} !", do(self.show_player, i),
                        selected=i == self.shown,
                        tooltip=self.t("forest.player_problem", name=name),
                        leading=ft.Icon(ft.Icons.CIRCLE, size=10, color=ft.Colors.ERROR))
        return ft.Row([chip(i, name) for i, name in enumerate(self.forests.names)],
                      spacing=6, scroll=ft.ScrollMode.AUTO)

    def _move_bar(self, spot: Spot) -> ft.Control:
        player, tree, part, index = spot
        name = species_name(card_id(self.forests.cards(player, tree, part)[index or 0]),
                            self.app.lang)
        hint = self.t("forest.move_hint", slot=scorer_text(f"slot.{part}", {}, self.app.lang),
                      name=name)
        return ft.Row([labelled("move-hint", text(hint, size=13, expand=True,
                                                  color=ft.Colors.PRIMARY), label=hint),
                       labelled("move-cancel", ft.IconButton(
                           ft.Icons.CLOSE, tooltip=self.t("forest.move_cancel"),
                           on_click=do(self.cancel_move)))])

    def _tree(self, live: LiveForests, player: int, tree: int) -> ft.Control:
        """A tree as a cross of cards. The card around it (its shell) and every face, empty slot
        and details panel are kept while what they show is unchanged, and the shell's rows get
        them each refresh: a pick sends the browser the faces that changed, not whole trees."""
        lang = self.app.lang
        keep = self.keep
        shell: _TreeShell = keep(("tree", player, tree, lang),
                                 lambda: _TreeShell(player, tree, self.t(
                                     "forest.tree", number=tree + 1)))
        entry = self.forests.forest(player)[tree]
        selected = self.selected if self.selected and self.selected[:2] == (player, tree) \
            else None

        def cell(slot: str) -> ft.Control:
            cards = self.forests.cards(player, tree, slot)
            if not cards:
                target = self._move_target(tree, slot)
                return keep(("slot", player, tree, slot, target, lang),
                            lambda: self._empty_slot(player, tree, slot, target))
            faces = [self._face(live, (player, tree, slot, k), card_id(card))
                     for k, card in enumerate(cards)]
            below = [card_id(c) for c in self.forests.cards(player, tree, "bottom")]
            if may_add_another([card_id(c) for c in cards], slot, below):
                faces.append(keep(("another", player, tree, slot, lang), lambda: labelled(
                    f"another-{player}-{tree}-{slot}", ft.TextButton(
                        self.t("forest.add_another"), icon=ft.Icons.ADD,
                        on_click=do(self.open_sheet_for, tree, slot)), button=True)))
            column = keep(("cell", player, tree, slot),
                          lambda: ft.Column(spacing=4, width=CELL_W, tight=True))
            column.controls = faces
            return column

        host = self._face(live, (player, tree, "tree", None), entry["tree"])
        shell.top.controls = [shell.gaps[0], cell("top"), shell.gaps[1]]
        shell.middle.controls = [cell("left"), host, cell("right")]
        shell.bottom.controls = [shell.gaps[2], cell("bottom"), shell.gaps[3]]
        parts: list[ft.Control] = [shell.title, shell.cross]
        for spot in sorted((s for s in live.problems if s and s[:2] == (player, tree)),
                           key=str):
            for n, problem in enumerate(live.problems[spot]):
                words = scorer_text(problem.key, problem.params, lang)
                parts.append(keep(("problem", spot, n, words), lambda s=spot, w=words: labelled(
                    f"problem-{_spot_id(s)}", text(w, color=ft.Colors.ERROR, size=13))))
        if selected is not None:
            why = live.lines.get(selected)  # the details panel explains it
            matters = self._symbol_matters(selected)
            key = ("details", selected, json.dumps(entry, sort_keys=True),
                   (why.explain.key, json.dumps(why.explain.params, sort_keys=True))
                   if why else None, tuple(self.forests.boxes), matters, lang)
            parts.append(keep(key, lambda: self._details(live, selected, matters)))
        shell.parts.controls = parts
        return shell.control

    def _empty_slot(self, player: int, tree: int, slot: str, target: bool) -> ft.Control:
        return labelled(f"slot-{player}-{tree}-{slot}", ft.Container(
            ft.Icon(ft.Icons.MOVE_DOWN if target else ft.Icons.ADD,
                    color=ft.Colors.PRIMARY if target else ft.Colors.ON_SURFACE_VARIANT),
            width=CELL_W, height=CELL_H, border_radius=8, ink=True,
            alignment=ft.Alignment.CENTER,
            border=ft.Border.all(3 if target else 1, ft.Colors.PRIMARY if target
                                 else ft.Colors.OUTLINE_VARIANT),
            on_click=do(self.tap_slot, tree, slot)),
            label=self.t("forest.empty_slot", number=tree + 1,
                         slot=scorer_text(f"slot.{slot}", {}, self.app.lang)), button=True)

    def _face(self, live: LiveForests, spot: Spot, species: str) -> ft.Control:
        """A card, kept while its species, points, problem mark and selection are unchanged."""
        line = live.lines.get(spot)
        problem = bool(live.problems.get(spot)) or bool(
            spot[2] != "tree" and live.problems.get((*spot[:3], None)))
        selected = self.selected == spot
        points = None if line is None else line.points
        key = ("face", spot, species, points, problem, selected, self.app.lang)
        return self.keep(key, lambda: self._make_face(spot, species, points, problem, selected))

    def _make_face(self, spot: Spot, species: str, line_points: int | None, problem: bool,
                   selected: bool) -> ft.Control:
        lang = self.app.lang
        name = species_name(species, lang)
        points = "" if line_points is None else self.t("pond.points", points=line_points)
        color = (ft.Colors.ERROR if problem else ft.Colors.PRIMARY if selected
                 else ft.Colors.OUTLINE_VARIANT)
        badge = text("-" if line_points is None else str(line_points), size=15,
                     weight=ft.FontWeight.BOLD)
        box = ft.Container(
            ft.Row([text(name, size=12, expand=True, max_lines=2,
                         overflow=ft.TextOverflow.ELLIPSIS), badge], spacing=4),
            width=CELL_W, height=CELL_H, padding=6, border_radius=8, ink=True,
            bgcolor=ft.Colors.SECONDARY_CONTAINER if spot[2] == "tree" else None,
            border=ft.Border.all(3 if problem or selected else 1, color),
            on_click=do(self.select, spot))
        return labelled(f"card-{_spot_id(spot)}", box, label=f"{name}{points}", button=True)

    def _symbol_matters(self, spot: Spot) -> bool:
        player, tree, part, index = spot
        where = ForestSpot(player, tree, None if part == "tree" else part, index)
        return symbol_matters(self.forests.file, where)

    def _details(self, live: LiveForests, spot: Spot, symbol_counts: bool) -> ft.Control:
        """The selected card: why it scores, its tree symbol (chips), remove."""
        lang = self.app.lang
        player, tree, part, index = spot
        if part == "tree":
            entry = self.forests.forest(player)[tree]
            species, symbol, side = entry["tree"], entry.get("symbol"), "whole"
        else:
            card = self.forests.cards(player, tree, part)[index or 0]
            species, symbol, side = card_id(card), card_symbol(card), part
        controls: list[ft.Control] = []
        line = live.lines.get(spot)
        if line is not None:
            controls.append(labelled("card-explain", text(
                scorer_text(line.explain.key, line.explain.params, lang), size=13)))
        if species != SAPLING:
            chips = symbol_chips(f"symbol-{_spot_id(spot)}", species, side, self.forests.boxes,
                                 lang, symbol, lambda s: self.set_symbol(spot, s))
            if len(chips) > 1:
                if symbol_counts:
                    controls.append(labelled("symbol-counts", text(
                        self.t("forest.symbol_counts"), size=13, color=ft.Colors.PRIMARY)))
                controls.append(ft.Row(chips, wrap=True, spacing=6, run_spacing=6))
        buttons: list[ft.Control] = [labelled("replace-card", ft.OutlinedButton(
            self.t("forest.replace"), icon=ft.Icons.SWAP_HORIZ,
            on_click=do(self.open_replace, spot)))]
        if part != "tree":
            buttons.append(labelled("move-card", ft.OutlinedButton(
                self.t("forest.move"), icon=ft.Icons.OPEN_WITH,
                on_click=do(self.start_move, spot))))
        buttons.append(labelled("remove-card", ft.OutlinedButton(
            self.t("forest.remove"), icon=ft.Icons.DELETE_OUTLINE,
            on_click=do(self.remove, spot))))
        controls.append(ft.Row(buttons, wrap=True, spacing=6, run_spacing=6))
        return ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding.only(top=6))

    def _cave(self, live: LiveForests, player: int) -> ft.Control:
        """The stepper; with more than one cave in play (Exploration), the cave's type as chips.
        The card is kept and its stepper and chips each kept while unchanged: a step sends the
        new stepper."""
        count = self.forests.cave(player)
        line = live.sheet.players[player].lines[-1] if live.sheet else None
        label = self.t("forest.cave", count=count,
                       points="" if line is None else self.t("pond.points", points=line.points))
        choosing = len(caves(self.forests.boxes)) > 1
        cave_type = (self.forests.cave_type(player) or DEFAULT_CAVE) if choosing else None
        lang = self.app.lang
        column = self.keep(("cave", player, lang), lambda: ft.Column(spacing=4))
        parts: list[ft.Control] = [self.keep(("cave-stepper", player, count, label, lang),
                                             lambda: self._cave_stepper(count, label))]
        if cave_type is not None:
            parts += [self.keep(("cave-type-caption", player, lang), lambda: text(
                          self.t("forest.cave_type"), size=12,
                          color=ft.Colors.ON_SURFACE_VARIANT)),
                      self.keep(("cave-types", player, cave_type, lang),
                                lambda: self._cave_types(cave_type))]
        column.controls = parts
        return self.keep(("cave-card", player, lang),
                         lambda: ft.Card(ft.Container(column, padding=8)))

    def _cave_stepper(self, count: int, label: str) -> ft.Control:
        return ft.Row([
            labelled("cave", text(label, size=15, expand=True), label=label),
            labelled("cave-minus", ft.IconButton(ft.Icons.REMOVE, disabled=count == 0,
                                                 tooltip=self.t("forest.cave_minus"),
                                                 on_click=do(self.cave_step, -1))),
            labelled("cave-plus", ft.IconButton(ft.Icons.ADD, tooltip=self.t("forest.cave_plus"),
                                                on_click=do(self.cave_step, 1))),
        ])

    def _cave_types(self, cave_type: str) -> ft.Control:
        lang = self.app.lang
        return ft.Row([pill(f"cave-type-{cave.id}", scorer_text(f"cave.{cave.id}", {}, lang),
                            do(self.set_cave_type, cave.id), selected=cave.id == cave_type)
                       for cave in caves(self.forests.boxes)], wrap=True, spacing=6, run_spacing=6)

    def _other_problems(self, live: LiveForests) -> list[ft.Control]:
        out: list[ft.Control] = []
        for problem in live.problems.get(None, []):
            out.append(labelled(f"problem-{problem.place}", text(
                scorer_text(problem.key, problem.params, self.app.lang),
                color=ft.Colors.ERROR, size=13)))
        return out


class _TreeShell:
    """What a tree's card keeps from one refresh to the next: its rows get the kept faces."""

    def __init__(self, player: int, tree: int, title: str) -> None:
        self.title = text(title, size=12, color=ft.Colors.ON_SURFACE_VARIANT)
        self.gaps = [ft.Container(width=CELL_W) for _ in range(4)]
        self.top = ft.Row(alignment=ft.MainAxisAlignment.CENTER,
                          vertical_alignment=ft.CrossAxisAlignment.END)
        self.middle = ft.Row(alignment=ft.MainAxisAlignment.CENTER)
        self.bottom = ft.Row(alignment=ft.MainAxisAlignment.CENTER,
                             vertical_alignment=ft.CrossAxisAlignment.START)
        self.cross = ft.Column([self.top, self.middle, self.bottom], spacing=4,
                               horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self.parts = ft.Column(spacing=4)
        self.control = labelled(f"tree-{player}-{tree}", ft.Card(ft.Container(self.parts,
                                                                              padding=8)))


def _players_with_problems(live: LiveForests) -> set[int]:
    """The players whose forest (or cave) has a problem the scorer reports."""
    found = {spot[0] for spot in live.problems if spot is not None}
    return found | {problem.player for problem in live.problems.get(None, [])
                    if problem.player is not None}


def _spot_id(spot: Spot) -> str:
    player, tree, part, index = spot
    return f"{player}-{tree}-{part}" + ("" if index is None else f"-{index}")
