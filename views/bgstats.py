"""Finished games as a BG Stats play file: what the Board Game Stats app (Eerko Vissering)
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

import uuid
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scorer import ScoreSheet
from scorer.printable import json_text
from views.archive import iso, scored_game
from views.i18n import scorer_text
from views.results import History, Result
from views.store import GameRecord, Store

ABOUT = ("This is a Play file that can be read by Board Game Stats. If you see this text, try to "
         "use a share, export or open-in function to open it with Board Game Stats.")
SUFFIX = ".bgsplay"
# Stable ids for our plays, players and games: the same play exported twice is the same play
# for BG Stats (it updates it rather than adding a second).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "https://tallybook.invalid/bgstats")


@dataclass(frozen=True)
class BoxInfo:
    name: str
    designers: str  # from the rulebooks in ../shared/rules/seeds
    bgg_id: int | None  # BoardGameGeek's id, only where a public source confirmed it


# Forest Shuffle: boardgamegeek.com/boardgame/391163/forest-shuffle. Symbiose (Partinico, 2024)
# and Fossil (Klaus Palesch, Goldsieber 1998; not the other games called Fossil) have no id
# here: none could be confirmed from a public source, and a wrong one files the plays under
# another game. BG Stats matches them by name in its matching screen (and remembers it).
BOXES = {
    "symbiose": BoxInfo("Symbiose", "Jérémy Partinico, Christelle Partinico", None),
    "forest-shuffle": BoxInfo("Forest Shuffle", "Kosch", 391163),
    "fossil": BoxInfo("Fossil", "Klaus Palesch", None),
}


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
        return {"uuid": _uuid(f"play/{record.kind}/{iso(record.created)}"),
                "gameRefId": game_ids[record.kind], "playDate": moment, "entryDate": moment,
                "modificationDate": moment, "durationMin": 0, "ignored": False,
                "manualWinner": False, "usesTeams": bool(sheet.teams), "rounds": 0,
                "board": result.variant, "comments": subtotals(sheet, lang),
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
    box = BOXES[kind]
    game: dict[str, Any] = {"id": number, "uuid": _uuid("game/" + kind), "name": box.name,
                            "designers": box.designers, "highestWins": True, "noPoints": False,
                            "cooperative": False, "usesTeams": kind == "symbiose"}
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


def _uuid(key: str) -> str:
    return str(uuid.uuid5(NAMESPACE, key))
