"""Screenshots of every screen at 390 x 844 in light and dark (for people to look at), and
the numbers the issue asks for: server start, tap-to-total latency, memory with 10 phones."""

from __future__ import annotations

import os
import statistics
import time
from pathlib import Path

import pytest

from tests.e2e.phone import Phone
from tests.e2e.test_symbiose_e2e import cards_of, enter_known, example, learned

SHOTS = Path(os.environ.get("TALLYBOOK_SHOTS", "/tmp/shots"))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_screenshots(server, make_context, theme):
    SHOTS.mkdir(parents=True, exist_ok=True)
    file = example("symbiose-standard.json")
    learned(server, file)
    server.restart()
    phone = Phone.open(make_context(color_scheme=theme), server.url)
    cards = cards_of(file)
    phone.expect_says("game-symbiose", "Symbiose")
    phone.shot(str(SHOTS / f"home-{theme}.png"))
    phone.tap("game-symbiose")
    for index, name in enumerate(("Ann", "Bob", "Cas")):
        phone.tap(f"known-player-{name}")
        phone.expect_says(f"remove-{index}", "")
    phone.shot(str(SHOTS / f"new-game-{theme}.png"))
    phone.tap("start")
    enter_known(phone, cards[:13], 0, 3)
    phone.shot(str(SHOTS / f"pond-entry-{theme}.png"))
    phone.tap("animal-frog")
    phone.tap("season-pink")
    phone.shot(str(SHOTS / f"card-sheet-{theme}.png"))
    phone.tap("animal-frog")
    phone.tap("season-pink")
    enter_known(phone, cards, 13, 3)
    phone.tap("finish")
    phone.expect_says("winners", "Ann, Bob")
    phone.tap("result-0")
    phone.expect_says("line-0-0", "Bob")
    phone.shot(str(SHOTS / f"score-sheet-{theme}.png"))


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def test_benchmark_start_tap_latency_and_memory(server, make_context):
    """Server ready < 2 s; tap -> updated total in the browser; RSS with 10 phones < 150 MB."""
    file = example("symbiose-standard.json")
    learned(server, file)
    server.restart()
    assert server.ready_seconds < 2, server.ready_seconds
    context = make_context()
    phone = Phone.open(context, server.url)
    phone.tap("game-symbiose")
    for index, name in enumerate(("Ann", "Bob", "Cas")):
        phone.tap(f"known-player-{name}")
        phone.expect_says(f"remove-{index}", "")
    phone.tap("start")
    phone.expect_says("tile-0-0-0", "empty")
    latencies = []
    for card in ["dragonfly/orange/8"] * 6:  # fixed 8: Ann's total grows by 8 each tap
        want = f"Ann: {8 * (len(latencies) + 1)} points"
        began = time.perf_counter()
        phone.tap(f"known-{card}")
        phone.expect_says("total-0", want)
        latencies.append((time.perf_counter() - began) * 1000)
    phones = [Phone.open(context, server.url) for _ in range(9)]
    for other in phones:
        other.expect_says("game-symbiose", "Symbiose")
    memory = rss_mb(server.proc.pid)
    print(f"\nBENCH ready {server.ready_seconds:.2f} s · tap->total median "
          f"{statistics.median(latencies):.0f} ms (n={len(latencies)}) · RSS with 10 phones "
          f"{memory:.0f} MB")
    assert memory < 150, memory
