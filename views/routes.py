"""Which screens a route stacks up: `/`, `/settings`, `/new/<game>[?again=<id>]` (a rematch),
`/symbiose/<id>[/sheet]`, `/fossil/<id>[/sheet|/calc]`, `/forest-shuffle/<id>[/sheet]`."""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from views.forest_shuffle.entry import ForestScreen
from views.forest_shuffle.score_sheet import ForestSheetScreen
from views.fossil.calculator import CalculatorScreen
from views.fossil.companion import CompanionScreen
from views.fossil.score_sheet import FossilSheetScreen
from views.home import HomeScreen
from views.new_game import NewGameScreen
from views.session import AppSession, Screen
from views.settings import SettingsScreen
from views.symbiose.entry import EntryScreen
from views.symbiose.score_sheet import ScoreSheetScreen

Maker = tuple[str, Callable[[], Screen]]
# Per game: the screen of a game being played, and the screens stacked on it by a route suffix.
GAME_SCREENS: dict[str, tuple[type[Screen], dict[str, type[Screen]]]] = {
    "symbiose": (EntryScreen, {"/sheet": ScoreSheetScreen}),
    "fossil": (CompanionScreen, {"/sheet": FossilSheetScreen, "/calc": CalculatorScreen}),
    "forest-shuffle": (ForestScreen, {"/sheet": ForestSheetScreen}),
}


def screens_for(route: str, app: AppSession) -> list[Maker]:
    path = route.split("?")[0].rstrip("/") or "/"
    stack: list[Maker] = [("/", lambda: HomeScreen(app))]
    if path == "/settings":
        stack.append((path, lambda: SettingsScreen(app)))
    elif (new := re.fullmatch(r"/new/([a-z-]+)", path)) and new[1] in GAME_SCREENS:
        again = parse_qs(urlsplit(route).query).get("again", [""])[0]
        last = app.store.game(int(again)) if again.isdigit() else None
        rematch = last if last is not None and last.kind == new[1] else None
        screen = f"{path}?again={again}" if rematch else path
        stack.append((screen, lambda: NewGameScreen(app, new[1], rematch)))
    elif (game := re.fullmatch(r"/([a-z-]+)/(\d+)(/[a-z]+)?", path)) and game[1] in GAME_SCREENS:
        kind, game_id, suffix = game[1], int(game[2]), game[3]
        entry, on_top = GAME_SCREENS[kind]
        record = app.store.game(game_id)
        if record is not None and record.kind == kind and (suffix is None or suffix in on_top):
            stack.append((f"/{kind}/{game_id}", lambda: entry(app, game_id)))  # type: ignore[call-arg]
            if suffix:
                stack.append((path, lambda: on_top[suffix](app, game_id)))  # type: ignore[call-arg]
    return stack
