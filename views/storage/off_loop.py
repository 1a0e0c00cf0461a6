"""Long work (an import, an export, scoring a long game) off the event loop, so that no other
table waits for it.

The work runs in a worker thread; the store it is given is the server's own, reached through
`OnLoop`: every call of it is made on the event loop's thread and the worker waits for its
answer. The store's one SQLite connection is then only ever used by one thread, as it is for
every other screen, and each call is a short step the loop takes between other tables' taps
(an import stores game by game, never in one long transaction).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import sys
from collections.abc import Callable
from typing import Any, TypeVar, cast

from views.storage.store import Store

R = TypeVar("R")
# A game whose file has a log this long (a whole game is about a hundred events) takes the
# scorer long enough to be scored off the event loop, its screen waiting meanwhile.
LONG_LOG = 2_000


class OnLoop:
    """`store`, every call of which (from a worker thread) is made on `loop`'s thread."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop):
        self._store = store
        self._loop = loop

    def __getattr__(self, name: str) -> Callable[..., Any]:
        method = getattr(self._store, name)

        def called(*args: Any, **kwargs: Any) -> Any:
            answer: concurrent.futures.Future[Any] = concurrent.futures.Future()

            def run() -> None:
                try:
                    answer.set_result(method(*args, **kwargs))
                except BaseException as error:  # raised again in the worker
                    answer.set_exception(error)

            # In no session's context: the store serves them all.
            self._loop.call_soon_threadsafe(run, context=contextvars.Context())
            return answer.result()

        return called


async def off_loop(work: Callable[[Store], R], store: Store) -> R:
    """`work(store)` in a worker thread, the store reached on this loop's thread."""
    loop = asyncio.get_running_loop()
    return await in_worker(lambda: work(cast(Store, OnLoop(store, loop))))


# A worker thread and the event loop take turns at Python's global interpreter lock: each time
# the loop lets go of it (every socket write, every SQLite call) it waits up to the switch
# interval to have it back, 5 ms by default, dozens of times per change at a table. While work
# runs in a worker the interval is 1 ms: the work takes a little longer, the tables barely
# notice it.
SWITCH_INTERVAL = 0.001
_working = [0, sys.getswitchinterval()]  # workers now; the interval without them


async def in_worker(work: Callable[[], R]) -> R:
    """`work()` in a worker thread (it must not use the store: see `off_loop`)."""
    if _working[0] == 0:
        _working[1] = sys.getswitchinterval()
        sys.setswitchinterval(SWITCH_INTERVAL)
    _working[0] += 1
    try:
        return await asyncio.to_thread(work)
    finally:
        _working[0] -= 1
        if _working[0] == 0:
            sys.setswitchinterval(_working[1])


def on_loop_of(loop: asyncio.AbstractEventLoop,
               tell: Callable[..., None]) -> Callable[..., None]:
    """`tell`, callable from a worker thread: it runs on `loop` in the caller's context as it
    was when this was made (a phone's session, for a progress bar it draws)."""
    context = contextvars.copy_context()

    def told(*args: Any) -> None:
        loop.call_soon_threadsafe(tell, *args, context=context)

    return told
