"""The README's complete game-file examples are valid game files."""

import json
import re
from pathlib import Path

import pytest

from scorer import check

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
