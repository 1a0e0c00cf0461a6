"""Symbiose entry: player chips, the pond, the card sheet, live totals, undo.

Every change goes straight to the store; numbers come from the scorer (views.symbiose.live).
"""

from __future__ import annotations

import flet as ft

from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.state import Slot, SymbioseEntry
from views.symbiose.card_sheet import CardSheet
from views.symbiose.live import LiveTable, live_table, slot_of
from views.symbiose.pond import column_labels, grid, slot_name
from views.widgets.common import do, labelled, pill, section, text
from views.widgets.totals import totals_bar

DECK = "symbiose"


class EntryScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/symbiose/{game_id}")
        self.game_id = game_id
        self.entry = SymbioseEntry.from_data(app.store.game(game_id).data)  # type: ignore[union-attr]
        self.shown: int | str = self._owner(self.entry.cursor) if self.entry.cursor else 0
        self.sheet = CardSheet(on_card=self.place_card, on_change=self.refresh)
        self.tiles: dict[tuple, ft.Control] = {}

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
    def refresh(self) -> None:
        live = live_table(self.entry)
        lang = self.app.lang
        self.view.appbar = ft.AppBar(title=text(self.t("game.symbiose")), actions=[
            labelled("undo", ft.IconButton(ft.Icons.UNDO, tooltip=self.t("entry.undo"),
                                           disabled=not self.entry.undo_stack,
                                           on_click=self.undo)),
            labelled("open-sheet", ft.IconButton(
                ft.Icons.LEADERBOARD, tooltip=self.t("entry.score_sheet"),
                disabled=not self._finishable(live), on_click=self.open_sheet))])
        top: list[ft.Control] = [self._player_chips()]
        if self.entry.mode == "team":
            top.append(text(self._teams_caption(), size=13, color=ft.Colors.ON_SURFACE_VARIANT))
        if self.shown == "river":
            top.append(text(self.t("pond.river_caption"), size=12, text_align=ft.TextAlign.CENTER,
                            color=ft.Colors.ON_SURFACE_VARIANT))
        else:
            top.append(column_labels(live, int(self.shown), lang))
        top.append(grid(self.entry, live, self.shown, self.select, lang, self.tiles))
        top += self._problem_texts(live)
        self.view.controls = [ft.Column([
            ft.Container(ft.Column(top, spacing=6,
                                   horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                         padding=ft.Padding.only(left=8, right=8, top=8)),
            ft.Container(ft.Column(self._sheet_controls(live), spacing=8,
                                   scroll=ft.ScrollMode.AUTO),
                         expand=True, padding=ft.Padding.symmetric(horizontal=12)),
        ], expand=True, spacing=8)]
        self.view.bottom_appbar = totals_bar(live.sheet, self.app.t, self._finishable(live),
                                             self.open_sheet)

    def _finishable(self, live: LiveTable) -> bool:
        return self.entry.is_complete() and not live.problems

    def _player_chips(self) -> ft.Row:
        owners: list[int | str] = list(range(len(self.entry.names)))
        if self.entry.mode == "duel":
            owners.append("river")
        chips = [pill(f"player-{owner}",
                      self.t("entry.river") if owner == "river" else self.entry.names[owner],
                      do(self.show_player, owner), selected=owner == self.shown)
                 for owner in owners]
        return ft.Row(chips, spacing=6, scroll=ft.ScrollMode.AUTO)

    def _teams_caption(self) -> str:
        names = self.entry.names
        return self.t("entry.teams", one=f"{names[0]} & {names[2]}", two=f"{names[1]} & {names[3]}")

    def _problem_texts(self, live: LiveTable) -> list[ft.Control]:
        out = []
        for place, problems in live.problems.items():
            slot = slot_of(place)
            where = slot_name(self.entry, slot, self.app.lang) if slot else place
            for problem in problems:
                message = scorer_text(problem.key, problem.params, self.app.lang)
                out.append(labelled(f"problem-{place}", text(
                    f"{where}: {message}", color=ft.Colors.ERROR, size=13)))
        return out

    def _sheet_controls(self, live: LiveTable) -> list[ft.Control]:
        slot = self.entry.cursor
        if slot is None:
            return [text(self.t("entry.all_done"), size=15)]
        controls: list[ft.Control] = [section(slot_name(self.entry, slot, self.app.lang))]
        card = self.entry.card_at(slot)
        if card is not None:
            line = live.tile_lines.get(slot)
            if line is not None:
                controls.append(labelled("tile-explain", text(
                    scorer_text(line.explain.key, line.explain.params, self.app.lang),
                    size=14)))
            controls.append(ft.Row([labelled("clear-tile", ft.OutlinedButton(
                self.t("entry.clear"), icon=ft.Icons.DELETE_OUTLINE, on_click=self.clear_tile)),
                text(self.t("entry.replace_hint"), size=12, expand=True)]))
        known = [card for card, _ in self.app.store.known_cards(DECK)]
        return controls + self.sheet.build(known, self.app.lang)
