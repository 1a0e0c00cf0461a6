"""Names that fit their card whole: the largest font size at which every word of a name fits the
card's width and the name wraps at word boundaries only, into at most a few lines.

Flutter breaks a word that is wider than its line anywhere ("Camberwel / l Beauty") and an
ellipsis cuts one ("European Fat Dorm…"), so the size is chosen before the name is drawn,
measured in the fonts the phone draws with: Roboto, which Flet's web client ships (Pillow reads
its WOFF2 file; its advances are Chromium's to the hundredth of a pixel), and for what Roboto
lacks (Chinese, Arabic, emoji...) the fallback fonts our server gives the phone, the picture's
(views/picture/fonts.py). Measured in Roboto alone, 王小明 came out half as wide as drawn, and
its total's chip showed no name at all. The phone's own text
size (a browser at 200 %) is learned from a probe it draws and reports the width of
(views/widgets/text_probe.py).
"""

from __future__ import annotations

import re
from functools import cache

SIZES = (13.0, 12.0, 11.0, 10.0)  # px, the largest first; below 10 px a name is not read
# Material 3 body text is spaced 0.25 px a letter; and a pixel for the engine's rounding.
LETTER_SPACING = 0.25
SLACK = 1.0
_MEASURED_AT = 100  # px: advances scale with the size


PROBE, PROBE_SIZE = "MMMMMMMMMM", 10.0  # what the phone measures for its text size
# Text this much larger than asked (a phone's text size setting) is large: screens change their
# layout for it (fewer cards a row, names on two lines, a card's badge on a row of its own).
LARGE_TEXT = 1.3


def fitting_size(name: str, width: float, lines: int = 2, sizes: tuple[float, ...] = SIZES,
                 scale: float = 1.0) -> float | None:
    """The largest of `sizes` at which `name` wraps into at most `lines` lines of `width` px
    without breaking a word, where the phone draws text `scale` times larger than asked (its
    text size setting); None if it does not fit even at the smallest."""
    return next((size for size in sizes
                 if 0 < len(wrapped(name, width / scale, size)) <= lines), None)


def text_scale(probe_width: float) -> float:
    """The phone's text size, from the width it drew PROBE at PROBE_SIZE (1.0: as asked)."""
    return probe_width / (_advance(PROBE) * PROBE_SIZE / _MEASURED_AT
                          + LETTER_SPACING * len(PROBE))


def line_width(words: str, size: float, scale: float = 1.0) -> float:
    """How wide `words` are drawn on one line at `size` px, where the phone draws text `scale`
    times larger than asked."""
    return _width(words, size * scale)


@cache
def wrapped(name: str, width: float, size: float) -> tuple[str, ...]:
    """`name` as Flutter lays it out at `size` in `width` px, line by line, breaking at spaces
    and after hyphens only; a word wider than the line makes it not fit (no lines)."""
    found: list[str] = []
    for word in re.findall(r"[^\s-]+-?|-", name):
        if _width(word, size) > width:
            return ()
        joined = found[-1] + ("" if found[-1].endswith("-") else " ") + word if found else word
        if found and _width(joined, size) <= width:
            found[-1] = joined
        else:
            found.append(word)
    return tuple(found)


def _width(words: str, size: float) -> float:
    return _advance(words) * size / _MEASURED_AT + LETTER_SPACING * len(words) + SLACK


@cache
def _advance(words: str) -> float:
    # Pillow is imported when a name is first measured, not at every start.
    from views.picture.text import width

    return float(width(words, _MEASURED_AT))
