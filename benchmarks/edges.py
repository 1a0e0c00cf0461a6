"""The scorer's edges beside its rules (issue 25): `python -m benchmarks.edges [--against DIR]
[--runs N] [--quick] [--readme]`.

Two things around the scoring itself are timed, in this tree and, side by side, in another one
(`--against DIR`: a checkout, for example `git worktree add --detach /tmp/base-dd5407b dd5407b`,
the tree before the edges were made fast):
- the sheet with every line in words (`scorer.render.sheet_text`, and `sheet_json`, the CLI's
  `--json`) against the scoring path it renders (parse + check + score), for the largest table
  of each game and the typical Forest Shuffle one. Target: words at most 1.5x the scoring path.
- the CLI from start to exit, `python -m scorer score FILE` for one file of each game, a fresh
  interpreter each run, the two trees' runs interleaved so that both see the same machine.
  Target: under 100 ms on an idle machine. Where the start goes (import time by package, from
  `python -X importtime`) is written beside it, with `python -c pass`.
Figures go to benchmarks/results/edges.json; `--readme` rewrites the README's table of them
(between the `edges` markers) from that file.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import textwrap
import time
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from benchmarks.cli import CACHE, FILES
from benchmarks.figures import (
    ROOT,
    Figure,
    as_json,
    machine,
    machine_line,
    summary,
    timings,
    write_result,
)
from benchmarks.scoring import CASES

RESULTS = ROOT / "benchmarks" / "results" / "edges.json"
BEGIN, END = "<!-- edges:begin -->", "<!-- edges:end -->"
_BEFORE = "-before"  # the key of a figure of the other tree: the same figure's key, then this
WORDS_CASES = ("symbiose-largest", "fossil-largest", "forest-shuffle-typical",
               "forest-shuffle-largest")

# Run in the tree measured (its own scorer), reading {"tables": {case: data}, "runs": N} on
# stdin and printing {case: {"score": [ms...], "text": [...], "json": [...]}}. Written against
# the scorer's public API only, so that an older tree runs it too.
_WORDS_WORKER = """
import importlib, json, sys, time
from scorer import score
from scorer.render import sheet_json, sheet_text

checks = importlib.import_module("scorer.forest_shuffle.checks")
memo = getattr(checks, "CHECKED_FORESTS", None)  # a tree with a memo of checked forests

def scored(data):
    if memo is not None:
        memo.clear()
    return score(data)

def times(work, runs):
    work()
    found = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        found.append((time.perf_counter() - start) * 1000)
    return found

asked = json.load(sys.stdin)
out = {}
for case, data in asked["tables"].items():
    sheet = scored(data)
    out[case] = {"score": times(lambda: scored(data), asked["runs"]),
                 "text": times(lambda: sheet_text(sheet), asked["runs"]),
                 "json": times(lambda: sheet_json(sheet), asked["runs"])}
print(json.dumps(out))
"""


def _env(tree: Path) -> dict[str, str]:
    """The tree's own scorer first on the path; bytecode cached as for an installed package."""
    kept = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",
                                                             "PYTHONPATH")}
    return {**kept, "PYTHONPATH": str(tree), "PYTHONPYCACHEPREFIX": str(CACHE)}


def words_times(tree: Path, runs: int) -> dict[str, dict[str, list[float]]]:
    tables = {case: CASES[case][1]() for case in WORDS_CASES}
    done = subprocess.run([sys.executable, "-c", _WORDS_WORKER], cwd=tree, env=_env(tree),
                          input=json.dumps({"tables": tables, "runs": runs}),
                          capture_output=True, text=True, check=True)
    found: dict[str, dict[str, list[float]]] = json.loads(done.stdout)
    return found


def _median(values: list[float]) -> float:
    return sorted(values)[len(values) // 2]


def words_figures(times: dict[str, dict[str, list[float]]], before: bool) -> dict[str, Figure]:
    label, key = (", before", _BEFORE) if before else ("", "")
    out = {}
    for case, found in times.items():
        what = f"{CASES[case][0]}{label}"
        out[f"{case}-score{key}"] = timings(f"{what}: scoring path", found["score"], digits=3)
        out[f"{case}-words{key}"] = timings(f"{what}: sheet in words", found["text"], digits=3)
        out[f"{case}-json{key}"] = timings(f"{what}: sheet as JSON", found["json"], digits=3)
        out[f"{case}-words-ratio{key}"] = Figure(
            f"{what}: sheet in words / scoring path", "x",
            round(_median(found["text"]) / _median(found["score"]), 2))
    return out


def _score_command(file: str) -> list[str]:
    return [sys.executable, "-m", "scorer", "score", f"examples/{file}"]


def _wall_ms(command: list[str], tree: Path) -> float:
    start = time.perf_counter()
    subprocess.run(command, cwd=tree, env=_env(tree), check=True, stdout=subprocess.DEVNULL)
    return (time.perf_counter() - start) * 1000


def cli_times(trees: list[Path], runs: int) -> dict[tuple[Path, str], list[float]]:
    """ms from start to exit for each tree and game, the trees taking turns run by run."""
    commands = {game: _score_command(file) for game, file in FILES.items()}
    for tree in trees:  # one untimed run each fills the bytecode cache
        for command in commands.values():
            _wall_ms(command, tree)
    found: dict[tuple[Path, str], list[float]] = defaultdict(list)
    for _ in range(runs):
        for game, command in commands.items():
            for tree in trees:
                found[(tree, game)].append(_wall_ms(command, tree))
    return found


def import_ms_by_package(file: str, tree: Path, runs: int) -> dict[str, float]:
    """A tree's import time of one CLI call (self times, `-X importtime`) by top package, the
    median of `runs` calls."""
    command = [sys.executable, "-X", "importtime", *_score_command(file)[1:]]
    readings: dict[str, list[float]] = defaultdict(list)
    for _ in range(runs):
        stderr = subprocess.run(command, cwd=tree, env=_env(tree), check=True,
                                capture_output=True, text=True).stderr
        found: dict[str, float] = defaultdict(float)
        for line in stderr.splitlines():
            if line.startswith("import time:") and "cumulative" not in line:
                own, _, name = (part.strip() for part in line.removeprefix("import time:")
                                .split("|"))
                found[_package(name)] += int(own) / 1000
        for package, ms in found.items():
            readings[package].append(ms)
    medians = {package: _median(values) for package, values in readings.items()}
    return dict(sorted(medians.items(), key=lambda item: -item[1]))


def _package(module: str) -> str:
    top = module.split(".")[0]
    if top in ("pydantic", "pydantic_core", "typing_extensions", "typing_inspection",
               "annotated_types"):
        return "pydantic and what it imports"
    if top == "scorer":
        return "scorer"
    return "the standard library" if top in sys.stdlib_module_names else "other packages"


def cli_figures(runs: int, against: Path | None) -> dict[str, Figure]:
    trees = [ROOT] + ([against] if against else [])
    found = cli_times(trees, runs)
    out = {"python": timings("`python -c pass`, for comparison",
                             [_wall_ms([sys.executable, "-c", "pass"], ROOT)
                              for _ in range(runs)], digits=0)}
    for game, file in FILES.items():
        what = f"`python -m scorer score examples/{file}`"
        out[f"cli-{game}"] = timings(what, found[(ROOT, game)], digits=0)
        if against:
            out[f"cli-{game}{_BEFORE}"] = timings(f"{what}, before", found[(against, game)],
                                                digits=0)
    file = FILES["forest-shuffle"]
    for tree, key, label in [(ROOT, "", ""), (against, _BEFORE, ", before")]:
        if tree:
            for package, ms in import_ms_by_package(file, tree, runs).items():
                out[f"imports-{package.split()[0]}{key}"] = Figure(
                    f"`score examples/{file}`: importing {package}{label}", "ms", round(ms, 1))
    return out


def figures(quick: bool, runs: int = 20, against: Path | None = None) -> dict[str, Figure]:
    runs = 3 if quick else runs
    out = words_figures(words_times(ROOT, runs * 10), before=False)
    if against:
        out |= words_figures(words_times(against, runs * 10), before=True)
    return out | cli_figures(runs, against)


def _commit(tree: Path) -> str:
    return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=tree, text=True,
                          capture_output=True).stdout.strip() or "unknown"


def table(result: dict[str, Any]) -> str:
    """The README's table: each figure of this tree beside the same figure of the other one."""
    against = result["against"]
    about = (f"Measured {result['date'][:10]} by `python -m benchmarks.edges --against` (commit "
             f"{against}) in {result['seconds']:.0f} s on {machine_line(result)}. Medians, the "
             "95th percentile in brackets.")
    found = result["figures"]
    lines = [*textwrap.wrap(about, 100, break_on_hyphens=False), "",
             f"| Figure | Now | Before ({against}) |", "|---|---|---|"]
    for key, figure in found.items():
        if not key.endswith(_BEFORE):
            before = found.get(key + _BEFORE)
            lines.append(f"| {figure['what']} | {Figure(**figure).text()} | "
                         f"{Figure(**before).text() if before else ''} |")
    return "\n".join(lines)


def with_table(readme: str, result: dict[str, Any]) -> str:
    head, rest = readme.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table(result)}\n{END}{tail}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="another tree, measured side by side")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="tiny sizes: checks the plumbing")
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--readme", action="store_true",
                        help="rewrite the README's table of these figures from this run")
    args = parser.parse_args()
    if args.readme and (args.quick or not args.against):
        parser.error("--readme takes a measuring run side by side: --against, no --quick")
    began = time.monotonic()
    result: dict[str, Any] = {"date": datetime.now(UTC).isoformat(timespec="seconds"),
                              "machine": machine(), "quick": args.quick,
                              "against": _commit(args.against) if args.against else None}
    found = figures(args.quick, args.runs, args.against)
    result |= {"seconds": round(time.monotonic() - began, 1), "figures": as_json(found)}
    print(summary("edges", found))
    write_result(args.out, result,
                 (lambda readme: with_table(readme, result)) if args.readme else None,
                 "edges table")
    return 0


if __name__ == "__main__":
    sys.exit(main())
