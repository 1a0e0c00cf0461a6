"""Which screens a route stacks up: `/`, `/settings`, `/new/<game>[?again=<id>]` (a rematch),
`/<game>/<id>` (entry or play), `/<game>/<id>/sheet`, and a game's own screens such as
`/fossil/<id>/calc`. Anything else is home."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from views.home import Home
from views.new_game import NewGame
from views.registry import GAMES
from views.session import AppSession
from views.settings import Settings


@dataclass(frozen=True)
class Stacked:
    """One screen of the stack: its route, and the component that draws it with its input."""

    route: str
    component: Callable[..., Any]
    args: tuple[Any, ...] = ()

    def draw(self) -> Any:
        return self.component(*self.args, key=self.route)


def screens_for(route: str, app: AppSession) -> list[Stacked]:
    path = route.split("?")[0].rstrip("/") or "/"
    stack = [Stacked("/", Home)]
    if path == "/settings":
        stack.append(Stacked(path, Settings))
    elif (new := re.fullmatch(r"/new/([a-z-]+)", path)) and new[1] in GAMES:
        game = GAMES[new[1]]
        again = parse_qs(urlsplit(route).query).get("again", [""])[0]
        last = app.tables.open(int(again), game.game) if again.isdigit() else None
        screen = f"{path}?again={again}" if last else path
        stack.append(Stacked(screen, NewGame, (game, last)))
    elif (found := re.fullmatch(r"/([a-z-]+)/(\d+)(?:/([a-z]+))?", path)) and found[1] in GAMES:
        game, suffix = GAMES[found[1]], found[3]
        table = app.tables.open(int(found[2]), game.game)
        on_top = {"sheet": game.sheet, **game.screens}
        if table is not None and (suffix is None or suffix in on_top):
            stack.append(Stacked(table.route, game.play, (table,)))
            if suffix:
                stack.append(Stacked(path, on_top[suffix], (table,)))
    return stack
