"""The CLI's output, byte for byte, as it was before the CLI was made fast (tests/scorer/
cli_corpus.py): every example and built file, every format and language, schema and rules."""

import json
import subprocess
import sys

import pytest

from tests.scorer.cli_corpus import OUTPUTS, ROOT, digest, outputs

BEFORE = json.loads(OUTPUTS.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def now():
    return outputs()


# A change meant to change what the CLI prints (a new message, a language) writes the digests
# anew: `python -m tests.scorer.cli_corpus`, and says so in its commit.
AGAIN = "if the change is meant, write the digests anew: `python -m tests.scorer.cli_corpus`"


def test_the_same_calls_are_checked(now):
    assert list(now) == list(BEFORE), AGAIN


@pytest.mark.parametrize("call", list(BEFORE))
def test_output_unchanged(now, call):
    assert digest(now[call]) == BEFORE[call], (
        f"`{call}` prints something else now (`python -m tests.scorer.cli_corpus --full PATH` "
        f"in both trees shows what); {AGAIN}")


@pytest.mark.parametrize("example", ["symbiose-team.json", "forest-shuffle-base-2-players.json",
                                     "fossil-4-players.json"])
def test_a_fresh_process_prints_the_same(now, example):
    """The in-process calls above skip `python -m scorer`'s own start: one fresh run per game."""
    done = subprocess.run([sys.executable, "-m", "scorer", "score", f"examples/{example}",
                           "--json", "--lang", "nl"], cwd=ROOT, capture_output=True, text=True)
    assert {"status": done.returncode, "stdout": done.stdout, "stderr": done.stderr} == \
        now[f"score {example} --json --lang nl"]
