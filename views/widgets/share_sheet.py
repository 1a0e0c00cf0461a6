"""The sheet the Share button opens: one row for each way to share the result, the short text
for a chat first. Where the browser has a share sheet (a secure page) a text goes to it; a
phone on the LAN over plain http has none, and gets a Copy that works there all the same
(views/web/connection.py asks the page's own script to copy).

Each way is a `ShareChoice` (views/widgets/share_choice.py); `share_choices` lists them, and
another way is one more entry there."""

from __future__ import annotations

from datetime import date
from urllib.parse import urlsplit

import flet as ft

from scorer import ScoreSheet
from scorer.chat import chat_text
from scorer.render import sheet_text
from views.storage.off_loop import in_worker
from views.tables.model import Table
from views.text.fonts import FALLBACK, MONOSPACE
from views.text.i18n import scorer_language
from views.web.connection import copy_on_page
from views.web.session import AppSession
from views.widgets.common import TAP, do, labelled, text
from views.widgets.share_choice import ShareChoice, game_file
from views.widgets.share_picture import picture_choice
from views.widgets.sheet_link import link_choices

LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def share_choices(app: AppSession, table: Table, sheet: ScoreSheet) -> list[ShareChoice]:
    """Every way to share this game's result, the one for a chat first."""
    secure = secure_context(app.page)
    lang = scorer_language(app.lang)

    async def short() -> None:
        played = date.fromtimestamp(table.updated)  # a finished game's: when it finished
        await send_text(app, chat_text(sheet, await game_file(table), played, lang))

    async def full() -> None:  # a long game's whole sheet takes a while
        await send_text(app, await in_worker(lambda: sheet_text(sheet, lang)), show=not secure)

    return [
        ShareChoice("short", app.t("share.short" if secure else "share.short.copy"),
                    ft.Icons.SHORT_TEXT, short, app.t("share.short.about")),
        ShareChoice("full", app.t("share.full"), ft.Icons.RECEIPT_LONG, full,
                    app.t("share.full.about")),
        picture_choice(app, table, sheet, secure),
        *(ShareChoice(*choice) for choice in link_choices(app, table)),
    ]


def secure_context(page: ft.Page) -> bool:
    """Whether the browser counts this page as secure: only then does the Web Share API
    exist (https, or the machine itself). A phone on the LAN over plain http has none."""
    parts = urlsplit(page.url or "")
    return parts.scheme in ("https", "wss") or (parts.hostname or "") in LOCAL_HOSTS \
        or (parts.hostname or "").startswith("127.")


async def send_text(app: AppSession, message: str, show: bool = False) -> None:
    """`message` to the phone's share sheet where there is one, else to the clipboard (a
    notice says so); shown to select and copy instead if `show`, or if the copy failed."""
    app.page.pop_dialog()
    if secure_context(app.page):
        try:  # on the web a share made reports "unavailable" too (it cannot tell more)
            await ft.Share().share_text(message, subject="Tallybook",
                                        download_fallback_enabled=False,
                                        mail_to_fallback_enabled=False)
            return
        except Exception:  # a browser without the Web Share API: copied, then
            pass
    if not show and await copy_on_page(message):
        app.notice(app.t("share.copied"))
        return
    app.page.show_dialog(text_sheet(app, message, failed=not show))


def share_sheet(app: AppSession, choices: list[ShareChoice]) -> ft.BottomSheet:
    """The sheet of `choices`, one row each, a thumb high."""
    rows = [labelled(f"share-{choice.identifier}", ft.ListTile(
        leading=ft.Icon(choice.icon, color=ft.Colors.PRIMARY),
        title=text(choice.label, weight=ft.FontWeight.W_500),
        subtitle=text(choice.about, size=13, color=ft.Colors.ON_SURFACE_VARIANT)
        if choice.about else None,
        min_height=TAP, on_click=do(choice.action)), label=choice.label, button=True)
        for choice in choices]
    close = labelled("share-close", ft.TextButton(
        app.t("result.close"), on_click=lambda: app.page.pop_dialog(), height=TAP))
    return ft.BottomSheet(ft.Container(ft.Column([
        text(app.t("share.title"), size=18, weight=ft.FontWeight.BOLD),
        *rows,
        ft.Row([close], alignment=ft.MainAxisAlignment.END),
    ], tight=True, spacing=4, scroll=ft.ScrollMode.AUTO), padding=16), show_drag_handle=True)


def text_sheet(app: AppSession, message: str, failed: bool = False) -> ft.BottomSheet:
    """`message` in a box to select it from, in a monospace font (the full sheet's columns
    line up), with a Copy button; `failed`: a copy was refused already, and the words say to
    select the text."""
    async def copy() -> None:
        if await copy_on_page(message):
            app.page.pop_dialog()
            app.notice(app.t("share.copied"))
        else:  # the text stays there to select
            app.notice(app.t("share.copy_failed"))

    buttons = [labelled("share-copy", ft.FilledButton(
        app.t("share.copy"), icon=ft.Icons.COPY, on_click=copy, height=TAP)),
        labelled("share-close", ft.TextButton(
            app.t("result.close"), on_click=lambda: app.page.pop_dialog(), height=TAP))]
    return ft.BottomSheet(ft.Container(ft.Column([
        text(app.t("share.title"), size=18, weight=ft.FontWeight.BOLD),
        text(app.t("share.copy_failed" if failed else "share.how"), size=13,
             color=ft.Colors.ON_SURFACE_VARIANT),
        labelled("share-text", ft.TextField(
            value=message, read_only=True, multiline=True, min_lines=4, max_lines=12,
            text_size=12,
            text_style=ft.TextStyle(font_family=MONOSPACE, font_family_fallback=FALLBACK),
            label=app.t("share.text")), label=message),
        ft.Row(buttons, alignment=ft.MainAxisAlignment.END, wrap=True),
    ], tight=True, spacing=10, scroll=ft.ScrollMode.AUTO), padding=16), scrollable=True,
        show_drag_handle=True)
