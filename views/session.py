"""One browser tab: its language and theme, and the stack of screens its route asks for.

The route is the whole navigation state (`/symbiose/3/sheet`), and the game itself lives in the
store, so a reload or a restarted server rebuilds exactly the same screens.
"""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft

from views import i18n
from views.store import Store

PREFS_LANGUAGE = "tallybook.language"
PREFS_THEME = "tallybook.theme"
THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
SEED = ft.Colors.TEAL


class Screen:
    """A screen owns one ft.View and rebuilds its content from state on `refresh()`."""

    route = "/"

    def __init__(self, app: AppSession, route: str | None = None):
        self.app = app
        self.route = route or type(self).route
        self.view = ft.View(route=self.route, padding=0, spacing=0)

    def t(self, key: str, **params: Any) -> str:
        return self.app.t(key, **params)

    def refresh(self) -> None:
        raise NotImplementedError


class AppSession:
    def __init__(self, page: ft.Page, store: Store):
        self.page = page
        self.store = store
        self.lang = i18n.DEFAULT
        self.theme = "system"
        self.screens: list[Screen] = []
        self._asking: asyncio.Future[tuple[str, str]] | None = None

    def t(self, key: str, **params: Any) -> str:
        return i18n.ui(key, self.lang, **params)

    async def start(self) -> None:
        page = self.page
        page.title = "Tallybook"
        page.fonts = {"DejaVu": "fonts/DejaVuSans.ttf"}
        page.theme = ft.Theme(color_scheme_seed=SEED)
        page.dark_theme = ft.Theme(color_scheme_seed=SEED)
        page.on_connect = self._reconnected
        self.lang, self.theme = await self._ask_browser()
        page.theme_mode = THEMES.get(self.theme, ft.ThemeMode.SYSTEM)
        page.on_route_change = lambda e: self.show(e.route)
        page.on_view_pop = self._view_popped
        self.show(page.route)

    async def _ask_browser(self) -> tuple[str, str]:
        """The tab's saved language and theme. A question sent to a tab that then went away
        (a reload, a server restart the tab reconnected after) is never answered, and Flet
        gives the same session back to the tab when it comes back: `_reconnected` cancels
        the unanswered questions and they are asked again of the tab that is there now, so a
        reload at the wrong moment never leaves the session without screens."""
        while True:
            self._asking = asyncio.ensure_future(self._read_preferences())
            await asyncio.wait({self._asking})
            if not self._asking.cancelled():
                return self._asking.result()

    async def _read_preferences(self) -> tuple[str, str]:
        prefs = ft.SharedPreferences()
        lang = await prefs.get(PREFS_LANGUAGE) or await self._browser_language()
        return lang, await prefs.get(PREFS_THEME) or "system"

    def _reconnected(self, e: ft.ControlEvent) -> None:
        if self._asking is not None and not self._asking.done():
            self._asking.cancel()

    async def _browser_language(self) -> str:
        try:
            info = await self.page.get_device_info()
        except Exception:  # no device info (tests, exotic clients): English
            return i18n.DEFAULT
        codes = [locale.language_code for locale in (info.locales if info else [])]
        return i18n.pick_language(codes)

    # navigation ---------------------------------------------------------------------------
    async def go(self, route: str) -> None:
        await self.page.push_route(route)

    def show(self, route: str) -> None:
        """Make the view stack match `route`, keeping screens that are already there."""
        from views.routes import screens_for  # the screens import this module

        wanted = screens_for(route, self)
        kept: list[Screen] = []
        reuse = True
        for index, (screen_route, make) in enumerate(wanted):
            old = self.screens[index] if index < len(self.screens) else None
            reuse = reuse and old is not None and old.route == screen_route
            kept.append(old if reuse and old is not None else make())
        self.screens = kept
        for screen in kept:
            screen.refresh()
        self.page.views.clear()
        self.page.views.extend(screen.view for screen in kept)
        self.page.update()

    async def _view_popped(self, e: ft.ViewPopEvent) -> None:
        if len(self.screens) > 1:
            await self.go(self.screens[-2].route)

    def refresh_all(self) -> None:
        for screen in self.screens:
            screen.refresh()

    # settings -----------------------------------------------------------------------------
    async def set_language(self, lang: str) -> None:
        self.lang = lang
        await ft.SharedPreferences().set(PREFS_LANGUAGE, lang)
        self.refresh_all()

    async def set_theme(self, theme: str) -> None:
        self.theme = theme
        self.page.theme_mode = THEMES[theme]
        await ft.SharedPreferences().set(PREFS_THEME, theme)
        self.refresh_all()
