"""The share sheet's Picture: the sheet as a PNG, to the phone's share sheet where the page may
share files (a secure context with the Web Share API), else downloaded, which every phone can
do over plain http."""

from __future__ import annotations

import flet as ft

from scorer import ScoreSheet
from views.storage.off_loop import in_worker
from views.tables.model import Table
from views.web.session import AppSession
from views.widgets.share_choice import ShareChoice, game_file


def picture_choice(app: AppSession, table: Table, sheet: ScoreSheet, secure: bool) -> ShareChoice:
    """The row of the share sheet; `secure`: the page is a secure context."""
    label = "picture.choice" if secure else "picture.choice.download"
    return ShareChoice("picture", app.t(label), ft.Icons.IMAGE,
                       lambda: share_picture(app, table, sheet, secure), app.t("picture.about"))


def dark_for(app: AppSession) -> bool:
    """Whether the phone shows the app dark: its own choice, or the system's."""
    if app.theme != "system":
        return app.theme == "dark"
    return app.page.platform_brightness == ft.Brightness.DARK


def file_name(table: Table) -> str:
    return f"{table.kind}-{table.id}.png"


async def share_picture(app: AppSession, table: Table, sheet: ScoreSheet, secure: bool) -> None:
    """Makes the picture off the event loop (tens of ms), then shares or downloads it."""
    from views.picture.sheet import sheet_picture  # Pillow is imported at the first picture

    app.page.pop_dialog()
    file, dark, when = await game_file(table), dark_for(app), table.updated
    png = await in_worker(lambda: sheet_picture(file, sheet, app.lang, dark=dark, when=when))
    if secure:
        try:  # a browser that cannot share files says so: downloaded, then
            await ft.Share().share_files([ft.ShareFile.from_bytes(
                png, mime_type="image/png", name=file_name(table))],
                download_fallback_enabled=False, mail_to_fallback_enabled=False)
            return
        except Exception:
            pass
    await ft.FilePicker().save_file(file_name=file_name(table), src_bytes=png)
