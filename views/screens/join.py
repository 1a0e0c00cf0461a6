"""The join screen: all a phone without access sees. It takes a table's code (typed, or in the
`/join/<code>` link its QR code carries) and then a seat; or the host PIN."""

from __future__ import annotations

import math
from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from views.tables.model import Table, use_table
from views.web.access import Entry, shown_code
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, text
from views.widgets.top_bar import settings_action, top_bar
from views.widgets.typed_field import TypedText, use_typed_text


@ft.component
def Join(code: str = "") -> ft.View:
    app = use_app()
    typed = use_typed_text(code)
    entry, set_entry = ft.use_state(Entry())
    table = app.tables.open(entry.game) if entry.game is not None else None

    async def attempt(value: str) -> None:
        found = app.access.enter(value, app.device, app.address)
        if found.host:
            app.became_host()
            app.notice(app.t("join.host_now"))
            await app.go("/")  # the PIN leaves the address bar
            return
        set_entry(found)

    async def mounted() -> None:
        if code:  # opened from a table's link or QR code, or the host's link
            await attempt(code)

    ft.on_mounted(mounted)
    view = ft.View(route="/join", padding=16,
                   appbar=top_bar(app, app.t("join.title"), back=False,
                                  actions=[settings_action(app)]))
    if table is not None:
        view.controls = [SeatPicker(table)]
        return view
    view.controls = [ft.Column(code_form(app, typed, entry, attempt), spacing=14,
                               scroll=ft.ScrollMode.AUTO, expand=True)]
    return view


def code_form(app: AppSession, typed: TypedText, entry: Entry,
              attempt: Callable[[str], Awaitable[None]]) -> list[ft.Control]:
    async def submit(e: ft.Event[Any]) -> None:  # Enter in the field, or the button
        await attempt(typed.submitted(e)[:80])  # a pasted link at most

    said = [app.t("join.wrong")] if entry.wrong else []
    if entry.game is not None:  # a right code, but its game could not be loaded (set aside)
        said.append(app.t("join.unreadable"))
    if entry.wait > 0:
        said.append(app.t("join.wait", seconds=math.ceil(entry.wait)))
    problem = " ".join(said) or None
    controls: list[ft.Control] = []
    if app.turned_away:
        controls.append(labelled("turned-away", text(app.t("join.turned_away"), size=15,
                                                     color=ft.Colors.ERROR)))
    controls += [
        text(app.t("join.how"), size=16),
        labelled("code", typed.field(
            label=app.t("join.code"), autofocus=True,
            capitalization=ft.TextCapitalization.CHARACTERS, error=problem, error_max_lines=3,
            text_size=22, on_submit=submit)),
        labelled("join", ft.FilledButton(app.t("join.go"), icon=ft.Icons.LOGIN, height=TAP,
                                         on_click=submit)),
        text(app.t("join.host_how"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    return controls


@ft.component
def SeatPicker(table: Table) -> ft.Column:
    """Whose cards this phone enters: a tap on a name takes that seat."""
    app = use_app()
    use_table(table)  # a seat taken on another phone shows here at once
    taken: dict[int, int] = {}
    for seat in app.access.seats(table.id):
        taken[seat.seat] = taken.get(seat.seat, 0) + 1

    async def sit(index: int) -> None:
        app.access.take_seat(app.device, table.id, index, app.label)
        await app.go(table.route)

    buttons = []
    for index, name in enumerate(table.names):
        phones = app.t("join.phones", count=taken[index]) if taken.get(index) else ""
        buttons.append(labelled(f"seat-{index}", ft.OutlinedButton(
            content=ft.Row([ft.Icon(ft.Icons.EVENT_SEAT), ft.Column([
                text(name, size=18, weight=ft.FontWeight.W_600, max_lines=1,
                     overflow=ft.TextOverflow.ELLIPSIS),
                *([text(phones, size=12, color=ft.Colors.ON_SURFACE_VARIANT)] if phones else []),
            ], spacing=0, tight=True, expand=True)], spacing=12),
            height=TAP + 16, on_click=do(sit, index)),
            label=f"{name} {phones}".strip(), button=True))
    return ft.Column([
        text(app.t("join.table", game=app.t(f"game.{table.kind}"),
                   code=shown_code(app.store.table_code(table.id) or "")), size=15,
             color=ft.Colors.ON_SURFACE_VARIANT),
        text(app.t("join.pick_seat"), size=20, weight=ft.FontWeight.BOLD),
        *buttons,
    ], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
