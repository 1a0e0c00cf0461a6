"""The README's complete game-file examples are valid game files, and its commands that start
the app name the installed script with options it takes."""

import json
import re
import tomllib
from pathlib import Path

import pytest

from scorer import check
from views.app import parse_args

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
EXAMPLES = [block for block in re.findall(r"```json\n(.*?)```", README, re.S)
            if '"..."' not in block]


def test_the_readme_has_complete_examples():
    assert EXAMPLES


@pytest.mark.parametrize("block", EXAMPLES)
def test_readme_example_is_a_valid_game_file(block):
    game, problems = check(json.loads(block))
    assert game is not None, problems
    assert all(p.severity == "warning" for p in problems)


# The commands that start the app, in the README's shell blocks: `tallybook ...`, or the
# virtual environment's `tallybook` named by its path (.venv/bin/, .\.venv\Scripts\).
SHELL_BLOCKS = re.findall(r"```(?:bash|powershell)\n(.*?)```", README, re.S)
START = re.compile(r"(?:^|&&|;)\s*((?:\.\\)?(?:\.venv[/\\](?:bin|Scripts)[/\\])?tallybook)"
                   r"((?: [^;&\n]+)?)", re.M)
STARTS = [(match.group(1), match.group(2)) for block in SHELL_BLOCKS
          for match in START.finditer(block)]


def test_the_readme_says_how_to_start_the_app_again_on_linux_macos_and_windows():
    commands = {command for command, _ in STARTS}
    assert {".venv/bin/tallybook", r".\.venv\Scripts\tallybook"} <= commands


@pytest.mark.parametrize(("command", "arguments"), STARTS)
def test_every_start_command_in_the_readme_is_the_installed_script_with_valid_arguments(
        command, arguments):
    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert re.split(r"[/\\]", command)[-1] in pyproject["project"]["scripts"]
    parse_args(arguments.split())  # argparse exits on an unknown option
