"""The HTTP protocol uvicorn serves with: uvicorn's own, plus what it has no option for, a
deadline and a size bound for a request's headers, and a cap on open connections per address and
in all (views/web/caps.py). A client that opens many connections and sends its headers a byte at a
time (or never) would otherwise hold the server's file descriptors until nobody else gets in.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.auto import AutoHTTPProtocol

from views.web.caps import Caps
from views.web.lines import said

HEADER_SECONDS = 10.0  # from the connection's opening, or the last response, to a request's headers
MAX_HEADER_BYTES = 64 * 1024  # a browser's request headers: a kilobyte or two
# A phone's browser opens at most 6 connections to a server, plus its WebSockets; a household
# behind one address (6 phones) stays well below. The total stays below the usual limit of
# 1,024 open files with room for the database and the app's own files.
CONNECTIONS = Caps(per_address=64, total=700, few=8, reserve=150)
TOO_LARGE = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\n"
             b"connection: close\r\n\r\n")


class GuardedHttp(AutoHTTPProtocol):  # type: ignore[misc,valid-type]
    caps = CONNECTIONS
    header_seconds = HEADER_SECONDS
    max_header_bytes = MAX_HEADER_BYTES

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        mine = sum(1 for other in self.connections
                   if other is not self and (getattr(other, "client", None) or ("",))[0] == address)
        if not self.caps.admits(mine, len(self.connections) - 1):
            said(f"refused a connection from {address or 'an unknown address'}: it holds {mine} "
                 f"(at most {self.caps.per_address}), {len(self.connections) - 1} in all",
                 key="connections")
            transport.close()
            return
        self._awaiting: asyncio.TimerHandle | None = None
        self._expect_headers()

    def _expect_headers(self) -> None:
        self._header_bytes, self._cycle_before = 0, self.cycle
        self._awaiting = self.loop.call_later(self.header_seconds, self._headers_late)

    def _headers_late(self) -> None:
        self._awaiting = None
        if not self.transport.is_closing():
            self.transport.close()  # no response: a client this slow reads none either

    def _headers_came(self) -> None:
        if self._awaiting is not None:
            self._awaiting.cancel()
            self._awaiting = None

    def data_received(self, data: bytes) -> None:
        waiting = getattr(self, "_awaiting", None) is not None
        if waiting:
            self._header_bytes += len(data)
            if self._header_bytes > self.max_header_bytes:
                self._headers_came()
                self.transport.write(TOO_LARGE)
                self.transport.close()
                return
        super().data_received(data)
        if waiting and (self.cycle is not self._cycle_before
                        or self.transport.get_protocol() is not self):  # a request, or upgraded
            self._headers_came()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing() and getattr(self, "_awaiting", None) is None:
            self._expect_headers()  # the next request on this connection has its own deadline

    def connection_lost(self, exc: Exception | None) -> None:
        if getattr(self, "_awaiting", None) is not None:
            self._headers_came()
        super().connection_lost(exc)
