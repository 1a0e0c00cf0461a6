"""`python -m benchmarks.hostile --quick --json` (a few seconds, few attackers: the plumbing, not
the figures): the phones play in every phase, every attacker tries the server, and every figure
is reported with what it measures and its unit, whatever the server did with the attackers."""

import json
import subprocess
import sys

from benchmarks.hostile import ATTACK_FIGURES, PHASES
from benchmarks.hostile_attacks import ATTACKS
from tests.e2e.harness import BENCHMARK_S, ROOT

# each attempt to connect ends as one of these
TRIED = ("accepted", "refused", "reset", "no answer", "no file left here")


def test_the_hostile_benchmark_measures_the_phones_through_the_attack_and_counts_it():
    run = subprocess.run([sys.executable, "-m", "benchmarks.hostile", "--quick", "--json"],
                         cwd=ROOT, check=True, capture_output=True, text=True, timeout=BENCHMARK_S)
    result = json.loads(run.stdout)

    for phase in PHASES:
        assert result["latency_ms"][phase]["n"] > 0, f"no change was seen {phase} the attack"
    assert result["plan"]["seconds"] == 6 and result["setup"]["seconds"] == 6
    for attack in ATTACKS:
        assert sum(result["tally"][attack].get(end, 0) for end in TRIED) > 0, attack
    assert result["tally"]["flood"].get("accepted", 0) == 0 or \
        result["tally"]["flood"].get("frames sent", 0) > 0
    assert sum(len(tries) for tries in result["joins"]["during"].values()) > 0
    assert result["rss_mb"]["before"] > 0 and result["rss_mb"]["during_peak"] > 0

    figures = result["figures"]
    assert len(figures) == 3 + 3 + 3 + 3 + len(ATTACK_FIGURES) + 2
    for key in ("change-before", "change-during", "change-after", "memory-before",
                "memory-peak", "memory-after", "phones-lost", "phones-back", "tracebacks"):
        assert key in figures
    for figure in figures.values():
        assert figure["what"] and figure["unit"] and isinstance(figure["value"], int | float)
    assert figures["change-during"]["n"] == result["latency_ms"]["during"]["n"]
