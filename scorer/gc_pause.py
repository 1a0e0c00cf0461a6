"""Building a game allocates a tree of small objects and no reference cycles: the cycle
collector is paused meanwhile.

Each of its full passes walks every object alive, the caller's too (the app's history, the
parsed file), and a long Fossil log (10 objects an event) set off 8 of them: 2.9 s of the 6.6 s
a 100,000-event log took to check (benchmarks/scoring.py). Reference counting frees everything
as before; only cycles wait until the collector runs again.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_cycle_collection() -> Iterator[None]:
    """Pause the collector if it runs (another thread pausing it too is left to end its own)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
