"""A quiet terminal: what clients do that the server expects on a hostile network (a message
Flet cannot handle, a request that is no HTTP) is said in one line, at most one a minute of
each kind (views/web/lines.py), never with a traceback. What is not expected (an error in the
app's own code) is logged as ever."""

from __future__ import annotations

import logging

from views.web.lines import said
from views.web.sockets import CLIENT

# uvicorn's own lines for a client's bad request, each said at every such request.
UVICORN_CLIENT_LINES = frozenset({"Invalid HTTP request received.", "Unsupported upgrade request.",
                                  "Invalid UTF-8 sequence received from client."})


class FletCouldNotHandle(logging.Filter):
    """Flet's receive loop logs a message it could not handle with its traceback, then ends
    the socket ("Receive loop error"). A message within the bounds (views/web/frames.py) can still
    fail in Flet (an answer to a method never called, a value no enum has): the page never
    sends such a thing, so it is a hostile client's."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if record.getMessage().startswith("Unhandled error processing page session") and \
                isinstance(error, RuntimeError) and str(error) == "Session closed":
            said("a phone left while its page was being made", key="session closed")
            return False  # the session was closed under the app (its socket ended)
        if not record.getMessage().startswith("Receive loop error"):
            return True
        address = CLIENT.get("") or "an unknown address"
        said(f"ended a WebSocket of {address}: Flet could not handle its message "
             f"({type(error).__name__}: {str(error)[:120]!a})", key="flet")
        return False


class ClientLines(logging.Filter):
    """uvicorn's lines for a client's bad request: one a minute, without a traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        line = record.getMessage()
        if line not in UVICORN_CLIENT_LINES:
            return True
        said(f"refused a client's request: {line[0].lower()}{line[1:].rstrip('.')}", key=line)
        return False


FILTERS = {"flet_web.fastapi": FletCouldNotHandle, "uvicorn.error": ClientLines}


def quiet_terminal() -> None:
    """Install the filters (once)."""
    for name, kind in FILTERS.items():
        logger = logging.getLogger(name)
        if not any(isinstance(f, kind) for f in logger.filters):
            logger.addFilter(kind())
