"""One browser tab: its language and theme, its device (host or guest), and how it reaches the
server's store and games.

Every component reads it with `use_app()`. The route is the whole navigation state
(`/symbiose/3/sheet`) and the games live in the store, so a reload or a restarted server
shows exactly the same screens.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

import flet as ft
from flet.components.hooks.use_ref import MutableRef
from flet.components.utils import current_component
from typing_extensions import TypeIs

from views.records.results import History
from views.storage.store import Store
from views.tables.model import FINISHED, Finished, Tables, has_session
from views.text import i18n
from views.web.access import PREFS_DEVICE, Access, device_id, device_label, new_device_token
from views.web.sockets import CLIENT

PREFS_LANGUAGE = "tallybook.language"
PREFS_THEME = "tallybook.theme"
THEMES = {"light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK, "system": ft.ThemeMode.SYSTEM}
SEED = ft.Colors.TEAL
# A tab's route -> the route of the screen under its top screen (None: it is the bottom one).
Below = Callable[[str, "AppSession"], str | None]


# Observable as a base, not through @ft.observable, so that mypy knows it is one.
@dataclass(eq=False)  # one per tab, known by identity (the device's set of tabs holds it)
class AppSession(ft.Observable):
    """What a tab's screens share. Changing `lang`, `theme`, `width` (the phone turned) or
    `host` re-renders every screen."""

    page: ft.Page
    store: Store
    tables: Tables
    access: Access
    history: History
    lang: str = i18n.DEFAULT
    theme: str = "system"
    width: float = 390  # the screen's width in px: grids of cards fit it (a 320 px phone)
    text_scale: float = 1.0  # how much larger the phone draws text (views/widgets/text_probe.py)
    device: str = ""  # the hash of the browser's device token
    host: bool = False  # this device may reach everything (see views/web/access.py)
    turned_away: int = 0  # times the host removed this device from a table (a notice shows)
    # Which screen `back` goes to: the screens know their stack (views/screens/routes.py
    # `route_below`, given by views/app.py), and they are drawn with this session.
    below: Below = field(default=lambda route, app: None, repr=False)
    # The address of the socket that opened the session, which a client cannot forge (it can
    # set page.client_ip with one message): what wrong codes are counted by.
    address: str = field(default_factory=lambda: CLIENT.get(""))
    _asking: asyncio.Future[tuple[str, str, str]] | None = field(default=None, repr=False)
    _own: Any = field(default=None, repr=False)  # (loop, context) of this tab's session
    _going: asyncio.Future[None] | None = field(default=None, repr=False)

    def t(self, key: str, **params: Any) -> str:
        return i18n.ui(key, self.lang, **params)

    async def go(self, route: str) -> None:
        await self.page.push_route(route)

    async def back(self) -> None:
        """To the screen below this one (the app bar's arrow, the phone's back gesture)."""
        below = self.below(self.page.route, self)
        if below is not None:
            await self.go(below)

    @property
    def label(self) -> str:
        return device_label(self.page.client_user_agent or "")

    def own_seat(self, game: int) -> int | None:
        """The seat this device took at the game's table (None: the host, or no seat)."""
        seated = None if self.host else self.access.seated(self.device)
        return seated[1] if seated and seated[0] == game else None

    def became_host(self) -> None:
        self.host = True

    def lost_table(self) -> None:
        """The host removed this device or closed its table: to the join screen, from
        whichever session the host acted in."""
        if not has_session(self.page):  # the tab left long ago: nothing to send away
            return
        loop, context = self._own
        loop.call_soon(self._turn_away, context=context)

    def _turn_away(self) -> None:
        self.turned_away += 1
        self._going = asyncio.ensure_future(self.go("/join"))

    def notice(self, message: str) -> None:
        """A short message at the bottom of the screen, where the thumb is."""
        self.page.show_dialog(ft.SnackBar(ft.Text(message), persist=False))

    def game_over(self, answer: object) -> TypeIs[Finished]:
        """Whether a table's operation answered that its game is finished (another phone
        ended it before this screen showed it); if so, this phone is told so."""
        if answer is not FINISHED:
            return False
        self.notice(self.t("table.finished"))
        return True

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
                self.lang, self.theme, token = self._asking.result()
                self.page.theme_mode = THEMES.get(self.theme, ft.ThemeMode.SYSTEM)
                self.device = device_id(token)
                self.host = self.access.is_host(self.device)
                self._own = (asyncio.get_running_loop(), contextvars.copy_context())
                self.access.attach(self.device, self)
                return

    def reconnected(self, e: ft.Event[ft.Page]) -> None:
        if self._asking is not None and not self._asking.done():
            self._asking.cancel()

    async def _read_preferences(self) -> tuple[str, str, str]:
        prefs = ft.SharedPreferences()
        lang = await prefs.get(PREFS_LANGUAGE) or await self._browser_language()
        theme = await prefs.get(PREFS_THEME) or "system"
        token = await prefs.get(PREFS_DEVICE)
        if not isinstance(token, str) or len(token) < 16:  # a new device (or a tampered one)
            token = new_device_token()
            await prefs.set(PREFS_DEVICE, token)
        return str(lang), str(theme), token  # a stored value of another type: its text

    async def _browser_language(self) -> str:
        try:
            info = await self.page.get_device_info()
        except Exception:  # no device info (tests, exotic clients): English
            return i18n.DEFAULT
        codes = [locale.language_code for locale in (info.locales if info else [])]
        return i18n.pick_language(codes)


class GameScreenSession:
    """The tab's session as the screens of a game see it: in the game's language (`lang`, `t`),
    everything else the tab's session itself, read and written through (a route, the theme).

    A game speaks the languages it has an edition in (`i18n.game_language`): with Vietnamese
    chosen, Symbiose's screens are Vietnamese and Forest Shuffle's and Fossil's are English as
    a whole, the shared widgets on them (top bar, totals, score sheet) included, because every
    component of a screen reads its words through `use_app()`; home, settings and the join
    screen stay in the user's language."""

    def __init__(self, app: AppSession, lang: str) -> None:
        object.__setattr__(self, "_app", app)
        object.__setattr__(self, "lang", lang)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._app, name, value)

    def t(self, key: str, **params: Any) -> str:
        return i18n.ui(key, self.lang, **params)


AppContext: ft.ContextProvider[AppSession | None] = ft.create_context(None)
ScreenGame = ft.create_context("")  # the game whose screen is being drawn ("": none)


def use_app() -> AppSession:
    """The tab's session, in the language of the screen's game (`GameScreenSession`); the
    calling component re-renders when the session changes (language, theme, width...).

    A memoised component the session's change redraws on its own finds its providers through
    the component that first made it, which Flet may since have let go (it kept the older one
    in its place): then the session and game it was first drawn with, remembered here, are
    its own, and it listens to the session again itself."""
    found: MutableRef[tuple[AppSession, str]] = ft.use_ref(None)
    app = ft.use_context(AppContext)
    game = ft.use_context(ScreenGame)
    if isinstance(app, AppSession):
        found.current = (app, game)
    elif found.current is not None:
        app, game = found.current
        current_component()._attach_observable_subscription(app)  # Flet's own listening
    assert isinstance(app, AppSession), "use_app() outside the app's components"
    lang = i18n.game_language(game, app.lang) if game else app.lang
    # Same interface: the session's own attributes and methods, with the game's words.
    return app if lang == app.lang else cast(AppSession, GameScreenSession(app, lang))
