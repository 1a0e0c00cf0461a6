"""A benchmark's figures, the machine they were measured on, and their table in the README.

Every benchmark module has `figures(quick: bool) -> dict[str, Figure]`; `python -m benchmarks`
runs them all and writes benchmarks/results/latest.json (see benchmarks/__main__.py).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import inspect
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BEGIN, END = "<!-- benchmarks:begin -->", "<!-- benchmarks:end -->"


@dataclass(frozen=True)
class Figure:
    """One measured figure: `value` is the median of `n` measurements when `n` is given (then
    `p95` is their 95th percentile), else a single reading or count."""

    what: str
    unit: str
    value: float
    p95: float | None = None
    n: int | None = None

    def text(self) -> str:
        return f"{_number(self.value)} {self.unit}" + (
            f" (p95 {_number(self.p95)})" if self.p95 is not None else "")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def timings(what: str, values: list[float], unit: str = "ms", digits: int = 1) -> Figure:
    """The median and 95th percentile of repeated measurements."""
    return Figure(what, unit, round(statistics.median(values), digits),
                  round(percentile(values, 0.95), digits), len(values))


def rss_mb(pid: int) -> float:
    """A process's resident memory (VmRSS), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def _number(value: float) -> str:
    if value == int(value) and abs(value) >= 10:
        return f"{value:.0f}"
    return f"{value:.3g}" if abs(value) < 10 else f"{value:.1f}"


def _first(path: str, pattern: str) -> str:
    try:
        found = re.search(pattern, Path(path).read_text(encoding="utf-8"), re.M)
    except OSError:
        return "unknown"
    return found.group(1).strip() if found else "unknown"


def machine() -> dict[str, Any]:
    """What the figures were measured on, and how busy it was when the run began."""
    try:
        chromium = subprocess.run(["chromium", "--version"], capture_output=True, text=True,
                                  timeout=10).stdout.split(" built on ")[0].strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        chromium = "not installed"
    ram_kb = _first("/proc/meminfo", r"^MemTotal:\s+(\d+)")
    return {"cpu": _first("/proc/cpuinfo", r"^model name\s*:\s*(.*)$"),
            "cores": os.cpu_count(),
            "ram_gb": round(int(ram_kb) / 1024 ** 2, 1) if ram_kb.isdigit() else None,
            "os": _first("/etc/os-release", r'^PRETTY_NAME="?([^"\n]*)') + f", Linux "
                  f"{platform.release()}",
            "python": platform.python_version(),
            "flet": importlib.metadata.version("flet"),
            "chromium": chromium,
            "load_average_at_start": [round(load, 2) for load in os.getloadavg()]}


def as_json(figures: dict[str, Figure]) -> dict[str, Any]:
    return {key: {k: v for k, v in asdict(figure).items() if v is not None}
            for key, figure in figures.items()}


def alone(figures: Callable[..., dict[str, Figure]], size: str) -> None:
    """Run one benchmark module as a command: `--SIZE N` (its default: the one `figures`
    has) sets how many times it measures; prints its figures."""
    module = sys.modules[figures.__module__]
    default = inspect.signature(figures).parameters[size].default
    parser = argparse.ArgumentParser(description=(module.__doc__ or "").splitlines()[0])
    parser.add_argument(f"--{size}", type=int, default=default)
    count = getattr(parser.parse_args(), size)
    name = module.__spec__.name if module.__spec__ else module.__name__  # not "__main__"
    print(summary(name, figures(quick=False, **{size: count})))


def summary(name: str, figures: dict[str, Figure]) -> str:
    """The readable lines `python -m benchmarks` prints for one benchmark."""
    width = max(len(figure.what) for figure in figures.values())
    return "\n".join([name] + [f"  {figure.what:<{width}}  {figure.text()}"
                               for figure in figures.values()])


def machine_line(result: dict[str, Any]) -> str:
    m = result["machine"]
    load = ", ".join(str(x) for x in m["load_average_at_start"])
    return (f"{m['cpu']} ({m['cores']} cores, {m['ram_gb']} GB), {m['os']}, Python "
            f"{m['python']}, Flet {m['flet']}, {m['chromium']}; load average at start {load} "
            "(1, 5, 15 min)")


def table(result: dict[str, Any]) -> str:
    """The README's table of a whole run (its JSON), with the date and machine."""
    about = (f"Measured {result['date'][:10]} by `python -m benchmarks` in "
             f"{result['seconds']:.0f} s on {machine_line(result)}. Medians, the 95th "
             "percentile in brackets; every figure with what it measures is in "
             "`benchmarks/results/latest.json`.")
    lines = [*textwrap.wrap(about, 100, break_on_hyphens=False), "",
             "| Benchmark | Figure | Value |", "|---|---|---|"]
    for benchmark in result["benchmarks"].values():
        for figure in benchmark["figures"].values():
            lines.append(f"| {benchmark['title']} | {figure['what']} | "
                         f"{Figure(**figure).text()} |")
    return "\n".join(lines)


def with_table(readme: str, result: dict[str, Any]) -> str:
    """`readme` with the text between the benchmark markers replaced by the run's table."""
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(readme):
        sys.exit(f"README.md has no {BEGIN} ... {END} markers")
    return pattern.sub(lambda _: f"{BEGIN}\n{table(result)}\n{END}", readme)


def write_result(out: Path, result: dict[str, Any], readme_with: Callable[[str], str] | None,
                 what: str) -> None:
    """A run's figures into `out`; with `readme_with`, the README's table of them rewritten."""
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written to {out}")
    if readme_with is not None:
        README.write_text(readme_with(README.read_text(encoding="utf-8")), encoding="utf-8")
        print(f"the {what} in {README.name} rewritten")
