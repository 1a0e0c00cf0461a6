"""The app's WebSockets: opened by the app's own pages only, bounded per client address (as are
the Flet sessions they open), and ended with their client."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import suppress
from contextvars import ContextVar
from typing import Any
from urllib.parse import urlsplit

from flet.messaging.session import Session
from flet_web.fastapi.flet_app_manager import FletAppManager, app_manager

from views.web.caps import Caps
from views.web.lines import said

Scope = dict[str, Any]
Message = MutableMapping[str, Any]  # as Starlette types an ASGI message
ASGIApp = Callable[[Scope, Callable[[], Awaitable[Message]], Callable[[Message], Awaitable[None]]],
                   Awaitable[None]]

# Per client address: open WebSockets, and Flet sessions held. A family behind one NAT'd
# address (say 6 phones, a few tabs each, plus a reload or two) stays well below; one client
# looping connect-and-leave cannot fill the server's memory.
PER_ADDRESS = 24
# And in all: sockets (each about a task and some buffers), and sessions (about 1 MB each):
# many addresses together cannot fill the server's memory either, and an address holding
# almost nothing still gets in (views/web/caps.py). More sessions than sockets may be held, so
# that there is always a disconnected one to make room.
SOCKETS = Caps(per_address=PER_ADDRESS, total=400, few=4, reserve=100)
TOTAL_SESSIONS = 600

# How long the handler of a WebSocket whose client left may take to finish (Flet's own takes
# milliseconds) before it is cancelled.
LEFT_GRACE_SECONDS = 5.0
# Messages read ahead of a handler: Flet's reads each at once, and a phone sends a few a second.
INBOX = 64

# The client address of the WebSocket being handled, for the session bound below: Flet
# registers a new session within the task that serves the socket.
CLIENT: ContextVar[str] = ContextVar("client address")


def same_origin(scope: Scope) -> bool:
    """Whether the request's Origin is the server it was sent to: http(s)://<its Host>. A page
    elsewhere that opens a WebSocket to this server sends its own origin."""
    headers = dict(scope.get("headers", []))
    host = headers.get(b"host", b"").decode("latin-1").lower()
    try:
        origin = urlsplit(headers.get(b"origin", b"").decode("latin-1").lower())
    except ValueError:
        return False
    return (origin.scheme in ("http", "https") and bool(host) and origin.netloc == host
            and origin.path == "" and not origin.query and not origin.fragment)


async def refuse(send: Callable[[Message], Awaitable[None]]) -> None:
    """Close a WebSocket before accepting it: the handshake is answered 403."""
    await send({"type": "websocket.close", "code": 1008})


def own_origin_only(app: ASGIApp) -> ASGIApp:
    """`app`, whose WebSockets open for the app's own pages only."""
    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] == "websocket" and not same_origin(scope):
            await refuse(send)
            return
        await app(scope, receive, send)

    return guarded


def client_address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


GAVE_WAY: Message = {"type": "websocket.disconnect", "code": 1013}  # 1013: try again later


class Gate:
    """One WebSocket's messages as the app behind the bound sees them, until it gives way
    (`give_way`): the client is sent a close, and the app is told that the client left, as
    when it does (so the app ends as it always does then); nothing more is sent."""

    def __init__(self, receive: Callable[[], Awaitable[Message]],
                 send: Callable[[Message], Awaitable[None]]):
        self._receive, self._send = receive, send
        self.waiting = True  # not registered yet: it may have to give way
        self.gone = asyncio.Event()
        self._next: asyncio.Future[Message] | None = None  # a receive begun while waiting

    async def receive(self) -> Message:
        if self._next is None and not self.waiting:
            return await self._receive() if not self.gone.is_set() else GAVE_WAY
        if self._next is None:
            self._next = asyncio.ensure_future(self._receive())
        gone = asyncio.ensure_future(self.gone.wait())
        either: set[asyncio.Future[Any]] = {self._next, gone}  # of different results
        try:
            await asyncio.wait(either, return_when=asyncio.FIRST_COMPLETED)
        finally:
            gone.cancel()
        if self.gone.is_set():
            self._next.cancel()
            return GAVE_WAY
        message, self._next = self._next.result(), None
        return message

    async def send(self, message: Message) -> None:
        if not self.gone.is_set():
            await self._send(message)

    async def give_way(self) -> None:
        self.gone.set()
        with suppress(OSError, RuntimeError):  # the client left, or the app closed it already
            await self._send({"type": "websocket.close", "code": 1013})


class Waiting:
    """The open WebSockets that have not registered a session yet, oldest first per address.
    The app's page registers within a second of opening its socket; a socket that waits is a
    client that does not (or not yet) use the app. When the server holds all it may, such a
    socket gives way to a newcomer from an address holding none, so the host's phone always
    gets in, however many waiting sockets other addresses open. (An address holding some
    does not: addresses whose sockets were closed would otherwise push out each other's.)"""

    def __init__(self) -> None:
        self.of: dict[str, dict[Gate, None]] = {}  # address -> its gates, oldest first

    def add(self, address: str, gate: Gate) -> None:
        self.of.setdefault(address, {})[gate] = None

    def discard(self, address: str, gate: Gate) -> None:
        waiting = self.of.get(address, {})
        waiting.pop(gate, None)
        if not waiting:
            self.of.pop(address, None)

    async def give_way(self) -> bool:
        """The oldest waiting socket of the address with the most of them gives way; whether
        there was one."""
        if not self.of:
            return False
        address = max(self.of, key=lambda a: len(self.of[a]))
        gate = next(iter(self.of[address]))
        self.discard(address, gate)
        await gate.give_way()
        return True


# Called by the socket's bound on its messages (views/web/frames.py) once it has registered.
REGISTERED: ContextVar[Callable[[], None]] = ContextVar("registered")


def registered() -> None:
    """The WebSocket being handled has registered its session: it no longer gives way."""
    mark = REGISTERED.get(None)
    if mark is not None:
        mark()


def bounded_per_address(app: ASGIApp, caps: Caps = SOCKETS) -> ASGIApp:
    """`app`, with open WebSockets within `caps` per client address and in all; each is
    served with its address in CLIENT. When all are taken, an address holding none still gets
    in: a socket that never registered gives way (Waiting)."""
    open_sockets: Counter[str] = Counter()
    waiting = Waiting()

    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        address = client_address(scope)
        mine = open_sockets[address]
        if not caps.admits(mine, open_sockets.total()) and (
                mine > 0 or not await waiting.give_way()):
            said(f"refused a WebSocket of {address or 'an unknown address'}: it has "
                 f"{open_sockets[address]} open, {open_sockets.total()} in all", key="sockets")
            await refuse(send)
            return
        open_sockets[address] += 1
        gate = Gate(receive, send)
        waiting.add(address, gate)

        def now_registered() -> None:
            gate.waiting = False
            waiting.discard(address, gate)

        token, mark = CLIENT.set(address), REGISTERED.set(now_registered)
        try:
            await app(scope, gate.receive, gate.send)
        finally:
            REGISTERED.reset(mark)
            CLIENT.reset(token)
            waiting.discard(address, gate)
            open_sockets[address] -= 1
            if not open_sockets[address]:
                del open_sockets[address]

    return guarded


def ends_with_its_client(app: ASGIApp, grace: float = LEFT_GRACE_SECONDS,
                         stopping: asyncio.Event | None = None) -> ASGIApp:
    """`app`, whose WebSocket handlers end with their client, as Flet's do not always:
    - a message sent after the client left raises in Flet's send loop, so its handler never
      marks the session disconnected: the session would never expire. Such a message is
      dropped instead (nothing can reach a client that left);
    - the handler of a socket that closed before registering a session waits forever (Flet
      stops its send loop for a session only): a handler still running `grace` seconds after
      its client left is cancelled, so that it frees its task and its place in the bound per
      address;
    - once the server is `stopping` (SIGTERM, Ctrl-C), such a handler is cancelled at once,
      left or not: a stop never waits on a socket that has no session to close;
    - the client is read on whether or not the handler reads (into a small inbox): Flet's
      receive loop ends for good at a message it cannot handle, and its handler would then
      never hear that the client left. A handler that takes nothing from a full inbox for
      `grace` seconds has stopped reading, and counts as left;
    - after a close (from the handler, a bound inside it, or uvicorn itself at a frame over
      its size), nothing more is sent: uvicorn would raise, with a traceback in the terminal."""
    async def serving(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] != "websocket":
            await app(scope, receive, send)
            return
        left = asyncio.Event()
        inbox: asyncio.Queue[Message] = asyncio.Queue(INBOX)
        closed = False  # the socket was closed (by a handler or a bound inside): nothing more

        async def reading() -> None:
            try:
                while not left.is_set():
                    message = await receive()
                    if message["type"] == "websocket.disconnect":
                        left.set()
                    async with asyncio.timeout(grace):
                        await inbox.put(message)
            except TimeoutError:
                pass  # the handler stopped reading
            finally:
                left.set()

        async def sending(message: Message) -> None:
            nonlocal closed
            if closed or left.is_set():
                return
            closed = message["type"] == "websocket.close"
            try:
                await send(message)
            except OSError:  # uvicorn's ClientDisconnected: the client left
                pass
            except RuntimeError as error:  # uvicorn closed it itself (a frame over its size)
                if not str(error).startswith("Unexpected ASGI message"):
                    raise

        reader = asyncio.ensure_future(reading())
        handler = asyncio.ensure_future(app(scope, inbox.get, sending))
        watcher = asyncio.ensure_future(left.wait())
        stop = asyncio.ensure_future((stopping or asyncio.Event()).wait())
        try:
            await asyncio.wait({handler, watcher, stop}, return_when=asyncio.FIRST_COMPLETED)
            if not handler.done() and not stop.done():
                await asyncio.wait({handler, stop}, timeout=grace,
                                   return_when=asyncio.FIRST_COMPLETED)
        finally:
            reader.cancel()
            watcher.cancel()
            stop.cancel()
            handler.cancel()  # a no-op for a handler that finished
        with suppress(asyncio.CancelledError):
            await handler

    return serving


class SessionsPerAddress:
    """Flet keeps every session a connection opens until it has been disconnected for the
    timeout, so a client connecting and leaving in a loop would pile them up. Each address
    holds at most `limit`: a new session first evicts the address's oldest disconnected ones.
    A session in use always has a connection, and connections per address are bounded by the
    same limit (bounded_per_address), so there is always a disconnected one to make room.
    All addresses together hold at most `total`: beyond it, the addresses holding the most
    give up their oldest disconnected sessions first."""

    def __init__(self, manager: FletAppManager, limit: int = PER_ADDRESS,
                 total: int = TOTAL_SESSIONS):
        self.manager = manager
        self.limit, self.total = limit, total
        self.register = manager.add_session
        self.held: dict[str, dict[str, Session]] = {}  # address -> manager's key -> session

    def install(self) -> None:
        """Have the manager register its sessions through us (once; installing again is a
        no-op)."""
        # Flet's manager has no hook for this: its method is replaced on the one instance.
        self.manager.add_session = self.add_session  # type: ignore[method-assign]

    async def add_session(self, session_id: str, session: Session) -> None:
        address = CLIENT.get(None)
        if address is not None:
            await self.make_room(address)
            self.held.setdefault(address, {})[session_id] = session
        await self.register(session_id, session)

    async def make_room(self, address: str) -> None:
        await self.evict(address, lambda: len(self.held.get(address, {})) >= self.limit)
        for biggest in sorted(self.held, key=lambda a: len(self.held[a]), reverse=True):
            if self.count() < self.total:
                break
            await self.evict(biggest, lambda: self.count() >= self.total)

    def count(self) -> int:
        return sum(len(held) for held in self.held.values())

    async def evict(self, address: str, too_many: Callable[[], bool]) -> None:
        """The address's oldest disconnected sessions leave while there are `too_many`."""
        held = self.held.get(address, {})
        for key, session in list(held.items()):
            if await self.manager.get_session(key) is not session:
                del held[key]  # expired meanwhile, and deleted by the manager
        for key, session in list(held.items()):
            if not too_many():
                break
            if session.connection is None:
                del held[key]
                await self.manager.delete_session(key)
        if not held:
            self.held.pop(address, None)


# Flet's sessions of this process, bounded per address.
SESSIONS = SessionsPerAddress(app_manager)
