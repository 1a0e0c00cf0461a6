"""Places are values: spots at the table, paths into the file, text only when rendered."""

import copy
import json
from pathlib import Path

import pytest

from scorer import check, score
from scorer.places import Cave, ForestSpot, LogEntry, PondTile, RiverTile, path_text, where_text

EXAMPLES = Path(__file__).parents[2] / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize(("spot", "text"), [
    (PondTile(1, 0, 2), "top row, column 3"),
    (PondTile(0, 1, 0), "bottom row, column 1"),
    (RiverTile(3), "river 4"),
    (ForestSpot(0, 2), "tree 3"),
    (ForestSpot(0, 2, "top", 0), "tree 3 top"),
    (ForestSpot(0, 2, "left", 1, shared=True), "tree 3 left 2"),
    (Cave(1), "cave"),
    (LogEntry(None), "start"),
    (LogEntry(4), "log 5"),
])
def test_where_text_is_the_sheets_where(spot, text):
    assert where_text(spot) == text


def test_path_text_writes_a_json_path():
    assert path_text(("players", 1, "pond", 0, 3)) == "players[1].pond[0][3]"
    assert path_text(()) == ""


def test_shared_is_rendering_not_identity():
    assert ForestSpot(0, 1, "left", 0, shared=True) == ForestSpot(0, 1, "left", 0)


def test_every_line_carries_its_spot():
    sheet = score(example("forest-shuffle-base-2-players.json"))
    spots = [line.place for player in sheet.players for line in player.lines]
    assert all(isinstance(spot, ForestSpot | Cave) for spot in spots)
    assert sheet.players[1].lines[0].place == ForestSpot(1, 0)
    assert sheet.players[1].lines[-1].place == Cave(1)
    assert len(set(spots)) == len(spots)  # one line per card: no two share a spot


def test_symbiose_problems_name_their_tile():
    data = example("symbiose-duel.json")
    data["players"][1]["pond"][0][3] = "fsh"
    data["river"][2] = "fsh"
    _, problems = check(data)
    assert {(p.place, p.spot) for p in problems} == {
        ("players[1].pond[0][3]", PondTile(1, 0, 3)), ("river[2]", RiverTile(2))}


def test_a_problem_outside_the_table_has_no_spot():
    data = example("symbiose-standard.json")
    data["players"][1]["name"] = data["players"][0]["name"]
    _, problems = check(data)
    assert [(p.place, p.spot) for p in problems] == [("players[1].name", None)]


def test_forest_problems_name_the_card_the_slot_or_the_tree():
    data = example("forest-shuffle-base-2-players.json")
    forest = data["players"][0]["forest"]
    forest[0]["top"] = "no_such_card"
    forest[1]["left"] = ["no_such_card", "no_such_card_either"]
    forest[2]["tree"] = "no_such_tree"
    data["players"][1]["cave_type"] = "no_such_cave"
    _, problems = check(copy.deepcopy(data))
    assert {p.spot for p in problems} >= {
        ForestSpot(0, 0, "top", 0), ForestSpot(0, 1, "left", 0), ForestSpot(0, 1, "left", 1),
        ForestSpot(0, 2), Cave(1)}


def test_a_shared_slot_that_may_not_be_shared_is_named_as_a_whole():
    data = example("forest-shuffle-base-2-players.json")
    data["players"][0]["forest"][0]["left"] = ["wild_boar", "wild_boar"]
    _, problems = check(data)
    shared = [p for p in problems if p.key == "forest_shuffle.slot_shared"]
    assert [(p.place, p.spot) for p in shared] == [
        ("players[0].forest[0].left", ForestSpot(0, 0, "left", None))]


def test_fossil_problems_name_their_log_entry():
    data = example("fossil-4-players.json")
    data["log"][3] = {"player": "Nobody", "take": data["log"][3].get("take")}
    _, problems = check(data)
    assert problems and all(p.spot == LogEntry(3) for p in problems if p.place.startswith("log[3]"))
    assert any(p.place.startswith("log[3]") for p in problems)
