"""The names the server answers to: its own addresses, localhost, its machine's name, and every
`--allowed-host NAME`. A request for any other name is refused, on HTTP and WebSocket alike.

A page on another name that the attacker's DNS points at this server's address (DNS
rebinding) is then same-origin with itself and could read the app and open its WebSocket: the
Origin check alone compares the Origin with a Host the attacker chose. The Host must be ours.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Awaitable, Callable, Iterable

from starlette.responses import PlainTextResponse

from views.text import i18n
from views.web.lines import said
from views.web.sockets import ASGIApp, Message, Scope, client_address, refuse

MISDIRECTED = 421  # RFC 9110: this server does not serve that name
LOCAL_NAMES = ("localhost",)
ADDRESS_CHECK_SECONDS = 30.0  # an address the machine lost (a new Wi-Fi) stops being ours


def host_name(host_header: str) -> str:
    """The name or address in a Host header, without its port: "laptop.lan", "192.168.1.5",
    "::1"; lower case, no trailing dot."""
    host = host_header.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0].rstrip(".") if host.count(":") <= 1 else host


def is_local_address(address: str) -> bool:
    """Whether `address` is an address of one of this machine's interfaces: the system lets a
    socket bind to it only then."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    family = socket.AF_INET6 if ip.version == 6 else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.bind((str(ip), 0))
    except OSError:
        return False
    return True


class Hosts:
    """Which Host headers the server serves."""

    def __init__(self, allowed: Iterable[str] = ()):
        machine = socket.gethostname().lower()
        self.names = {*LOCAL_NAMES, machine, f"{machine}.local",
                      *(host_name(name) for name in allowed)}
        self._addresses: dict[str, tuple[bool, float]] = {}  # address -> (ours, checked)

    def serves(self, host_header: str, now: float | None = None) -> bool:
        host = host_name(host_header)
        if host in self.names or host.endswith(".localhost"):  # RFC 6761: loopback only
            return True
        now = time.monotonic() if now is None else now
        ours, checked = self._addresses.get(host, (False, -ADDRESS_CHECK_SECONDS))
        if now - checked >= ADDRESS_CHECK_SECONDS:
            ours = is_local_address(host)
            if len(self._addresses) > 1_000:  # never a memory sink
                self._addresses.clear()
            self._addresses[host] = (ours, now)
        return ours


def refusal_text(host: str, headers: dict[bytes, bytes]) -> str:
    """What a browser that asked for `host` shows, in its language."""
    accepted = headers.get(b"accept-language", b"").decode("latin-1")
    lang = i18n.pick_language([part.split(";")[0].strip() for part in accepted.split(",")])
    return i18n.ui("host.refused", lang, host=host)


def own_names_only(app: ASGIApp, hosts: Hosts) -> ASGIApp:
    """`app`, serving only requests whose Host is one of `hosts`; the others are answered 421
    (a WebSocket: refused, 403), with one line in the terminal (at most one a minute)."""
    async def guarded(scope: Scope, receive: Callable[[], Awaitable[Message]],
                      send: Callable[[Message], Awaitable[None]]) -> None:
        if scope["type"] not in ("http", "websocket"):
            await app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        host = headers.get(b"host", b"").decode("latin-1")
        if hosts.serves(host):
            await app(scope, receive, send)
            return
        shown = ascii(host[:80])  # the terminal shows no control codes a client chose
        said(f"refused a request for {shown} from {client_address(scope) or 'an unknown address'}"
             ": not a name of this server (allow one with --allowed-host NAME)", key="host")
        if scope["type"] == "websocket":
            await refuse(send)
            return
        text = refusal_text(host_name(host)[:80], headers)
        await PlainTextResponse(text, status_code=MISDIRECTED)(scope, receive, send)

    return guarded
