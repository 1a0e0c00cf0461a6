"""What leaves the app from a finished game's sheet by a link: the sheet's read-only page, for
the table's phones (its link as text and a QR code, views/web/sheet_page.py), and the play posted
to BG Stats (its createPlay link, views/records/bgstats.py)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

import flet as ft
import segno

from views.records.bgstats import game_link
from views.storage.faults import StorageFault
from views.storage.off_loop import off_loop
from views.tables.model import Table
from views.web.connection import copy_on_page
from views.web.session import AppSession
from views.web.sheet_page import sheet_path
from views.widgets.common import TAP, do, labelled, text
from views.widgets.save_notice import fault_message


def address(app: AppSession, path: str) -> str:
    """The address of `path` on this server as the phone reached it (the session's url is
    its WebSocket's: ws://, wss://)."""
    parts = urlsplit(app.page.url or "")
    scheme = {"ws": "http", "wss": "https"}.get(parts.scheme, parts.scheme or "http")
    return f"{scheme}://{parts.netloc}{path}"


def qr_png(link: str) -> str:
    """A QR code of `link` as an image's source: a PNG in a data: URI. (Flet 1.0.5's web
    client paints nothing for an Image whose source is the PNG's bytes.)"""
    return segno.make(link, error="m").png_data_uri(scale=8, border=2, dark="#000",
                                                    light="#fff")


Choice = tuple[str, str, ft.IconData, Callable[[], Awaitable[None]], str]


def link_choices(app: AppSession, table: Table) -> list[Choice]:
    """The share sheet's rows (views/widgets/share_choice.py `ShareChoice`: id, words, icon,
    action, about) a finished game's sheet adds: its page's link (the host's to give), and
    BG Stats (anyone's: each player keeps their own)."""
    if not table.finished:
        return []

    async def post() -> None:
        app.page.pop_dialog()
        await post_to_bgstats(app, table)

    async def link() -> None:
        app.page.pop_dialog()
        show_sheet_link(app, table)

    choices: list[Choice] = [("link", app.t("link.choice"), ft.Icons.QR_CODE_2, link,
                              app.t("link.about"))] if app.host else []
    return [*choices, ("bgstats", app.t("bgstats.post"), ft.Icons.LEADERBOARD, post,
                       app.t("bgstats.about"))]


def show_sheet_link(app: AppSession, table: Table) -> None:
    """The page's link as text and a QR code; the token is made at the first ask, with the
    language the host's app speaks now: the page speaks it from then on."""
    try:
        token = app.store.sheet_link(table.id, app.lang)
    except StorageFault as fault:
        app.notice(fault_message(fault, app.lang))
        return
    if token is not None:
        app.page.show_dialog(link_sheet(app, address(app, sheet_path(token))))


def link_sheet(app: AppSession, link: str) -> ft.BottomSheet:
    return ft.BottomSheet(ft.Container(ft.Column([
        text(app.t("link.choice"), size=18, weight=ft.FontWeight.BOLD),
        text(app.t("link.how"), size=13, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Container(labelled("sheet-link-qr", ft.Image(src=qr_png(link), width=220,
                                                         height=220),
                              label=app.t("table.qr", link=link)),
                     alignment=ft.Alignment.CENTER),
        # selectable text is an empty text field to screen readers: the label says it
        labelled("sheet-link", text(link, size=14, selectable=True, font_family="monospace"),
                 label=link),
        ft.Row([labelled("sheet-link-copy", ft.FilledButton(
            app.t("share.copy"), icon=ft.Icons.COPY, on_click=do(copy_link, app, link),
            height=TAP)), labelled("sheet-link-close", ft.TextButton(
                app.t("result.close"), on_click=lambda: app.page.pop_dialog(), height=TAP))],
            alignment=ft.MainAxisAlignment.END, wrap=True),
    ], tight=True, spacing=10, scroll=ft.ScrollMode.AUTO), padding=16), scrollable=True,
        show_drag_handle=True)


async def copy_link(app: AppSession, link: str) -> None:
    """The link to the clipboard, over plain http too (the page's own script copies)."""
    app.notice(app.t("share.copied" if await copy_on_page(link) else "share.copy_failed"))


async def post_to_bgstats(app: AppSession, table: Table) -> None:
    """Open BG Stats' link for the game: BG Stats (or its web page) takes it from there. Made
    off the event loop: a long game's sheet takes a while."""
    record = app.store.game(table.id)
    if record is None:
        return
    link = await off_loop(lambda store: game_link(store, record, app.lang), app.store)
    if link is not None:
        await ft.UrlLauncher().launch_url(link)
