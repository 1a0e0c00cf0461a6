"""`python -m benchmarks.entry TABLE.json --json` on the smallest example: every phone of the
table enters its forest through the real server and Chromium, and the command prints one
object with each player's counts and the table's wall time, the stored game equal to the file."""

import json
import subprocess
import sys

import pytest

from benchmarks.klm import CHARACTER, GESTURE
from benchmarks.scoring import example
from scorer.forest_shuffle.models import SLOTS
from tests.e2e.harness import BENCHMARK_S, ROOT

EXAMPLE = "forest-shuffle-base-2-players.json"
KEYS = {"name", "taps", "scrolls", "searches", "characters", "decisions", "klm_s"}


def cards_of(player: dict) -> int:
    return sum(1 + sum(len(value) if isinstance(value, list) else 1
                       for slot in SLOTS if (value := entry.get(slot)) is not None)
               for entry in player["forest"])


def test_the_entry_benchmark_enters_the_base_example_and_stores_it():
    done = subprocess.run([sys.executable, "-m", "benchmarks.entry", f"examples/{EXAMPLE}",
                           "--json"], cwd=ROOT, capture_output=True, text=True, timeout=BENCHMARK_S)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert set(result) == {"players", "wall_s", "stored_equals_file"}
    assert result["stored_equals_file"] is True
    assert result["wall_s"] > 0
    file = example(EXAMPLE)
    assert [player["name"] for player in result["players"]] == \
        [player["name"] for player in file["players"]]
    for counted, player in zip(result["players"], file["players"], strict=True):
        assert set(counted) == KEYS
        assert counted["decisions"] == counted["taps"] + counted["scrolls"]
        assert counted["klm_s"] == pytest.approx(
            counted["decisions"] * GESTURE + counted["characters"] * CHARACTER, abs=0.05)
        assert counted["taps"] >= cards_of(player)  # a tap at least for every tree and card
