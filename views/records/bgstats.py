"""Finished games for BG Stats: one game as the app's documented `createPlay` link, and the
whole history as a play file.

The link is BG Stats' one documented way in for other apps ("Linking and pushing to BG Stats
from other apps or websites", www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-
or-websites/): `https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`, opened on
a phone with BG Stats, shows the play in BG Stats' own import screen. `sourceName`,
`sourcePlayId` and `playDate` (UTC, 'YYYY-MM-DD HH:MM:SS', when the game ended) are required;
`sourcePlayId`, `game.sourceGameId` and `players[].sourcePlayerId` are kept the same for the
same play, game and player, so BG Stats updates a play sent twice and remembers how it matched
our games and players to its own. `bggId` is a JSON number, and every player carries `winner`
and `startPlayer` (BG Stats' Android app refuses a player without them).

The play file: what the Board Game Stats app (Eerko Vissering)
opens to import plays from another app ("Import from Play File"; its own shares end in
.bgsplay), checked in the matching screen before anything is stored.

The format is not published as a specification; it is modelled on public files and writers of
it (tests/views/test_bgstats.py names them and checks our output against a schema derived from
them): one JSON object with `about`, `players`, `locations`, `games` and `plays`, each play
naming its game and players by `id` (`gameRefId`, `playerScores[].playerRefId`) and giving
every player's `score` as text, `winner`, `rank` and seat. The format has no place for
per-category scores (BG Stats' score sheets are templates inside the app), so a play's
`comments` carry each player's subtotals as text.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

from scorer import GameFileError, ScoreSheet, check, read_game_file, score
from scorer.printable import json_text
from scorer.render import problem_lines
from views.records.archive import iso, scored_game
from views.records.results import History, Result, seats_of
from views.storage.games import GameRecord, fingerprint
from views.storage.store import Store
from views.tables.registry import GAMES
from views.text.game_words import variant_words
from views.text.i18n import DEFAULT, LANGUAGES, game_language, scorer_language, scorer_text

ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to "
         "use a share, export or open-in function to open it with Board Game Stats.")
SUFFIX = ".bgsplay"
# Stable ids for our plays, players and games: the same play exported twice is the same play
# for BG Stats (it updates it rather than adding a second).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://tallybook.invalid/bgstats")


CREATE_PLAY = "https://app.bgstatsapp.com/createPlay.html?data="
SOURCE_NAME = "Tallybook"
# BG Stats documents no length limit for its link; 2,000 characters is what every browser and
# QR reader takes. A longer play is cut: the comments line by line, then the longest names.
MAX_LINK = 2_000


def create_play(file: dict[str, Any], sheet: ScoreSheet, lang: str, play_id: str,
                ended: float, started: float | None = None,
                player: Callable[[str], str] = str) -> dict[str, Any]:
    """The play BG Stats' link carries: game `file` scored as `sheet`, in `lang`, ended at
    `ended` (started at `started`, if known); `player(name)`: who a name counts for now."""
    kind = file["game"]
    box = GAMES[kind].bgstats
    game: dict[str, Any] = {"name": box.name, "sourceGameId": _uuid("game/" + kind),
                            "highestWins": True, "noPoints": False}
    if box.bgg_id is not None:
        game["bggId"] = box.bgg_id
    play: dict[str, Any] = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id,
                            "playDate": _utc(ended)}
    if minutes := duration(started, ended):  # a game file has no times: none rather than 0
        play["durationMin"] = minutes
    if board := variant_words(file, lang):
        play["board"] = board
    return {**play, "comments": subtotals(sheet, lang), "game": game,
            "players": _players(sheet, player)}


def _players(sheet: ScoreSheet, player: Callable[[str], str]) -> list[dict[str, Any]]:
    """Every player in seating order; who started is not known (every file's first player
    is only the first seat)."""
    teams = {name: str(number) for number, team in enumerate(sheet.teams, 1)
             for name in team.players}
    return [{"name": seat.name, "sourcePlayerId": _uuid("player/" + player(seat.name).casefold()),
             "score": seat.total, "rank": seat.place, "winner": seat.won, "startPlayer": False,
             **({"team": teams[seat.name]} if seat.name in teams else {})}
            for seat in seats_of(sheet)]


def create_play_link(play: dict[str, Any], limit: int = MAX_LINK) -> str:
    """BG Stats' link for `play`, at most `limit` characters: its comments cut line by line,
    then the longest names a character at a time (the ids stay: BG Stats matches by them)."""
    while len(link := CREATE_PLAY + quote(json.dumps(play, ensure_ascii=False,
                                                     separators=(",", ":")), safe="")) > limit:
        comments = play.get("comments", "")
        players = play["players"]
        if comments:
            play = {**play, "comments": comments.rpartition("\n")[0]}
        elif (longest := max(players, key=lambda p: len(p["name"])))["name"]:
            cut = {**longest, "name": longest["name"][:-2] + "…"} \
                if len(longest["name"]) > 1 else {**longest, "name": ""}
            play = {**play, "players": [cut if p is longest else p for p in players]}
        else:
            break  # nothing more to cut (never with the app's names: 80 characters at most)
    return link


def game_link(store: Store, record: GameRecord, lang: str) -> str | None:
    """BG Stats' link for a stored game; None if its file no longer scores."""
    found = scored_game(record)
    if found is None:
        return None
    _, sheet = found
    history = History(store)
    return create_play_link(create_play(
        record.data["file"], sheet, lang, _play_id(record), record.updated, record.created,
        history.player))


def file_link(file: dict[str, Any], sheet: ScoreSheet, lang: str) -> str:
    """BG Stats' link for a game file (the command line's): it carries no times, so the
    play is dated now and has no duration; its id is the file's own."""
    play_id = _uuid("file/" + fingerprint(file["game"], file, 0.0))
    return create_play_link(create_play(file, sheet, lang, play_id, time.time()))


def link_command(argv: list[str]) -> int:
    """`tallybook bgstats-link GAME.json [--lang L]`: BG Stats' link for any game file, on
    stdout; an invalid file: every problem on stderr (as the scorer's command line lists
    them), exit status 2."""
    parser = argparse.ArgumentParser(prog="tallybook bgstats-link",
                                     description=link_command.__doc__)
    parser.add_argument("file", metavar="GAME.json", help="a game file (docs/GAME_FILES.md)")
    parser.add_argument("--lang", choices=LANGUAGES, default=DEFAULT,
                        help="language of the board and the comments")
    args = parser.parse_args(argv)
    try:
        data = read_game_file(args.file)
    except GameFileError as error:
        game, problems = None, error.problems
    else:
        game, problems = check(data)
    if game is None or not isinstance(data, dict):
        for line in problem_lines(problems, scorer_language(args.lang)):
            print(line, file=sys.stderr)
        return 2
    print(file_link(data, score(game), game_language(data["game"], args.lang)))
    return 0


def play_file(store: Store, records: list[GameRecord], lang: str) -> dict[str, Any]:
    """The games `records` (those that score) as one play file."""
    history = History(store)
    scored = [(record, found) for record in records if (found := scored_game(record)) is not None]
    kinds = list(dict.fromkeys(record.kind for record, _ in scored))
    players = list(dict.fromkeys(history.player(seat.name) for _, (result, _) in scored
                                 for seat in result.seats))
    game_ids = {kind: number for number, kind in enumerate(kinds, 1)}
    player_ids = {name.casefold(): number for number, name in enumerate(players, 1)}

    def play(record: GameRecord, result: Result, sheet: ScoreSheet) -> dict[str, Any]:
        moment = _local(result.finished)
        teams = {name: str(number) for number, team in enumerate(sheet.teams, 1)
                 for name in team.players}
        scores = []
        for order, seat in enumerate(result.seats, 1):
            entry: dict[str, Any] = {
                "playerRefId": player_ids[history.player(seat.name).casefold()],
                "score": str(seat.total), "winner": seat.won, "rank": seat.place,
                "seatOrder": order, "startPlayer": False, "newPlayer": False}
            if seat.name in teams:
                entry["team"] = teams[seat.name]
            scores.append(entry)
        return {"uuid": _play_id(record),
                "gameRefId": game_ids[record.kind], "playDate": moment, "entryDate": moment,
                "modificationDate": moment,
                "durationMin": duration(record.created, record.updated) or 0, "ignored": False,
                "manualWinner": False, "usesTeams": bool(sheet.teams), "rounds": 0,
                "board": variant_words(record.data["file"], lang),
                "comments": subtotals(sheet, lang),
                "playerScores": scores}

    return {
        "about": ABOUT,
        "players": [{"id": player_ids[name.casefold()], "uuid": _uuid("player/" + name.casefold()),
                     "name": name, "isAnonymous": False} for name in players],
        "locations": [],
        "games": [_game(kind, game_ids[kind]) for kind in kinds],
        "plays": [play(record, result, sheet) for record, (result, sheet) in scored],
    }


def play_bytes(store: Store, records: list[GameRecord], lang: str) -> bytes:
    return json_text(play_file(store, records, lang), indent=1).encode()


def _game(kind: str, number: int) -> dict[str, Any]:
    box = GAMES[kind].bgstats
    game: dict[str, Any] = {"id": number, "uuid": _uuid("game/" + kind), "name": box.name,
                            "designers": box.designers, "highestWins": True, "noPoints": False,
                            "cooperative": False, "usesTeams": box.uses_teams}
    if box.bgg_id is not None:
        game["bggId"] = box.bgg_id
        game["bggName"] = box.name
    return game


def subtotals(sheet: ScoreSheet, lang: str) -> str:
    """'Ann: trees 18 · top 41 · … = 139' per player, one a line, in the reader's language."""
    def line(name: str, categories: dict[str, int], total: int) -> str:
        parts = " · ".join(f"{scorer_text('category.' + category, {}, lang)} {points}"
                           for category, points in categories.items())
        return f"{name}: {parts} = {total}"

    return "\n".join(line(player.name, player.categories, player.total)
                     for player in sheet.players)


def _local(moment: float) -> str:
    """BG Stats' own form: 'YYYY-MM-DD HH:MM:SS', the local time at the table."""
    return datetime.fromtimestamp(moment).strftime("%Y-%m-%d %H:%M:%S")


def duration(started: float | None, ended: float) -> int | None:
    """Whole minutes from the game's start to its end; None if its start is not known or it
    lasted less than half a minute."""
    minutes = round((ended - started) / 60) if started else 0
    return minutes if minutes > 0 else None


def _utc(moment: float) -> str:
    """The link's form: 'YYYY-MM-DD HH:MM:SS' in UTC."""
    return datetime.fromtimestamp(moment, UTC).strftime("%Y-%m-%d %H:%M:%S")


def _play_id(record: GameRecord) -> str:
    """The same in the link and the play file: BG Stats knows the play either way."""
    return _uuid(f"play/{record.kind}/{iso(record.created)}")


def _uuid(key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, key))
