"""The bar at the top of every screen: its title, its actions, and a back arrow a thumb can hit
(Flutter's own is 40 px where the browser says it is a desktop)."""

from __future__ import annotations

import flet as ft

from views.web.session import AppSession
from views.widgets.common import TAP, do, labelled, text


def top_bar(app: AppSession, title: str, actions: list[ft.Control] | None = None,
            back: bool = True) -> ft.AppBar:
    """`back`: the screen lies on another one (every screen but home)."""
    arrow = labelled("back", ft.IconButton(ft.Icons.ARROW_BACK, tooltip=app.t("back"),
                                           width=TAP, height=TAP, on_click=app.back)) \
        if back else None
    return ft.AppBar(title=text(title, max_lines=1, overflow=ft.TextOverflow.ELLIPSIS),
                     leading=arrow, automatically_imply_leading=False, actions=actions)


def entry_bar(app: AppSession, route: str, title: str, actions: list[ft.Control]) -> ft.AppBar:
    """The bar of a game's entry screen (`route`: the game's). The host has the way back home
    and to the table's join code and seats; a guest's phone has nothing but its table."""
    invite = labelled("invite", ft.IconButton(
        ft.Icons.QR_CODE_2, tooltip=app.t("table.title"), width=TAP, height=TAP,
        on_click=do(app.go, route + "/table")))
    return top_bar(app, title, actions=[invite, *actions] if app.host else actions,
                   back=app.host)


def settings_action(app: AppSession) -> ft.Control:
    """The way to language and theme, from the screen at the bottom of the stack."""
    return labelled("settings", ft.IconButton(
        ft.Icons.SETTINGS, tooltip=app.t("settings.title"), width=TAP, height=TAP,
        on_click=do(app.go, "/settings")))
