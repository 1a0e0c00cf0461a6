"""The quick calculator: a fossil and each player's card values → the evaluation, worked out by
the scorer on the game's current scores; optionally applied to the game as
`{"evaluate": F, "holdings": {...}}`. It starts from what the log says each player holds and
says where an entry differs from the log."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import Problem, ScoreEvent
from views.fossil.model import FossilTable
from views.fossil.parts import EvaluationView, fossil_grid, fossil_name
from views.tables.model import use_table
from views.text.i18n import scorer_text
from views.web.session import use_app
from views.widgets.common import TAP, do, labelled, pill, section, text
from views.widgets.top_bar import top_bar

Holdings = tuple[tuple[int, ...], ...]  # per player, the card values entered


def logged(table: FossilTable, fossil: str) -> Holdings:
    """What the log says each player holds of `fossil`, lowest value first."""
    return tuple(tuple(sorted(value for held, value in table.holdings(player) if held == fossil))
                 for player in range(len(table.names)))


@ft.component
def Calculator(table: FossilTable) -> ft.View:
    app = use_app()
    version = use_table(table)
    fossil: str | None = None
    fossil, set_fossil = ft.use_state(fossil)
    entered: Holdings = ()
    entered, set_entered = ft.use_state(entered)

    def pick(chosen: str) -> None:
        set_fossil(chosen)
        set_entered(logged(table, chosen))

    stable_pick = ft.use_callback(pick, [table])

    def add(player: int, value: int) -> None:
        set_entered(lambda held: tuple((*values, value) if i == player else values
                                       for i, values in enumerate(held)))

    def clear(player: int) -> None:
        set_entered(lambda held: tuple(() if i == player else values
                                       for i, values in enumerate(held)))

    preview: tuple[ScoreEvent | None, list[Problem]] = ft.use_memo(
        lambda: table.preview(fossil, dict(enumerate(entered))) if fossil else (None, []),
        [version, fossil, entered])

    async def apply() -> None:
        if fossil is None or table.broken or table.ended:
            return
        refusals = table.evaluate(fossil, dict(enumerate(entered)))
        if not app.game_over(refusals) and not refusals:  # the preview shows any refusal
            await app.go(table.route)

    lang = app.lang
    view = ft.View(route=table.route + "/calc", padding=12,
                   appbar=top_bar(app, app.t("calc.title")))
    controls: list[ft.Control] = [section(app.t("calc.fossil")), fossil_grid(
        "calc-fossil", table.fossils_in_play(), lang, stable_pick, fossil)]
    if fossil is not None and len(entered) == len(table.names):
        from_log = logged(table, fossil)
        controls.append(section(app.t("calc.cards", fossil=fossil_name(fossil, lang))))
        controls += [HeldRow(player, name, entered[player], from_log[player],
                             table.values_in_play(fossil), add, clear)
                     for player, name in enumerate(table.names)]
        event, refused = preview
        for problem in refused:
            controls.append(labelled("calc-problem", text(
                scorer_text(problem.key, problem.params, lang), color=ft.Colors.ERROR,
                size=14, weight=ft.FontWeight.W_600)))
        if event is not None:
            controls += [section(app.t("fossil.evaluation")),
                         EvaluationView(event, table.names, lang, "calc-result")]
        can_apply = event is not None and not table.broken and not table.ended
        view.bottom_appbar = ft.BottomAppBar(content=ft.Row([labelled(
            "calc-apply", ft.FilledButton(app.t("calc.apply"), icon=ft.Icons.CHECK,
                                          disabled=not can_apply, on_click=apply,
                                          height=TAP))],
            alignment=ft.MainAxisAlignment.END), height=72)
    view.controls = [ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)]
    return view


@ft.component
def HeldRow(player: int, name: str, held: tuple[int, ...], from_log: tuple[int, ...],
            values: tuple[int, ...], add: Callable[[int, int], None],
            clear: Callable[[int], None]) -> ft.Control:
    """A player's cards as entered, +1/+2/+3, clear; a note when they differ from the log."""
    app = use_app()
    shown = ", ".join(map(str, held)) if held else app.t("calc.none")
    lines: list[ft.Control] = [
        text(name, size=15, weight=ft.FontWeight.W_600, max_lines=1,
             overflow=ft.TextOverflow.ELLIPSIS),
        labelled(f"calc-held-{player}", text(shown, size=14), label=f"{name}: {shown}")]
    if sorted(held) != sorted(from_log):
        said = ", ".join(map(str, from_log)) if from_log else app.t("calc.none")
        note = app.t("calc.differs", log=said)
        lines.append(labelled(f"calc-differs-{player}", text(
            note, size=12, color=ft.Colors.TERTIARY), label=f"{name}: {note}"))
    return ft.Row([
        ft.Column(lines, spacing=0, expand=True),
        *[pill(f"calc-add-{player}-{v}", f"+{v}", do(add, player, v), width=TAP,
               tooltip=app.t("calc.add", name=name, value=v)) for v in values],
        labelled(f"calc-clear-{player}", ft.IconButton(
            ft.Icons.BACKSPACE_OUTLINED, tooltip=app.t("calc.clear", name=name),
            disabled=not held, on_click=lambda: clear(player), width=TAP, height=TAP))],
        spacing=4)
