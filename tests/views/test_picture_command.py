"""`tallybook picture GAME.json OUT.png`: any game file's picture, or every problem listed."""

from __future__ import annotations

import io
import json
from pathlib import Path

from PIL import Image

from scorer import check
from scorer.render import problem_lines
from views.app import main

EXAMPLES = Path(__file__).parents[2] / "examples"


def run(argv: list[str]) -> int:
    try:
        main(argv)
    except SystemExit as done:
        return int(done.code or 0)
    return 0


def test_a_game_file_becomes_a_picture(tmp_path, capsys):
    out = tmp_path / "sheet.png"
    assert run(["picture", str(EXAMPLES / "symbiose-team.json"), str(out), "--dark",
                "--lang", "de"]) == 0
    image = Image.open(io.BytesIO(out.read_bytes()))
    assert image.format == "PNG" and image.width == 1080
    assert f"{out} written" in capsys.readouterr().out


def test_an_invalid_file_is_refused_with_every_problem_listed(tmp_path, capsys):
    bad = {"version": 1, "game": "fossil", "players": ["Ann", "Ann"], "start_score": "x",
           "bogus": 1}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = tmp_path / "sheet.png"
    assert run(["picture", str(path), str(out)]) == 2
    _, problems = check(bad)
    expected = problem_lines(problems, "en")
    assert len(expected) >= 2 and capsys.readouterr().err.splitlines() == expected
    assert not out.exists()


def test_a_missing_file_is_named(tmp_path, capsys):
    assert run(["picture", str(tmp_path / "none.json"), str(tmp_path / "x.png")]) == 2
    assert "none.json" in capsys.readouterr().err
