"""End-to-end: the real `tallybook` server in a subprocess, driven by Debian's Chromium at
390 x 844. Nothing may leave the machine: every test fails if the page sent any request to a
host other than the server (such a request is aborted and recorded; the server's policy has the
browser refuse it before it is sent). Chromium missing is a failure, never a skip. The
machinery lives in tests/e2e/harness.py, which the benchmarks share."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.e2e.harness import PHONE, SMALL_PHONE, launch, phone_context
from tests.e2e.phone import Phone

# A failed test's last look at its pages, which may have died with it: not a wait for the app,
# so not the ceiling (a dead page would hold the report up for a minute a look).
GLANCE_MS = 5_000


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright)
        yield browser
        browser.close()


CALL_KEY = pytest.StashKey[pytest.TestReport]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.stash[CALL_KEY] = report
    return report


@pytest.fixture
def make_context(browser, request, shots):
    """make_context(locale="en-US", color_scheme="light", viewport=None, host=True) -> a
    fresh phone-sized profile: the host's device, or (host=False) a guest's phone. When the
    test fails, what each of its pages showed is kept beside the screenshots."""
    contexts = []
    outside: list[str] = []

    def make(locale: str = "en-US", color_scheme: str = "light", viewport: dict | None = None,
             host: bool = True):
        context = phone_context(browser, locale, color_scheme, outside, viewport, host)
        contexts.append(context)
        return context

    yield make
    report = request.node.stash.get(CALL_KEY, None)
    if report is not None and report.failed:
        keep_failed_screens(contexts, shots / f"FAILED-{request.node.name}"[:120])
    for context in contexts:
        context.close()
    assert outside == [], f"requests to other hosts than the server: {outside}"


def keep_failed_screens(contexts, stem: Path) -> None:
    """Each page's screen and its labelled nodes, for whoever reads a failed CI run."""
    for number, page in enumerate(page for context in contexts for page in context.pages):
        try:
            page.screenshot(path=f"{stem}-{number}.png", timeout=GLANCE_MS)
            nodes = page.locator("[flt-semantics-identifier]")
            said = [f"{node.get_attribute('flt-semantics-identifier', timeout=GLANCE_MS)}="
                    f"{node.get_attribute('aria-label', timeout=GLANCE_MS)!r}"
                    for node in nodes.all()]
            Path(f"{stem}-{number}.txt").write_text("\n".join([page.url, *said]) + "\n")
        except Exception as error:  # a page that died with the test: keep the others
            Path(f"{stem}-{number}.txt").write_text(f"{page.url}\n{error}\n")


SHOTS_KEY = pytest.StashKey[Path]()


@pytest.fixture(scope="session")
def shots(request, tmp_path_factory) -> Path:
    """Where screenshots go for people to look at: $TALLYBOOK_SHOTS, else this run's own
    temporary folder (printed at the end of the run)."""
    folder = os.environ.get("TALLYBOOK_SHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("shots")
    path.mkdir(parents=True, exist_ok=True)
    request.config.stash[SHOTS_KEY] = path
    return path


# The screenshot tests' phones: a common one and the smallest one, each shot in both themes.
SIZES = [pytest.param(size, id=str(size["width"])) for size in (PHONE["viewport"], SMALL_PHONE)]


def shot_name(screen: str, theme: str, size: dict) -> str:
    small = "" if size == PHONE["viewport"] else f"-{size['width']}"
    return f"{screen}-{theme}{small}.png"


def shoot_looks(phone: Phone, shots: Path, screen: str, size: dict) -> None:
    """The screen in both themes in one pass of its flow: light, then dark by the phone's own
    system setting, which the app follows (its theme is "system" unless chosen), then light
    again before the flow goes on. Each look is waited for: a shot unlike the one before."""
    light = phone.shot(str(shots / shot_name(screen, "light", size)))
    phone.page.emulate_media(color_scheme="dark")
    dark = phone.shot(str(shots / shot_name(screen, "dark", size)), unlike=light)
    phone.page.emulate_media(color_scheme="light")
    phone.settled(unlike=dark, what=f"{screen} back in light")


def pytest_terminal_summary(terminalreporter, config):
    if SHOTS_KEY in config.stash:
        terminalreporter.write_line(f"screenshots: {config.stash[SHOTS_KEY]}")
