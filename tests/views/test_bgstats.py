"""The BG Stats play file, checked against a schema of the format.

BG Stats publishes no specification of its play file, so the schema below is derived from
public sources, read 2026-12 (BG Stats 7.x era files):
- a play file BG Stats itself wrote, shared at https://pastebin.com/iDbHyBui: `about`,
  `players` (uuid, id, name, isAnonymous, modificationDate, bggUsername), `locations`, `games`
  (uuid, id, name, modificationDate, cooperative, highestWins, noPoints, usesTeams, bggId...),
  `plays` with `playerScores`;
- public writers of the format that import into BG Stats: an Anachrony companion's exporter
  "modelled on a REAL export out of BG Stats" (plays: uuid, gameRefId, playDate and entryDate
  'YYYY-MM-DD HH:MM:SS', durationMin, ignored, manualWinner, usesTeams, rounds, board,
  comments, playerScores: playerRefId, score as text, winner, rank, seatOrder, startPlayer,
  newPlayer, role, team), and a BG Stats reader's TypeScript model of the same (BGStatsGame:
  id, uuid, name, bggId?, highestWins?, noPoints?, cooperative?, usesTeams?; BGStatsPlayerScore:
  playerRefId, score?, winner?, startPlayer?, seatOrder?, rank?, newPlayer?);
- lindsaykwardell/clocktracker PR #299: BG Stats refuses a play whose player has no
  `startPlayer` ("No value for startPlayer").
"""

import json
from pathlib import Path

import jsonschema
import pytest

from views.records.archive import import_bytes, scored_game
from views.records.bgstats import ABOUT, play_bytes, play_file, subtotals
from views.storage.store import Store

DATE = {"type": "string", "pattern": r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$"}
UUID = {"type": "string", "pattern": r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
                                     r"[0-9a-f]{12}$"}
PLAY_FILE = {
    "type": "object",
    "required": ["about", "players", "locations", "games", "plays"],
    "properties": {
        "about": {"type": "string"},
        "players": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "isAnonymous"],
            "properties": {"id": {"type": "integer", "minimum": 1}, "uuid": UUID,
                           "name": {"type": "string", "minLength": 1},
                           "isAnonymous": {"type": "boolean"}}}},
        "locations": {"type": "array"},
        "games": {"type": "array", "items": {
            "type": "object", "required": ["id", "uuid", "name", "highestWins", "noPoints",
                                           "cooperative", "usesTeams"],
            "properties": {"id": {"type": "integer", "minimum": 1}, "uuid": UUID,
                           "name": {"type": "string", "minLength": 1},
                           "bggId": {"type": "integer", "minimum": 1},
                           "highestWins": {"type": "boolean"},
                           "noPoints": {"type": "boolean"},
                           "cooperative": {"type": "boolean"},
                           "usesTeams": {"type": "boolean"}}}},
        "plays": {"type": "array", "items": {
            "type": "object",
            "required": ["uuid", "gameRefId", "playDate", "entryDate", "durationMin",
                         "ignored", "manualWinner", "usesTeams", "playerScores"],
            "properties": {
                "uuid": UUID, "gameRefId": {"type": "integer", "minimum": 1},
                "playDate": DATE, "entryDate": DATE, "modificationDate": DATE,
                "durationMin": {"type": "integer", "minimum": 0},
                "ignored": {"type": "boolean"}, "manualWinner": {"type": "boolean"},
                "usesTeams": {"type": "boolean"}, "rounds": {"type": "integer"},
                "board": {"type": "string"}, "comments": {"type": "string"},
                "playerScores": {"type": "array", "minItems": 1, "items": {
                    "type": "object",
                    "required": ["playerRefId", "score", "winner", "startPlayer"],
                    "properties": {"playerRefId": {"type": "integer", "minimum": 1},
                                   "score": {"type": "string", "pattern": r"^-?\d+$"},
                                   "winner": {"type": "boolean"},
                                   "startPlayer": {"type": "boolean"},
                                   "newPlayer": {"type": "boolean"},
                                   "rank": {"type": "integer", "minimum": 1},
                                   "seatOrder": {"type": "integer", "minimum": 0},
                                   "team": {"type": "string"}}}}}}},
    },
}
EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    for name in ("symbiose-team.json", "forest-shuffle-base-2-players.json",
                 "fossil-4-players.json", "symbiose-standard.json"):
        assert import_bytes(store, (EXAMPLES / name).read_bytes(), "en").imported
    return store


def references_resolve(document: dict) -> bool:
    games = {game["id"] for game in document["games"]}
    players = {player["id"] for player in document["players"]}
    return all(play["gameRefId"] in games and all(score["playerRefId"] in players
                                                  for score in play["playerScores"])
               for play in document["plays"])


def test_the_whole_history_is_a_valid_play_file(store):
    document = json.loads(play_bytes(store, store.games("finished"), "en"))
    jsonschema.validate(document, PLAY_FILE)
    assert document["about"] == ABOUT
    assert references_resolve(document)
    assert len(document["plays"]) == 4 and len(document["games"]) == 3
    forest, = (game for game in document["games"] if game["name"] == "Forest Shuffle")
    assert forest["bggId"] == 391163
    assert len({player["name"] for player in document["players"]}) == len(document["players"])


def test_a_play_carries_totals_winners_ranks_seats_and_the_subtotals(store):
    record = next(r for r in store.games("finished") if r.data["file"].get("mode") == "standard")
    play, = play_file(store, [record], "en")["plays"]
    names = {p["id"]: p["name"] for p in play_file(store, [record], "en")["players"]}
    assert [(names[s["playerRefId"]], s["score"], s["winner"], s["rank"], s["seatOrder"])
            for s in play["playerScores"]] == [
        ("Ann", "45", True, 1, 1), ("Bob", "45", True, 1, 2), ("Cas", "42", False, 3, 3)]
    assert play["board"] == "Standard" and not play["usesTeams"]  # the variant's name
    assert play["comments"].splitlines()[0] == "Ann: left 10 · middle 26 · right 9 = 45"


def test_a_team_game_names_the_teams(store):
    record = next(r for r in store.games("finished") if r.data["file"].get("mode") == "team")
    play, = play_file(store, [record], "en")["plays"]
    assert play["usesTeams"]
    assert [s["team"] for s in play["playerScores"]] == ["1", "2", "1", "2"]


def test_a_player_counts_under_their_name_now_and_the_same_play_keeps_its_id(store):
    record = next(r for r in store.games("finished") if r.kind == "forest-shuffle")
    before = play_file(store, [record], "en")
    store.rename_player("Bob", "Robert")
    after = play_file(store, [record], "en")
    assert [p["name"] for p in after["players"]] == ["Ann", "Robert"]
    assert after["plays"][0]["uuid"] == before["plays"][0]["uuid"]


def test_subtotals_are_in_the_readers_language(store):
    record = next(r for r in store.games("finished") if r.kind == "forest-shuffle")
    _, sheet = scored_game(record)
    assert subtotals(sheet, "de") != subtotals(sheet, "en")
    assert subtotals(sheet, "vi") == subtotals(sheet, "en")  # no scorer words: English


def test_a_play_names_the_boxes_and_lasts_as_long_as_the_game(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    file = json.loads((EXAMPLES / "forest-shuffle-base-2-players.json").read_text())
    file["boxes"] = ["base", "woodland_edge", "promo"]
    game_id = store.create_game("forest-shuffle", {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    store._db.execute("UPDATE games SET created = updated - 3000 WHERE id = ?", (game_id,))
    play, = play_file(store, [store.game(game_id)], "en")["plays"]
    assert (play["board"], play["durationMin"]) == ("Woodland Edge, the promo cards", 50)
