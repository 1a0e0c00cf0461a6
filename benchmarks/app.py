"""The app's speed and memory goals, measured: rerun with `python benchmarks/app.py`.

Against the real `tallybook` server in a subprocess and Debian's Chromium at 390 x 844:

* server ready: from starting the process to the first page served (3 starts);
* tap -> total: a tap on a known card until the totals bar in the browser shows the new total,
  timed in the page's own clock: from the pointerdown Playwright dispatches to the moment
  Flutter writes the new total into its semantics tree (it does so while building the frame
  that paints it). Playwright's `expect` polls with backoff, so it is not used for timing.
  Each tap is followed by an undo (not timed) so every tap does the same work;
* server RSS with 10 phones on a game being entered.

Targets: ready < 2 s, median tap -> total < 150 ms, RSS < 150 MB. Options: --taps N (default 30).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CARD = "dragonfly/orange/8"  # fixed 8 points: Ann has 8 after the tap and 0 after the undo
PHONES = 10

# In the page: note the first pointerdown after arm(), and the moment the watched node says
# the wanted words (a MutationObserver runs right after Flutter changed the DOM).
WATCH = """() => {
  const state = window.__tap = {armed: false, start: null, end: null, node: "", want: ""};
  const says = () => {
    const node = document.querySelector(`[flt-semantics-identifier="${state.node}"]`);
    return node !== null && ((node.getAttribute("aria-label") || "") + " "
                             + node.textContent).includes(state.want);
  };
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


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


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


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def start_game(phone) -> str:
    phone.tap("game-symbiose")
    for index, name in enumerate(("Ann", "Bob", "Cas")):
        phone.tap(f"known-player-{name}")
        phone.expect_says(f"remove-{index}", "")
    phone.tap("start")
    phone.expect_says("tile-0-0-0", "empty")
    return phone.page.url


def tap_latencies(phone, taps: int) -> tuple[list[float], list[float]]:
    """(in-page ms, Playwright round trip ms) for `taps` taps on a known card."""
    page = phone.page
    page.evaluate(WATCH)
    in_page, round_trip = [], []
    for _ in range(taps + 2):  # the first two warm up
        page.evaluate("() => window.__arm('total-0', 'Ann: 8 points')")
        began = time.perf_counter()
        phone.tap(f"known-{CARD}")
        page.wait_for_function("() => window.__tap.end !== null", polling="raf")
        round_trip.append((time.perf_counter() - began) * 1000)
        in_page.append(page.evaluate("() => window.__tap.end - window.__tap.start"))
        page.evaluate("() => { window.__tap.armed = false; }")
        phone.tap("undo")
        phone.expect_says("total-0", "Ann: 0 points")
        phone.expect_says("tile-0-0-0", "empty")
    return in_page[2:], round_trip[2:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=30)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from playwright.sync_api import sync_playwright

    from tests.e2e.games import learned
    from tests.e2e.harness import Server, launch, phone_context
    from tests.e2e.phone import Phone
    from tests.e2e.test_symbiose_e2e import example

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        server.start()
        learned(server, example("symbiose-standard.json"))
        starts = []
        for _ in range(3):
            server.restart()
            starts.append(server.ready_seconds)
        try:
            with sync_playwright() as playwright:
                browser = launch(playwright)
                context = phone_context(browser)
                phone = Phone.open(context, server.url)
                url = start_game(phone)
                in_page, round_trip = tap_latencies(phone, args.taps)
                others = [Phone.open(context, url) for _ in range(PHONES - 1)]
                for other in others:
                    other.expect_says("tile-0-0-0", "empty")
                memory = rss_mb(server.proc.pid)  # type: ignore[union-attr]
                browser.close()
        finally:
            server.stop()

    ready = statistics.median(starts)
    median, p95 = statistics.median(in_page), percentile(in_page, 0.95)
    print(f"server ready            {ready:.2f} s  (median of {len(starts)} starts: "
          + ", ".join(f"{s:.2f}" for s in starts) + ")   target < 2 s")
    print(f"tap -> total (in page)  median {median:.0f} ms, p95 {p95:.0f} ms, "
          f"min {min(in_page):.0f}, max {max(in_page):.0f} (n={len(in_page)})"
          "   target median < 150 ms")
    print(f"tap -> total (Playwright round trip, incl. its actionability checks) median "
          f"{statistics.median(round_trip):.0f} ms, p95 {percentile(round_trip, 0.95):.0f} ms")
    print(f"server RSS, {PHONES} phones  {memory:.0f} MB   target < 150 MB")
    met = ready < 2 and median < 150 and memory < 150
    print("all targets met" if met else "TARGET MISSED")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
