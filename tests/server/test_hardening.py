"""The real server against clients that are not the app's own pages: a WebSocket from another
origin or for another name (DNS rebinding), too many from one address, sessions piled up by one
address, messages the page never sends, slow and endless HTTP headers, and the pages a FastAPI
app would serve; and a second server on the same data folder. A raw WebSocket or TCP client
speaks to it here; no browser is needed."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import ExitStack, suppress

import msgpack
import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from tests.e2e.harness import ROOT, TALLYBOOK, WAIT_S, Server, free_port, poll
from views.web.server import UNSERVED
from views.web.sockets import LEFT_GRACE_SECONDS, PER_ADDRESS

REGISTER_CLIENT = 1  # flet.messaging.protocol.MessageAction.REGISTER_CLIENT


def socket_url(server) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


def own_origin(server) -> str:
    return f"http://127.0.0.1:{server.port}"


def open_socket(server, origin: str | None) -> ClientConnection:
    return connect(socket_url(server), origin=origin, open_timeout=WAIT_S)  # type: ignore[arg-type]


def register(connection: ClientConnection, session_id: str = "") -> str:
    """Flet's handshake, as its client sends it at start: the session the server gives us."""
    request = [REGISTER_CLIENT, {"session_id": session_id, "page_name": "",
                                 "page": {"route": "/", "width": 390, "height": 844}}]
    connection.send(b"\x00" + msgpack.packb(request))
    while True:
        frame = connection.recv(timeout=WAIT_S)
        assert isinstance(frame, bytes)
        action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
        if action == REGISTER_CLIENT:
            return str(body["session_id"])


def refused(server, origin: str | None) -> int:
    with pytest.raises(InvalidStatus) as refusal, open_socket(server, origin):
        pass
    return refusal.value.response.status_code


def accepts(server) -> bool:
    """Whether the server accepts a WebSocket of its own origin now and serves it a session.
    (A place is free again only once the server has seen a socket go: a second socket opened
    right after this one could be refused, so this one is the proof.)"""
    try:
        with open_socket(server, own_origin(server)) as connection:
            return bool(register(connection))
    except InvalidStatus:  # refused at once: the address's places are full
        return False


def accepted_within(server, seconds: float) -> bool:
    """Whether the server accepts a WebSocket of its own origin and serves it a session within
    `seconds`."""
    began = time.monotonic()
    poll(lambda: accepts(server), "a place for a WebSocket again")
    return time.monotonic() - began < seconds


def test_a_websocket_from_another_origin_or_none_is_refused(server):
    port = server.port
    for origin in ("http://evil.example", f"http://127.0.0.1:{port + 1}",
                   f"http://localhost:{port}", None):
        assert refused(server, origin) == 403, origin
    with open_socket(server, own_origin(server)) as own:
        assert register(own)  # the app's own page: accepted, and served a session


def test_open_websockets_per_address_are_bounded_and_a_closed_one_frees_its_place(server):
    with ExitStack() as stack:
        sockets = [stack.enter_context(open_socket(server, own_origin(server)))
                   for _ in range(PER_ADDRESS)]
        assert refused(server, own_origin(server)) == 403
        # Closed before registering a session: Flet's handler alone would never end.
        sockets[0].close()
        assert accepted_within(server, LEFT_GRACE_SECONDS + 5)


def new_session(server) -> str:
    with open_socket(server, own_origin(server)) as connection:
        return register(connection)


def session_after_reconnect(server, session_id: str) -> str:
    with open_socket(server, own_origin(server)) as connection:
        return register(connection, session_id)


def test_one_address_holds_a_bounded_number_of_sessions(server):
    ids = [new_session(server) for _ in range(PER_ADDRESS)]
    assert session_after_reconnect(server, ids[1]) == ids[1]  # a reload keeps its session
    new_session(server)  # one more than the bound: the oldest one that is not in use leaves
    assert session_after_reconnect(server, ids[2]) == ids[2]
    assert session_after_reconnect(server, ids[0]) != ids[0]


def test_api_pages_are_not_served_and_nothing_may_frame_the_app(server):
    for path in sorted(UNSERVED):
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(server.url.rstrip("/") + path, timeout=WAIT_S)
        assert missing.value.code == 404, path
    with urllib.request.urlopen(server.url, timeout=WAIT_S) as page:
        assert page.headers["x-frame-options"] == "DENY"
        assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
        assert page.headers["access-control-allow-origin"] is None


def test_a_second_server_on_the_same_data_refuses_to_start(server):
    command = shutil.which("tallybook")
    second = subprocess.run([*([command] if command else TALLYBOOK), "--port", str(free_port()),
                             "--data", str(server.data)], cwd=ROOT, capture_output=True,
                            text=True, timeout=WAIT_S)
    assert second.returncode == 2
    assert second.stdout == ""
    assert second.stderr == (f"tallybook: another tallybook is serving {server.data} "
                             f"(pid {server.proc.pid}); stop it or choose another --data\n")
    with urllib.request.urlopen(server.url, timeout=WAIT_S) as page:  # the first serves on
        assert page.status == 200

    server.stop()  # its lock goes with it: a new server on the folder starts
    again = Server(server.data)
    again.start()
    again.stop()


EVENT = 3  # flet.messaging.protocol.MessageAction.CONTROL_EVENT


def flet_frame(message: list) -> bytes:
    return b"\x00" + msgpack.packb(message)


def closed_by_server(connection: ClientConnection) -> int:
    """The code the server closed `connection` with, whatever it sent before."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            connection.recv(timeout=WAIT_S)
    assert closed.value.rcvd is not None, "the server never closed it"
    return closed.value.rcvd.code


def test_a_register_of_100_000_views_is_refused_before_flet_builds_them(server):
    views = {"session_id": "", "page_name": "", "page": {"route": "/", "views": [{}] * 100_000}}
    many = {**views, "page": {"route": "/", "views": [{}] * 50_000}}  # under the size bound
    for body in (views, many):
        with open_socket(server, own_origin(server)) as hostile:
            hostile.send(flet_frame([REGISTER_CLIENT, body]))
            assert closed_by_server(hostile) == 1008
    assert new_session(server)  # the server serves on


def test_sockets_that_send_an_event_before_registering_do_not_lock_their_address_out(server):
    for _ in range(PER_ADDRESS):  # Flet's receive loop died on each; its handler never ended
        with open_socket(server, own_origin(server)) as early:
            early.send(flet_frame([EVENT, {"target": 1, "name": "click", "data": None}]))
            assert closed_by_server(early) == 1008
    assert accepted_within(server, LEFT_GRACE_SECONDS + 10)


REBOUND = "rebound.evil.example"  # a name the attacker's DNS points at this server


def test_a_page_on_another_name_is_neither_served_nor_given_a_websocket(server):
    """DNS rebinding: the attacker's page is same-origin with itself on its own name."""
    asked = urllib.request.Request(server.url, headers={"Host": f"{REBOUND}:{server.port}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(asked, timeout=WAIT_S)
    assert refused.value.code == 421
    with pytest.raises(InvalidStatus) as socket_refused, connect(
            f"ws://{REBOUND}:{server.port}/ws", origin=f"http://{REBOUND}:{server.port}",
            sock=socket.create_connection(("127.0.0.1", server.port)), open_timeout=WAIT_S):
        pass
    assert socket_refused.value.response.status_code == 403
    log = (server.data.parent / "server.log").read_text(encoding="utf-8")
    assert f"refused a request for '{REBOUND}:{server.port}' from 127.0.0.1" in log
    for name in ("localhost", "tallybook.lan"):  # its own names, and --allowed-host's
        own = urllib.request.Request(server.url, headers={"Host": f"{name}:{server.port}"})
        with urllib.request.urlopen(own, timeout=WAIT_S) as page:
            assert page.status == 200


def raw_connection(server, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=WAIT_S,
                                    source_address=(source, 0))


def closed_by_peer(connection: socket.socket) -> bytes:
    """What the server sent before it closed `connection` (a timeout if it never does)."""
    received = b""
    while chunk := connection.recv(65536):
        received += chunk
    return received


def served_from(server, source: str) -> bool:
    with raw_connection(server, source) as connection:
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return closed_by_peer(connection).startswith(b"HTTP/1.1 200")


def test_slow_clients_hold_only_their_own_share_and_not_for_long(server):
    from views.web.guarded_http import CONNECTIONS

    with ExitStack() as stack:
        slow = [stack.enter_context(raw_connection(server))
                for _ in range(CONNECTIONS.per_address)]
        for connection in slow:
            connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the rest
        one_more = stack.enter_context(raw_connection(server))
        assert closed_by_peer(one_more) == b""  # over its address's share: closed at once
        assert served_from(server, "127.0.0.2")  # another address gets in meanwhile
        for connection in slow:  # the header deadline: each is let go
            assert closed_by_peer(connection) == b""
    assert served_from(server, "127.0.0.1")


def test_endless_headers_are_refused(server):
    with raw_connection(server) as connection:
        # just over the bound, and no more: the server reads it all, so its answer is not
        # lost to a reset (uvicorn alone waits on for the end of the headers)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
                           b"".join(b"X-Padding: " + b"x" * 1000 + b"\r\n" for _ in range(70)))
        assert closed_by_peer(connection).startswith(b"HTTP/1.1 431")


HOSTILE_AFTER_REGISTER = [  # each passes the frame bounds, then fails in Flet or the app
    [5, {"control_id": 99999, "call_id": "x", "result": None, "error": None}],
    [4, {"id": 1, "props": {"platform_brightness": "bogus"}}],
    [4, {"id": 1, "props": {"width": "wide"}}],
    [3, {"target": 99999, "name": "click", "data": None}],
    [3, {"target": 1, "name": "route_change", "data": {"route": 7}}],
    [3, {"target": 1, "name": "nothing", "data": [1, 2]}],
    [1, {"session_id": "", "page_name": "", "page": {"route": "/"}}],
]


# How long a hostile socket listens for whatever comes of its message: the server may answer,
# close, or say nothing, and what the test asserts is the terminal afterwards, not an answer.
HEARD_S = 2

HOSTILE_REGISTERS = [  # the first message: a REGISTER of the right fields, with odd values
    {"route": 7}, {"route": "/", "width": "wide"}, {"route": "/", "platform_brightness": "x"},
    {"route": "/" + "x" * 10_000}, {"route": "/\x1b[2J"}, {},
]


def test_hostile_messages_and_early_leavers_leave_no_traceback_in_the_terminal(server):
    for page in HOSTILE_REGISTERS:
        with open_socket(server, own_origin(server)) as hostile:
            hostile.send(flet_frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                                       "page": page}]))
            with suppress(TimeoutError, ConnectionClosed):
                hostile.recv(timeout=HEARD_S)
    for message in HOSTILE_AFTER_REGISTER:
        with open_socket(server, own_origin(server)) as hostile:
            register(hostile)
            hostile.send(flet_frame(message))
            with suppress(TimeoutError, ConnectionClosed):
                hostile.recv(timeout=HEARD_S)  # whatever came of it
    for _ in range(3):  # gone before registering, and gone in the middle of it
        with open_socket(server, own_origin(server)):
            pass
        with open_socket(server, own_origin(server)) as leaving:
            leaving.send(flet_frame([REGISTER_CLIENT, {"session_id": "", "page_name": "",
                                                       "page": {"route": "/"}}]))
    for _ in range(30):  # no HTTP at all
        with raw_connection(server) as garbage:
            garbage.sendall(b"\x16\x03\x01 not HTTP\r\n\r\n")
            with suppress(OSError):
                closed_by_peer(garbage)
    assert new_session(server)  # and the server serves on
    server.stop()
    log = (server.data.parent / "server.log").read_text(encoding="utf-8")
    assert "Traceback" not in log, log
    assert len(log.splitlines()) < 20, log
