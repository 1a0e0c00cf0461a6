"""One browser tab: its language and theme, and how it reaches the server's store and games.

Every component reads it with `use_app()`. The route is the whole navigation state
(`/symbiose/3/sheet`) and the games live in the store, so a reload or a restarted server
shows exactly the same screens.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from views import i18n
from views.model import Tables
from views.store import Store

PREFS_LANGUAGE = "tallybook.language"
PREFS_THEME = "tallybook.theme"
THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
SEED = ft.Colors.TEAL


@ft.observable
@dataclass
class AppSession:
    """What a tab's screens share. Changing `lang`, `theme` or `width` (the phone turned)
    re-renders every screen."""

    page: ft.Page
    store: Store
    tables: Tables
    lang: str = i18n.DEFAULT
    theme: str = "system"
    width: float = 390  # the screen's width in px: grids of cards fit it (a 320 px phone)
    _asking: asyncio.Future[tuple[str, str]] | None = field(default=None, repr=False)

    def t(self, key: str, **params: Any) -> str:
        return i18n.ui(key, self.lang, **params)

    async def go(self, route: str) -> None:
        await self.page.push_route(route)

    async def back(self) -> None:
        """To the screen below this one (the app bar's arrow, the phone's back gesture)."""
        from views.routes import screens_for  # the screens import this module

        stack = screens_for(self.page.route, self)
        if len(stack) > 1:
            await self.go(stack[-2].route)

    def notice(self, message: str) -> None:
        """A short message at the bottom of the screen, where the thumb is."""
        self.page.show_dialog(ft.SnackBar(ft.Text(message), persist=False))

    async def set_language(self, lang: str) -> None:
        self.lang = lang
        await ft.SharedPreferences().set(PREFS_LANGUAGE, lang)

    async def set_theme(self, theme: str) -> None:
        self.theme = theme
        self.page.theme_mode = THEMES[theme]
        await ft.SharedPreferences().set(PREFS_THEME, theme)

    # the tab's saved choices ------------------------------------------------------------------
    async def ask_browser(self) -> None:
        """The tab's saved language and theme. A question sent to a tab that then went away
        (a reload, a server restart the tab reconnected after) is never answered, and Flet
        gives the same session back to the tab when it comes back: `reconnected` cancels
        the unanswered questions and they are asked again of the tab that is there now, so a
        reload at the wrong moment never leaves the session without screens."""
        while True:
            self._asking = asyncio.ensure_future(self._read_preferences())
            await asyncio.wait({self._asking})
            if not self._asking.cancelled():
                self.lang, self.theme = self._asking.result()
                self.page.theme_mode = THEMES.get(self.theme, ft.ThemeMode.SYSTEM)
                return

    def reconnected(self, e: ft.ControlEvent) -> None:
        if self._asking is not None and not self._asking.done():
            self._asking.cancel()

    async def _read_preferences(self) -> tuple[str, str]:
        prefs = ft.SharedPreferences()
        lang = await prefs.get(PREFS_LANGUAGE) or await self._browser_language()
        return lang, await prefs.get(PREFS_THEME) or "system"

    async def _browser_language(self) -> str:
        try:
            info = await self.page.get_device_info()
        except Exception:  # no device info (tests, exotic clients): English
            return i18n.DEFAULT
        codes = [locale.language_code for locale in (info.locales if info else [])]
        return i18n.pick_language(codes)


AppContext = ft.create_context(None)


def use_app() -> AppSession:
    """The tab's session; the calling component re-renders when its language or theme change."""
    app = ft.use_context(AppContext)
    assert isinstance(app, AppSession), "use_app() outside the app's components"
    return app
