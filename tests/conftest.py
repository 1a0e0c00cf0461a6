"""How long each layer of tests took (scorer, views, e2e: unit, headless, browser), printed at
the end of every run, so that the README's timings can be kept true."""

from __future__ import annotations

import time
from collections import defaultdict

import pytest
from hypothesis import settings

# The fuzz tests (tests/scorer/test_fuzz.py) run a short fuzz; this profile runs a long one:
#   pytest tests/scorer/test_fuzz.py --hypothesis-profile=long
settings.register_profile("long", max_examples=2000, deadline=None)

LAYERS = ("scorer", "views", "e2e")
SPENT: defaultdict[str, float] = defaultdict(float)


def layer_of(item: pytest.Item) -> str:
    parts = item.nodeid.split("/")
    return parts[1] if len(parts) > 2 and parts[1] in LAYERS else "other"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    began = time.monotonic()  # setup, call and teardown, so the browser's start counts too
    yield
    SPENT[layer_of(item)] += time.monotonic() - began


def pytest_terminal_summary(terminalreporter):
    if SPENT:
        terminalreporter.write_line("time per layer: " + ", ".join(
            f"{layer} {SPENT[layer]:.1f} s" for layer in (*LAYERS, "other") if layer in SPENT))
