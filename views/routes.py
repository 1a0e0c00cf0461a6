"""Which screens a route stacks up: `/`, `/settings`, `/new/<game>`, `/symbiose/<id>[/sheet]`,
`/fossil/<id>[/sheet|/calc]`, `/forest-shuffle/<id>[/sheet]`."""

from __future__ import annotations

import re
from collections.abc import Callable

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


def screens_for(route: str, app: AppSession) -> list[Maker]:
    path = route.split("?")[0].rstrip("/") or "/"
    stack: list[Maker] = [("/", lambda: HomeScreen(app))]
    if path == "/settings":
        stack.append((path, lambda: SettingsScreen(app)))
    elif path == "/new/symbiose":
        stack.append((path, lambda: NewGameScreen(app)))
    elif path in ("/new/fossil", "/new/forest-shuffle"):
        stack.append((path, lambda: NewGameScreen(app, path.removeprefix("/new/"))))
    elif match := re.fullmatch(r"/symbiose/(\d+)(/sheet)?", path):
        game_id = int(match[1])
        record = app.store.game(game_id)
        if record is not None and record.kind == "symbiose":
            stack.append((f"/symbiose/{game_id}", lambda: EntryScreen(app, game_id)))
            if match[2]:
                stack.append((path, lambda: ScoreSheetScreen(app, game_id)))
    elif match := re.fullmatch(r"/fossil/(\d+)(/sheet|/calc)?", path):
        game_id = int(match[1])
        record = app.store.game(game_id)
        if record is not None and record.kind == "fossil":
            stack.append((f"/fossil/{game_id}", lambda: CompanionScreen(app, game_id)))
            if match[2] == "/sheet":
                stack.append((path, lambda: FossilSheetScreen(app, game_id)))
            elif match[2] == "/calc":
                stack.append((path, lambda: CalculatorScreen(app, game_id)))
    elif match := re.fullmatch(r"/forest-shuffle/(\d+)(/sheet)?", path):
        game_id = int(match[1])
        record = app.store.game(game_id)
        if record is not None and record.kind == "forest-shuffle":
            stack.append((f"/forest-shuffle/{game_id}", lambda: ForestScreen(app, game_id)))
            if match[2]:
                stack.append((path, lambda: ForestSheetScreen(app, game_id)))
    return stack
