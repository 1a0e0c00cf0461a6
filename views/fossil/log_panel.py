"""The game log under the Fossil companion, newest first: each entry with what it changed, its
problems where they are, and buttons to correct it (moves) or delete it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorer.fossil.models import Move
from scorer.places import LogEntry, path_text
from views.fossil.model import FossilTable
from views.fossil.parts import summary
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import TAP, labelled, section, text
from views.widgets.typed_flet import keyed, memo

LOG_SHOWN = 6  # the newest log entries on screen; the whole log is one tap away


@dataclass(frozen=True)
class Said:
    """A problem of an entry as shown: the message, where in the entry, an error or not."""

    message: str
    field: str
    error: bool


@ft.component
def LogPanel(table: FossilTable, version: int, on_edit: Callable[[int], Any],
             on_delete: Callable[[int], Any]) -> ft.Control:
    app = use_app()
    whole, set_whole = ft.use_state(False)
    if not table.log:
        return ft.Column()
    problems = table.problems
    out: list[ft.Control] = [section(app.t("fossil.log"))]
    broken = [spot.index for spot in problems
              if isinstance(spot, LogEntry) and spot.index is not None]
    start = 0 if whole else max(0, len(table.log) - LOG_SHOWN)
    start = min([start, *broken])  # an entry with a problem is always in sight
    for index in range(len(table.log) - 1, start - 1, -1):
        entry = table.log[index]
        words = f"{index + 1}. {summary(entry, app.lang)}"
        event = table.event(index)
        if event is not None and not isinstance(entry, Move):
            changes = [f"{name} {change:+d}" for name, change in event.changes.items() if change]
            if changes:
                words += " (" + ", ".join(changes) + ")"
        said = tuple(Said(scorer_text(p.key, p.params, app.lang), path_text(p.path[2:]),
                          p.severity == "error") for p in problems.get(LogEntry(index), ()))
        out.append(keyed(LogRow, f"log-{index}")(
            index, words, said, isinstance(entry, Move) and entry.take is not None, app.lang,
            on_edit, on_delete))
    if start > 0:
        out.append(labelled("whole-log", ft.TextButton(
            app.t("fossil.whole_log", count=len(table.log)), icon=ft.Icons.EXPAND_MORE,
            on_click=lambda: set_whole(True), height=TAP)))
    return ft.Column(out, spacing=10)


@memo
@ft.component
def LogRow(index: int, words: str, said: tuple[Said, ...], editable: bool, lang: str,
           on_edit: Callable[[int], Any], on_delete: Callable[[int], Any]) -> ft.Control:
    app = use_app()
    lines: list[ft.Control] = [text(words, size=13)]
    for problem in said:
        field = f" [{problem.field}]" if problem.field else ""
        lines.append(labelled(f"log-problem-{index}", text(
            problem.message + field, size=13,
            color=ft.Colors.ERROR if problem.error else ft.Colors.TERTIARY),
            label=problem.message))
    correct = [labelled(f"edit-{index}", ft.IconButton(
        ft.Icons.EDIT_OUTLINED, tooltip=app.t("fossil.edit", number=index + 1),
        on_click=lambda: on_edit(index), width=TAP, height=TAP))] if editable else []
    return labelled(f"log-{index}", ft.Row([
        ft.Column(lines, spacing=0, expand=True), *correct,
        labelled(f"delete-{index}", ft.IconButton(
            ft.Icons.DELETE_OUTLINE, tooltip=app.t("fossil.delete", number=index + 1),
            on_click=lambda: on_delete(index), width=TAP, height=TAP))],
        vertical_alignment=ft.CrossAxisAlignment.CENTER), label=words)
