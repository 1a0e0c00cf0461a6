"""The real `tallybook` server in a subprocess and Debian's Chromium at phone size: shared by
the end-to-end tests (tests/e2e/conftest.py) and the benchmark (benchmarks/app.py)."""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

CHROMIUM = os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or "/usr/bin/chromium"
# LAN_HOST is the server as a phone on the LAN reaches it: over plain http and not the machine
# itself, so the browser does not count the page as a secure context (no clipboard, no share).
LAN_HOST = "tallybook.lan"
CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1"]
TALLYBOOK = [sys.executable, "-c", "from views.app import main; main()"]
ROOT = Path(__file__).resolve().parents[2]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}
# The host's phone: a device token the server knows as a host before it starts (Server), kept
# where Flutter's SharedPreferences keep it in a browser (phone_context).
HOST_TOKEN = "e2e-host-device-token-0123456789"
HOST_PREFS = f"localStorage.setItem('flutter.tallybook.device', JSON.stringify('{HOST_TOKEN}'))"
# Every phone's page counts the frames Flutter asks for: it asks for one at each frame of an
# animation (a page transition, a ripple) and for none once the screen is still, which is when
# a screenshot shows it settled (tests/e2e/phone.py, settled). Our own waits for frames use
# the browser's own requestAnimationFrame, kept here, so they are not counted.
FRAMES_ASKED = """(() => {
  const ask = window.requestAnimationFrame.bind(window);
  let asked = 0;
  window.requestAnimationFrame = (callback) => { asked += 1; return ask(callback); };
  Object.defineProperty(window, "tallybookFrames", {value: {ask, asked: () => asked}});
})()"""
T = TypeVar("T")
LOCAL = re.compile(rf"^https?://(?!(127\.0\.0\.1|{re.escape(LAN_HOST)})[:/])")
# The one ceiling of every wait for the app, in the browser and out of it: a signal that comes
# fast costs nothing, and a loaded machine (Playwright's 5 s default failed on one) is slow.
WAIT_MS = 60_000
WAIT_S = WAIT_MS / 1000
# A whole benchmark run, the ceiling of the tests that run one (tests/e2e/test_*benchmark*.py).
BENCHMARK_S = 10 * WAIT_S
# How often poll() asks, for what gives no signal to wait on.
POLL_MS = 20


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """`tallybook --port P --data DIR`, restartable on the same port and data."""

    def __init__(self, data: Path, env: dict[str, str] | None = None):
        self.data = data
        self.env = {**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})}
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.proc: subprocess.Popen | None = None
        self.ready_seconds = 0.0

    def start(self) -> None:
        self.knows_host()
        began = time.monotonic()
        command = shutil.which("tallybook")
        argv = [command] if command else TALLYBOOK
        self.data.parent.mkdir(parents=True, exist_ok=True)
        with open(self.data.parent / "server.log", "a", encoding="utf-8") as log:
            self.proc = subprocess.Popen(
                [*argv, "--port", str(self.port), "--data", str(self.data),
                 "--allowed-host", LAN_HOST], cwd=ROOT,
                env=self.env, stdout=log,
                stderr=subprocess.STDOUT)
        try:
            poll(self.answers, "tallybook answering on its port")
        except AssertionError:
            self.stop()
            raise
        self.ready_seconds = time.monotonic() - began

    def answers(self) -> bool:
        """Whether the server answers; a server that has exited never will."""
        assert self.proc is not None
        if self.proc.poll() is not None:
            raise AssertionError(f"tallybook exited with {self.proc.returncode} at start")
        try:
            urllib.request.urlopen(self.url, timeout=WAIT_S).read()
        except OSError:  # not listening yet: refused at once
            return False
        return True

    def knows_host(self) -> None:
        from views.app import DB_NAME
        from views.storage.store import Store
        from views.web.access import device_id

        store = Store(self.data / DB_NAME)
        store.add_host(device_id(HOST_TOKEN))
        store.close()

    @property
    def pin(self) -> str:
        """The host PIN this run printed."""
        log = (self.data.parent / "server.log").read_text(encoding="utf-8")
        return re.findall(r"Host PIN: ([A-Z0-9]+)", log)[-1]

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=WAIT_S)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


def launch(playwright):
    assert Path(CHROMIUM).exists(), f"Chromium is required: {CHROMIUM}"
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROME_ARGS)


SMALL_PHONE = {"width": 320, "height": 640}  # the smallest phones still in use


def phone_context(browser, locale: str = "en-US", color_scheme: str = "light",
                  outside: list[str] | None = None, viewport: dict | None = None,
                  host: bool = True):
    """A fresh phone-sized profile (390 x 844 unless `viewport` says otherwise), the host's
    device unless `host` is False (a guest's phone, new to the server); every non-local
    request is aborted (and recorded)."""
    context = browser.new_context(**{**PHONE, "viewport": viewport or PHONE["viewport"]},
                                  locale=locale, color_scheme=color_scheme)
    context.add_init_script(FRAMES_ASKED)
    if host:
        context.add_init_script(HOST_PREFS)
    sink = outside if outside is not None else []
    context.route(LOCAL, lambda route: (sink.append(route.request.url), route.abort()))
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    return context


def poll(ready: Callable[[], T], what: str, page=None) -> T:
    """`ready()` once it is true, for what gives no signal to wait on (a port that begins to
    answer, a row in the store), asked every POLL_MS up to the one ceiling. On a page the pause
    is Playwright's own, during which it hands over the page's events; every other wait in the
    browser and server tests waits on a signal (tests/test_waits.py)."""
    deadline = time.monotonic() + WAIT_S
    while not (value := ready()):
        assert time.monotonic() < deadline, f"never: {what}"
        if page is None:
            time.sleep(POLL_MS / 1000)
        else:
            page.wait_for_timeout(POLL_MS)
    return value
