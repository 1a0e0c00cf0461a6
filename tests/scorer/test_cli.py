"""`python -m scorer`: the output and exit statuses GAME_FILES.md promises."""

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from scorer.cli import main
from tests.scorer.symbiose.tables import valid_table

EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture
def game_file(tmp_path):
    def write(data) -> str:
        path = tmp_path / "game.json"
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return str(path)
    return write


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.json")), ids=lambda p: p.name)
def test_every_shipped_example_scores(capsys, example):
    status, out, err = run(capsys, "score", str(example))
    assert (status, err) == (0, "")
    assert "1." in out


def test_json_output_follows_the_game_file_contract(capsys, game_file):
    status, out, _ = run(capsys, "score", game_file(valid_table(3)), "--json")
    sheet = json.loads(out)
    assert status == 0
    assert list(sheet) == ["game", "players", "winners", "teams", "events", "problems"]
    ann = sheet["players"][0]
    assert list(ann) == ["name", "total", "place", "categories", "lines"]
    assert ann["total"] == sum(line["points"] for line in ann["lines"]) == 45
    assert list(ann["lines"][0]) == ["item", "where", "points", "explain", "text"]
    assert ann["lines"][0] == {
        "item": "frog/pink/2xpink", "where": "top row, column 1", "points": 6,
        "explain": {"key": "symbiose.counts_player",
                    "params": {"row": "top", "column": "left", "each": 2, "per": "pink",
                               "count": 3, "owner": "Bob", "points": 6}},
        "text": "top row, left column · 2 per pink × 3 in Bob's pond = 6"}
    assert sheet["winners"] == ["Ann", "Bob"]


def test_json_team_results(capsys, game_file):
    _, out, _ = run(capsys, "score", game_file(valid_table(4, "team")), "--json")
    teams = json.loads(out)["teams"]
    assert [team["players"] for team in teams] == [["Ann", "Cas"], ["Bob", "Dee"]]
    assert set(teams[0]) == {"players", "total", "place"}


def test_dutch_explanations(capsys, game_file):
    _, out, _ = run(capsys, "score", game_file(valid_table(3)), "--lang", "nl")
    assert "in de vijver van Bob = 6" in out
    assert "Gedeelde overwinning: Ann, Bob" in out


def test_fossil_json_lists_every_event_with_changes_and_scores(capsys):
    _, out, _ = run(capsys, "score", str(EXAMPLES / "fossil-rulebook.json"), "--json")
    sheet = json.loads(out)
    assert [p["total"] for p in sheet["players"]] == [47, 47, 39, 27, 27]
    event = sheet["events"][0]
    assert event["changes"] == {"Andreas": 17, "Bernd": 17, "Carola": 9, "Doris": -3, "Ernst": -3}
    assert event["scores"]["Doris"] == 27


def test_invalid_file_exits_2_with_one_line_per_problem_and_nothing_on_stdout(capsys, game_file):
    data = valid_table(3)
    data["players"][1]["pond"][0][3] = "fsh/green/2"
    data["players"][2]["name"] = "Ann"
    status, out, err = run(capsys, "score", game_file(data), "--json")
    assert (status, out) == (2, "")
    assert err.splitlines() == [
        'players[2].name: "Ann" is already player 1\'s name: names must differ',
        'players[1].pond[0][3]: unknown animal "fsh": use dragonfly, fish, snail or frog']


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "line 1, column 2: not valid JSON"),
    ('{"version": 2, "game": "symbiose"}', "version: version 2 is not supported"),
    ('{"version": 1, "game": "chess"}', 'game: unknown game "chess"'),
    ("[]", "a game file is a JSON object"),
])
def test_unreadable_files_are_problems_too(capsys, game_file, content, message):
    status, out, err = run(capsys, "validate", game_file(content))
    assert (status, out) == (2, "")
    assert err.startswith(message)


def test_missing_file(capsys, tmp_path):
    status, _, err = run(capsys, "score", str(tmp_path / "nope.json"))
    assert status == 2 and err.endswith("nope.json does not exist\n")


def test_validate_says_valid(capsys, game_file):
    status, out, err = run(capsys, "validate", game_file(valid_table(2)))
    assert (status, out, err) == (0, "valid Symbiose file: 2 players\n", "")


@pytest.mark.parametrize("game", [None, "symbiose", "fossil"])
def test_schema_is_json_schema_of_the_game_files(capsys, game):
    status, out, _ = run(capsys, "schema", *([game] if game else []))
    schema = json.loads(out)
    assert status == 0
    text = json.dumps(schema)
    if game in (None, "symbiose"):
        assert "river_left_of" in text
    if game in (None, "fossil"):
        assert "start_score" in text and '"with"' in text


def test_python_dash_m_scorer_runs_as_a_program():
    done = subprocess.run([sys.executable, "-m", "scorer", "score",
                           str(EXAMPLES / "symbiose-standard.json"), "--json"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0
    assert json.loads(done.stdout)["game"] == "symbiose"


def test_shipped_examples_follow_the_published_schema_and_typos_do_not(capsys):
    _, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    for example in sorted(EXAMPLES.glob("*.json")):
        jsonschema.validate(json.loads(example.read_text(encoding="utf-8")), schema)
    typo = json.loads((EXAMPLES / "symbiose-standard.json").read_text(encoding="utf-8"))
    typo["players"][0]["pond"][0][0] = "fsh/pink/2"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(typo, schema)


@pytest.mark.parametrize(("file", "game", "others"), [
    ("symbiose-team.json", "symbiose", ("forest_shuffle", "fossil")),
    ("forest-shuffle-base-2-players.json", "forest_shuffle", ("symbiose", "fossil")),
    ("fossil-4-players.json", "fossil", ("symbiose", "forest_shuffle")),
])
def test_scoring_a_file_imports_only_its_game(file, game, others):
    """Most of a CLI call's time is importing: the other games' models are not built."""
    code = ("import sys; from scorer.cli import main; main(['score', sys.argv[1]]);"
            "print(' '.join(m for m in sys.modules if m.startswith('scorer.')), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, str(EXAMPLES / file)],
                          capture_output=True, text=True, check=True)
    loaded = done.stderr.split()
    assert f"scorer.{game}" in loaded
    assert not [m for m in loaded if m.split(".")[1] in others]


def test_the_cli_stands_in_for_pydantics_plugin_loader_only_with_its_answer():
    """`python -m scorer` skips importing pydantic's plugin loader (and importlib.metadata) when
    every plugin is off; the real loader gives the same answer then, and still has that name."""
    code = ("import os; os.environ['PYDANTIC_DISABLE_PLUGINS'] = '__all__';"
            "from pydantic.plugin._loader import get_plugins; print(list(get_plugins()))")
    real = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert real.stdout.strip() == "[]"
    code = ("import runpy, sys; sys.argv = ['scorer', 'validate', sys.argv[1]];"
            "sys.exit = lambda status: print(status, 'importlib.metadata' in sys.modules)\n"
            "runpy.run_module('scorer', run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", code, str(EXAMPLES / "fossil-4-players.json")],
                          capture_output=True, text=True, check=True,
                          env={k: v for k, v in os.environ.items()
                               if k != "PYDANTIC_DISABLE_PLUGINS"})
    assert done.stdout.splitlines()[-1] == "0 False"
