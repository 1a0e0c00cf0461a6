"""The game log under the Fossil companion, newest first: each entry with what it changed, its
problems where they are, and buttons to correct it (moves) or delete it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorer.places import path_text
from views.fossil.parts import summary
from views.fossil.table import FossilTable
from views.i18n import scorer_text
from views.widgets.common import do, labelled, section, text

LOG_SHOWN = 6  # the newest log entries on screen; the whole log is one tap away


def log_panel(table: FossilTable, t: Callable[..., str], lang: str, whole: bool,
              on_edit: Callable[[int], Any], on_delete: Callable[[int], Any],
              on_whole: Callable[[], Any]) -> list[ft.Control]:
    if not table.log:
        return []
    out: list[ft.Control] = [section(t("fossil.log"))]
    broken = [index for index, found in table.problems.items() if index >= 0 and found]
    start = 0 if whole else max(0, len(table.log) - LOG_SHOWN)
    start = min([start, *broken])  # an entry with a problem is always in sight
    for index in range(len(table.log) - 1, start - 1, -1):
        out.append(_entry(table, index, t, lang, on_edit, on_delete))
    if start > 0:
        out.append(labelled("whole-log", ft.TextButton(
            t("fossil.whole_log", count=len(table.log)), icon=ft.Icons.EXPAND_MORE,
            on_click=do(on_whole))))
    return out


def _entry(table: FossilTable, index: int, t: Callable[..., str], lang: str,
           on_edit: Callable[[int], Any], on_delete: Callable[[int], Any]) -> ft.Control:
    entry = table.log[index]
    words = f"{index + 1}. {summary(entry, lang)}"
    event = table.event(index)
    if event is not None and "move" not in entry:
        changes = [f"{name} {change:+d}" for name, change in event.changes.items() if change]
        if changes:
            words += " (" + ", ".join(changes) + ")"
    lines: list[ft.Control] = [text(words, size=13)]
    for problem in table.problems.get(index, []):
        within = path_text(problem.path[2:])  # the field of the entry: "take", "cost"
        field = f" [{within}]" if within else ""
        message = scorer_text(problem.key, problem.params, lang)
        lines.append(labelled(f"log-problem-{index}", text(
            message + field, size=13, color=ft.Colors.ERROR if problem.severity == "error"
            else ft.Colors.TERTIARY), label=message))
    correct = [labelled(f"edit-{index}", ft.IconButton(
        ft.Icons.EDIT_OUTLINED, tooltip=t("fossil.edit", number=index + 1),
        on_click=do(on_edit, index)))] if "move" in entry and "take" in entry else []
    return labelled(f"log-{index}", ft.Row([
        ft.Column(lines, spacing=0, expand=True), *correct,
        labelled(f"delete-{index}", ft.IconButton(
            ft.Icons.DELETE_OUTLINE, tooltip=t("fossil.delete", number=index + 1),
            on_click=do(on_delete, index)))],
        vertical_alignment=ft.CrossAxisAlignment.CENTER), label=words)
