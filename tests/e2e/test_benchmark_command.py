"""`python -m benchmarks --quick` (tiny sizes: the plumbing, not the figures) writes every
figure the README's table has, each with its unit and what it measures."""

import json
import subprocess
import sys

from benchmarks.__main__ import LATEST
from tests.e2e.harness import BENCHMARK_S, ROOT


def test_the_benchmark_command_writes_every_figure(tmp_path):
    out = tmp_path / "figures.json"
    subprocess.run([sys.executable, "-m", "benchmarks", "--quick", "--out", str(out)],
                   cwd=ROOT, check=True, stdout=subprocess.DEVNULL, timeout=BENCHMARK_S)
    quick = json.loads(out.read_text(encoding="utf-8"))
    latest = json.loads(LATEST.read_text(encoding="utf-8"))
    assert quick["quick"] and quick["machine"]["cores"]
    assert {name: list(b["figures"]) for name, b in quick["benchmarks"].items()} == \
        {name: list(b["figures"]) for name, b in latest["benchmarks"].items()}
    for benchmark in quick["benchmarks"].values():
        for figure in benchmark["figures"].values():
            assert figure["what"] and figure["unit"] and isinstance(figure["value"], int | float)
