"""A re-check after a tap redoes only the forest that changed, and gives what a fresh one gives."""

import copy
import json
from pathlib import Path

import pytest

from scorer import check, score
from scorer.forest_shuffle.checks import CHECKED_FORESTS
from scorer.render import sheet_json

EXAMPLE = (Path(__file__).parents[3] / "examples"
           / "forest-shuffle-alpine-woodland-edge-3-players.json")


@pytest.fixture(autouse=True)
def empty_memo():
    """Other tests fill the memo; when full it starts afresh, which would drop what a test
    just checked."""
    CHECKED_FORESTS.clear()


def table() -> dict:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))


def fresh_sheet(data: dict) -> dict:
    CHECKED_FORESTS.clear()
    return sheet_json(score(data), "en")


def test_unchanged_forests_are_not_checked_again():
    before = table()
    game, _ = check(before)
    after = copy.deepcopy(before)
    after["players"][1]["cave"] += 1
    regame, _ = check(after)
    assert regame.forests[0] is game.forests[0]
    assert regame.forests[2] is game.forests[2]
    assert regame.forests[1] is not game.forests[1]
    assert regame.forests[1].cave == game.forests[1].cave + 1


def test_a_recheck_scores_as_a_fresh_check():
    data = table()
    first = sheet_json(score(data), "en")  # every forest remembered, with its counts
    for player in data["players"][1:]:  # the others' majorities change for the first player
        player["forest"].pop()
    rescored = sheet_json(score(data), "en")
    assert rescored == fresh_sheet(data)
    assert rescored["players"][0] != first["players"][0]


def test_a_remembered_forest_still_reports_its_problems():
    data = table()
    data["players"][1]["forest"][0]["tree"] = "beach"
    first = check(data)
    again = check(data)
    assert first[0] is None and again == first
    assert any(p.place == "players[1].forest[0].tree" for p in again[1])


def test_the_same_forest_at_another_seat_reports_its_own_places():
    data = table()
    data["players"][1]["forest"][0]["tree"] = "beach"
    _, problems = check(data)
    data["players"] = [data["players"][1], data["players"][0], data["players"][2]]
    _, moved = check(data)
    assert [p.place for p in problems] == ["players[1].forest[0].tree"]
    assert [p.place for p in moved] == ["players[0].forest[0].tree"]
