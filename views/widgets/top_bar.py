"""The bar at the top of every screen: its title, its actions, and a back arrow a thumb can hit
(Flutter's own is 40 px where the browser says it is a desktop)."""

from __future__ import annotations

import flet as ft

from views.session import AppSession
from views.widgets.common import TAP, labelled, text


def top_bar(app: AppSession, title: str, actions: list[ft.Control] | None = None,
            back: bool = True) -> ft.AppBar:
    """`back`: the screen lies on another one (every screen but home)."""
    arrow = labelled("back", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=app.t("back"),
                                           width=TAP, height=TAP, on_click=app.back)) \
        if back else None
    return ft.AppBar(title=text(title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                     leading=arrow, automatically_imply_leading=False, actions=actions)
