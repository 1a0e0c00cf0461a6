"""A phone that loses the server and gets it back: `python -m benchmarks.connection [--rounds N]`.

The host's phone at a Symbiose table, through a proxy that cuts the network as Wi-Fi does
(tests/e2e/blackhole.py), against the real `tallybook` server and Debian's Chromium at 390 x 844.
Timed in the page's own clock (a MutationObserver notes the notice's changes): from the moment
the network is cut to the notice on screen (goal: within 3 s), and from the moment it is back to
"back" (the page has its session again and taps count).
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from benchmarks.figures import Figure, timings
from tests.e2e.blackhole import Blackhole
from tests.e2e.harness import Server, launch, phone_context
from tests.e2e.phone import Phone
from tests.e2e.test_connection import CARD, symbiose_game

# In the page: each change of the notice's state ("lost", "back", "none"), with its moment.
NOTED = """() => {
  window.__notice = [];
  const note = () => {
    const notice = document.querySelector("#tallybook-connection");
    const state = notice ? notice.dataset.state : "none";
    if (window.__notice.at(-1)?.[0] !== state) window.__notice.push([state, performance.now()]);
  };
  new MutationObserver(note).observe(document.body,
                                     {childList: true, subtree: true, attributes: true});
}"""
SHOWN = "(state) => window.__notice.some(([seen]) => seen === state)"
GONE = "() => window.__notice.some(([s]) => s === 'back') && window.__notice.at(-1)[0] === 'none'"


def figures(quick: bool, rounds: int = 10) -> dict[str, Figure]:
    rounds = 3 if quick else rounds
    lost, back = [], []
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        game = symbiose_game(server)
        server.start()
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright, Blackhole(server.port) as network:
                browser = launch(playwright)
                phone = Phone.open(phone_context(browser), f"{network.url}symbiose/{game}")
                page = phone.page
                page.locator(f'[flt-semantics-identifier="known-{CARD}"]').wait_for(
                    state="attached", timeout=60_000)
                for _ in range(rounds):
                    page.evaluate(NOTED)
                    cut = page.evaluate("performance.now()")
                    network.cut()
                    page.wait_for_function(SHOWN, arg="lost", timeout=60_000)
                    restored = page.evaluate("performance.now()")
                    network.restore()
                    page.wait_for_function(GONE, timeout=60_000)
                    noted = dict(page.evaluate("window.__notice"))
                    lost.append(noted["lost"] - cut)
                    back.append(noted["back"] - restored)
                browser.close()
        finally:
            server.stop()
    return {"connection-lost": timings("network cut -> notice shown", lost),
            "connection-back": timings("network back -> taps count again", back)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    for figure in figures(False, args.rounds).values():
        print(f"{figure.what}: {figure.text()}")


if __name__ == "__main__":
    main()
