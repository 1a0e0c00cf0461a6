"""Tap -> update in the browser, timed in the page's own clock: shared by the entry-screen
benchmarks of the three games (benchmarks/app.py, forest_app.py, fossil_app.py).

Against the real `tallybook` server in a subprocess and Debian's Chromium at 390 x 844, on a game
stored in a fresh data folder before the server starts. A tap is timed from the pointerdown
Playwright dispatches to the moment Flutter writes the watched node's new words into its
semantics tree (it does so while building the frame that paints them); a MutationObserver notes
that moment. Playwright's `expect` polls with backoff, so it is not used for timing. Each tap is
followed by an undo (not timed) so every tap does the same work; the first two warm up.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.e2e.harness import Server, launch, phone_context
from tests.e2e.phone import Phone
from views.storage.store import Store

WARM_UP = 2

# In the page: note the first pointerdown after arm(), and the moment the watched node says
# the wanted words (a MutationObserver runs right after Flutter changed the DOM).
WATCH = """() => {
  const state = window.__tap = {armed: false, start: null, end: null, node: "", want: ""};
  window.__says = (id, want) => {
    const node = document.querySelector(`[flt-semantics-identifier="${id}"]`);
    return node !== null && ((node.getAttribute("aria-label") || "") + " "
                             + node.textContent).includes(want);
  };
  const says = () => window.__says(state.node, state.want);
  for (const type of ["pointerdown", "touchstart", "mousedown"])
    window.addEventListener(type, () => {
      if (state.armed && state.start === null) state.start = performance.now();
    }, {capture: true, passive: true});
  new MutationObserver(() => {
    if (state.armed && state.start !== null && state.end === null && says())
      state.end = performance.now();
  }).observe(document.body, {subtree: true, childList: true, attributes: true,
                             characterData: true});
  window.__arm = (node, want) => Object.assign(state, {armed: true, start: null, end: null,
                                                       node, want});
}"""

# Bytes the page receives from the server over its WebSocket, counted in the page itself.
COUNT_BYTES = """
(() => {
  const Native = window.WebSocket;
  window.__wsBytes = 0;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    socket.addEventListener("message", (e) => {
      const d = e.data;
      window.__wsBytes += typeof d === "string" ? d.length : (d.byteLength ?? d.size ?? 0);
    });
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
})();
"""


@contextmanager
def phone_on(stored: Callable[[Store], str]) -> Iterator[Phone]:
    """The host's phone showing the route `stored` returns, after it stored its game in a
    fresh data folder; the server and the browser end with the block."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        server.data.mkdir(parents=True)
        store = Store(server.data / "tallybook.sqlite3")
        route = stored(store)
        store.close()
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                context = phone_context(browser)
                context.add_init_script(COUNT_BYTES)
                phone = Phone.open(context, server.url + route.lstrip("/"))
                phone.page.evaluate(WATCH)
                yield phone
                browser.close()
        finally:
            server.stop()


def tap_to_update(phone: Phone, taps: int, tap: str, node: str, want: str,
                  undo: Callable[[], None], before: Callable[[], None] | None = None,
                  received: list[int] | None = None) -> list[float]:
    """ms from a tap on `tap` until `node` says `want`, `taps` times after the warm-up; each
    tap is undone by `undo` and prepared by `before` (neither timed). `received` gets the bytes
    the page received for each tap, counted until it painted the update."""
    page = phone.page
    times = []
    for run in range(taps + WARM_UP):
        if before is not None:
            before()
        phone.painted()
        assert not page.evaluate("([node, want]) => window.__says(node, want)", [node, want]), \
            f"{node} says {want!r} before the tap"
        page.evaluate("([node, want]) => window.__arm(node, want)", [node, want])
        page.evaluate("() => { window.__wsBytes = 0; }")
        phone.tap(tap)
        page.wait_for_function("() => window.__tap.end !== null", polling="raf")
        phone.painted()
        if run >= WARM_UP:
            times.append(page.evaluate("() => window.__tap.end - window.__tap.start"))
            if received is not None:
                received.append(page.evaluate("() => window.__wsBytes"))
        page.evaluate("() => { window.__tap.armed = false; }")
        undo()
    return times
