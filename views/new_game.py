"""New game: players from known ones or typed, the seating circle, the variant (Symbiose) or
the boxes in play (Forest Shuffle, remembered on this device). A rematch starts as the last
game was set up."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import flet as ft

from scorer.players import check_names
from scorer.registry import GAMES
from scorer.setup import Setup
from views.forest_shuffle.forest import new_data as new_forests
from views.fossil.table import new_data as new_fossil
from views.i18n import scorer_text
from views.session import Screen
from views.state import new_draft
from views.store import GameRecord
from views.widgets.common import do, labelled, pill, section, text
from views.widgets.seating import seating

PREFS_BOXES = "tallybook.forest_boxes"


class NewGameScreen(Screen):
    route = "/new/symbiose"

    def __init__(self, app, game: str = "symbiose", rematch: GameRecord | None = None):
        super().__init__(app, f"/new/{game}" + (f"?again={rematch.id}" if rematch else ""))
        self.game = game
        self.names: list[str] = []
        self.mode = ""
        self.river_left_of = 0
        self.error = ""
        self.name_field = ft.TextField(on_submit=self.add_typed, on_change=self._typed,
                                       expand=True)
        self.boxes: list[str] = ["base"]
        self._boxes_touched = False
        if rematch is not None:
            self._set_up_as(rematch.data)
        if game == "forest-shuffle" and not self._boxes_touched:
            # Screens are made inside Flet's event handlers, on the running loop.
            self._loading = asyncio.get_running_loop().create_task(self._remembered_boxes())

    def _set_up_as(self, data: dict[str, Any]) -> None:
        """A rematch: the last game's players in their seats, its variant and boxes."""
        file = data["file"]
        self.names = [p if isinstance(p, str) else p["name"] for p in file["players"]]
        self._fit_mode()
        if self.game == "symbiose" and file.get("mode") in self._variants():
            self.mode = file["mode"]
        if file.get("river_left_of") in self.names:
            self.river_left_of = self.names.index(file["river_left_of"])
        boxes = file.get("boxes") or data.get("boxes")  # beside the file in older games
        if boxes:
            self.boxes, self._boxes_touched = list(boxes), True

    async def _remembered_boxes(self) -> None:
        saved = await ft.SharedPreferences().get(PREFS_BOXES)
        try:
            boxes = [box for box in json.loads(saved) if box in self.setup.boxes] if saved else []
        except (TypeError, ValueError):
            boxes = []
        if boxes and not self._boxes_touched:  # a tap made before the answer came wins
            self.boxes = boxes
            self.refresh()
            self.app.page.update()

    def toggle_box(self, box: str) -> None:
        self._boxes_touched = True
        if box in self.boxes:
            if len(self.boxes) > 1:
                self.boxes.remove(box)
        else:
            self.boxes = [b for b in self.setup.boxes if b in self.boxes or b == box]
        self.refresh()

    # actions ------------------------------------------------------------------------------
    def _typed(self, e) -> None:
        # Only the field changes: rebuilding its parents would take the keyboard focus away.
        if self.error:
            self.error = ""
            self.name_field.error = None

    async def add_typed(self) -> None:
        self.add((self.name_field.value or "").strip())
        self.app.page.update()  # the new tree first, so that focus lands on the live field
        await self.name_field.focus()  # keep typing the next name

    def add(self, name: str) -> None:
        if len(self.names) >= self.setup.max_players:
            self.error = self.t(f"new.too_many{self._suffix()}", max=self.setup.max_players)
        else:
            problems = [p for p in check_names([*self.names, name],
                                               [(i,) for i in range(len(self.names) + 1)])
                        if p.path == (len(self.names),)]
            if problems:
                self.error = scorer_text(problems[0].key, problems[0].params, self.app.lang)
            else:
                self.names.append(name)
                self.name_field.value = ""
                self.error = ""
        self._fit_mode()
        self.refresh()

    def toggle(self, name: str) -> None:
        if name in self.names:
            self.remove(self.names.index(name))
        else:
            self.add(name)

    def remove(self, index: int) -> None:
        del self.names[index]
        self.river_left_of = 0
        self._fit_mode()
        self.refresh()

    def move_up(self, index: int) -> None:
        self.names[index - 1], self.names[index] = self.names[index], self.names[index - 1]
        self.refresh()

    def choose_mode(self, mode: str) -> None:
        self.mode = mode
        self.refresh()

    def choose_river(self, index: int) -> None:
        self.river_left_of = index
        self.refresh()

    def _fit_mode(self) -> None:
        allowed = self._variants()
        if self.mode not in allowed:
            self.mode = allowed[0] if allowed else ""

    async def start(self) -> None:
        if not self.mode:
            return
        self.app.store.remember_players(self.names)
        if self.game == "fossil":
            game_id = self.app.store.create_game("fossil", new_fossil(self.names))
            await self.app.go(f"/fossil/{game_id}")
            return
        if self.game == "forest-shuffle":
            await ft.SharedPreferences().set(PREFS_BOXES, json.dumps(self.boxes))
            game_id = self.app.store.create_game("forest-shuffle",
                                                 new_forests(self.names, self.boxes))
            await self.app.go(f"/forest-shuffle/{game_id}")
            return
        draft = new_draft(self.names, self.mode)
        if self.mode == "duel":
            draft["file"]["river_left_of"] = self.names[self.river_left_of]
        game_id = self.app.store.create_game("symbiose", draft)
        await self.app.go(f"/symbiose/{game_id}")

    # view ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.view.appbar = ft.AppBar(title=text(self.t(f"new.title{self._suffix()}")))
        self.name_field.label = self.t("new.name")
        self.name_field.error = self.error or None
        known = [pill(f"known-player-{name}", name, do(self.toggle, name),
                      selected=name in self.names)
                 for name in self.app.store.known_players()]
        controls: list[ft.Control] = [section(self.t("new.players"))]
        if known:
            controls.append(ft.Row(known, wrap=True, spacing=8, run_spacing=8))
        controls.append(ft.Row([self.name_field, labelled("add-player", ft.IconButton(
            ft.Icons.PERSON_ADD, tooltip=self.t("new.add"), on_click=self.add_typed))],
            vertical_alignment=ft.CrossAxisAlignment.START))
        controls += self._seat_rows()
        if self.names:
            controls.append(seating(self.names, self._caption(), self._partners()))
        controls += self._mode_controls()
        self.view.controls = [ft.Column(controls, spacing=12, scroll=ft.ScrollMode.AUTO,
                                        expand=True)]
        self.view.padding = 16
        self.view.bottom_appbar = ft.BottomAppBar(content=ft.Row([labelled("start", ft.Button(
            self.t("new.start"), icon=ft.Icons.PLAY_ARROW, disabled=not self.mode,
            on_click=self.start, height=48))], alignment=ft.MainAxisAlignment.END))

    def _seat_rows(self) -> list[ft.Control]:
        rows = []
        for index, name in enumerate(self.names):
            rows.append(ft.Row([
                text(f"{index + 1}.", width=24), text(name, expand=True, size=16),
                labelled(f"up-{index}", ft.IconButton(
                    ft.Icons.ARROW_UPWARD, tooltip=self.t("new.move_up", name=name),
                    disabled=index == 0, on_click=do(self.move_up, index))),
                labelled(f"remove-{index}", ft.IconButton(
                    ft.Icons.CLOSE, tooltip=self.t("new.remove", name=name),
                    on_click=do(self.remove, index))),
            ]))
        return rows

    def _caption(self) -> str:
        if len(self.names) < self.setup.min_players:
            return self.t("new.need_players", min=self.setup.min_players,
                          max=self.setup.max_players)
        pairs = ", ".join(self.t("new.left_of", name=name,
                                 left=self.names[(i + 1) % len(self.names)])
                          for i, name in enumerate(self.names))
        return self.t("new.clockwise") + " " + pairs

    def _partners(self) -> dict[str, int] | None:
        if self.mode != "team":
            return None
        return {name: 1 + index % 2 for index, name in enumerate(self.names)}

    @property
    def setup(self) -> Setup:
        return GAMES[self.game].setup

    def _variants(self) -> tuple[str, ...]:
        return self.setup.variants.get(len(self.names), ())

    def _suffix(self) -> str:
        return "" if self.game == "symbiose" else f".{self.game}"

    def _mode_controls(self) -> list[ft.Control]:
        if self.game == "forest-shuffle":
            return [section(self.t("new.boxes")), ft.Row(
                [pill(f"box-{box}", scorer_text(f"box.{box}", {}, self.app.lang),
                      do(self.toggle_box, box), selected=box in self.boxes)
                 for box in self.setup.boxes],
                wrap=True, spacing=8, run_spacing=8),
                text(self.t("new.boxes_note"), size=13, color=ft.Colors.ON_SURFACE_VARIANT)]
        if self.game == "fossil":
            if not self._variants():
                return []
            rules = self._variants()[0]  # the player count picks the rules
            return [section(self.t("new.rules")), labelled("fossil-rules", text(
                self.t(f"fossil.rules.{rules}"), size=14), label=self.t(f"fossil.rules.{rules}"))]
        allowed = self._variants()
        if not allowed:
            return []
        controls: list[ft.Control] = [section(self.t("new.variant")), ft.Row(
            [pill(f"mode-{mode}", self.t(f"mode.{mode}"), do(self.choose_mode, mode),
                  selected=self.mode == mode) for mode in allowed], wrap=True)]
        controls.append(text(self.t(f"mode.{self.mode}.about"), size=13,
                             color=ft.Colors.ON_SURFACE_VARIANT))
        if self.mode == "duel":
            controls += [section(self.t("new.river_left_of")), ft.Row(
                [pill(f"river-left-{i}", name, do(self.choose_river, i),
                      selected=self.river_left_of == i) for i, name in enumerate(self.names)])]
        return controls
