"""Every WebSocket message bounded before Flet decodes it.

Flet's receive loop decodes whatever arrives and builds a control for every entry of a page
patch, on the event loop, with no limit; a message it cannot handle ends its loop, and a socket
that has not registered is then never let go. So each message is first checked here, cheaply:
its size, then its shape (decoded with msgpack's own limits, then counted: the protocol's
four client messages, REGISTER first and once, bodies of the right fields, patches of a few
hundred values at most), at a bounded rate per socket. A socket that does not register in
time, or sends what the app's page never sends, is closed with one line in the terminal; a
socket that sends too fast is read more slowly, so it slows only itself.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import msgpack

from views.records import archive
from views.web.lines import said
from views.web.sockets import ASGIApp, Message, Scope, client_address, registered

REGISTER, EVENT, UPDATE_PROPS, INVOKE_RESULT = 1, 3, 4, 5  # flet.messaging.protocol
# The fields of each client message's body (flet.messaging.protocol's dataclasses) and the
# type each must have; None: any value.
BODIES: dict[int, dict[str, tuple[type, ...] | None]] = {
    REGISTER: {"session_id": (str, type(None)), "page_name": (str,), "page": (dict,)},
    EVENT: {"target": (int,), "name": (str,), "data": None},
    UPDATE_PROPS: {"id": (int,), "props": (dict,)},
    INVOKE_RESULT: {"control_id": (int,), "call_id": (str,), "result": None,
                    "error": (str, type(None))},
}
PATCHES = {REGISTER: "page", UPDATE_PROPS: "props"}  # bodies whose part Flet builds controls of
FLET_FRAME, DATA_CHANNEL_FRAME = 0x00, 0x01  # the first byte of a binary message


@dataclass(frozen=True)
class Limits:
    """What one socket may send. The app's page sends a REGISTER of about 40 values, a tap
    as one small event, answers of a few hundred bytes, and once in a while a picked backup
    file in one answer; a phone tapping fast sends a few messages a second, plus one tiny
    keep-alive a second."""

    # a picked file (a backup or a game file, views/records/archive.py), in a method's answer
    largest: int = archive.MAX_BYTES + 64 * 1024
    small: int = 64 * 1024  # any other message
    text: int = 256  # a text message (the page's keep-alive)
    patch_values: int = 300  # values in a page patch (REGISTER) or a control's props
    values: int = 5_000  # values in any other message
    depth: int = 16
    per_second: float = 30.0  # messages, sustained
    burst: float = 120.0  # messages at once
    # and all sockets of one address together: its 24 sockets cannot take 24 sockets' share
    address_per_second: float = 60.0
    address_burst: float = 240.0
    bytes_per_second: float = 512 * 1024
    register_seconds: float = 20.0  # from the socket's opening to its REGISTER


LIMITS = Limits()


class Bucket:
    """A token bucket: `take` says how long to wait before what was taken may go on."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.level, self.at = burst, time.monotonic()

    def take(self, amount: float, now: float) -> float:
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        self.level -= amount
        return max(0.0, -self.level / self.rate)


def values_in(value: Any, depth: int, room: int) -> int:
    """How many values `value` holds (itself included), counting no further than `room`
    (more than that is too many anyway); past `depth` levels it counts as too many."""
    if depth < 0:
        return room + 1
    count = 1
    items = value.items() if isinstance(value, dict) else \
        ((None, item) for item in value) if isinstance(value, list) else ()
    for key, item in items:
        count += (key is not None) + values_in(item, depth - 1, room - count)
        if count > room:
            break
    return count


def refusal(data: bytes, registered: bool, limits: Limits) -> str:
    """Why the binary message `data` is not passed on to Flet ("": it is)."""
    if not data or data[0] not in (FLET_FRAME, DATA_CHANNEL_FRAME):
        return "not a Flet message"
    if data[0] == DATA_CHANNEL_FRAME:  # the app opens no data channel
        return "" if len(data) <= limits.small else "too large"
    answer = data[1:3] == bytes([0x92, INVOKE_RESULT])  # msgpack's [5, ...]: a method's answer
    if len(data) > (limits.largest if answer else limits.small):  # only an answer may be large
        return "too large"
    try:
        message = msgpack.unpackb(data[1:], max_array_len=limits.values,
                                  max_map_len=limits.values, max_ext_len=64)
    except Exception:  # msgpack's errors have no common base: anything it refuses
        return "not MessagePack within the limits"
    if not (isinstance(message, list) and len(message) == 2 and message[0] in BODIES
            and isinstance(message[1], dict)):
        return "not a client message"
    action, body = message
    fields = BODIES[action]
    if set(body) != set(fields) or any(
            kinds is not None and not isinstance(body[name], kinds)
            for name, kinds in fields.items()):
        return "a malformed message"
    if registered == (action == REGISTER):
        return "a second REGISTER" if registered else "a message before REGISTER"
    room = limits.patch_values if action in PATCHES else limits.values
    if values_in(body, limits.depth, room) > room:
        return "too many values"
    return ""


DISCONNECT: Message = {"type": "websocket.disconnect", "code": 1008}


class Conversation:
    """One socket's messages, as the app behind the bound receives them."""

    def __init__(self, scope: Scope, receive: Callable[[], Awaitable[Message]],
                 send: Callable[[Message], Awaitable[None]], limits: Limits,
                 address_messages: Bucket):
        self.address = client_address(scope)
        self._receive, self._send, self.limits = receive, send, limits
        self.registered = False
        self.closed = False
        self.deadline = asyncio.get_running_loop().time() + limits.register_seconds
        self.messages = Bucket(limits.per_second, limits.burst)
        self.address_messages = address_messages  # shared by the address's sockets
        self.bytes = Bucket(limits.bytes_per_second, limits.largest)

    async def receive(self) -> Message:
        if self.closed:
            return DISCONNECT
        # asyncio.timeout, not wait_for: Python 3.11's wait_for can swallow a cancellation
        # that comes with the message (a stopping server's), leaving Flet's handler behind.
        try:
            async with asyncio.timeout_at(None if self.registered else self.deadline):
                message = await self._receive()
        except TimeoutError:
            return await self.refuse("no REGISTER in time")
        if message["type"] != "websocket.receive":
            return message
        text, data = message.get("text"), message.get("bytes")
        if text is not None:
            why = "too large" if len(text) > self.limits.text else ""
        else:
            why = refusal(data or b"", self.registered, self.limits)
        if why:
            return await self.refuse(why)
        if not self.registered and text is None and (data or b"")[:1] == bytes([FLET_FRAME]):
            self.registered = True
            registered()  # it no longer gives way to a newcomer (views/web/sockets.py)
        now = time.monotonic()
        size = len(text or data or b"")
        await asyncio.sleep(max(self.messages.take(1, now), self.address_messages.take(1, now),
                                self.bytes.take(size, now)))
        return message

    async def send(self, message: Message) -> None:
        if not self.closed:  # nothing goes out after our close
            await self._send(message)

    async def refuse(self, why: str) -> Message:
        said(f"refused a WebSocket of {self.address or 'an unknown address'}: {why}",
             key=why)
        self.closed = True
        with suppress(OSError):  # the client may have left already
            await self._send({"type": "websocket.close", "code": 1008})
        return DISCONNECT


def bounded_frames(app: ASGIApp, limits: Limits = LIMITS) -> ASGIApp:
    """`app`, whose WebSockets pass on only messages within `limits`."""
    addresses: dict[str, tuple[Bucket, int]] = {}  # address -> (its bucket, sockets using it)

    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        address = client_address(scope)
        bucket, users = addresses.get(address) or (
            Bucket(limits.address_per_second, limits.address_burst), 0)
        addresses[address] = (bucket, users + 1)
        try:
            conversation = Conversation(scope, receive, send, limits, bucket)
            await app(scope, conversation.receive, conversation.send)
        finally:
            bucket, users = addresses[address]
            if users > 1:
                addresses[address] = (bucket, users - 1)
            else:
                del addresses[address]

    return guarded

