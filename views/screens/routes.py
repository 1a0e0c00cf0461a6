"""Which screens a route stacks up, and for whom (views/web/access.py).

A host reaches `/`, `/settings`, `/new/<game>[?again=<id>]` (a rematch), `/<game>/<id>` (entry
or play), `/<game>/<id>/sheet`, `/<game>/<id>/table` (its join code and seats) and a game's own
screens such as `/fossil/<id>/calc`, the history (`/history[?game=<game>&player=<name>]`, a
past sheet `/history/<game>/<id>`) and the players (`/players`, `/players/<name>`, a past
sheet `/players/<name>/<game>/<id>`); anything else is home. A guest reaches only the game of its
seat (entry, sheet, the game's own screens) and `/settings`; anything else is the join screen
(`/join/<code>`, and the host link `/host/<PIN>` the server prints: with that code). A
finished game is read-only: its entry shows its sheet. Host and guests alike reach the rules
reference, `/rules/...` (views/screens/rules.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from views.screens import rules
from views.screens.history import HistoryScreen, history_route
from views.screens.home import Home
from views.screens.join import Join
from views.screens.new_game import NewGame
from views.screens.players import PlayerScreen, PlayersScreen, player_route
from views.screens.settings import Settings
from views.screens.table_screen import TableScreen
from views.tables.model import Table
from views.tables.registry import GAMES
from views.web.session import AppSession, ScreenGame
from views.widgets.rules_link import RulesRoute, parse

GAME_ROUTE = re.compile(r"/([a-z-]+)/(\d{1,12})(?:/([a-z]+))?")


@dataclass(frozen=True)
class Stacked:
    """One screen of the stack: its route, the component that draws it with its input, and the
    game it is a screen of, whose language it speaks (views/web/session.py `use_app`)."""

    route: str
    component: Callable[..., Any]
    args: tuple[Any, ...] = ()
    game: str = ""

    def draw(self) -> Any:
        return ScreenGame(self.game, lambda: self.component(*self.args, key=self.route))


def screens_for(route: str, app: AppSession) -> list[Stacked]:
    path = route.split("?")[0].rstrip("/") or "/"
    if (reference := parse(route)) is not None:
        return rules_screens(reference, app)
    return host_screens(route, path, app) if app.host else guest_screens(path, app)


def route_below(route: str, app: AppSession) -> str | None:
    """The route `back` leads to from `route`: the screen under its top one."""
    stack = screens_for(route, app)
    return stack[-2].route if len(stack) > 1 else None


def host_screens(route: str, path: str, app: AppSession) -> list[Stacked]:
    stack = [Stacked("/", Home)]
    if path == "/settings":
        stack.append(Stacked(path, Settings))
    elif (new := re.fullmatch(r"/new/([a-z-]+)", path)) and new[1] in GAMES:
        game = GAMES[new[1]]
        again = parse_qs(urlsplit(route).query).get("again", [""])[0]
        last = app.tables.open(int(again), game.game) if again.isdigit() else None
        screen = f"{path}?again={again}" if last else path
        stack.append(Stacked(screen, NewGame, (game, last), game.game))
    elif path == "/history" or path.startswith("/history/"):
        query = parse_qs(urlsplit(route).query)
        asked = query.get("game", [""])[0]  # a game id as the link spells it, maybe unknown
        shown = history_route(asked if asked in GAMES else "",
                              query.get("player", [""])[0][:80])
        stack.append(Stacked(shown, HistoryScreen, history_filters(shown)))
        stack += past_sheet(path.removeprefix("/history"), "/history", urlsplit(shown).query, app)
    elif players := re.fullmatch(r"/players(?:/([^/]+)(/.*)?)?", path):
        stack.append(Stacked("/players", PlayersScreen))
        if players[1]:
            name = unquote(players[1])[:80]
            stack.append(Stacked(player_route(name), PlayerScreen, (name,)))
            stack += past_sheet(players[2] or "", player_route(name), "", app)
    elif found := GAME_ROUTE.fullmatch(path):
        stack += game_screens(found, app, extra={"table": TableScreen})
    return stack


def history_filters(route: str) -> tuple[str, str]:
    query = parse_qs(urlsplit(route).query)
    return query.get("game", [""])[0], query.get("player", [""])[0]


def past_sheet(path: str, base: str, query: str, app: AppSession) -> list[Stacked]:
    """The sheet of a finished game, opened from the history or a player's page (`base`), so
    that back returns there."""
    found = GAME_ROUTE.fullmatch(path)
    if found is None or found[1] not in GAMES or found[3] is not None:
        return []
    table = app.tables.open(int(found[2]), found[1])
    if table is None or not table.finished:
        return []
    return [Stacked(base + table.route + (f"?{query}" if query else ""), GAMES[found[1]].sheet,
                    (table,), found[1])]


def rules_screens(found: RulesRoute, app: AppSession) -> list[Stacked]:
    """The rules reference (views/screens/rules.py), harmless to show to anyone: over the sheet it
    was
    opened from, if this device may see that table, else over home (a guest: its table)."""
    table = None
    if found.table is not None and found.game is not None and (
            app.host or app.own_seat(found.table) is not None):
        table = app.tables.open(found.table, GAMES[found.game].game)
    below = screens_for(f"{table.route}/sheet" if table else "/", app)
    # A game's list and entries speak its language; the list of games (no input) is nobody's.
    return below + [Stacked(route, component, args, found.game if args and found.game else "")
                    for route, component, args in rules.screens(found, table)]


def guest_screens(path: str, app: AppSession) -> list[Stacked]:
    """The game of the device's seat at the bottom (nothing below it to go back to), else the
    join screen."""
    seated = app.access.seated(app.device)
    table = app.tables.open(seated[0]) if seated else None
    link = re.fullmatch(r"/(?:join|host)/([^/]{1,40})", path)  # a table's link, the host's
    if table is None or link or path == "/join":
        stack = [Stacked("/join", Join, (link[1] if link else "",))]
    else:
        found = GAME_ROUTE.fullmatch(path)
        shown = game_screens(found, app) if found and int(found[2]) == table.id else []
        stack = shown or game_screens(GAME_ROUTE.fullmatch(table.route), app)
    if path == "/settings":
        stack.append(Stacked(path, Settings))
    return stack


def game_screens(found: re.Match[str] | None, app: AppSession,
                 extra: dict[str, Callable[[Table], Any]] | None = None) -> list[Stacked]:
    """Entry (or, finished, the sheet) and the screen on top of it the route names."""
    if found is None or found[1] not in GAMES:
        return []
    game, suffix = GAMES[found[1]], found[3]
    table = app.tables.open(int(found[2]), game.game)
    on_top = {"sheet": game.sheet, **game.screens, **(extra or {})}
    if table is None or (suffix is not None and suffix not in on_top):
        return []
    if table.finished and suffix in (None, "sheet"):
        return [Stacked(table.route + "/sheet", game.sheet, (table,), game.game)]
    stack = [Stacked(table.route, game.play, (table,), game.game)]
    if suffix:
        stack.append(Stacked(f"{table.route}/{suffix}", on_top[suffix], (table,), game.game))
    return stack
