"""The score sheet's bottom bar, the same for every game: share the result (the share sheet
of views/widgets/share_sheet.py), export the game (its game file of GAME_FILES.md, or a BG
Stats play), and a rematch set up like this game."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorer import ScoreSheet
from scorer.printable import json_text
from views.records.bgstats import SUFFIX, play_bytes
from views.storage.off_loop import in_worker, off_loop
from views.tables.model import Table
from views.web.session import AppSession, use_app
from views.widgets.action_bar import action_bar
from views.widgets.common import TAP, do, labelled, text
from views.widgets.share_sheet import share_choices, share_sheet


@ft.component
def SheetActions(table: Table, sheet: ScoreSheet) -> ft.BottomAppBar:
    app = use_app()

    def share() -> None:  # the ways to share (views/widgets/share_sheet.py)
        app.page.show_dialog(share_sheet(app, share_choices(app, table, sheet)))

    async def export() -> None:
        # Written off the event loop (a long game's file takes a while): a finished game is
        # read-only; a game in play is taken as it is now.
        file = None if table.finished else table.game_file()
        data = await in_worker(lambda: json_text(file or table.game_file(), indent=2).encode())
        await ft.FilePicker().save_file(file_name=f"{table.kind}-{table.id}.json",
                                        src_bytes=data)

    async def export_bgstats() -> None:
        record = app.store.game(table.id)
        if record is not None:
            data = await off_loop(lambda store: play_bytes(store, [record], app.lang),
                                  app.store)
            await ft.FilePicker().save_file(file_name=f"{table.kind}-{table.id}{SUFFIX}",
                                            src_bytes=data)

    async def rematch() -> None:
        table.finish()  # a rematch says this game is over
        await app.go(f"/new/{table.kind}?again={table.id}")

    actions: list[tuple[str, ft.IconData, Callable[[], object]]] = [
        ("share", ft.Icons.SHARE, share)]
    if app.host:  # a guest's phone reaches its own table only
        actions.append(("rematch", ft.Icons.REPLAY, rematch))

    # Narrow padding: three buttons fit a 390 px phone in every language ("Exportieren").
    narrow = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))
    buttons: list[tuple[ft.Control, str | None]] = [(labelled(identifier, ft.OutlinedButton(
        app.t(f"result.{identifier}"), icon=icon, on_click=do(action), style=narrow,
        height=TAP)), app.t(f"result.{identifier}")) for identifier, icon, action in actions]
    buttons.insert(1, (export_menu(app, [("export-file", "export.file", export),
                                         ("export-bgstats", "export.bgstats", export_bgstats)]),
                       app.t("result.export")))
    return action_bar(buttons, app.width)


def export_menu(app: AppSession,
                choices: list[tuple[str, str, Callable[[], object]]]) -> ft.Control:
    """The Export button: a menu of the formats (the game file, BG Stats), drawn as the
    outlined buttons beside it."""
    face = ft.Container(ft.Row([ft.Icon(ft.Icons.DOWNLOAD, size=18, color=ft.Colors.PRIMARY),
                                text(app.t("result.export"), color=ft.Colors.PRIMARY,
                                     weight=ft.FontWeight.W_500)],
                               spacing=8, tight=True),
                        height=TAP, padding=ft.Padding.symmetric(horizontal=12),
                        border=ft.Border.all(1, ft.Colors.OUTLINE), border_radius=20)
    return labelled("export", ft.PopupMenuButton(content=face, tooltip="", items=[
        ft.PopupMenuItem(content=labelled(identifier, text(app.t(key)), label=app.t(key),
                                          button=True), height=TAP, on_click=do(action))
        for identifier, key, action in choices]), label=app.t("result.export"), button=True)
