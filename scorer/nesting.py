"""Where JSON text nests too deep, found without parsing it (which is what failed).

Python's JSON parser gives up near 1,000 levels with a RecursionError and no position, and the
standard library has no depth limit to ask for. So on that failure the text is walked once more,
structural characters only (strings are skipped by the parser's own `scanstring`), keeping the
path of keys and indices, up to the first list or object that opens `limit` levels deep.
"""

from __future__ import annotations

import re
from json.decoder import scanstring  # type: ignore[attr-defined]  # typeshed omits it

from scorer.places import Path

_STRUCTURE = re.compile(r'[\[\]{},"]')


class _Level:
    """An open list (key: the index of its current item) or object (key: its current key)."""

    __slots__ = ("awaits_key", "key")

    def __init__(self, is_object: bool):
        self.key: str | int = "" if is_object else 0
        self.awaits_key = is_object


def too_deep_place(text: str, limit: int) -> Path | None:
    """The path of the first list or object nested `limit` levels deep in `text`, if any."""
    levels: list[_Level] = []
    position = 0
    while match := _STRUCTURE.search(text, position):
        char, position = match.group(), match.end()
        if char == '"':
            try:
                key, position = scanstring(text, position, False)
            except ValueError:  # an unterminated string: the text ends there
                return None
            if levels and levels[-1].awaits_key:
                levels[-1].key, levels[-1].awaits_key = key, False
        elif char in "[{":
            if len(levels) >= limit:
                return tuple(level.key for level in levels)
            levels.append(_Level(is_object=char == "{"))
        elif char in "]}":
            if levels:
                levels.pop()
        elif levels:  # a comma: the next item, or the next key
            level = levels[-1]
            if isinstance(level.key, int):
                level.key += 1
            else:
                level.awaits_key = True
    return None
