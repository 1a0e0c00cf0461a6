"""Text from a game file, made safe to print: in a terminal, a shared message, a spreadsheet.

A name or any other string a file supplies may hold characters that act instead of showing:
control characters (a newline splits a problem line in two, ESC starts a terminal command),
bidirectional overrides (they reorder what a reader sees) and lone surrogates (not text at all:
printing one fails). `printable` writes each of them as a visible escape (`\\x1b`, `\\u202e`)
and shortens what is echoed back, so a 10 MB name costs a line, not a screen. `json_text` keeps
JSON output valid and equal in value while writing the same characters as JSON escapes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

# Echoed values (a name, an unknown id, a note) are cut here: names are 40 characters at most,
# ids shorter, so this shortens only what no valid file holds.
ECHO_LIMIT = 80
# Lists a problem echoes (the players a name is not among) are cut here: a file's 200,000 names
# listed in each of 50 problems would be 80 MB; no valid file has a list a tenth this long.
ECHO_ITEMS = 20
ELLIPSIS = "…"

# Control characters (C0, DEL, C1) and lone surrogates; the bidirectional formatting characters
# (Trojan Source, CVE-2021-42574); the Unicode line and paragraph separators, at which some
# terminals and editors break lines.
_OTHERS = "\ud800-\udfff\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029"
_ACTING = re.compile(f"[\x00-\x1f\x7f-\x9f{_OTHERS}]")
_ACTING_IN_JSON = re.compile(f"[\x7f-\x9f{_OTHERS}]")  # json.dumps escapes C0 itself


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, limit: int | None = ECHO_LIMIT) -> str:
    """`text` with every acting character escaped visibly, cut to `limit` characters with an
    ellipsis (None: never cut; an escape is never cut in two). Plain text comes back unchanged."""
    if limit is None:
        return _ACTING.sub(lambda found: _escape(found[0]), text)
    if len(text) <= limit and not _ACTING.search(text):
        return text
    pieces = [_escape(char) if _ACTING.match(char) else char for char in text[:limit + 1]]
    if len(text) <= limit and sum(map(len, pieces)) <= limit:
        return "".join(pieces)
    kept, length = [], 0  # never all of a 10 MB string: limit + 1 characters at most
    for piece in pieces:
        if length + len(piece) > limit - 1:
            break
        kept.append(piece)
        length += len(piece)
    return "".join(kept) + ELLIPSIS


def printable_params(params: dict[str, Any], items: int | None = None) -> dict[str, Any]:
    """A message's parameters with their strings (alone or in lists) made printable, and lists
    cut to `items` with an ellipsis (None: never cut)."""
    return {name: _printable_value(value, items) for name, value in params.items()}


def _printable_value(value: Any, items: int | None) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        kept = value if items is None or len(value) <= items else [*value[:items - 1], ELLIPSIS]
        return [printable(item) if isinstance(item, str) else item for item in kept]
    return value


def json_text(data: Any, *, indent: int | None = None) -> str:
    """`json.dumps(data, ensure_ascii=False)`, with the acting characters as \\u escapes: the
    same value for a program, safe in a terminal, and always encodable as UTF-8 (a lone
    surrogate stays in the data, escaped)."""
    return _escaped_in_json(json.dumps(data, ensure_ascii=False, indent=indent))


_PIECES_AT_ONCE = 10_000


def json_pieces(data: Any, *, indent: int | None = None) -> Iterator[str]:
    """`json_text` piece by piece, to be written as it comes: the sheet of a 100,000-event log
    is 80 MB of indented JSON, and its pieces joined would take a gigabyte first."""
    batch: list[str] = []  # escaped a batch at a time: the encoder's pieces are tiny
    for piece in json.JSONEncoder(ensure_ascii=False, indent=indent).iterencode(data):
        batch.append(piece)
        if len(batch) == _PIECES_AT_ONCE:
            yield _escaped_in_json("".join(batch))
            batch.clear()
    yield _escaped_in_json("".join(batch))


def _escaped_in_json(text: str) -> str:
    return _ACTING_IN_JSON.sub(lambda found: f"\\u{ord(found[0]):04x}", text)
