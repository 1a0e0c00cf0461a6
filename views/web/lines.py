"""One line in the host's terminal for what a client did that the server refused, at most one
a minute of each kind: a flood of refusals is said once, with how many there were, and never
fills the terminal."""

from __future__ import annotations

import logging
import time

log = logging.getLogger("tallybook")

EVERY_SECONDS = 60.0
_last: dict[str, tuple[float, int]] = {}  # kind -> (when last said, how many since)


def said(line: str, key: str, now: float | None = None) -> bool:
    """Say `line` unless a line of its `key` was said in the last minute (then it is only
    counted, and the next line of that key says how many were not); whether it was said."""
    now = time.monotonic() if now is None else now
    when, since = _last.get(key, (-EVERY_SECONDS, 0))
    if now - when < EVERY_SECONDS:
        _last[key] = (when, since + 1)
        return False
    more = f" ({since} more like it since the last such line)" if since else ""
    log.warning("tallybook: %s%s", line, more)
    _last[key] = (now, 0)
    if len(_last) > 1_000:  # kinds are few; never a memory sink
        _last.clear()
    return True
