"""Symbiose's one new-game choice beyond players and variant: in a duel, whose left the river
lies on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import flet as ft

from views.symbiose.model import SymbioseNewTable
from views.tables.new_table import NewTable
from views.web.session import use_app
from views.widgets.common import do, pill, section


def options(new: NewTable, change: Callable[[NewTable], None]) -> list[ft.Control]:
    if new.variant != "duel" or not isinstance(new, SymbioseNewTable):
        return []
    app = use_app()
    return [section(app.t("new.river_left_of")), ft.Row(
        [pill(f"river-left-{index}", name, do(change, replace(new, river_left_of=index)),
              selected=new.river_left_of == index) for index, name in enumerate(new.names)])]
