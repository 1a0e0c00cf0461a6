"""The README's table of figures is the last whole run of `python -m benchmarks`."""

import json

from benchmarks import edges
from benchmarks.__main__ import BENCHMARKS, LATEST
from benchmarks.figures import BEGIN, END, README, Figure, table

LATEST_RUN = json.loads(LATEST.read_text(encoding="utf-8"))


def test_the_latest_figures_are_a_whole_run_with_its_machine():
    assert not LATEST_RUN["quick"]
    assert list(LATEST_RUN["benchmarks"]) == list(BENCHMARKS)
    assert {"cpu", "cores", "ram_gb", "os", "python", "flet", "chromium",
            "load_average_at_start"} <= set(LATEST_RUN["machine"])
    for benchmark in LATEST_RUN["benchmarks"].values():
        assert benchmark["figures"]
        for figure in benchmark["figures"].values():
            assert Figure(**figure).what and Figure(**figure).unit


def test_the_readme_table_is_the_latest_run():
    readme = README.read_text(encoding="utf-8")
    between = readme.split(BEGIN, 1)[1].split(END, 1)[0]
    assert between.strip() == table(LATEST_RUN), "rerun `python -m benchmarks --readme`"


def test_the_readme_edges_table_is_the_latest_edges_run():
    run = json.loads(edges.RESULTS.read_text(encoding="utf-8"))
    assert not run["quick"] and run["against"], "a measuring run, side by side"
    readme = README.read_text(encoding="utf-8")
    between = readme.split(edges.BEGIN, 1)[1].split(edges.END, 1)[0]
    assert between.strip() == edges.table(run), "rerun `python -m benchmarks.edges --readme`"
