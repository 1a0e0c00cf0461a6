"""The quick calculator: a fossil and each player's card values → the evaluation, worked out by
the scorer on the game's current scores; optionally applied to the game as
`{"evaluate": F, "holdings": {...}}`."""

from __future__ import annotations

import copy

import flet as ft

from views.fossil.parts import evaluation_view, fossil_grid, fossil_name
from views.fossil.table import preview, read
from views.i18n import scorer_text
from views.session import AppSession, Screen
from views.widgets.common import do, labelled, pill, section, text


class CalculatorScreen(Screen):
    def __init__(self, app: AppSession, game_id: int):
        super().__init__(app, f"/fossil/{game_id}/calc")
        self.game_id = game_id
        self.fossil: str | None = None
        self.holdings: dict[int, list[int]] = {}

    def _table(self):
        return read(self.app.store.game(self.game_id).data)  # type: ignore[union-attr]

    def _event(self, table) -> dict:
        holdings = {table.names[p]: sorted(values) for p, values in self.holdings.items()
                    if values}
        return {"evaluate": self.fossil, "holdings": holdings}

    def _scored_data(self, table) -> dict:
        """The game as far as it scores (a broken log is evaluated on its valid part)."""
        data = copy.deepcopy(table.data)
        data["file"]["log"] = data["file"]["log"][:table.valid]
        return data

    # actions ------------------------------------------------------------------------------
    def pick(self, fossil: str) -> None:
        self.fossil = fossil
        self.refresh()

    def add(self, player: int, value: int) -> None:
        self.holdings.setdefault(player, []).append(value)
        self.refresh()

    def clear(self, player: int) -> None:
        self.holdings.pop(player, None)
        self.refresh()

    async def apply(self) -> None:
        table = self._table()
        if self.fossil is None or table.broken or table.ended:
            return
        event = self._event(table)
        _, refused = preview(table.data, event)
        if refused:
            return
        data = copy.deepcopy(table.data)
        data["file"]["log"].append(event)
        self.app.store.save_game(self.game_id, data)
        self.holdings = {}
        self.fossil = None
        await self.app.go(f"/fossil/{self.game_id}")

    # view ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        table = self._table()
        lang = self.app.lang
        self.view.appbar = ft.AppBar(title=text(self.t("calc.title")))
        controls: list[ft.Control] = [section(self.t("calc.fossil")), fossil_grid(
            "calc-fossil", table.fossils_in_play(), lang, self.pick, self.fossil)]
        if self.fossil is not None:
            values = table.values_in_play(self.fossil)
            controls.append(section(self.t("calc.cards", fossil=fossil_name(self.fossil, lang))))
            for player, name in enumerate(table.names):
                held = self.holdings.get(player, [])
                shown = ", ".join(map(str, held)) if held else self.t("calc.none")
                controls.append(ft.Row([
                    ft.Column([text(name, size=15, weight=ft.FontWeight.W_600),
                               labelled(f"calc-held-{player}", text(shown, size=14),
                                        label=f"{name}: {shown}")],
                              spacing=0, expand=True),
                    *[pill(f"calc-add-{player}-{v}", f"+{v}", do(self.add, player, v),
                           tooltip=self.t("calc.add", name=name, value=v)) for v in values],
                    labelled(f"calc-clear-{player}", ft.IconButton(
                        ft.Icons.BACKSPACE_OUTLINED, tooltip=self.t("calc.clear", name=name),
                        disabled=not held, on_click=do(self.clear, player)))],
                    spacing=4))
            event, refused = preview(self._scored_data(table), self._event(table))
            for problem in refused:
                controls.append(labelled("calc-problem", text(
                    scorer_text(problem.key, problem.params, lang), color=ft.Colors.ERROR,
                    size=14, weight=ft.FontWeight.W_600)))
            if event is not None:
                controls += [section(self.t("fossil.evaluation")),
                             evaluation_view(event, table.names, lang, "calc-result")]
            can_apply = event is not None and not table.broken and not table.ended
            self.view.bottom_appbar = ft.BottomAppBar(content=ft.Row([labelled(
                "calc-apply", ft.FilledButton(self.t("calc.apply"), icon=ft.Icons.CHECK,
                                              disabled=not can_apply, on_click=self.apply,
                                              height=48))],
                alignment=ft.MainAxisAlignment.END), height=72)
        else:
            self.view.bottom_appbar = None
        self.view.controls = [ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                        expand=True)]
        self.view.padding = 12
