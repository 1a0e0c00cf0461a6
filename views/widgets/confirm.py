"""A question before a step that cannot be taken back (finishing a game, closing a table)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import flet as ft

from views.web.session import AppSession
from views.widgets.common import TAP, do, labelled, text


def confirm(app: AppSession, key: str, action: Callable[[], Awaitable[None] | None],
            **params: Any) -> None:
    """Ask `<key>.ask` with `<key>.about` below it (both filled in with `params`);
    `<key>.yes` does `action`."""
    async def confirmed() -> None:
        app.page.pop_dialog()
        await do(action)()

    app.page.show_dialog(ft.AlertDialog(
        title=text(app.t(f"{key}.ask", **params)),
        content=text(app.t(f"{key}.about", **params)),
        actions=[labelled("cancel", ft.TextButton(app.t("table.cancel"), height=TAP,
                                                  on_click=app.page.pop_dialog)),
                 labelled("confirm", ft.FilledButton(app.t(f"{key}.yes"), height=TAP,
                                                     on_click=confirmed))]))
