"""The score sheet's bottom bar, the same for every game: share the sheet as text, export the
game file (GAME_FILES.md), and a rematch set up like this game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import flet as ft

from scorer import ScoreSheet
from scorer import i18n as scorer_i18n
from scorer.render import sheet_text
from views.session import AppSession
from views.widgets.common import do, labelled, text


def sheet_actions(app: AppSession, t: Callable[..., str], sheet: ScoreSheet,
                  game_file: dict[str, Any], kind: str, game_id: int) -> ft.BottomAppBar:
    async def share() -> None:
        lang = app.lang if app.lang in scorer_i18n.languages() else scorer_i18n.DEFAULT_LANGUAGE
        message = sheet_text(sheet, lang)
        try:
            await ft.Share().share_text(message, subject="Tallybook")
        except Exception:  # no share sheet (desktop browsers): the clipboard will do
            await ft.Clipboard().set(message)
            app.page.show_dialog(ft.SnackBar(text(t("result.copied"))))

    async def export() -> None:
        data = json.dumps(game_file, indent=2, ensure_ascii=False).encode()
        await ft.FilePicker().save_file(file_name=f"{kind}-{game_id}.json", src_bytes=data)

    async def rematch() -> None:
        await app.go(f"/new/{kind}?again={game_id}")

    # Narrow padding: three buttons fit a 390 px phone in every language ("Exportieren").
    narrow = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12))
    return ft.BottomAppBar(content=ft.Row([
        labelled(identifier, ft.OutlinedButton(t(f"result.{identifier}"), icon=icon,
                                               on_click=do(action), style=narrow))
        for identifier, icon, action in (("share", ft.Icons.SHARE, share),
                                         ("export", ft.Icons.DOWNLOAD, export),
                                         ("rematch", ft.Icons.REPLAY, rematch))
    ], alignment=ft.MainAxisAlignment.SPACE_EVENLY), height=72)
