"""How long each layer of tests took (scorer, views, server, e2e: unit, headless, the real
server without a browser, browser), printed at the end of every run, so that the README's
timings can be kept true; and the real server the last two layers share."""

from __future__ import annotations

import time
from collections import defaultdict

import pytest
from hypothesis import settings

from tests.e2e.harness import Server

# The fuzz tests (tests/scorer/test_fuzz.py) run a short fuzz; this profile runs a long one:
#   pytest tests/scorer/test_fuzz.py --hypothesis-profile=long
settings.register_profile("long", max_examples=2000, deadline=None)

LAYERS = ("scorer", "views", "server", "e2e")
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


@pytest.fixture
def server(tmp_path):
    """The real `tallybook` on a fresh data folder (tests/server, tests/e2e)."""
    server = Server(tmp_path / "data")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def module_server(tmp_path_factory):
    """One real `tallybook` for a whole module, for tests that need no fresh data: each adds
    what it needs, and nothing it reads is changed by another (tests/e2e/test_rules_e2e.py)."""
    server = Server(tmp_path_factory.mktemp("module") / "data")
    server.start()
    yield server
    server.stop()
