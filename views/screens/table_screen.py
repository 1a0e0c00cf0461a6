"""The host's screen of a table: its join code (a QR code and the code to type), who is seated
on which phone (each one removable), and the table's end: close it or finish the game."""

from __future__ import annotations

import time

import flet as ft

from views.storage.seats import Seat
from views.tables.model import Table, use_table
from views.web.access import shown_code
from views.web.session import AppSession, use_app
from views.widgets.action_bar import action_bar
from views.widgets.common import TAP, do, labelled, section, text
from views.widgets.confirm import confirm
from views.widgets.sheet_link import address, qr_png
from views.widgets.top_bar import top_bar


def join_link(app: AppSession, code: str) -> str:
    """The page a phone opens to join."""
    return address(app, f"/join/{code}")


@ft.component
def TableScreen(table: Table) -> ft.View:
    app = use_app()
    use_table(table)
    code = app.store.table_code(table.id) or ""
    link = join_link(app, code)
    image = ft.use_memo(lambda: qr_png(link), [link])
    seats = app.access.seats(table.id)
    controls: list[ft.Control] = []
    if not code and not table.finished:
        controls += [text(app.t("table.closed"), size=15), labelled("open-table", ft.FilledButton(
            app.t("table.open"), icon=ft.Icons.LOCK_OPEN, on_click=do(app.access.reopen, table.id),
            # Not a fixed height: at a large text size its words wrap (48 px high at 100 %).
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=24, vertical=14))))]
    if code:
        controls += [
            text(app.t("table.how"), size=15),
            ft.Container(labelled("join-qr", ft.Image(src=image, width=240, height=240),
                                  label=app.t("table.qr", link=link)),
                         alignment=ft.Alignment.CENTER),
            # selectable text is an empty text field to screen readers: the label says it
            ft.Container(labelled("join-code", text(shown_code(code), size=34,
                                                    weight=ft.FontWeight.BOLD,
                                                    font_family="monospace", selectable=True),
                                  label=shown_code(code)),
                         alignment=ft.Alignment.CENTER),
            ft.Container(text(link, size=12, selectable=True, color=ft.Colors.ON_SURFACE_VARIANT),
                         alignment=ft.Alignment.CENTER),
        ]
    controls += [section(app.t("table.seated")), *seated_rows(app, table, seats)]
    return ft.View(route=table.route + "/table", padding=16,
                   appbar=top_bar(app, app.t("table.title")),
                   controls=[ft.Column(controls, spacing=10, scroll=ft.ScrollMode.AUTO,
                                       expand=True)],
                   bottom_appbar=TableActions(table))


def seated_rows(app: AppSession, table: Table, seats: list[Seat]) -> list[ft.Control]:
    if not seats:
        return [text(app.t("table.nobody"), color=ft.Colors.ON_SURFACE_VARIANT)]
    rows: list[ft.Control] = []
    for number, seat in enumerate(seats):
        name = table.names[seat.seat] if seat.seat < len(table.names) else "?"
        minutes = max(0, int((time.time() - seat.joined) // 60))
        device = seat.label or app.t("table.a_phone")
        about = app.t("table.device", device=device, minutes=minutes) if minutes else \
            app.t("table.device_new", device=device)
        remove = labelled(f"remove-{number}", ft.IconButton(
            ft.Icons.PERSON_REMOVE, tooltip=app.t("table.remove", name=name), width=TAP,
            height=TAP, on_click=do(app.access.remove, seat.device, table.id)))
        rows.append(labelled(f"seated-{number}", ft.ListTile(
            leading=ft.Icon(ft.Icons.PHONE_ANDROID), min_height=TAP,
            title=text(name, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
            subtitle=text(about), trailing=remove), label=f"{name}, {about}"))
    return rows


@ft.component
def TableActions(table: Table) -> ft.BottomAppBar:
    app = use_app()

    async def close() -> None:
        app.access.close(table.id)
        await app.go("/")

    async def finish() -> None:
        table.finish()
        await app.go(table.route + "/sheet")

    async def play() -> None:
        await app.go(table.route)

    buttons: list[tuple[ft.Control, str | None]] = [(labelled("enter-cards", ft.FilledButton(
        app.t("table.enter"), icon=ft.Icons.EDIT, height=TAP, on_click=play)),
        app.t("table.enter"))]
    if not table.finished:
        buttons += [
            (labelled("finish-game", ft.OutlinedButton(
                app.t("table.finish"), icon=ft.Icons.FLAG, height=TAP,
                on_click=do(confirm, app, "table.finish", finish))), app.t("table.finish")),
            (labelled("close-table", ft.IconButton(
                ft.Icons.LOCK, tooltip=app.t("table.close"), width=TAP, height=TAP,
                on_click=do(confirm, app, "table.close", close))), None),
        ]
    return action_bar(buttons, app.width)
