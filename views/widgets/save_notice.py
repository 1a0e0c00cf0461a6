"""What a phone says when the server's disk refuses to store: a table's changes that are not
saved yet (a banner on every screen of that table, on every phone at it, until they are), and
any other step that could not be stored or read (a message, instead of Flet's error page)."""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from views.storage.faults import StorageFault, storage_fault
from views.tables.model import Table, log
from views.text import i18n
from views.web.session import AppSession
from views.widgets.common import TAP, labelled, text


def fault_message(fault: StorageFault, lang: str) -> str:
    """What went wrong, in the user's words: a passing fault names the disk's trouble, any
    other one says the database cannot be used."""
    return i18n.ui(f"storage.{fault.kind}" if fault.kept else "storage.damaged", lang)


def unsaved_kind(table: Table | None) -> str | None:
    """What keeps the table's changes from being stored (None: they are stored)."""
    return table.unsaved.kind if table is not None and table.unsaved is not None else None


def use_save_notice(app: AppSession, table: Table | None) -> None:
    """While `table` (the one on screen) has changes the disk refused, a banner says so and
    offers to try again; once they are stored, it goes and a short notice says they are."""
    kind = unsaved_kind(table)
    lang = i18n.game_language(table.kind, app.lang) if table is not None else app.lang
    # (the banner on screen, the table it is about)
    shown: MutableRef[tuple[ft.Banner, Table]] = ft.use_ref(None)

    def follow() -> None:
        if shown.current is not None:
            banner, about = shown.current
            banner.open = False
            banner.update()
            shown.current = None
            if about is table and kind is None:
                app.notice(i18n.ui("storage.saved", lang))
        if kind is not None and table is not None and table.unsaved is not None:
            banner = not_saved_banner(table, table.unsaved, lang)
            app.page.show_dialog(banner)
            shown.current = (banner, table)

    ft.use_effect(follow, [kind, lang, table])


def not_saved_banner(table: Table, fault: StorageFault, lang: str) -> ft.Banner:
    kept = "storage.kept" if fault.passing else "storage.kept_until_stop"
    said = f"{fault_message(fault, lang)} {i18n.ui(kept, lang)}"
    return ft.Banner(
        leading=ft.Icon(ft.Icons.SAVE_AS, color=ft.Colors.ON_ERROR_CONTAINER),
        content=ft.Semantics(identifier="not-saved", live_region=True, label=said,
                             content=text(said, color=ft.Colors.ON_ERROR_CONTAINER)),
        bgcolor=ft.Colors.ERROR_CONTAINER,
        actions=[labelled("save-now", ft.TextButton(i18n.ui("storage.retry", lang), height=TAP,
                                                    on_click=table.save_now))])


def show_storage_faults(app: AppSession) -> None:
    """A step the store refused (a new game on a full disk, a damaged database) is told on the
    phone, in a message, instead of Flet's error page (which would stay until a reload)."""
    session = app.page.session
    crashed = session.error

    def error(message: str) -> None:
        # Flet reports a failed handler, render or effect while handling its exception.
        fault = fault_in(sys.exc_info()[1], app.store.path)
        if fault is None:
            crashed(message)
            return
        tail = f" {i18n.ui('storage.again', app.lang)}" if fault.passing else ""
        app.notice(fault_message(fault, app.lang) + tail)

    session.error = error  # type: ignore[method-assign]
    logging.getLogger("flet").addFilter(one_line)  # once: the same filter is not added twice


def keep_drawing(app: AppSession) -> None:
    """A screen redrawn after a state change (a route, another phone's change) is drawn by
    Flet's scheduler task, which ends at the first error and, with it, every later redraw of
    the tab. A storage fault there is told on the phone and the scheduler started anew."""
    session = app.page.session
    # Flet's own task (its name is private: Flet is pinned to one release, see pyproject).
    task: asyncio.Task[None] | None = getattr(session, "_Session__updates_task", None)

    def ended(task: asyncio.Task[None]) -> None:
        if task.cancelled() or task.exception() is None:
            return
        error = task.exception()
        fault = fault_in(error, app.store.path)
        if fault is None:
            logging.getLogger("flet").error("Flet's redraws ended", exc_info=error)
            return
        log.warning("tallybook: %s", fault)
        app.notice(fault_message(fault, app.lang))
        session.start_updates_scheduler()
        keep_drawing(app)

    if task is not None:
        task.add_done_callback(ended)


def fault_in(error: BaseException | None, path: Path) -> StorageFault | None:
    """The storage fault that `error` is or came from, if any."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        fault = storage_fault(error, path)
        if fault is not None:
            return fault
        error = error.__cause__ or error.__context__
    return None


def one_line(record: logging.LogRecord) -> bool:
    """Flet logs a failed handler with its traceback: a storage fault, which the phone is told
    of, is one warning on the server's console instead."""
    # A read's error has not been through the store: it names no file.
    fault = fault_in(record.exc_info[1], Path("the database")) if record.exc_info else None
    if fault is not None:
        record.msg, record.args, record.exc_info, record.exc_text = f"tallybook: {fault}", (), \
            None, None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
    return True
