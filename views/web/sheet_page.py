"""A finished game's score sheet as a read-only page any phone opens without the app:
`/sheet/<token>`, plain HTML and CSS (no script), printable, light or dark as the phone is, in
the language the sheet was shared in (views/storage/links.py `sheet_link`), with the sheet's picture
(views/picture) at `/sheet/<token>.png` and `/sheet/<token>-dark.png`.

The token is the only way to the page: 128 random bits, looked up by the database's index, so
no list of pages exists and a wrong token is told apart from no token by nothing but the same
404. Every string of the game (names above all) is escaped.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from html import escape

from starlette.responses import HTMLResponse, PlainTextResponse, Response

from scorer.printable import printable
from scorer.render import event_explain_text, explain_text, item_text, problem_lines
from scorer.sheet import PlayerScore, ScoreSheet
from views.records.results import sheet_of
from views.storage.games import GameRecord
from views.storage.off_loop import in_worker
from views.storage.store import Store
from views.text.game_words import variant_words
from views.text.i18n import game_language, scorer_text, ui, when
from views.web.sockets import ASGIApp, Message, Scope

PREFIX = "/sheet/"
# A token as views/storage/links.py draws it (secrets.token_urlsafe(16)): anything else is not
# asked.
PAGE = re.compile(r"/sheet/([A-Za-z0-9_-]{22})(\.png|-dark\.png)?")
# Never kept by a shared cache, never named to another site, never listed by a search engine.
HEADERS = {"cache-control": "no-store", "referrer-policy": "no-referrer",
           "x-robots-tag": "noindex, nofollow"}


def sheet_path(token: str) -> str:
    return f"{PREFIX}{token}"


def with_sheet_pages(app: ASGIApp, store: Store) -> ASGIApp:
    """`app`, but `/sheet/...` is a finished game's read-only page (a token of `store`) or
    a plain 404, never the app."""
    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        path = scope["path"] if scope["type"] == "http" else ""
        if not (path.startswith(PREFIX) or path == PREFIX.rstrip("/")):
            await app(scope, receive, send)
            return
        found = PAGE.fullmatch(path) if scope["method"] in ("GET", "HEAD") else None
        shared = store.game_of_link(found[1]) if found else None
        answer = await in_worker(lambda: served(found, shared)) if found and shared else None
        response = answer or PlainTextResponse("Not Found", status_code=404, headers=HEADERS)
        await response(scope, receive, send)

    return serving


def served(found: re.Match[str], shared: tuple[GameRecord, str]) -> Response | None:
    """The page or picture `found` names, of the game `shared` (and the language it was
    shared in); None if its file no longer scores."""
    record, lang = shared
    if found[2]:
        png = sheet_png(record, lang, dark=found[2] == "-dark.png")
        return None if png is None else Response(png, media_type="image/png", headers=HEADERS)
    page = sheet_html(record, lang, found[1])
    return None if page is None else HTMLResponse(page, headers=HEADERS)


def sheet_png(record: GameRecord, shared_in: str, dark: bool) -> bytes | None:
    """The sheet's picture; None if the game's file no longer scores."""
    from views.picture.sheet import sheet_picture  # Pillow is imported at the first picture

    sheet = sheet_of(record)
    return None if sheet is None else sheet_picture(record.data["file"], sheet, shared_in,
                                                    dark=dark, when=record.updated)


def sheet_html(record: GameRecord, shared_in: str, token: str) -> str | None:
    """The page of a finished game, in the language it was shared in (if its game speaks it),
    at `token`'s path; None if its file no longer scores."""
    sheet = sheet_of(record)
    if sheet is None:
        return None
    lang = game_language(record.kind, shared_in)
    game = scorer_text(f"game.{record.kind}", {}, lang)
    about = " · ".join(part for part in (when(record.updated, lang),
                                         variant_words(record.data["file"], lang, " + "))
                     if part)
    body = [f"<header><h1>{escape(game)}</h1><p class=about>{escape(about)}</p></header>",
            picture(token), ranking(sheet, lang),
            *(player_part(sheet, player, lang)
              for player in sorted(sheet.players, key=lambda player: player.place)),
            log_part(sheet, lang), warnings_part(sheet, lang),
            f"<footer>{escape(ui('link.footer', lang))}</footer>"]
    title = ui("link.title", lang, game=game)
    return (f"<!doctype html><html lang={lang}><head><meta charset=utf-8>"
            "<meta name=viewport content=\"width=device-width, initial-scale=1\">"
            "<meta name=robots content=\"noindex, nofollow\">"
            "<meta name=color-scheme content=\"light dark\">"
            f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
            f"<body><main>{''.join(body)}</main></body></html>")


def picture(token: str) -> str:
    """The sheet's picture, dark on a dark phone; its words are the ranking below, read out
    there, so the picture is not read out twice. Its own link is the page's, by the token's
    own paths (relative: no address is written into the page)."""
    return (f"<picture class=shot><source srcset=\"{token}-dark.png\" "
            f"media=\"(prefers-color-scheme: dark)\"><img src=\"{token}.png\" alt=\"\" "
            "width=1080></picture>")


def name(text: str) -> str:
    """A player's name as the page shows it: control and direction characters made visible
    (views never let them act), then escaped; its own direction (a Hebrew name)."""
    return f"<bdi>{escape(printable(text, limit=None))}</bdi>"


def ranking(sheet: ScoreSheet, lang: str) -> str:
    teams = "".join(f"<li><span class=place>{team.place}.</span><span class=who>"
                    f"{' + '.join(name(member) for member in team.players)}</span>"
                    f"<span class=total>{team.total}</span></li>"
                    for team in sorted(sheet.teams, key=lambda team: team.place))
    rows = [f"<li><span class=place>{player.place}.</span><span class=who>{name(player.name)}"
             f"</span><span class=total>{player.total}</span></li>"
             for player in sorted(sheet.players, key=lambda player: player.place)]
    winners = scorer_text("sheet.winners", {"names": [printable(winner, limit=None)
                                                      for winner in sheet.winners]}, lang)
    return (f"<section class=ranking><h2>{escape(ui('link.ranking', lang))}</h2>"
            + (f"<ol class=teams>{teams}</ol>" if teams else "")
            + f"<ol>{''.join(rows)}</ol><p class=winners>{escape(winners)}</p></section>")


def player_part(sheet: ScoreSheet, player: PlayerScore, lang: str) -> str:
    subtotals = " · ".join(f"{scorer_text('category.' + category, {}, lang)} {points}"
                           for category, points in player.categories.items())
    points = scorer_text("sheet.points", {"points": player.total}, lang)
    lines = "" if sheet.events else "".join(
        f"<tr><td class=points>{line.points}</td><td><b>"
        f"{escape(item_text(sheet.game, line, lang))}</b> "
        f"<span class=explain>{escape(explain_text(line.explain, lang))}</span></td></tr>"
        for line in player.lines)
    return (f"<section class=player><h2>{name(player.name)} <span class=total>"
            f"{escape(points)}</span></h2><p class=subtotals>{escape(subtotals)}</p>"
            + (f"<table>{lines}</table>" if lines else "") + "</section>")


# Events a page lists: a very long log (a Fossil game of 100,000 events) would otherwise be a
# page of tens of megabytes; the totals above hold every event.
SHOWN_EVENTS = 1_000


def log_part(sheet: ScoreSheet, lang: str) -> str:
    """A log game's events (the first SHOWN_EVENTS), each with what it did and the scores
    after it."""
    if not sheet.events:
        return ""
    rows = []
    for event in sheet.events[:SHOWN_EVENTS]:
        texts = [event_explain_text(e, lang) for e in event.explain] or [
            scorer_text(f"event.{event.kind}", {}, lang)]
        scores = ", ".join(f"{name(who)} {score}" for who, score in event.scores.items())
        rows.append(f"<li>{'<br>'.join(escape(text) for text in texts)}"
                    f"<br><span class=explain>= {scores}</span></li>")
    hidden = len(sheet.events) - SHOWN_EVENTS
    more = f"<p class=explain>{escape(ui('result.more_lines', lang, count=hidden))}</p>" \
        if hidden > 0 else ""
    return (f"<section class=log><h2>{escape(scorer_text('sheet.log', {}, lang))}</h2>"
            f"<ol>{''.join(rows)}</ol>{more}</section>")


def warnings_part(sheet: ScoreSheet, lang: str) -> str:
    if not sheet.problems:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in problem_lines(sheet.problems, lang))
    return (f"<section class=warnings><h2>{escape(scorer_text('sheet.warnings', {}, lang))}"
            f"</h2><ul>{items}</ul></section>")


# System fonts (every phone has its script's), a column that fits 320 px, the phone's light or
# dark, and a print that is black on white with no player cut across two pages.
STYLE = """
:root{color-scheme:light dark;--ink:#1b1c18;--muted:#5d5f57;--line:#d9dbd0;--paper:#fbfbf5;
--accent:#2f6b2f}
@media (prefers-color-scheme:dark){:root{--ink:#e4e3dc;--muted:#a9ab9f;--line:#3a3d35;
--paper:#141511;--accent:#9fd39a}}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.45 system-ui,-apple-system,
"Segoe UI",Roboto,"Noto Sans",sans-serif;overflow-wrap:anywhere}
main{max-width:40rem;margin:0 auto;padding:16px 12px 32px}
h1{font-size:1.6rem;margin:0}h2{font-size:1.15rem;margin:0 0 4px}
.about,.subtotals,.explain,.winners,footer{color:var(--muted)}
.about{margin:2px 0 0}section{border-top:1px solid var(--line);padding:12px 0}
ol{margin:0;padding:0;list-style:none}
.ranking li{display:flex;gap:8px;align-items:baseline;padding:3px 0;font-size:1.1rem}
.ranking .place{min-width:2ch;text-align:right}
.teams{margin-bottom:8px;padding-bottom:8px;border-bottom:1px dashed var(--line)}
.ranking .who{flex:1}
.total{font-weight:700;color:var(--accent);white-space:nowrap}
.player h2 .total{margin-left:6px}
table{border-collapse:collapse;width:100%}td{vertical-align:top;padding:3px 0;
border-top:1px solid var(--line)}
td.points{width:3.5ch;text-align:right;padding-right:10px;font-weight:700;
font-variant-numeric:tabular-nums}
.log li{padding:4px 0;border-top:1px solid var(--line)}
footer{font-size:.85rem;padding-top:12px;border-top:1px solid var(--line)}
.shot img{display:block;width:100%;height:auto;margin:12px 0;border-radius:8px}
@media print{:root{--ink:#000;--muted:#333;--line:#999;--paper:#fff;--accent:#000}
body{font-size:11pt}main{max-width:none;padding:0}.shot{display:none}
.ranking,.player{break-inside:avoid-page}.log li{break-inside:avoid}}
"""
