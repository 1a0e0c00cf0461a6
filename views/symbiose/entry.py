"""Symbiose entry: player chips, the pond, the card sheet, live totals, undo.

Every change goes straight to the store; numbers come from the scorer (views.symbiose.live).
"""

from __future__ import annotations

import flet as ft

from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.state import Slot, SymbioseEntry
from views.symbiose.card_sheet import CardSheet
from views.symbiose.live import LiveTable, live_table
from views.symbiose.pond import Grid, column_captions, column_labels, slot_name
from views.widgets.common import Keeper, do, labelled, pill, section, swipeable, text
from views.widgets.totals import TotalsBar

DECK = "symbiose"


class EntryScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/symbiose/{game_id}")
        self.game_id = game_id
        self.entry = SymbioseEntry.from_data(app.store.game(game_id).data)  # type: ignore[union-attr]
        self.shown: int | str = self._owner(self.entry.cursor) if self.entry.cursor else 0
        self.sheet = CardSheet(on_card=self.place_card, on_change=self.refresh)
        self.keep = Keeper()
        self._frame()

    # actions ------------------------------------------------------------------------------
    def _reload(self) -> None:
        """Another tab may have changed the table: start from what the store holds."""
        record = self.app.store.game(self.game_id)
        if record is not None:
            self.entry = SymbioseEntry.from_data(record.data)

    def _save(self) -> None:
        self.app.store.save_game(self.game_id, self.entry.to_data(), status="active")

    @staticmethod
    def _owner(slot: Slot) -> int | str:
        return "river" if slot[0] == "river" else slot[1]

    def select(self, slot: Slot) -> None:
        self.entry.cursor = slot
        self.shown = self._owner(slot)
        self.sheet.reset()
        self._save()
        self.refresh()

    def _owners(self) -> list[int | str]:
        owners: list[int | str] = list(range(len(self.entry.names)))
        return [*owners, "river"] if self.entry.mode == "duel" else owners

    def step_player(self, step: int) -> None:
        owners = self._owners()
        self.show_player(owners[(owners.index(self.shown) + step) % len(owners)])

    def show_player(self, owner: int | str) -> None:
        self.shown = owner
        empties = [s for s in self.entry.empty_slots() if self._owner(s) == owner]
        if empties:
            self.entry.cursor = empties[0]
            self._save()
        self.refresh()

    def place_card(self, card: str | None) -> None:
        slot = self.entry.cursor
        if slot is None:
            return
        self.entry.place(slot, card)
        if card is not None:
            self.app.store.count_card(DECK, card, +1)
        if self.entry.cursor is not None:
            self.shown = self._owner(self.entry.cursor)
        self.sheet.reset()
        self._save()
        self.refresh()

    def clear_tile(self) -> None:
        self.place_card(None)

    def undo(self) -> None:
        undone = self.entry.undo()
        if undone is None:
            return
        slot, restored, removed = undone
        if removed is not None:
            self.app.store.count_card(DECK, removed, -1)
        if restored is not None:
            self.app.store.count_card(DECK, restored, +1)
        self.shown = self._owner(slot)
        self._save()
        self.refresh()

    async def open_sheet(self) -> None:
        await self.app.go(f"/symbiose/{self.game_id}/sheet")

    # view ---------------------------------------------------------------------------------
    def _frame(self) -> None:
        """The parts every refresh keeps: a tap changes what is inside them, so Flet sends the
        browser only the tiles, totals and sheet parts that changed, not the whole screen."""
        self.title = text("")
        self.undo_button = ft.IconButton(ft.Icons.UNDO, on_click=self.undo)
        self.sheet_button = ft.IconButton(ft.Icons.LEADERBOARD, on_click=self.open_sheet)
        self.undo_label = labelled("undo", self.undo_button, button=True)
        self.sheet_label = labelled("open-sheet", self.sheet_button, button=True)
        self.view.appbar = ft.AppBar(title=self.title, actions=[self.undo_label,
                                                               self.sheet_label])
        self.top = ft.Column(spacing=6, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self.lower = ft.Column(spacing=8, scroll=ft.ScrollMode.AUTO)
        self.grid = Grid()
        self.view.controls = [swipeable(ft.Column([
            ft.Container(self.top, padding=ft.Padding.only(left=8, right=8, top=8)),
            ft.Container(self.lower, expand=True, padding=ft.Padding.symmetric(horizontal=12)),
        ], expand=True, spacing=8), self.step_player)]
        self.totals = TotalsBar(on_finish=self.open_sheet)
        self.view.bottom_appbar = self.totals.bar

    def refresh(self) -> None:
        live = live_table(self.entry)
        lang = self.app.lang
        keep = self.keep
        finishable = self._finishable(live)
        self.title.value = self.t("game.symbiose")
        # An icon button's name for screen readers is its wrapper's label (see `labelled`).
        self.undo_button.tooltip = self.undo_label.label = self.t("entry.undo")
        self.undo_button.disabled = not self.entry.undo_stack
        self.sheet_button.tooltip = self.sheet_label.label = self.t("entry.score_sheet")
        self.sheet_button.disabled = not finishable
        names = tuple(self.entry.names)
        top: list[ft.Control] = [keep(("chips", self.shown, names, lang), self._player_chips)]
        if self.entry.mode == "team":
            caption = self._teams_caption()
            top.append(keep(("teams", caption), lambda: text(
                caption, size=13, color=ft.Colors.ON_SURFACE_VARIANT)))
        if self.shown == "river":
            top.append(keep(("river", lang), lambda: text(
                self.t("pond.river_caption"), size=12, text_align=ft.TextAlign.CENTER,
                color=ft.Colors.ON_SURFACE_VARIANT)))
        else:
            captions = column_captions(live, int(self.shown), lang)
            top.append(keep(("labels", captions), lambda: column_labels(captions)))
        top.append(self.grid.show(self.entry, live, self.shown, self.select, lang, keep))
        top += self._problem_texts(live)
        self.top.controls = top
        self.lower.controls = self._sheet_controls(live)
        self.totals.show(live.sheet, self.app.t, finishable)
        keep.next_round()

    def _finishable(self, live: LiveTable) -> bool:
        return self.entry.is_complete() and not live.problems

    def _player_chips(self) -> ft.Row:
        chips = [pill(f"player-{owner}",
                      self.t("entry.river") if owner == "river" else self.entry.names[owner],
                      do(self.show_player, owner), selected=owner == self.shown)
                 for owner in self._owners()]
        return ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO)

    def _teams_caption(self) -> str:
        names = self.entry.names
        return self.t("entry.teams", one=f"{names[0]} & {names[2]}", two=f"{names[1]} & {names[3]}")

    def _problem_texts(self, live: LiveTable) -> list[ft.Control]:
        out = []
        for slot, problems in live.problems.items():
            for problem in problems:
                message = scorer_text(problem.key, problem.params, self.app.lang)
                where = (slot_name(self.entry, slot, self.app.lang) if slot
                         else self.entry.names[problem.player] if problem.player is not None
                         else "")
                words = f"{where}: {message}" if where else message
                out.append(self.keep(("problem", problem.place, words),
                                     lambda p=problem.place, w=words: labelled(
                                         f"problem-{p}", text(w, color=ft.Colors.ERROR, size=13))))
        return out

    def _sheet_controls(self, live: LiveTable) -> list[ft.Control]:
        keep, lang = self.keep, self.app.lang
        slot = self.entry.cursor
        if slot is None:
            return [keep(("all-done", lang), lambda: text(self.t("entry.all_done"), size=15))]
        where = slot_name(self.entry, slot, lang)
        controls: list[ft.Control] = [keep(("where", where), lambda: section(where))]
        card = self.entry.card_at(slot)
        if card is not None:
            line = live.tile_lines.get(slot)
            if line is not None:
                words = scorer_text(line.explain.key, line.explain.params, lang)
                controls.append(keep(("explain", words), lambda: labelled(
                    "tile-explain", text(words, size=14))))
            controls.append(keep(("clear", lang), lambda: ft.Row([labelled(
                "clear-tile", ft.OutlinedButton(self.t("entry.clear"),
                                                icon=ft.Icons.DELETE_OUTLINE,
                                                on_click=self.clear_tile)),
                text(self.t("entry.replace_hint"), size=12, expand=True)])))
        known = [card for card, _ in self.app.store.known_cards(DECK)]
        return controls + self.sheet.build(known, lang)
