"""The real `tallybook` server in a subprocess, spoken to without a browser: raw WebSockets and
HTTP, the benchmarks' protocol-level phone, the command's start and stop. What needs a page
lives in tests/e2e; the server process is the same harness
(tests/e2e/harness.py), and the `server` fixture both use is in tests/conftest.py."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/server/" in str(item.fspath):
            item.add_marker(pytest.mark.server)
