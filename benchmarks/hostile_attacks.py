"""The attackers of the hostile-client benchmark (benchmarks/hostile.py), all in a process of
their own, so that their work does not slow the phones that are measured. Each attack runs as
many asyncio tasks from loopback addresses of its own (Linux lets a client bind any 127.x.y.z
as its source: so many devices on the network), for `Plan.seconds`, and counts what the server
did with it: whatever the server does (accept, refuse, close, never answer), the attack goes on
and says so.

- flood: registered sockets sending oversized binary frames (a Flet event of 1-16 MiB), back to
  back, several in parallel, reconnecting when closed or refused;
- forged: a join screen that sets its own `client_ip` before every wrong code it submits; every
  second one claims the victim's address (a phone of the household about to join);
- big-register: now and then a REGISTER whose page patch holds 100,000 empty views (~100 KB);
- slow: HTTP clients sending their request headers one byte every few seconds (slowloris);
- idle: WebSockets that open and never register.
"""

from __future__ import annotations

import asyncio
import errno
import functools
import itertools
import json
import os
import random
import resource
import time
from collections import Counter
from collections.abc import Callable, Coroutine
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from benchmarks.flet_client import EVENT, PAGE_ID, REGISTER, FletClient
from views.storage.seats import CODE_LENGTH, CODE_LETTERS

# The second byte of each attack's addresses: 127.<it>.<n // PER_ADDRESS>.<n % PER_ADDRESS + 1>.
NETWORKS = {"flood": 1, "forged": 2, "big-register": 3, "slow": 4, "idle": 5}
PER_ADDRESS = 20  # sockets of one attack per source address: several devices, not one
OPEN_SECONDS = 10  # a handshake not answered within it counts as "no answer"
ANSWER_SECONDS = 2  # a forged guess not answered within it counts as unanswered
BURST = 5  # wrong codes claiming the victim's address that each forger sends first
PAGE = {"route": "/join", "width": 390, "height": 844, "web": True, "platform": "android"}
ENGLISH = json.loads((Path(__file__).resolve().parents[1] / "views" / "locales" / "en.json")
                     .read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Plan:
    """How many of each attacker, against the server on `port`; `victim`: the address the
    forgers claim every second guess (a phone that joins meanwhile comes from there)."""

    port: int
    seconds: float
    victim: str
    flooders: int = 6
    frame_mib: tuple[int, ...] = (1, 4, 8, 16)
    forgers: int = 4
    big_register_every: float = 20.0  # seconds
    big_register_views: int = 100_000
    slow_sockets: int = 300
    slow_byte_every: float = 5.0  # seconds
    idle_sockets: int = 1000
    ramp: float = 5.0  # seconds over which the slow and idle sockets arrive

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def files_needed(self) -> int:
        return self.flooders + self.forgers + 1 + self.slow_sockets + self.idle_sockets + 64


def source(attack: str, n: int) -> str:
    return f"127.{NETWORKS[attack]}.{n // PER_ADDRESS}.{n % PER_ADDRESS + 1}"


def raise_file_limit(needed: int) -> tuple[int, int]:
    """The soft limit on open files raised to the hard one: (soft now, hard)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < needed:
        soft = hard if hard == resource.RLIM_INFINITY else max(soft, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return soft, hard


async def opened(plan: Plan, address: str, count: Counter[str]) -> ClientConnection | None:
    """A WebSocket of the app's own origin from `address`, or None (counted: refused with an
    HTTP answer, reset, no answer, or no file left on this side)."""
    try:
        socket = await connect(f"ws://127.0.0.1:{plan.port}/ws", origin=plan.origin,  # type: ignore[arg-type]
                               local_addr=(address, 0), open_timeout=OPEN_SECONDS,
                               ping_interval=None, compression=None, max_size=None)
    except TimeoutError:
        count["no answer"] += 1
        return None
    except OSError as error:
        count[dropped(error)] += 1
        return None
    except InvalidHandshake:  # an HTTP answer, not the switch to a WebSocket
        count["refused"] += 1
        return None
    count["accepted"] += 1
    return socket


def dropped(error: OSError) -> str:
    """What a connection that failed without an HTTP answer is counted as."""
    return "no file left here" if error.errno == errno.EMFILE else "reset"


def open_now(count: Counter[str], change: int) -> None:
    count["open now"] += change
    count["most open at once"] = max(count["most open at once"], count["open now"])


def register_frame(page: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([REGISTER, {"session_id": None, "page_name": "",
                                               "page": page}])


# flood ------------------------------------------------------------------------------------
@functools.cache
def flood_frames(sizes_mib: tuple[int, ...]) -> list[tuple[int, bytes]]:
    """(MiB, frame): a Flet event on the page whose data is that big, built once."""
    return [(mib, b"\x00" + msgpack.packb([EVENT, {
        "target": PAGE_ID, "name": "flood", "data": "x" * (mib * 2 ** 20 - 64)}]))
        for mib in sizes_mib]


async def flood(plan: Plan, n: int, count: Counter[str]) -> None:
    frames = flood_frames(plan.frame_mib)
    first = n % len(frames)  # the flooders send different sizes at a time
    while True:
        socket = await opened(plan, source("flood", n), count)
        if socket is None:
            await asyncio.sleep(0.5)
            continue
        drain = asyncio.create_task(drained(socket))
        try:
            await socket.send(register_frame(PAGE))
            for mib, frame in itertools.cycle(frames[first:] + frames[:first]):
                await socket.send(frame)
                count["frames sent"] += 1
                count["MiB sent"] += mib
        except ConnectionClosed:
            count["closed by server"] += 1
        finally:
            drain.cancel()
        await asyncio.sleep(0.2)  # then again, with a new socket


async def drained(socket: ClientConnection) -> None:
    """Read what the server sends, so that its close is seen."""
    async for _ in socket:
        pass


# forged addresses -------------------------------------------------------------------------
def code_field(phone: FletClient) -> dict[str, Any] | None:
    found = phone.find("code")
    return found.get("content") if found is not None else None


def error_of(phone: FletClient) -> str:
    field = code_field(phone) or {}
    error = field.get("error")
    if isinstance(error, dict):  # a control: its text
        return str(error.get("value", ""))
    return error or ""


async def forge(plan: Plan, n: int, count: Counter[str]) -> None:
    while True:
        phone = FletClient(f"{plan.origin}/", "/join", source=source("forged", n))
        try:
            await asyncio.wait_for(phone.open(), OPEN_SECONDS)
            await phone.wait_for(lambda phone=phone: code_field(phone) is not None,
                                 timeout=30)
        except TimeoutError:
            count["no answer"] += 1
        except Exception:  # refused, or dropped before its join screen came
            count["refused"] += 1
        else:
            count["accepted"] += 1
            try:
                await guess(plan, n, phone, count)
            except Exception:  # the socket closed, or the session ended in an error
                count["closed by server"] += 1
        await quietly(phone.close())
        await asyncio.sleep(0.5)


async def guess(plan: Plan, n: int, phone: FletClient, count: Counter[str]) -> None:
    """Wrong codes, each from an address the client claims: a new one, then the victim's.
    Every answer changes the field's error (a new address: "wrong"; the victim's, locked:
    "wait"), so each guess is seen answered or not."""
    for _ in range(BURST):  # the victim's address first, without waiting for answers
        await submit(phone, plan.victim, count)
    for k in itertools.count():
        claimed = plan.victim if k % 2 else f"10.{n}.{k // 512 % 256}.{k // 2 % 256}"
        before = error_of(phone)
        await submit(phone, claimed, count)
        try:
            await phone.wait_for(lambda before=before: error_of(phone) != before,
                                 timeout=ANSWER_SECONDS)
        except TimeoutError:
            count["guesses unanswered"] += 1
            continue
        wrong = ENGLISH["join.wrong"] in error_of(phone)
        count["guesses checked (wrong code)" if wrong else "guesses told to wait"] += 1


async def submit(phone: FletClient, claimed: str, count: Counter[str]) -> None:
    """A random wrong code typed into the join screen, the page claiming to be at `claimed`."""
    field = code_field(phone)
    if field is None:
        raise ConnectionError("the join screen went away")
    await phone.set_props(PAGE_ID, {"client_ip": claimed})
    await phone.fire(field["_i"], "submit", "".join(random.choices(CODE_LETTERS,
                                                                    k=CODE_LENGTH)))
    count["guesses sent"] += 1


async def quietly(done: Coroutine[Any, Any, Any]) -> None:
    """Closing a client the server dropped raises what ended its reader: nothing to do."""
    with suppress(Exception):
        await done


# a page patch of 100,000 empty views ------------------------------------------------------
async def big_registers(plan: Plan, _: int, count: Counter[str]) -> None:
    frame = register_frame({**PAGE, "views": [{}] * plan.big_register_views})
    count["KB each"] = round(len(frame) / 1000)
    for n in itertools.count():
        began = time.monotonic()
        socket = await opened(plan, source("big-register", n), count)
        if socket is not None:
            try:
                await socket.send(frame)
                count["sent"] += 1
                await asyncio.wait_for(registered(socket), plan.seconds)
                count["answered"] += 1
                count["slowest answer (s)"] = max(count["slowest answer (s)"],
                                                  round(time.monotonic() - began, 1))
            except ConnectionClosed:
                count["closed by server"] += 1
            except TimeoutError:
                count["unanswered"] += 1
            finally:
                await quietly(socket.close())
        await asyncio.sleep(max(0.0, plan.big_register_every - (time.monotonic() - began)))


async def registered(socket: ClientConnection) -> None:
    async for frame in socket:
        if isinstance(frame, bytes) and msgpack.unpackb(frame[1:], strict_map_key=False)[0] \
                == REGISTER:
            return
    raise ConnectionClosed(None, None)


# slow headers -----------------------------------------------------------------------------
async def slow(plan: Plan, n: int, count: Counter[str]) -> None:
    request = (f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{plan.port}\r\nUser-Agent: slow\r\n"
               "X-Slow: ").encode() + b"a" * 4096
    await asyncio.sleep(random.uniform(0, plan.ramp))
    while True:
        try:
            reader, writer = await asyncio.wait_for(asyncio.open_connection(
                "127.0.0.1", plan.port, local_addr=(source("slow", n), 0)), OPEN_SECONDS)
        except TimeoutError:
            count["no answer"] += 1
            continue
        except OSError as error:
            count[dropped(error)] += 1
            await asyncio.sleep(1)
            continue
        count["accepted"] += 1
        open_now(count, +1)
        try:
            await trickle(plan, request, reader, writer, count)
        finally:
            open_now(count, -1)
            writer.close()
        await asyncio.sleep(1)


async def trickle(plan: Plan, request: bytes, reader: asyncio.StreamReader,
                  writer: asyncio.StreamWriter, count: Counter[str]) -> None:
    """One byte every `slow_byte_every` seconds until the server answers or hangs up."""
    try:
        for byte in request:
            writer.write(bytes([byte]))
            await writer.drain()
            count["bytes sent"] += 1
            try:
                await asyncio.wait_for(reader.read(1), plan.slow_byte_every)
            except TimeoutError:
                continue
            break  # an answer (a refusal: the request is not done) or the end of the stream
    except OSError:
        pass
    count["closed by server"] += 1


# idle sockets -----------------------------------------------------------------------------
async def idle(plan: Plan, n: int, count: Counter[str]) -> None:
    await asyncio.sleep(random.uniform(0, plan.ramp))
    while True:
        socket = await opened(plan, source("idle", n), count)
        if socket is None:
            await asyncio.sleep(1)
            continue
        open_now(count, +1)
        await socket.wait_closed()
        open_now(count, -1)
        count["closed by server"] += 1
        await asyncio.sleep(1)


# the whole attack -------------------------------------------------------------------------
# attack: (what each attacker does, how many of them: Plan's field, or one)
ATTACKS: dict[str, tuple[Callable[..., Coroutine[Any, Any, None]], str | None]] = {
    "flood": (flood, "flooders"), "forged": (forge, "forgers"),
    "big-register": (big_registers, None), "slow": (slow, "slow_sockets"),
    "idle": (idle, "idle_sockets")}


async def stalls(count: Counter[str]) -> None:
    """How late this process's own loop runs (an attacker's own stall is not the server's)."""
    while True:
        before = time.monotonic()
        await asyncio.sleep(0.1)
        late = round((time.monotonic() - before - 0.1) * 1000)
        count["own loop's longest stall (ms)"] = max(count["own loop's longest stall (ms)"],
                                                     late)


async def attack(plan: Plan, name: str) -> dict[str, float]:
    count: Counter[str] = Counter()
    run, how_many = ATTACKS[name]
    tasks = [asyncio.create_task(run(plan, n, count))
             for n in range(getattr(plan, how_many) if how_many else 1)]
    tasks.append(asyncio.create_task(stalls(count)))
    await asyncio.sleep(plan.seconds)
    for task in tasks:
        task.cancel()
    await asyncio.wait(tasks, timeout=OPEN_SECONDS)  # a socket's close takes a moment
    count["own CPU (s)"] = round(time.process_time(), 1)
    return dict(count)


def run(plan: Plan, name: str, pipe: Connection) -> None:
    """The process of the attack `name`: says "ready", starts at "go" (every attack at the
    same moment), sends what it counted after `plan.seconds` and ends at once: its sockets
    close with it, and a task that swallowed its cancel (Python 3.11's asyncio.wait_for
    can) is not waited for."""
    raise_file_limit(plan.files_needed())
    flood_frames(plan.frame_mib)  # built before the start
    pipe.send("ready")
    pipe.recv()
    loop = asyncio.new_event_loop()
    pipe.send(loop.run_until_complete(attack(plan, name)))
    pipe.close()
    os._exit(0)
