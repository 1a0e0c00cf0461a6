"""Every WebSocket message is bounded before Flet decodes it (views/web/frames.py), at the ASGI
level: what the app behind the bound receives, and what the client is sent."""

from __future__ import annotations

import asyncio

import msgpack
import pytest

from views.web.frames import LIMITS, Bucket, Limits, bounded_frames, refusal

REGISTER = [1, {"session_id": None, "page_name": "", "page": {
    "route": "/", "pwa": False, "web": True, "debug": False, "wasm": True,
    "multi_view": False, "platform_brightness": "light", "width": 390.0, "height": 844.0,
    "platform": "android", "media": {
        "padding": {"left": 0, "top": 0, "right": 0, "bottom": 0},
        "view_padding": {"left": 0, "top": 0, "right": 0, "bottom": 0},
        "view_insets": {"left": 0, "top": 0, "right": 0, "bottom": 0}}}}]
TAP = [3, {"target": 7, "name": "click", "data": None}]


def frame(message) -> bytes:
    return b"\x00" + msgpack.packb(message)


def test_the_apps_own_messages_pass():
    assert refusal(frame(REGISTER), registered=False, limits=LIMITS) == ""
    for message in (TAP, [4, {"id": 1, "props": {"width": 320.0}}],
                    [5, {"control_id": 3, "call_id": "x", "result": "en", "error": None}]):
        assert refusal(frame(message), registered=True, limits=LIMITS) == "", message


def test_a_picked_file_may_be_large_in_an_answer_only():
    file = b"{" + b" " * (2 * 1024 * 1024) + b"}"
    answer = [5, {"control_id": 3, "call_id": "x", "result": [{"bytes": file}], "error": None}]
    assert refusal(frame(answer), registered=True, limits=LIMITS) == ""
    assert refusal(frame([3, {"target": 7, "name": "click", "data": file}]), True,
                   LIMITS) == "too large"


@pytest.mark.parametrize(("message", "registered", "why"), [
    (TAP, False, "a message before REGISTER"),
    (REGISTER, True, "a second REGISTER"),
    ([1, {"session_id": None, "page_name": "", "page": {"views": [{"controls": [{}] * 999}]}}],
     False, "too many values"),
    ([4, {"id": 1, "props": {"views": [{}] * 1_000}}], True, "too many values"),
    ([3, {"target": 7, "name": "click", "data": [[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]}],
     True, "too many values"),
    ([3, {"target": 7}], True, "a malformed message"),
    ([3, {"target": "7", "name": "click", "data": None}], True, "a malformed message"),
    ([1, {"session_id": None, "page_name": "", "page": {}, "extra": 1}], False,
     "a malformed message"),
    ([9, {}], True, "not a client message"),
    ([2, {"id": 1, "patch": []}], True, "not a client message"),
    ({"a": 1}, True, "not a client message"),
])
def test_what_the_page_never_sends_is_refused(message, registered, why):
    assert refusal(frame(message), registered, LIMITS) == why


def test_bytes_that_are_no_message_are_refused():
    assert refusal(b"", False, LIMITS) == "not a Flet message"
    assert refusal(b"\x07abc", False, LIMITS) == "not a Flet message"
    assert refusal(b"\x00\xc1", False, LIMITS) == "not MessagePack within the limits"
    int_keys = b"\x00" + msgpack.packb([3, {1: 2}])  # Flet's decoder refuses such keys
    assert refusal(int_keys, True, LIMITS) == "not MessagePack within the limits"
    assert refusal(b"\x00" + b"\x91" * 200 + b"\x00", True, LIMITS) != ""


def test_many_empty_views_are_refused_before_anything_is_built():
    def views(count: int) -> bytes:
        return frame([1, {"session_id": None, "page_name": "", "page": {"views": [{}] * count}}])

    assert refusal(views(100_000), False, LIMITS) == "too large"  # 100 KB: not even decoded
    # msgpack stops at the list's header: nothing of the 50,000 is built
    assert refusal(views(50_000), False, LIMITS) == "not MessagePack within the limits"


def test_a_bucket_lets_a_burst_through_then_paces():
    bucket = Bucket(rate=10, burst=3)
    now = bucket.at
    assert [bucket.take(1, now) for _ in range(3)] == [0, 0, 0]
    assert bucket.take(1, now) == pytest.approx(0.1)
    assert bucket.take(1, now + 1) == 0  # a second later: refilled


class Client:
    """One WebSocket conversation: the messages the client sends, then it waits (or leaves)."""

    def __init__(self, *messages: dict, leaves: bool = False):
        self.queue: asyncio.Queue[dict] = asyncio.Queue()
        for message in ({"type": "websocket.connect"}, *messages):
            self.queue.put_nowait(message)
        if leaves:
            self.queue.put_nowait({"type": "websocket.disconnect", "code": 1000})
        self.sent: list[dict] = []

    async def receive(self) -> dict:
        return await self.queue.get()

    async def send(self, message: dict) -> None:
        self.sent.append(message)


def binary(message) -> dict:
    return {"type": "websocket.receive", "bytes": frame(message)}


async def echo(scope, receive, send) -> None:
    while (await receive())["type"] != "websocket.disconnect":
        pass


async def serve(client: Client, limits: Limits = LIMITS, reads: int = 10) -> list[dict]:
    """What the app behind the bound received (up to `reads` messages or a disconnect), and
    it answers each by a message of its own."""
    seen: list[dict] = []

    async def app(scope, receive, send) -> None:
        for _ in range(reads):
            message = await receive()
            seen.append(message)
            if message["type"] == "websocket.disconnect":
                break
            await send({"type": "websocket.send", "bytes": b"\x00answer"})

    scope = {"type": "websocket", "path": "/ws", "client": ("10.0.0.7", 50000), "headers": []}
    await asyncio.wait_for(bounded_frames(app, limits)(scope, client.receive, client.send), 30)
    return seen


@pytest.mark.asyncio
async def test_an_event_before_register_closes_the_socket_and_ends_the_app():
    client = Client(binary(TAP), binary(REGISTER))
    seen = await serve(client)
    assert [m["type"] for m in seen] == ["websocket.connect", "websocket.disconnect"]
    assert {"type": "websocket.close", "code": 1008} in client.sent
    # nothing the app sends after the close goes out (uvicorn would raise)
    assert client.sent[-1] == {"type": "websocket.close", "code": 1008}


@pytest.mark.asyncio
async def test_a_registered_socket_passes_its_events_on():
    client = Client(binary(REGISTER), binary(TAP), binary(TAP), leaves=True)
    seen = await serve(client)
    assert [m.get("bytes") for m in seen[1:4]] == [frame(REGISTER), frame(TAP), frame(TAP)]
    assert seen[-1]["type"] == "websocket.disconnect"
    assert {"type": "websocket.close", "code": 1008} not in client.sent


@pytest.mark.asyncio
async def test_a_socket_that_never_registers_is_closed():
    client = Client()  # connects, then says nothing
    seen = await serve(client, Limits(register_seconds=0.05))
    assert seen[-1]["type"] == "websocket.disconnect"
    assert client.sent[-1] == {"type": "websocket.close", "code": 1008}


@pytest.fixture
def waits(monkeypatch) -> list[float]:
    """Every pause the bound takes, in seconds (taken at once, so the test never waits)."""
    taken: list[float] = []
    real_sleep = asyncio.sleep

    async def sleep(seconds: float) -> None:
        taken.append(seconds)
        await real_sleep(0)

    monkeypatch.setattr("views.web.frames.asyncio.sleep", sleep)
    return taken


@pytest.mark.asyncio
async def test_a_fast_socket_is_read_more_slowly_not_closed(waits):
    taps = [binary(TAP) for _ in range(6)]
    client = Client(binary(REGISTER), *taps, leaves=True)
    seen = await serve(client, Limits(per_second=20, burst=2))
    assert len(seen) == 9 and {"type": "websocket.close", "code": 1008} not in client.sent
    paced = [wait for wait in waits if wait > 0]
    assert len(paced) == 5 and paced == sorted(paced)  # the burst, then ever longer waits


@pytest.mark.asyncio
async def test_the_sockets_of_one_address_share_its_pace(waits):
    limits = Limits(per_second=100, burst=100, address_per_second=10, address_burst=4)
    guarded = bounded_frames(echo, limits)
    clients = [Client(binary(REGISTER), binary(TAP), leaves=True) for _ in range(3)]
    scope = {"type": "websocket", "path": "/ws", "client": ("10.0.0.7", 50000), "headers": []}
    await asyncio.gather(*(guarded(scope, c.receive, c.send) for c in clients))
    assert len([wait for wait in waits if wait > 0]) == 2  # 6 messages, 4 at once
    other = Client(binary(REGISTER), binary(TAP), leaves=True)  # another address: its own
    waits.clear()
    await guarded({**scope, "client": ("10.0.0.8", 50000)}, other.receive, other.send)
    assert waits == [0, 0]


@pytest.mark.asyncio
async def test_a_long_text_message_is_refused_a_keep_alive_passes():
    client = Client(binary(REGISTER), {"type": "websocket.receive", "text": "ping"},
                    {"type": "websocket.receive", "text": "x" * 10_000})
    seen = await serve(client)
    assert seen[2] == {"type": "websocket.receive", "text": "ping"}
    assert seen[-1]["type"] == "websocket.disconnect"
