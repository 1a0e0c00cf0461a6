"""The History screen's archive menu: the whole history as a backup (JSON), a spreadsheet (CSV)
or BG Stats plays, and the import of a backup or game file from the phone with its report.

Only a host device may take the history out or put games in. A download over plain http works
(FilePicker.save_file hands the browser the bytes). A picked file arrives in one WebSocket
message, so views/records/archive.py bounds it (15 MB) before reading a byte of it as text.

An import or export is made off the event loop (views/storage/off_loop.py): every other table goes
on
as before, and the phone that asked waits in a dialog with a bar, "n of N games" for an
import."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from datetime import datetime

import flet as ft

from views.records.archive import (
    MAX_BYTES,
    ImportReport,
    ProgressOf,
    backup_bytes,
    csv_text,
    import_bytes,
)
from views.records.bgstats import SUFFIX, play_bytes
from views.storage.off_loop import off_loop, on_loop_of
from views.storage.store import Store
from views.web.session import AppSession, use_app
from views.widgets.common import TAP, do, labelled, section, text

SHOWN = 20  # games listed per part of the report; the rest are counted


@ft.component
def ArchiveMenu(on_imported: Callable[[], None] | None = None) -> ft.Control:
    """`on_imported`: called when an import added something (the history is drawn again)."""
    app = use_app()

    async def export(kind: str) -> None:
        if not app.host:
            return
        if not (app.store.games("finished", limit=1)
                or (kind == "backup" and app.store.games("active", limit=1))):
            app.notice(app.t("archive.empty"))
            return
        waiting = Progress(app, app.t("export.working"))
        try:
            name, data = await off_loop(lambda store: export_file(store, kind, app.lang),
                                        app.store)
        finally:
            waiting.close()
        await ft.FilePicker().save_file(file_name=name, src_bytes=data)
        if kind == "backup" and len(data) > MAX_BYTES:  # said, not hidden: it is still a copy
            app.notice(app.t("archive.too_large_to_import", limit=MAX_BYTES // (1024 * 1024)))

    async def pick() -> None:
        if not app.host:
            return
        files = await ft.FilePicker().pick_files(allowed_extensions=["json"], with_data=True,
                                                 file_type=ft.FilePickerFileType.CUSTOM)
        if files:
            await received(app, files[0], on_imported)

    items = [("archive-backup", ft.Icons.SAVE_ALT, "archive.backup", do(export, "backup")),
             ("archive-csv", ft.Icons.TABLE_CHART, "archive.csv", do(export, "csv")),
             ("archive-bgstats", ft.Icons.BAR_CHART, "archive.bgstats", do(export, "bgstats")),
             ("archive-import", ft.Icons.UPLOAD_FILE, "archive.import", do(pick))]
    return labelled("archive-menu", ft.PopupMenuButton(
        icon=ft.Icons.IMPORT_EXPORT, tooltip=app.t("archive.menu"), width=TAP, height=TAP,
        items=[ft.PopupMenuItem(
            content=labelled(identifier, ft.Row([ft.Icon(icon), text(app.t(key), expand=True)],
                                                      spacing=12),
                             label=app.t(key), button=True),
            height=TAP, on_click=action)
            for identifier, icon, key, action in items]))


def export_file(store: Store, kind: str, lang: str) -> tuple[str, bytes]:
    """The file name and contents of an export of the whole history."""
    stamp = datetime.now().strftime("%Y-%m-%d")
    if kind == "backup":
        return f"tallybook-backup-{stamp}.json", backup_bytes(store)
    if kind == "csv":  # with a BOM: spreadsheets then read it as UTF-8
        return f"tallybook-history-{stamp}.csv", csv_text(store).encode("utf-8-sig")
    return f"tallybook-{stamp}{SUFFIX}", play_bytes(store, store.games("finished"), lang)


async def received(app: AppSession, file: ft.FilePickerFile,
                   on_imported: Callable[[], None] | None = None) -> ImportReport:
    """Import a picked file, off the event loop with a progress bar, and show what came of
    it."""
    data = file.bytes or b""
    if max(file.size or 0, len(data)) > MAX_BYTES:  # the picker's count too: never read
        report = ImportReport(error=app.t("import.too_large", limit=MAX_BYTES // (1024 * 1024)))
    else:
        progress = Progress(app, app.t("import.working"))
        told = progress.from_worker()
        try:
            report = await off_loop(lambda store: import_bytes(store, data, app.lang,
                                                               progress=told), app.store)
            if report.changed:  # the history drawn again scores the new games: not on the loop
                await off_loop(app.history.score_all, app.store)
        finally:
            progress.close()
    app.page.show_dialog(report_dialog(app, report))
    if report.changed and on_imported is not None:
        on_imported()
    return report


class Progress:
    """The phone that asked for long work waits in a dialog that cannot be dismissed: a bar,
    and "n of N games" once the work counts them. Shown when made."""

    def __init__(self, app: AppSession, title: str):
        self.app = app
        self.bar = ft.ProgressBar(value=None)  # moving, until there is a count
        self.count = text("", size=13)
        self.dialog = ft.AlertDialog(modal=True, title=text(title), content=labelled(
            "work-progress", ft.Column([self.bar, self.count], tight=True, width=300)))
        self.shown = True
        app.page.show_dialog(self.dialog)

    def tell(self, done: int, total: int) -> None:
        if not self.shown:
            return
        self.bar.value = done / total if total else None
        self.count.value = self.app.t("import.progress", done=done, count=total)
        self.dialog.update()

    def from_worker(self) -> ProgressOf:
        """`tell`, for a worker thread: at most about a hundred times in all (each one is a
        message to the phone)."""
        tell = on_loop_of(asyncio.get_running_loop(), self.tell)
        shown = [-1]

        def told(done: int, total: int) -> None:
            step = done * 100 // total if total else 100
            if step != shown[0]:
                shown[0] = step
                tell(done, total)

        return told

    def close(self) -> None:
        self.shown = False
        self.app.page.pop_dialog()


def report_dialog(app: AppSession, report: ImportReport) -> ft.AlertDialog:
    """What was imported, what was there already, and what was refused and why."""
    rows: list[ft.Control] = []
    if report.error:
        rows += [text(report.error), text(app.t("import.untouched"),
                                          color=ft.Colors.ON_SURFACE_VARIANT)]
    elif not (report.imported or report.present or report.refused):
        rows.append(text(app.t("import.nothing")))
    parts = (("imported", report.imported), ("present", report.present))
    for key, labels in parts:
        if labels:
            rows.append(section(app.t(f"import.{key}", count=len(labels))))
            rows += [text(label, size=14) for label in labels[:SHOWN]] + _more(app, labels)
    if report.refused:
        rows.append(section(app.t("import.refused", count=len(report.refused))))
        for refused in report.refused[:SHOWN]:
            rows.append(text(refused.what, size=14, weight=ft.FontWeight.W_600))
            rows += [text(reason, size=13, color=ft.Colors.ERROR, selectable=True)
                     for reason in refused.reasons]
        rows += _more(app, report.refused)
    if report.aliases:
        rows.append(text(app.t("import.aliases", count=report.aliases), size=14))
    return ft.AlertDialog(
        title=text(app.t("import.title")),
        content=labelled("import-report", ft.Column(rows, tight=True, spacing=6, width=340)),
        scrollable=True,  # a long report scrolls; a short one is as tall as it is
        actions=[labelled("import-close", ft.TextButton(
            app.t("result.close"), on_click=lambda: app.page.pop_dialog(), height=TAP))])


def _more(app: AppSession, items: Sequence[object]) -> list[ft.Control]:
    hidden = len(items) - SHOWN
    return [text(app.t("import.more", count=hidden), size=13)] if hidden > 0 else []
