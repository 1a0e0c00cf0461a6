"""Four phones playing while hostile clients attack the server: `python -m benchmarks.hostile
[--seconds 60] [--json] [--quick]`.

The real `tallybook` server in a subprocess (tests/e2e/harness.py), started with the soft limit
on open files a usual Linux login has (1,024, `--server-files`); a Symbiose table of 4 players
with 4 protocol-level phones (benchmarks/flet_client.py), each from an address of its own,
seated and taking turns, as in benchmarks/live_tables.py: a phone taps a known card (its
player's total goes to 8 points), later its undo (back to 0), a pause of about 0.5 s between
changes. Measured: from a tap until each of the 3 other phones sees the new total, before the
attack (--baseline s), during it (--seconds s) and after it (--after s); the server's RSS before,
at its peak during the attack and at the end; every 5 s a new phone opens the table's link
from the address the forgers claim (below): whether it got to the seat picker, was told to
wait, or never got in (no handshake within 10 s, the client's own wait, or no screen within
30 s).

The attack (benchmarks/hostile_attacks.py, each kind in a process of its own) floods
oversized frames, forges addresses while guessing codes, sends a REGISTER of 100,000 empty
views now and then, holds slow HTTP headers and 1,000 idle WebSockets; what the server did with
each attacker's connections (accepted, refused, closed, never answered) is counted, whatever it did.
Not a test of the server: it measures whatever server it runs against.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import multiprocessing
import os
import random
import re
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, field, replace
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from benchmarks.figures import (
    Figure,
    as_json,
    machine,
    machine_line,
    percentile,
    rss_mb,
    summary,
)
from benchmarks.flet_client import FletClient
from benchmarks.hostile_attacks import (
    ATTACKS,
    OPEN_SECONDS,
    Plan,
    error_of,
    raise_file_limit,
)
from benchmarks.hostile_attacks import run as attack_process
from benchmarks.live_tables import CHANGES, PLAYERS, make_tables, shows, totals_say
from tests.e2e.harness import Server

PHASES = ("before", "during", "after")
SEEN_SECONDS = 30  # a change no other phone saw within it is counted as not seen


@dataclass(frozen=True)
class Setup:
    seconds: float = 60.0  # the attack
    baseline: float = 12.0  # seconds of play before it
    after: float = 10.0  # seconds of play after it
    pause: float = 0.5  # mean seconds between two changes
    server_files: int = 1024  # the server's soft limit on open files
    victim: str = "127.0.0.20"  # where the new phones join from; the forgers claim it
    join_every: float = 5.0  # seconds between two new phones joining
    attack: dict[str, Any] = field(default_factory=dict)  # Plan's sizes, if not its own


QUICK = Setup(seconds=6, baseline=3, after=3, pause=0.2, join_every=2, attack={
    "flooders": 1, "frame_mib": (1,), "forgers": 1, "big_register_every": 3.0,
    "big_register_views": 2_000, "slow_sockets": 5, "slow_byte_every": 1.0,
    "idle_sockets": 10, "ramp": 1.0})


@dataclass
class Watch:
    """What the phones saw, with the time of each (time.monotonic)."""

    changes: list[tuple[float, list[float]]] = field(default_factory=list)  # tap, ms per phone
    not_seen: list[float] = field(default_factory=list)  # taps some other phone missed
    lost: list[tuple[float, int]] = field(default_factory=list)  # when, which seat
    back: list[tuple[float, int, float]] = field(default_factory=list)  # when, seat, s away
    rejoining: list[asyncio.Task[None]] = field(default_factory=list)
    rss: list[tuple[float, float]] = field(default_factory=list)  # MB
    joins: list[tuple[float, str, float]] = field(default_factory=list)  # what, seconds
    attack: tuple[float, float] = (float("inf"), float("inf"))  # began, ended
    done: bool = False  # the phones stop playing, no new phone joins, no more sampling

    def phase(self, at: float) -> str:
        began, ended = self.attack
        return "before" if at < began else "during" if at < ended else "after"


# the phones -------------------------------------------------------------------------------
def phone_address(seat: int) -> str:
    return f"127.0.0.{10 + seat}"


async def seated_phones(url: str, code: str) -> list[FletClient]:
    phones = [FletClient(url, f"/join/{code}", source=phone_address(seat))
              for seat in range(len(PLAYERS))]
    for seat, phone in enumerate(phones):
        await phone.open()
        await phone.wait_for(shows(phone, f"seat-{seat}"), timeout=60)
        await phone.tap(f"seat-{seat}")
        await phone.wait_for(totals_say(phone, seat, 0), timeout=60)
    return phones


async def play(url: str, playing: dict[int, FletClient], pause: float, watch: Watch) -> None:
    """The phones (by seat) take turns, each placing its card, then taking it back; each
    change is timed to the others. A phone that lost its connection comes back meanwhile."""
    for turn in itertools.count():
        for _ in CHANGES:
            if watch.done:
                return
            seats = sorted(playing)
            if len(seats) >= 2:
                await change(url, playing, seats[turn % len(seats)], watch)
            await asyncio.sleep(pause * random.uniform(0.5, 1.5))


async def change(url: str, playing: dict[int, FletClient], seat: int, watch: Watch) -> None:
    """One change by the phone at `seat`: its card if its player has none, else its undo
    (which takes back the table's last change: its card, the turns being in pairs)."""
    tapper = playing[seat]
    button, points = CHANGES[1] if totals_say(tapper, seat, CHANGES[0][1])() else CHANGES[0]
    others = {s: phone for s, phone in playing.items()
              if s != seat and not totals_say(phone, seat, points)()}
    try:
        sent = await tapper.tap(button)
    except Exception:  # the socket closed, or the phone is not on the game's screen
        lose(url, playing, seat, watch)
        return
    tapped = time.monotonic()
    arrived = await asyncio.gather(*(phone.wait_for(
        totals_say(phone, seat, points), timeout=SEEN_SECONDS) for phone in others.values()),
        return_exceptions=True)
    seen = [(at - sent) * 1000 for at in arrived if isinstance(at, float)]
    watch.changes.append((tapped, seen))
    if len(seen) < len(others):
        watch.not_seen.append(tapped)
    for other, at in zip(others, arrived, strict=True):
        if isinstance(at, Exception) and not isinstance(at, TimeoutError):
            lose(url, playing, other, watch)


def lose(url: str, playing: dict[int, FletClient], seat: int, watch: Watch) -> None:
    watch.lost.append((time.monotonic(), seat))
    watch.rejoining.append(asyncio.create_task(rejoin(url, playing.pop(seat), seat, playing,
                                                      watch)))


async def rejoin(url: str, lost: FletClient, seat: int, playing: dict[int, FletClient],
                 watch: Watch) -> None:
    """The lost phone reloads its page (same address, storage and route) until the app has it
    at its seat again, as a person would."""
    began = time.monotonic()
    with suppress(Exception):
        await asyncio.wait_for(lost.close(), 5)
    while not watch.done:
        phone = FletClient(url, lost.page.get("route", "/"), prefs=lost.prefs,
                           source=lost.source)
        try:
            await asyncio.wait_for(phone.open(), SEEN_SECONDS)
            await phone.wait_for(shows(phone, f"total-{seat}"), timeout=SEEN_SECONDS)
        except Exception:  # refused, not answered, or not at its seat: again, in a moment
            with suppress(Exception):
                await asyncio.wait_for(phone.close(), 5)
            await asyncio.sleep(2)
            continue
        playing[seat] = phone
        watch.back.append((time.monotonic(), seat, time.monotonic() - began))
        return


# what else is watched ---------------------------------------------------------------------
async def sample_rss(pid: int, watch: Watch) -> None:
    while not watch.done:
        with suppress(OSError):
            watch.rss.append((time.monotonic(), rss_mb(pid)))
        await asyncio.sleep(0.5)


async def probe_joins(url: str, code: str, setup: Setup, watch: Watch) -> None:
    """Every `join_every` s a new phone opens the table's link from the victim's address."""
    while not watch.done:
        began = time.monotonic()
        watch.joins.append((began, *await join_once(url, code, setup.victim)))
        await asyncio.sleep(max(0.0, setup.join_every - (time.monotonic() - began)))


async def join_once(url: str, code: str, victim: str) -> tuple[str, float]:
    """("seat picker" | "told to wait" | "not in", seconds)."""
    phone = FletClient(url, f"/join/{code}", source=victim)
    began = time.perf_counter()
    try:
        await asyncio.wait_for(phone.open(), SEEN_SECONDS)
        await phone.wait_for(lambda: phone.find("seat-0") is not None or bool(error_of(phone)),
                             timeout=SEEN_SECONDS)
        outcome = "seat picker" if phone.find("seat-0") is not None else "told to wait"
    except Exception:  # refused, never answered, or dropped
        outcome = "not in"
    seconds = time.perf_counter() - began
    with suppress(Exception):
        await asyncio.wait_for(phone.close(), 10)
    return outcome, seconds


def server_log(server: Server) -> str:
    return (server.data.parent / "server.log").read_text(encoding="utf-8", errors="replace")


# the run ----------------------------------------------------------------------------------
@contextmanager
def file_limit(soft: int) -> Iterator[None]:
    """This process's soft limit on open files while in it (a child started then keeps it)."""
    old = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, old[1]), old[1]))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, old)


async def under_attack(setup: Setup, server: Server, code: str, watch: Watch) -> dict[str, Any]:
    assert server.proc is not None
    plan = Plan(port=server.port, seconds=setup.seconds, victim=setup.victim, **setup.attack)
    phones = await seated_phones(server.url, code)
    playing = dict(enumerate(phones))
    watchers = [asyncio.create_task(job) for job in (
        play(server.url, playing, setup.pause, watch), sample_rss(server.proc.pid, watch),
        probe_joins(server.url, code, setup, watch))]
    await asyncio.sleep(setup.baseline)
    tally = await attacked(plan, watch)
    await asyncio.sleep(setup.after)
    watch.done = True  # not cancelled: in Python 3.11 asyncio.wait_for can swallow a cancel
    await asyncio.wait(watchers + watch.rejoining, timeout=2 * SEEN_SECONDS + 10)
    for phone in playing.values():
        with suppress(Exception):
            await asyncio.wait_for(phone.close(), 10)
    return {"tally": tally, "plan": asdict(plan)}


async def attacked(plan: Plan, watch: Watch) -> dict[str, dict[str, float]]:
    """Every attack in a process of its own (their loops do not slow each other or the
    phones), all for `plan.seconds`: what each counted. `watch.attack` is set to when."""
    spawn = multiprocessing.get_context("spawn")
    pipes, processes = {}, []
    for name in ATTACKS:
        pipes[name], there = spawn.Pipe()
        processes.append(spawn.Process(target=attack_process, args=(plan, name, there),
                                       daemon=True))
        processes[-1].start()
        there.close()  # the child's end: an attack that died is then an EOFError here
    for here in pipes.values():
        await heard(here, 60)  # "ready"
    for here in pipes.values():
        with suppress(OSError):  # an attack that died before: "did not report" below
            here.send("go")
    began = time.monotonic()
    watch.attack = (began, float("inf"))
    tally = {name: await heard(here, plan.seconds + 60) for name, here in pipes.items()}
    watch.attack = (began, time.monotonic())
    for process in processes:
        await asyncio.get_running_loop().run_in_executor(None, process.join, 10)
        process.kill()  # a no-op for one that ended
    return tally


async def heard(pipe: Connection, seconds: float) -> Any:
    """The next message of an attack's process; {"did not report": 1} if none came."""
    loop = asyncio.get_running_loop()
    try:
        if await loop.run_in_executor(None, pipe.poll, seconds):
            return pipe.recv()
    except EOFError:
        pass
    return {"did not report": 1}


def run(setup: Setup) -> dict[str, Any]:
    """The whole result, as --json prints it."""
    at_start = machine()  # the machine is shared: how busy it was
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        [code] = make_tables(server.data, 1)
        with file_limit(setup.server_files):
            server.start()
        soft, hard = raise_file_limit(10_000)
        watch = Watch()
        try:
            attacked = asyncio.run(under_attack(setup, server, code, watch))
        finally:
            server.stop()
        return {"machine": {**at_start, "load_average_at_end": [
                    round(load, 2) for load in os.getloadavg()]},
                "setup": {**asdict(setup), "files_here": [soft, hard],
                          "files_needed": Plan(0, 0, "", **setup.attack).files_needed()},
                **attacked, **seen(watch), **said(server_log(server))}


def said(log: str) -> dict[str, Any]:
    """What the server's terminal showed: its tracebacks, and its distinct lines (how often
    each) without the tracebacks' own."""
    lines = Counter(line for line in log.splitlines()
                    if line and not line.startswith((" ", "Traceback")))
    return {"server_tracebacks": log.count("Traceback (most recent call last)"),
            "server_lines": dict(lines.most_common(20))}


def seen(watch: Watch) -> dict[str, Any]:
    """The watch's records, phase by phase."""
    latency: dict[str, list[float]] = {phase: [] for phase in PHASES}
    for at, others in watch.changes:
        latency[watch.phase(at)] += others
    joins = {phase: {} for phase in PHASES}  # type: dict[str, dict[str, list[float]]]
    for at, outcome, seconds in watch.joins:
        joins[watch.phase(at)].setdefault(outcome, []).append(round(seconds, 2))
    rss = {phase: [mb for at, mb in watch.rss if watch.phase(at) == phase] for phase in PHASES}
    return {"latency_ms": {phase: spread(values) for phase, values in latency.items()},
            "not_seen": {phase: sum(watch.phase(at) == phase for at in watch.not_seen)
                         for phase in PHASES},
            "phones_lost": [{"phase": watch.phase(at), "seat": seat} for at, seat in watch.lost],
            "phones_back": [{"phase": watch.phase(at), "seat": seat, "away_s": round(away, 1)}
                            for at, seat, away in watch.back],
            "rss_mb": {"before": round(statistics.median(rss["before"]), 1),
                       "during_peak": round(max(rss["during"]), 1),
                       "after": round(rss["after"][-1], 1)},
            "joins": joins}


def spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {"median": round(statistics.median(values), 1),
            "p95": round(percentile(values, 0.95), 1), "max": round(max(values), 1),
            "n": len(values)}


# figures ----------------------------------------------------------------------------------
# (attack, its count, what it says, unit): what the server did with each attacker.
ATTACK_FIGURES = [
    ("flood", "accepted", "oversized frames: sockets accepted", "sockets"),
    ("flood", "refused", "oversized frames: sockets refused", "sockets"),
    ("flood", "closed by server", "oversized frames: sockets closed by the server", "sockets"),
    ("flood", "MiB sent", "oversized frames: sent", "MiB"),
    ("forged", "guesses checked (wrong code)", "forged addresses: wrong codes checked",
     "guesses"),
    ("forged", "guesses told to wait", "forged addresses: guesses told to wait", "guesses"),
    ("forged", "guesses unanswered", "forged addresses: guesses unanswered", "guesses"),
    ("big-register", "sent", "{views:,} empty views: REGISTERs sent", "REGISTERs"),
    ("big-register", "slowest answer (s)", "{views:,} empty views: slowest answer", "s"),
    ("slow", "accepted", "slow headers: connections accepted", "connections"),
    ("slow", "closed by server", "slow headers: connections closed by the server",
     "connections"),
    ("slow", "no answer", "slow headers: connections not accepted within {open_s} s",
     "connections"),
    ("slow", "most open at once", "slow headers: most open at once", "connections"),
    ("idle", "accepted", "idle sockets: accepted", "sockets"),
    ("idle", "refused", "idle sockets: refused", "sockets"),
    ("idle", "reset", "idle sockets: reset before an answer", "sockets"),
    ("idle", "no answer", "idle sockets: handshake not answered within {open_s} s", "sockets"),
    ("idle", "most open at once", "idle sockets: most open at once", "sockets"),
]


def figures_of(result: dict[str, Any]) -> dict[str, Figure]:
    latency, rss, tally = result["latency_ms"], result["rss_mb"], result["tally"]
    seconds = result["setup"]["seconds"]
    found: dict[str, Figure] = {}
    for phase in PHASES:
        row = latency[phase]
        when = f"during the {seconds:g} s attack" if phase == "during" else f"{phase} it"
        found[f"change-{phase}"] = Figure(
            f"change -> each other phone, {when}" + ("" if row["n"] else " (none seen)"), "ms",
            round(row.get("median", 0)), round(row.get("p95", 0)), row["n"])
    found["not-seen"] = Figure(f"changes another phone did not see within {SEEN_SECONDS} s",
                               "changes", sum(result["not_seen"].values()))
    found["phones-lost"] = Figure("phones that lost their connection", "times",
                                  len(result["phones_lost"]))
    found["phones-back"] = Figure("... and were back at their seat (reloaded) by the end",
                                  "times", len(result["phones_back"]))
    found["memory-before"] = Figure("server memory before the attack", "MB", rss["before"])
    found["memory-peak"] = Figure("server memory at its peak during the attack", "MB",
                                  rss["during_peak"])
    found["memory-after"] = Figure(f"server memory {result['setup']['after']:g} s after it",
                                   "MB", rss["after"])
    joins = result["joins"]["during"]
    tries = sum(len(v) for v in joins.values())
    for outcome in ("seat picker", "told to wait", "not in"):
        found[f"join-{outcome.replace(' ', '-')}"] = Figure(
            f"a new phone joining during the attack: {outcome}", f"of {tries}",
            len(joins.get(outcome, [])))
    for attack, key, what, unit in ATTACK_FIGURES:
        found[re.sub(r"[^a-z0-9]+", "-", f"{attack} {key}".lower()).strip("-")] = Figure(
            what.format(views=result["plan"]["big_register_views"], open_s=OPEN_SECONDS), unit,
            tally[attack].get(key, 0))
    found["attackers-stall"] = Figure(
        "the attackers' own longest stall (their side, not the server's)", "ms",
        max(count.get("own loop's longest stall (ms)", 0) for count in tally.values()))
    found["tracebacks"] = Figure("tracebacks in the server's terminal", "tracebacks",
                                 result["server_tracebacks"])
    return found


def figures(quick: bool) -> dict[str, Figure]:
    return figures_of(run(QUICK if quick else Setup()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=Setup.seconds, help="of attack")
    parser.add_argument("--baseline", type=float, default=Setup.baseline)
    parser.add_argument("--after", type=float, default=Setup.after)
    parser.add_argument("--server-files", type=int, default=Setup.server_files,
                        help="the server's soft limit on open files")
    parser.add_argument("--quick", action="store_true", help="a few seconds, few attackers")
    parser.add_argument("--json", action="store_true", help="the whole result as JSON")
    args = parser.parse_args()
    chosen = QUICK if args.quick else Setup()
    if not args.quick:
        chosen = replace(chosen, seconds=args.seconds, baseline=args.baseline, after=args.after)
    chosen = replace(chosen, server_files=args.server_files)
    files = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    needed = Plan(0, 0, "", **chosen.attack).files_needed()
    if files != resource.RLIM_INFINITY and files < needed:
        print(f"the hard limit on open files ({files}) is below the {needed} the attackers "
              "need: some attackers will fail here, not at the server", file=sys.stderr)
    result = run(chosen)
    if args.json:
        print(json.dumps({**result, "figures": as_json(figures_of(result))}, indent=2))
    else:
        end = ", ".join(str(load) for load in result["machine"]["load_average_at_end"])
        print(f"on {machine_line(result)}; at the end {end}")
        print(summary("benchmarks.hostile", figures_of(result)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
