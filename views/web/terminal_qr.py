"""A QR code in the terminal that a phone scans whatever the terminal's colours.

segno's compact terminal output draws the dark modules in the terminal's background and the
light ones in its text colour, which is right on a dark terminal only: on a light one the code
comes out inverted, and phone cameras do not read it (nor does zbar).
Here every cell is given its colours explicitly, black on white, quiet zone included: the code
is the same picture on a light and a dark terminal. Two modules a character (half blocks), so
that modules come out about square in a terminal's cell of 1 x 2.
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

import segno

# xterm's 256-colour black (16) and white (231): fixed in terminal themes, unlike the 16
# basic colours, which themes remap ("white" is light grey, or dark in some light themes).
BLACK_ON_WHITE = "\033[38;5;16;48;5;231m"
RESET = "\033[0m"
QUIET_ZONE = 4  # modules of white around the code, as the QR standard asks
# (top module dark, bottom module dark) -> the character drawing both in one cell.
HALF_BLOCKS = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584",
               (True, True): "\u2588"}


def qr_lines(data: str) -> list[str]:
    """The QR code of `data` as terminal lines, each black on white and reset at its end."""
    rows = [[bool(module) for module in row]
            for row in segno.make(data, error="m").matrix_iter(scale=1, border=QUIET_ZONE)]
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))
    return [BLACK_ON_WHITE + "".join(HALF_BLOCKS[pair] for pair in zip(top, bottom, strict=True))
            + RESET for top, bottom in zip(rows[::2], rows[1::2], strict=True)]


def can_print_qr(out: TextIO | None = None) -> bool:
    """Whether `out` (stdout) can encode the half blocks: not a Windows code page, say, as
    when the output goes to a file there."""
    encoding = (out or sys.stdout).encoding or "ascii"
    try:
        "".join(HALF_BLOCKS.values()).encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def print_qr(data: str, out: TextIO | None = None) -> None:
    """Prints the QR code of `data` on `out` (stdout), which can_print_qr."""
    out = out or sys.stdout
    lets_colours_through()
    out.write("".join(line + "\n" for line in qr_lines(data)))
    out.flush()


def lets_colours_through() -> None:
    """Windows' console shows ANSI colours only once a program asks it to (Windows Terminal
    always does); elsewhere terminals do."""
    if os.name != "nt":
        return
    import ctypes

    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.GetStdHandle(-11)  # standard output
    mode = ctypes.c_uint32()
    if kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
        kernel32.SetConsoleMode(handle, mode.value | 0x0004)  # ENABLE_VIRTUAL_TERMINAL_PROCESSING
