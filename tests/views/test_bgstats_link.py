"""BG Stats' createPlay link (views/records/bgstats.py): it decodes to the fields BG Stats
documents,
with the game's totals, ranks and winners, the boxes' names, the real duration and the
subtotals; any name survives the encoding; stable ids; never longer than the bound."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from scorer import check, score
from tests.views.helpers import example
from views.records.bgstats import (
    CREATE_PLAY,
    MAX_LINK,
    create_play,
    create_play_link,
    file_link,
    game_link,
    subtotals,
)
from views.records.results import sheet_of
from views.storage.store import Store

STARTED, ENDED = 1_790_000_000.0, 1_790_000_000.0 + 47 * 60 + 20  # 47 min 20 s


def decoded(link: str) -> dict:
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}?data=" == CREATE_PLAY
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    return json.loads(data)


@pytest.fixture
def store(tmp_path):
    return Store(tmp_path / "db.sqlite3")


def finish(store: Store, file: dict, started: float = STARTED, ended: float = ENDED) -> int:
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    store._db.execute("UPDATE games SET created = ?, updated = ? WHERE id = ?",
                      (started, ended, game_id))
    return game_id


def forest(boxes: list[str] | None = None) -> dict:
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    return {**file, "boxes": boxes or ["base", "alpine", "woodland_edge"]}


def test_the_link_carries_the_documented_fields_and_the_games_totals(store):
    record = store.game(finish(store, forest()))
    play = decoded(game_link(store, record, "en"))
    sheet = sheet_of(record)
    assert play["sourceName"] == "Tallybook"
    assert re.fullmatch(r"[0-9a-f-]{36}", play["sourcePlayId"])
    assert play["playDate"] == "2026-09-21 15:00:40"  # when it ended, in UTC
    assert play["durationMin"] == 47
    assert play["board"] == "Alpine, Woodland Edge"
    assert play["comments"] == subtotals(sheet, "en")
    assert play["game"] == {"name": "Forest Shuffle", "bggId": 391163,
                            "sourceGameId": play["game"]["sourceGameId"],
                            "highestWins": True, "noPoints": False}
    assert [(p["name"], p["score"], p["rank"], p["winner"], p["startPlayer"])
            for p in play["players"]] == [
        (player.name, player.total, player.place, player.name in sheet.winners, False)
        for player in sheet.players]
    assert all(isinstance(p["sourcePlayerId"], str) for p in play["players"])


def test_the_board_is_the_boxes_names_or_the_variant(store):
    def board(file: dict, lang: str = "en") -> str | None:
        return decoded(game_link(store, store.game(finish(store, file)), lang)).get("board")

    base = example("forest-shuffle-base-2-players.json")
    assert board({**base, "boxes": ["base"]}) is None  # the base game alone: nothing to say
    assert board({**base, "boxes": ["base", "exploration", "promo"]}, "de") == \
        "Exploration, Promokarten"
    assert board(example("symbiose-duel.json")) == "Duel"
    assert board(example("symbiose-team.json")) == "Team (2 vs 2)"
    assert board(example("fossil-3-players.json"), "nl") == "Regels voor 2\u20133 spelers"


def test_a_team_game_names_each_players_team(store):
    play = decoded(game_link(store, store.game(finish(store, example("symbiose-team.json"))),
                             "en"))
    assert sorted(p["team"] for p in play["players"]) == ["1", "1", "2", "2"]


@pytest.mark.parametrize("name", ["🦊 Ann & Co", "#1 Bob?", "Cé cile+50%", "李 明 = 2/3"])
def test_any_name_survives_the_encoding(store, name):
    file = example("forest-shuffle-base-2-players.json")
    file["players"][0]["name"] = name
    link = game_link(store, store.game(finish(store, file)), "en")
    assert re.fullmatch(r"[A-Za-z0-9%._~-]*", link.removeprefix(CREATE_PLAY))
    play = decoded(link)
    assert play["players"][0]["name"] == name
    assert play["comments"].startswith(f"{name}: ")


def test_the_ids_are_stable(store):
    first = store.game(finish(store, forest()))
    again = decoded(game_link(store, first, "en"))
    assert decoded(game_link(store, first, "de"))["sourcePlayId"] == again["sourcePlayId"]
    other = decoded(game_link(store, store.game(finish(store, forest(), STARTED + 9)), "en"))
    assert other["sourcePlayId"] != again["sourcePlayId"]
    assert other["game"]["sourceGameId"] == again["game"]["sourceGameId"]
    assert [p["sourcePlayerId"] for p in other["players"]] == \
        [p["sourcePlayerId"] for p in again["players"]]
    name = again["players"][0]["name"]
    store.rename_player(name, "Zoë")  # the player counts under the new name from now on
    renamed = decoded(game_link(store, first, "en"))["players"][0]
    zoe = example("forest-shuffle-base-2-players.json")
    zoe["players"][0]["name"] = "zoë"
    theirs = decoded(game_link(store, store.game(finish(store, zoe)), "en"))["players"][0]
    assert renamed["name"] == name and renamed["sourcePlayerId"] == theirs["sourcePlayerId"]


def test_a_game_file_has_no_duration_and_its_own_id():
    file = example("symbiose-standard.json")
    game, _ = check(file)
    first, second = (decoded(file_link(file, score(game), "en")) for _ in range(2))
    assert "durationMin" not in first
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", first["playDate"])
    assert first["sourcePlayId"] == second["sourcePlayId"]


def test_a_game_shorter_than_a_minute_or_without_a_start_says_no_duration(store):
    assert "durationMin" not in decoded(game_link(
        store, store.game(finish(store, forest(), ENDED - 20)), "en"))
    assert "durationMin" not in decoded(game_link(
        store, store.game(finish(store, forest(), 0.0)), "en"))


def long_game(name_length: int) -> tuple[dict, object]:
    file = example("fossil-4-players.json")
    names = [f"{'🦊' * (name_length - 2)}{seat}" for seat in range(10, 14)]
    text = json.dumps(file)
    for player, new in zip(file["players"], names, strict=True):
        text = text.replace(json.dumps(player), json.dumps(new))
    file = json.loads(text)
    game, problems = check(file)
    assert game is not None, problems
    return file, score(game)


def test_a_long_play_is_cut_to_the_bound_comments_first():
    file, sheet = long_game(12)
    play = create_play(file, sheet, "en", "id", ENDED, STARTED)
    assert len(create_play_link(play, limit=100_000)) > MAX_LINK  # whole, it would not fit
    cut = decoded(create_play_link(play))
    assert len(create_play_link(play)) <= MAX_LINK
    assert play["comments"].startswith(cut["comments"])
    assert len(cut["comments"]) < len(play["comments"])
    assert cut["players"] == play["players"]  # every name whole: the comments gave way


def test_names_give_way_last_and_keep_their_ids():
    file, sheet = long_game(40)  # the longest name a file may have
    play = create_play(file, sheet, "en", "id", ENDED, STARTED)
    link = create_play_link(play)
    cut = decoded(link)
    assert len(link) <= MAX_LINK
    assert cut["comments"] == ""
    assert [p["sourcePlayerId"] for p in cut["players"]] == \
        [p["sourcePlayerId"] for p in play["players"]]
    assert all(len(p["name"]) < 40 and p["name"].endswith("…") for p in cut["players"])
    assert [p["score"] for p in cut["players"]] == [p["score"] for p in play["players"]]


def test_the_command_prints_the_link_of_any_game_file(capsys, tmp_path):
    from views.app import main

    path = tmp_path / "game.json"
    path.write_text(json.dumps(example("fossil-3-players.json")), encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["bgstats-link", str(path), "--lang", "de"])
    out, err = capsys.readouterr()
    assert (done.value.code, err) == (0, "")
    play = decoded(out.strip())
    assert play["game"]["name"] == "Fossil" and play["board"] == "Regeln für 2\u20133 Spieler"
    assert [p["name"] for p in play["players"]] == example("fossil-3-players.json")["players"]


def test_the_command_lists_every_problem_of_an_invalid_file(capsys, tmp_path):
    from views.app import main

    file = example("forest-shuffle-base-2-players.json")
    file["players"][0]["cave"] = -1
    file["players"][1]["cave"] = -3
    path = tmp_path / "game.json"
    path.write_text(json.dumps(file), encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["bgstats-link", str(path)])
    out, err = capsys.readouterr()
    assert (done.value.code, out) == (2, "")
    assert "players[0].cave" in err and "players[1].cave" in err
