"""End-to-end: the real `tallybook` server in a subprocess, driven by Debian's Chromium at
390 x 844. Nothing may leave the machine: every non-local request is aborted (and recorded).
Chromium missing is a failure, never a skip. The machinery lives in tests/e2e/harness.py, which
benchmarks/app.py shares."""

from __future__ import annotations

import pytest

from tests.e2e.harness import Server, launch, phone_context


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path / "data")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


@pytest.fixture
def make_context(browser):
    """make_context(locale="en-US", color_scheme="light") -> a fresh phone-sized profile."""
    contexts = []
    outside: list[str] = []

    def make(locale: str = "en-US", color_scheme: str = "light"):
        context = phone_context(browser, locale, color_scheme, outside)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
