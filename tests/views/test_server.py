"""The server's policy: every HTTP response lets the page talk to its own server only."""

from __future__ import annotations

import asyncio
import logging
import re

import httpx
import pytest
from flet_web.fastapi.flet_app_manager import FletAppManager

from views.web.caps import Caps
from views.web.quiet import quiet_terminal
from views.web.server import UNSERVED, own_host_only, policy, web_app
from views.web.sockets import (
    CLIENT,
    SessionsPerAddress,
    bounded_per_address,
    ends_with_its_client,
    own_origin_only,
    registered,
    same_origin,
)


async def call(app, scope: dict) -> list[dict]:
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    await own_host_only(app)(scope, receive, send)
    return sent


async def page(scope, receive, send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", b"text/html"), (b"Content-Security-Policy", b"default-src *")]})
    await send({"type": "http.response.body", "body": b"<html></html>"})


@pytest.mark.asyncio
async def test_every_http_response_carries_the_policy_and_only_ours():
    start, body = await call(page, {"type": "http", "path": "/",
                                    "headers": [(b"host", b"192.168.1.20:8550")]})
    policies = [v for k, v in start["headers"] if k.lower() == b"content-security-policy"]
    assert policies == [policy("192.168.1.20:8550").encode()]
    assert (b"content-type", b"text/html") in start["headers"]
    assert body["body"] == b"<html></html>"


def sources(text: str) -> dict[str, list[str]]:
    return {d.split()[0]: d.split()[1:] for d in text.split("; ")}


def test_the_policy_names_no_other_host():
    # Sources are keywords ('self', 'none', ...) or the data:/blob: schemes of the page itself.
    directives = sources(policy())
    assert directives["default-src"] == directives["connect-src"] == ["'self'"]
    assert all(re.fullmatch(r"'[a-z-]+'|data:|blob:", source)
               for listed in directives.values() for source in listed), directives


@pytest.mark.parametrize("host", ["192.168.1.20:8550", "laptop.local:8550", "[fe80::1]:8550",
                                  "localhost"])
def test_the_servers_own_websocket_is_named_for_safari_before_16(host):
    assert sources(policy(host))["connect-src"] == ["'self'", f"ws://{host}", f"wss://{host}"]


@pytest.mark.parametrize("host", ["evil.example; script-src *", "a b", "x:80/path", "",
                                  "host:123456"])
def test_a_host_header_that_is_no_host_is_not_echoed(host):
    assert policy(host) == policy()


@pytest.mark.asyncio
async def test_websocket_and_lifespan_messages_pass_untouched():
    seen = []

    async def app(scope, receive, send) -> None:
        seen.append(scope["type"])
        await send({"type": "websocket.accept", "headers": []})

    [accept] = await call(app, {"type": "websocket", "path": "/ws"})
    assert seen == ["websocket"] and accept == {"type": "websocket.accept", "headers": []}


async def flet_like(scope, receive, send) -> None:
    """A response with the headers Flet's middleware adds to every one."""
    await send({"type": "http.response.start", "status": 200, "headers": [
        (b"content-type", b"text/html"), (b"access-control-allow-origin", b"*"),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"cross-origin-embedder-policy", b"require-corp")]})
    await send({"type": "http.response.body", "body": b""})


@pytest.mark.asyncio
async def test_no_cors_grant_and_no_framing_on_any_response():
    start, _ = await call(flet_like, {"type": "http", "path": "/", "headers": []})
    headers = {k.lower(): v for k, v in start["headers"]}
    assert b"access-control-allow-origin" not in headers
    assert headers[b"x-frame-options"] == b"DENY"
    assert sources(headers[b"content-security-policy"].decode())["frame-ancestors"] == \
        ["'none'"]
    # Flutter's renderers need cross-origin isolation: those stay as Flet sets them.
    assert headers[b"cross-origin-opener-policy"] == b"same-origin"
    assert headers[b"cross-origin-embedder-policy"] == b"require-corp"


@pytest.fixture(scope="module")
def served():
    from views.app import ASSETS

    async def main(page) -> None:
        pass

    return web_app(main, str(ASSETS), allowed_hosts=["192.168.1.20"])


async def fetch(app, method: str, path: str) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app),
                                 base_url="http://192.168.1.20:8550") as client:
        return await client.request(method, path)


@pytest.mark.asyncio
@pytest.mark.parametrize("path", sorted(UNSERVED))
async def test_the_api_pages_and_the_oauth_callback_are_not_found(served, path):
    for method in ("GET", "HEAD"):
        response = await fetch(served, method, path)
        assert response.status_code == 404, (method, path)
        assert response.headers["x-frame-options"] == "DENY"
        assert "access-control-allow-origin" not in response.headers


@pytest.mark.asyncio
async def test_the_app_itself_is_served_with_our_headers(served):
    response = await fetch(served, "GET", "/")
    assert response.status_code == 200 and "<html" in response.text.lower()
    assert response.headers["x-frame-options"] == "DENY"
    assert "access-control-allow-origin" not in response.headers
    assert response.headers["cross-origin-opener-policy"] == "same-origin"


def websocket_scope(origin: str | None, host: str | None = "192.168.1.20:8550",
                    client: str = "192.168.1.31") -> dict:
    headers = [(b"host", host.encode())] if host is not None else []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    return {"type": "websocket", "path": "/ws", "headers": headers, "client": (client, 50000)}


@pytest.mark.parametrize("origin", ["http://192.168.1.20:8550", "https://192.168.1.20:8550",
                                    "HTTP://192.168.1.20:8550"])
def test_the_apps_own_origin_is_same_origin(origin):
    assert same_origin(websocket_scope(origin))


@pytest.mark.parametrize("origin", [None, "", "null", "http://evil.example",
                                    "http://192.168.1.20:8551", "http://192.168.1.20",
                                    "ws://192.168.1.20:8550", "http://192.168.1.20:8550/x",
                                    "http://user@192.168.1.20:8550", "http://[::1"])
def test_no_origin_or_another_is_not(origin):
    assert not same_origin(websocket_scope(origin))


def test_no_host_is_no_origin_to_match():
    assert not same_origin(websocket_scope("http://", host=None))


class Socket:
    """An ASGI WebSocket conversation: what the guarded app sent, and whether the app behind
    the guard saw it."""

    def __init__(self, registers: bool = True):
        self.sent: list[dict] = []
        self.reached = False
        self.registers = registers  # as the app's page does at once; a client that never does
        self.leave = asyncio.Event()

    async def app(self, scope, receive, send) -> None:
        self.reached = True
        await send({"type": "websocket.accept"})
        if self.registers:
            registered()
        await self.leave.wait()

    async def receive(self) -> dict:
        return {"type": "websocket.connect"}

    async def send(self, message: dict) -> None:
        self.sent.append(message)


@pytest.mark.asyncio
async def test_a_websocket_from_another_origin_is_refused_before_accept():
    foreign, own = Socket(), Socket()
    own.leave.set()
    await own_origin_only(foreign.app)(websocket_scope("http://evil.example"), foreign.receive,
                                       foreign.send)
    await own_origin_only(own.app)(websocket_scope("http://192.168.1.20:8550"), own.receive,
                                   own.send)
    assert not foreign.reached and foreign.sent == [{"type": "websocket.close", "code": 1008}]
    assert own.reached and own.sent == [{"type": "websocket.accept"}]


async def behind(scope, receive, send) -> None:
    """The app behind the bound: each test socket's own."""
    await scope["socket"].app(scope, receive, send)


async def open_socket(guarded, client: str, registers: bool = True
                      ) -> tuple[Socket, asyncio.Task]:
    socket = Socket(registers)
    scope = {**websocket_scope("http://192.168.1.20:8550", client=client), "socket": socket}
    task = asyncio.create_task(guarded(scope, socket.receive, socket.send))
    while not (socket.reached or task.done()):  # it reaches the app or is refused
        await asyncio.sleep(0)
    await asyncio.sleep(0)  # and registers, if it does
    return socket, task


@pytest.mark.asyncio
async def test_open_websockets_are_bounded_per_address():
    guarded = bounded_per_address(behind, Caps(per_address=3, total=100, few=1, reserve=0))
    opened = [await open_socket(guarded, "10.0.0.7") for _ in range(3)]
    assert all(socket.reached for socket, _ in opened)

    fourth, task = await open_socket(guarded, "10.0.0.7")
    await asyncio.wait_for(task, timeout=1)  # refused: over at once
    assert not fourth.reached and fourth.sent == [{"type": "websocket.close", "code": 1008}]

    neighbour, neighbour_task = await open_socket(guarded, "10.0.0.8")  # its own bound
    assert neighbour.reached

    first, first_task = opened[0]  # one of the three leaves: room for one more
    first.leave.set()
    await first_task
    again, again_task = await open_socket(guarded, "10.0.0.7")
    assert again.reached
    for socket in (*(s for s, _ in opened), neighbour, again):
        socket.leave.set()
    await asyncio.gather(*(t for _, t in opened[1:]), neighbour_task, again_task)


@pytest.mark.asyncio
async def test_open_websockets_are_bounded_in_all_with_a_reserve_for_newcomers():
    guarded = bounded_per_address(behind, Caps(per_address=3, total=4, few=1, reserve=1))
    flood = [await open_socket(guarded, address) for address in ("10.0.0.7",) * 3 + ("10.0.0.8",)]
    assert all(socket.reached for socket, _ in flood)
    more, more_task = await open_socket(guarded, "10.0.0.8")  # the total is full
    await asyncio.wait_for(more_task, timeout=1)
    host, host_task = await open_socket(guarded, "10.0.0.9")  # holds nothing: the reserve
    late, late_task = await open_socket(guarded, "10.0.0.10")  # the reserve is taken
    await asyncio.wait_for(late_task, timeout=1)
    assert not more.reached and host.reached and not late.reached
    for socket in (*(s for s, _ in flood), host):
        socket.leave.set()
    await asyncio.gather(*(t for _, t in flood), host_task)


@pytest.mark.asyncio
async def test_when_all_are_taken_a_socket_that_never_registered_gives_way_to_a_newcomer():
    guarded = bounded_per_address(behind, Caps(per_address=3, total=4, few=2, reserve=0))
    idle = [await open_socket(guarded, address, registers=False)
            for address in ("10.0.0.7",) * 3 + ("10.0.0.8",)]
    more, more_task = await open_socket(guarded, "10.0.0.8")  # holds one already: refused
    await asyncio.wait_for(more_task, timeout=10)
    phone, phone_task = await open_socket(guarded, "10.0.0.6")  # holds none: gets in
    oldest = idle[0][0]  # of the address holding the most that wait: closed, told it left
    assert not more.reached and phone.reached
    assert oldest.sent[-1] == {"type": "websocket.close", "code": 1013}
    host, host_task = await open_socket(guarded, "10.0.0.9")  # the next one of 10.0.0.7 gives way
    assert host.reached and idle[1][0].sent[-1]["type"] == "websocket.close"
    assert [socket.sent[-1]["type"] for socket, _ in idle[2:]] == ["websocket.accept"] * 2
    for socket in (*(s for s, _ in idle), phone, host):
        socket.leave.set()
    await asyncio.gather(*(t for _, t in idle), phone_task, host_task)


@pytest.mark.asyncio
async def test_the_app_behind_the_bound_knows_the_client_address():
    seen = []

    async def app(scope, receive, send) -> None:
        seen.append(CLIENT.get())

    await bounded_per_address(app)(websocket_scope("http://192.168.1.20:8550",
                                                   client="10.0.0.9"), None, None)
    assert seen == ["10.0.0.9"] and CLIENT.get(None) is None


async def client_leaves() -> dict:
    return {"type": "websocket.disconnect", "code": 1001}


async def client_stays() -> dict:
    await asyncio.Event().wait()
    return {}


@pytest.mark.asyncio
async def test_a_handler_that_outlives_its_client_is_ended():
    ended = asyncio.Event()

    async def stuck(scope, receive, send) -> None:
        await receive()
        try:
            await asyncio.Event().wait()  # as Flet's send loop for a socket with no session
        finally:
            ended.set()

    guarded = ends_with_its_client(stuck, grace=0.01)
    await asyncio.wait_for(guarded(websocket_scope(None), client_leaves, None), timeout=1)
    assert ended.is_set()


@pytest.mark.asyncio
async def test_a_handler_whose_client_stays_is_left_to_finish():
    done = asyncio.Event()
    finished = []

    async def serving(scope, receive, send) -> None:
        reading = asyncio.ensure_future(receive())  # the client never leaves
        await done.wait()
        reading.cancel()
        finished.append(True)

    guarded = asyncio.ensure_future(ends_with_its_client(serving, grace=0.01)(
        websocket_scope(None), client_stays, None))
    await asyncio.sleep(0.05)  # well past the grace: no client left, so nothing is ended
    assert not guarded.done()
    done.set()
    await asyncio.wait_for(guarded, timeout=1)
    assert finished == [True]


@pytest.mark.asyncio
async def test_a_stopping_server_ends_a_handler_without_a_session_at_once():
    ended = asyncio.Event()
    stopping = asyncio.Event()

    async def stuck(scope, receive, send) -> None:
        try:
            await asyncio.Event().wait()  # a socket that never registered a session
        finally:
            ended.set()

    for receive in (client_stays, client_leaves):  # connected still, or gone in its grace
        ended.clear()
        guarded = asyncio.ensure_future(ends_with_its_client(stuck, grace=3600,
                                                             stopping=stopping)(
            websocket_scope(None), receive, None))
        await asyncio.sleep(0.01)
        assert not guarded.done()
        stopping.set()
        await asyncio.wait_for(guarded, timeout=1)  # no wait for the hour's grace
        assert ended.is_set()
        stopping.clear()


@pytest.mark.asyncio
async def test_what_a_handler_sends_after_its_client_left_is_dropped():
    steps = []

    async def gone(message: dict) -> None:
        raise OSError("client disconnected")  # what uvicorn raises (ClientDisconnected)

    async def handler(scope, receive, send) -> None:
        await send({"type": "websocket.send", "bytes": b"late"})
        steps.append("went on")  # Flet's handler goes on to mark its session disconnected

    await ends_with_its_client(handler)(websocket_scope(None), client_stays, gone)
    assert steps == ["went on"]


@pytest.mark.asyncio
async def test_nothing_is_sent_after_the_socket_was_closed():
    """Flet's send loop may still send after a bound inside closed the socket (a page gone
    silent): uvicorn would raise, with a traceback in the terminal."""
    sent = []

    async def send(message: dict) -> None:
        sent.append(message["type"])

    async def handler(scope, receive, send) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1001})
        await send({"type": "websocket.send", "bytes": b"late"})

    await ends_with_its_client(handler)(websocket_scope(None), client_stays, send)
    assert sent == ["websocket.accept", "websocket.close"]


@pytest.mark.asyncio
async def test_nothing_is_sent_after_uvicorn_closed_the_socket_itself():
    """A frame over uvicorn's size: it closes the socket, and raises at the app's next send."""
    async def send(message: dict) -> None:
        if message["type"] == "websocket.send":
            raise RuntimeError("Unexpected ASGI message 'websocket.send', after sending "
                               "'websocket.close'.")

    async def handler(scope, receive, send) -> None:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "bytes": b"after uvicorn's close"})

    await ends_with_its_client(handler)(websocket_scope(None), client_stays, send)


@pytest.mark.asyncio
async def test_a_session_closed_under_the_app_is_one_line_without_its_traceback(caplog):
    """The app's page handler raises "Session closed" when its phone left while the page was
    being made (a socket ended by a bound); Flet logs it as unhandled, with its traceback."""
    quiet_terminal()
    try:
        raise RuntimeError("Session closed")
    except RuntimeError:
        logging.getLogger("flet_web.fastapi").error("Unhandled error processing page session: ",
                                                    exc_info=True)
    try:
        raise RuntimeError("a bug of ours")
    except RuntimeError:
        logging.getLogger("flet_web.fastapi").error("Unhandled error processing page session: ",
                                                    exc_info=True)
    logged = [(record.getMessage(), record.exc_info) for record in caplog.records]
    assert logged[0] == ("tallybook: a phone left while its page was being made", None)
    assert len(logged) == 2 and str(logged[1][1][1]) == "a bug of ours"  # with its traceback


@pytest.mark.asyncio
async def test_a_handlers_error_still_surfaces():
    async def failing(scope, receive, send) -> None:
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        await ends_with_its_client(failing)(websocket_scope(None), client_stays, None)


class StubSession:
    """What the bound looks at in a Flet session: its connection, and close() on eviction."""

    def __init__(self, connected: bool = False):
        self.connection = object() if connected else None
        self.closed = False

    def close(self) -> None:
        self.closed = True


async def add(bound: SessionsPerAddress, address: str, key: str, session) -> None:
    token = CLIENT.set(address)
    try:
        await bound.manager.add_session(key, session)
    finally:
        CLIENT.reset(token)


@pytest.mark.asyncio
async def test_a_new_session_evicts_the_addresss_oldest_disconnected_one():
    manager = FletAppManager()
    bound = SessionsPerAddress(manager, limit=3)
    bound.install()
    bound.install()  # a second web_app in one process wraps nothing twice
    a, b, c, d = (StubSession(connected=True), StubSession(), StubSession(), StubSession())
    for key, session in zip("abc", (a, b, c), strict=True):
        await add(bound, "10.0.0.7", key, session)
    other = StubSession()
    await add(bound, "10.0.0.8", "x", other)

    await add(bound, "10.0.0.7", "d", d)
    # a is in use: b, the oldest disconnected one, made room; the other address kept its own
    assert [await manager.get_session(k) for k in "abcdx"] == [a, None, c, d, other]
    assert b.closed and not (a.closed or c.closed or other.closed)


@pytest.mark.asyncio
async def test_sessions_that_expired_meanwhile_make_room_themselves():
    manager = FletAppManager()
    bound = SessionsPerAddress(manager, limit=2)
    bound.install()
    a, b, c = StubSession(), StubSession(), StubSession()
    await add(bound, "10.0.0.7", "a", a)
    await add(bound, "10.0.0.7", "b", b)
    await manager.delete_session("a")  # the manager's own expiry
    await add(bound, "10.0.0.7", "c", c)
    assert [await manager.get_session(k) for k in "abc"] == [None, b, c]
    assert not b.closed


@pytest.mark.asyncio
async def test_sessions_are_bounded_in_all_and_the_biggest_holder_gives_way():
    manager = FletAppManager()
    bound = SessionsPerAddress(manager, limit=10, total=4)
    bound.install()
    flood = [StubSession() for _ in range(3)]
    for n, session in enumerate(flood):
        await add(bound, "10.0.0.7", f"f{n}", session)
    phone = StubSession(connected=True)
    await add(bound, "10.0.0.8", "phone", phone)
    newcomer = StubSession()
    await add(bound, "10.0.0.9", "new", newcomer)
    # all four held: the flooding address's oldest disconnected session made room
    assert await manager.get_session("f0") is None and flood[0].closed
    assert [await manager.get_session(k) for k in ("f1", "f2", "phone", "new")] == \
        [flood[1], flood[2], phone, newcomer]


@pytest.mark.asyncio
async def test_a_handler_that_stopped_reading_still_ends_when_its_client_leaves():
    ended = asyncio.Event()
    queue: asyncio.Queue[dict] = asyncio.Queue()
    for message in ({"type": "websocket.connect"},
                    {"type": "websocket.receive", "bytes": b"\x00bad"},
                    {"type": "websocket.disconnect", "code": 1000}):
        queue.put_nowait(message)

    async def dies_reading(scope, receive, send) -> None:
        await receive()
        await receive()  # a message it cannot handle: Flet's receive loop ends for good
        try:
            await asyncio.Event().wait()  # and its handler waits on its send loop
        finally:
            ended.set()

    guarded = ends_with_its_client(dies_reading, grace=0.01)
    await asyncio.wait_for(guarded(websocket_scope(None), queue.get, None), timeout=5)
    assert ended.is_set()
