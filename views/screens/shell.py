"""The app's root component: the tab's session for every screen, and the stack of screens the
route asks for (system back and the app bar's back arrow pop it)."""

from __future__ import annotations

import flet as ft

from views.screens.routes import screens_for
from views.tables.model import Table, use_table
from views.text.fonts import PAGE_FONTS
from views.web.session import SEED, AppContext, AppSession
from views.widgets.save_notice import (
    keep_drawing,
    show_storage_faults,
    unsaved_kind,
    use_save_notice,
)


@ft.component
def App(app: AppSession) -> list[ft.Control]:
    route, set_route = ft.use_state(app.page.route)
    stack = screens_for(route, app)
    table = next((arg for screen in stack for arg in screen.args if isinstance(arg, Table)), None)
    # A game finished on any phone turns its entry screen into its sheet on every phone; a
    # change the disk refused shows on every phone at the table until it is stored.
    use_table(table, watch=lambda table: (table.finished, unsaved_kind(table)))
    use_save_notice(app, table)

    def wire() -> None:
        app.page.on_route_change = lambda e: set_route(e.route)
        app.page.on_view_pop = app.back
        app.page.on_resize = resized

    def resized(e: ft.PageResizeEvent) -> None:
        app.width = e.width

    ft.on_mounted(wire)
    return AppContext(app, lambda: [screen.draw() for screen in stack])


async def start(page: ft.Page, app: AppSession) -> None:
    page.title = "Tallybook"
    page.fonts = PAGE_FONTS
    page.theme = ft.Theme(color_scheme_seed=SEED)
    page.dark_theme = ft.Theme(color_scheme_seed=SEED)
    page.on_connect = app.reconnected
    show_storage_faults(app)
    await app.ask_browser()
    app.width = page.width or app.width
    page.render_views(App, app)
    keep_drawing(app)
