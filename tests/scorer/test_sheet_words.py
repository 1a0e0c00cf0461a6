"""The text sheet names cards and events in the reader's language; the JSON keeps the ids."""

import json
import re
from pathlib import Path

import pytest

from scorer.cli import main
from scorer.places import Cave
from scorer.render import item_text
from scorer.sheet import Explanation, ScoreLine

EXAMPLES = Path(__file__).parents[2] / "examples"
FOREST = str(EXAMPLES / "forest-shuffle-base-2-players.json")


def run(capsys, *args) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def line(item: str, category: str) -> ScoreLine:
    return ScoreLine(item=item, place=Cave(0), category=category, points=0,
                     explain=Explanation("x"))


def sheet_items(out: str) -> list[str]:
    """The item column of each line ("     0  Buche   2 × Buche, ..." -> "Buche")."""
    return [m[1] for row in out.splitlines() if (m := re.match(r" +-?\d+  (\S.*?) {2,}", row))]


@pytest.mark.parametrize(("lang", "beech", "squirrel"), [
    ("en", "Beech", "Red Squirrel"),
    ("nl", "Beuk", "Rode eekhoorn"),
    ("de", "Buche", "Eichhörnchen"),
])
def test_forest_shuffle_sheet_names_species(capsys, lang, beech, squirrel):
    items = sheet_items(run(capsys, "score", FOREST, "--lang", lang))
    assert items[:2] == [beech, squirrel]
    assert "beech" not in items and "red_squirrel" not in items


def test_forest_shuffle_json_keeps_the_ids(capsys):
    sheet = json.loads(run(capsys, "score", FOREST, "--json", "--lang", "de"))
    assert [line["item"] for line in sheet["players"][0]["lines"][:2]] == ["beech", "red_squirrel"]


@pytest.mark.parametrize(("lang", "sapling", "cave"), [
    ("en", "sapling", "Bat Cave"), ("nl", "boompje", "Vleermuizengrot"),
    ("de", "Schössling", "Fledermaushöhle"),
])
def test_saplings_and_caves_are_named(lang, sapling, cave):
    assert item_text("forest-shuffle", line("sapling", "trees"), lang) == sapling
    assert item_text("forest-shuffle", line("bat_cave", "cave"), lang) == cave


@pytest.mark.parametrize(("lang", "per", "fixed"), [
    ("en", "frog, pink, 2 per pink", "fish, blue, 5"),
    ("nl", "kikker, roze, 2 per roze", "vis, blauw, 5"),
    ("de", "Frosch, Rosa, 2 pro Rosa", "Fisch, Blau, 5"),
])
def test_symbiose_cards_are_named(lang, per, fixed):
    assert item_text("symbiose", line("frog/pink/2xpink", "left"), lang) == per
    assert item_text("symbiose", line("fish/blue/5", "middle"), lang) == fixed
    assert item_text("symbiose", line("", "middle"), lang) == ""  # an empty place


@pytest.mark.parametrize(("lang", "start", "move", "card", "find", "adjust"), [
    ("en", "start", "move", "sea urchin 2", "ammonite", "correction"),
    ("nl", "begin", "zet", "zee-egel 2", "ammoniet", "correctie"),
    ("de", "Start", "Zug", "Seeigel 2", "Ammonit", "Korrektur"),
])
def test_fossil_items_are_named(lang, start, move, card, find, adjust):
    assert [item_text("fossil", line(item, category), lang) for item, category in [
        ("start", "start"), ("move", "moves"), ("sea_urchin:2", "moves"),
        ("ammonite", "finds"), ("adjust", "adjustments")]] == [start, move, card, find, adjust]


@pytest.mark.parametrize(("lang", "start", "end"), [
    ("en", "30  start  start score 30", "1. end of the game"),
    ("nl", "30  begin  beginstand 30", "1. einde van het spel"),
    ("de", "30  Start  Startwert 30", "1. Spielende"),
])
def test_fossil_sheet_words(capsys, tmp_path, lang, start, end):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
                                "log": []}))
    assert start in run(capsys, "score", str(path), "--lang", lang)
    path.write_text(json.dumps({"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
                                "log": [{"end": True}]}))
    assert end in run(capsys, "score", str(path), "--lang", lang)
