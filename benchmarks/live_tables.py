"""Live tables under load, measured: `python -m benchmarks.live_tables`.

10 tables of 5 phones each, all playing at once against the real `tallybook` server in a
subprocess; the phones are protocol-level clients (benchmarks/flet_client.py), all in this
process, so the server is the only thing that renders. Every table is a 4-player Symbiose game
made in the data folder before the server starts, with its table open (a join code) and the
deck memory knowing one card. Its phones open `/join/<code>` and take the seats in turn (the
fifth phone shares the first seat), as guests who scanned the table's QR code do.

At each table the phones take turns making changes: a phone taps the known card (placed on its
own player's pond: that total goes to 8 points), later it takes it back with its undo (back to
0); after each change a pause of about `--pause` seconds, as players entering cards make.
Measured, from the moment the tap leaves the phone:

* other phone: until the update arrives at each of the table's 4 other phones (the frame
  after which its totals bar says the new total);
* whole table: until the last of those 4 has it;
* own phone: until the tapping phone has it.

and the server's RSS (VmRSS) before the phones come, with them connected, during play (peak),
`--after` seconds after every phone has left (the server releases a session 5 minutes after
its phone left), and with a second wave of as many new phones connected (memory freed is
reused; sessions still kept come on top). Each table's phones connect from an address of
their own (127.0.0.10, .11, ...), as at 10 homes. The first 2 changes of each table warm up.
Options: --tables, --phones, --changes (per table), --pause, --after, --out (the whole
result as JSON).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.figures import Figure, percentile, rss_mb
from benchmarks.flet_client import FletClient

CARD = "dragonfly/orange/8"  # fixed 8 points: its player has 8 after the tap, 0 after the undo
PLAYERS = ("Ann", "Bob", "Cas", "Dan")
WARM_UP = 2
CHANGES = ((f"known-{CARD}", 8), ("undo", 0))  # (what a phone taps, its player's new total)


@dataclass
class Seen:
    other: list[float] = field(default_factory=list)  # ms, one per other phone per change
    table: list[float] = field(default_factory=list)  # ms, the last other phone per change
    own: list[float] = field(default_factory=list)
    rss: list[float] = field(default_factory=list)  # MB, sampled during play


def make_tables(data: Path, count: int) -> list[str]:
    """`count` fresh Symbiose games at open tables, stored before the server starts: their
    join codes."""
    from views.storage.store import Store
    from views.symbiose.model import SymbioseTable
    from views.tables.new_table import NewTable

    data.mkdir(parents=True)
    store = Store(data / "tallybook.sqlite3")
    codes = [store.open_table(SymbioseTable.start(store, NewTable("symbiose").seated(PLAYERS)))
             for _ in range(count)]
    store.count_card("symbiose", CARD, +1)  # a known card: placed in one tap
    store.close()
    return codes


def seat_of(phone: int) -> int:
    return phone % len(PLAYERS)


def shows(phone: FletClient, identifier: str) -> Callable[[], bool]:
    return lambda: phone.find(identifier) is not None


def totals_say(phone: FletClient, seat: int, points: int) -> Callable[[], bool]:
    words = f"{PLAYERS[seat]}: {points} points"
    return lambda: words in phone.says(f"total-{seat}")


def household(table: int) -> str:
    """Each table's phones connect from an address of their own, as at 10 homes."""
    return f"127.0.0.{10 + table}"


async def seat_phones(url: str, code: str, phones: int, source: str) -> list[FletClient]:
    """`phones` phones of one household (they connect from `source`) that opened the table's
    link and took seats, on the game's screen."""
    clients = [FletClient(url, f"/join/{code}", source=source) for _ in range(phones)]
    for number, client in enumerate(clients):
        seat = f"seat-{seat_of(number)}"
        await client.open()
        await client.wait_for(shows(client, seat))
        await client.tap(seat)
    for client in clients:
        await client.wait_for(totals_say(client, 0, 0))
    return clients


async def play(phones: list[FletClient], changes: int, pause: float, seen: Seen) -> None:
    """One table: the phones take turns changing it, each change seen by all of them."""
    for number in range(changes):
        turn = number // len(CHANGES) % len(phones)  # a phone's card, then its undo
        tapper, (button, points) = phones[turn], CHANGES[number % len(CHANGES)]
        sent = await tapper.tap(button)
        arrived = await asyncio.gather(*(
            phone.wait_for(totals_say(phone, seat_of(turn), points)) for phone in phones))
        if number >= WARM_UP:
            others = [(at - sent) * 1000 for phone, at in zip(phones, arrived, strict=True)
                      if phone is not tapper]
            seen.other += others
            seen.table.append(max(others))
            seen.own.append((arrived[phones.index(tapper)] - sent) * 1000)
        await asyncio.sleep(pause * random.uniform(0.5, 1.5))


async def leave(tables: list[list[FletClient]]) -> None:
    for phones in tables:
        for phone in phones:
            await phone.close()


async def sample_rss(pid: int, seen: Seen) -> None:
    while True:
        seen.rss.append(rss_mb(pid))
        await asyncio.sleep(0.5)


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def spread(values: list[float]) -> dict[str, float]:
    return {"median": round(statistics.median(values), 1),
            "p95": round(percentile(values, 0.95), 1), "max": round(max(values), 1),
            "n": len(values)}


async def measure(setup: Setup, url: str, pid: int, codes: list[str]) -> dict[str, Any]:
    seen = Seen()
    before = rss_mb(pid)
    tables = [await seat_phones(url, code, setup.phones, household(n))
              for n, code in enumerate(codes)]
    connected = rss_mb(pid)
    sampler = asyncio.create_task(sample_rss(pid, seen))
    began, server_cpu, own_cpu = time.perf_counter(), cpu_seconds(pid), time.process_time()
    await asyncio.gather(*(play(phones, setup.changes, setup.pause, seen) for phones in tables))
    wall = time.perf_counter() - began
    load = os.getloadavg()[0]  # the machine is shared: how busy it was over the last minute
    server_cpu, own_cpu = cpu_seconds(pid) - server_cpu, time.process_time() - own_cpu
    sampler.cancel()
    await leave(tables)
    await asyncio.sleep(setup.after)
    after = rss_mb(pid)
    # A second wave of new phones: memory the server freed is reused, sessions it still
    # keeps for the phones that left come on top.
    await leave([await seat_phones(url, code, setup.phones, household(n))
                  for n, code in enumerate(codes)])
    changes = len(seen.table) + WARM_UP * len(tables)
    return {
        "setup": {"tables": len(tables), "phones_per_table": setup.phones,
                  "changes_per_table": setup.changes, "warm_up_per_table": WARM_UP,
                  "pause_s": setup.pause, "game": "symbiose, 4 players",
                  "phones_join": "by the table's code, a seat each (the 5th shares seat 0)",
                  "cpus": os.cpu_count()},
        "latency_ms": {"other_phone": spread(seen.other),
                       "whole_table": spread(seen.table), "own_phone": spread(seen.own)},
        "rss_mb": {"before": round(before, 1), "connected": round(connected, 1),
                   "during_peak": round(max(seen.rss), 1),
                   "after": round(after, 1), "after_s": setup.after,
                   "second_wave_connected": round(rss_mb(pid), 1)},
        "play": {"seconds": round(wall, 1), "changes_per_s": round(changes / wall, 1),
                 "server_cpu_percent": round(100 * server_cpu / wall),
                 # the server's own work, whatever else the machine was doing
                 "server_cpu_ms_per_change": round(1000 * server_cpu / changes, 1),
                 "clients_cpu_percent": round(100 * own_cpu / wall),
                 "load_average_1min": round(load, 2)},
    }


@dataclass(frozen=True)
class Setup:
    tables: int = 10
    phones: int = 5  # per table
    changes: int = 40  # per table
    pause: float = 1.0  # mean seconds between a table's changes
    after: float = 10.0  # seconds after the phones left to read the server's RSS


QUICK = Setup(tables=2, phones=2, changes=4, pause=0.05, after=0.5)


def run(setup: Setup) -> dict[str, Any]:
    """The whole result, as --out writes it."""
    from tests.e2e.harness import Server

    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        codes = make_tables(server.data, setup.tables)
        server.start()
        try:
            assert server.proc is not None
            return asyncio.run(measure(setup, server.url, server.proc.pid, codes))
        finally:
            server.stop()


def figures(quick: bool) -> dict[str, Figure]:
    result = run(QUICK if quick else Setup())
    setup, latency, rss, play = (result[k] for k in ("setup", "latency_ms", "rss_mb", "play"))
    phones = setup["tables"] * setup["phones_per_table"]
    at = f"{setup['tables']} tables x {setup['phones_per_table']} phones"

    def latency_of(key: str, what: str) -> Figure:
        row = latency[key]
        return Figure(f"{what} ({at})", "ms", round(row["median"]), round(row["p95"]), row["n"])

    return {
        "change-to-other-phone": latency_of("other_phone",
                                            "change -> each other phone at its table"),
        "change-to-whole-table": latency_of("whole_table",
                                            "change -> the whole table (its last phone)"),
        "change-to-own-phone": latency_of("own_phone", "change -> the tapping phone"),
        "server-cpu-per-change": Figure("server CPU per change", "ms",
                                        play["server_cpu_ms_per_change"]),
        "memory-before": Figure("server memory before any phone", "MB", rss["before"]),
        "memory-per-phone": Figure(f"server memory per connected phone ({phones} phones)", "MB",
                                   round((rss["connected"] - rss["before"]) / phones, 2)),
        "memory-peak": Figure(f"server memory at the peak of play ({phones} phones)", "MB",
                              rss["during_peak"]),
        "memory-after-leaving": Figure(f"server memory {rss['after_s']:g} s after all phones "
                                       "left", "MB", rss["after"]),
        "memory-second-wave": Figure(f"server memory with {phones} new phones after them", "MB",
                                     rss["second_wave_connected"]),
    }


def report(result: dict[str, Any]) -> None:
    setup, latency, rss, load = (result[k] for k in ("setup", "latency_ms", "rss_mb", "play"))
    print(f"{setup['tables']} tables x {setup['phones_per_table']} phones, "
          f"{setup['changes_per_table']} changes per table, {load['changes_per_s']} changes/s "
          f"over {load['seconds']} s (server CPU {load['server_cpu_percent']} %, "
          f"{load['server_cpu_ms_per_change']} ms per change, "
          f"clients {load['clients_cpu_percent']} %, {setup['cpus']} cores, load average "
          f"{load['load_average_1min']})")
    print(f"{'change -> update':<22}{'median':>8}{'p95':>8}{'max':>8}{'n':>7}")
    for name, key in (("each other phone", "other_phone"), ("whole table", "whole_table"),
                      ("own phone", "own_phone")):
        row = latency[key]
        print(f"{name:<22}{row['median']:>6.0f}ms{row['p95']:>6.0f}ms{row['max']:>6.0f}ms"
              f"{row['n']:>7}")
    print(f"server RSS  before {rss['before']:.0f} MB, connected {rss['connected']:.0f} MB, "
          f"during play (peak) {rss['during_peak']:.0f} MB, {rss['after_s']:.0f} s after all "
          f"left {rss['after']:.0f} MB")
    print(f"server RSS  with a second wave of {setup['tables'] * setup['phones_per_table']} "
          f"new phones connected {rss['second_wave_connected']:.0f} MB")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Setup()
    parser.add_argument("--tables", type=int, default=default.tables)
    parser.add_argument("--phones", type=int, default=default.phones)
    parser.add_argument("--changes", type=int, default=default.changes)
    parser.add_argument("--pause", type=float, default=default.pause,
                        help="mean seconds between a table's changes")
    parser.add_argument("--after", type=float, default=default.after,
                        help="seconds after the phones left to read the server's RSS")
    parser.add_argument("--out", type=Path, help="write the whole result there as JSON")
    args = parser.parse_args()
    result = run(Setup(args.tables, args.phones, args.changes, args.pause, args.after))
    report(result)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
