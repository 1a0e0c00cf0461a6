"""A game in play: one typed model per game, shared by every phone that has it open.

A model is loaded from the store once (`Tables.open`) and changed only through its operations
("place this card in this slot", methods marked `@operation`): the server applies them one at a
time, in the order the phones' taps arrive, stores each in one transaction, then tells every
screen showing the game. No phone ever saves its own copy of a table. Screens never hold
game-file dicts: they read the model's typed fields and ask it (and through it, the scorer) for
everything computed.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import time
import weakref
from collections.abc import Callable
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar

import flet as ft

from scorer import ScoreSheet
from views.new_table import NewTable
from views.store import GameRecord, Store

Listener = Callable[[int], None]
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound="Table")


def operation(method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R | None]:
    """A change of the table: applied and stored in one transaction (with whatever else it
    writes, such as the deck memory), then told to every screen. On a finished game it does
    nothing: a finished game is read-only. If it fails, the model is put back as stored."""
    @functools.wraps(method)
    def applied(self: T, *args: P.args, **kwargs: P.kwargs) -> R | None:
        if self.finished:
            return None
        if self._applying:  # an operation made of others: stored once, at the end
            return method(self, *args, **kwargs)
        self._applying = True
        try:
            with self.store.transaction():
                result = method(self, *args, **kwargs)
                self._store()
        except BaseException:
            self._reload()
            raise
        finally:
            self._applying = False
        self.changed()
        return result
    return applied


class Table:
    """Base of the game models: identity, saving, and telling the screens.

    Subclasses set `kind`, build their fields in `load(data)` and give them back in `data()`
    (the stored record: the game file plus what entry needs, such as the undo list)."""

    kind: ClassVar[str]

    def __init__(self, store: Store, record: GameRecord):
        self.store = store
        self.id = record.id
        self.finished = record.status == "finished"
        self.revision = record.revision
        self.updated = record.updated  # finished: when
        self.version = 0
        self._applying = False
        self._listeners: list[Listener] = []
        self.load(record.data)

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        """Store a new game set up as `new`; returns its id."""
        raise NotImplementedError

    def load(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def data(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def names(self) -> tuple[str, ...]:
        raise NotImplementedError

    def game_file(self) -> dict[str, Any]:
        """The game as a file of GAME_FILES.md, for export and the scorer."""
        raise NotImplementedError

    @classmethod
    def file_as_stored(cls, file: dict[str, Any], game: Any) -> dict[str, Any]:
        """A checked game file (`game`: the scorer's game of it) written as this model writes
        its own (every default spelled out, cards in their text form): an imported game then
        loads as one the app finished itself."""
        raise NotImplementedError

    @property
    def sheet(self) -> ScoreSheet | None:
        """The score sheet of the game as it stands; None while the scorer refuses it."""
        raise NotImplementedError

    @property
    def complete(self) -> bool:
        """Entry is over: the game may be scored as finished."""
        return self.sheet is not None

    def finish(self) -> None:
        """Store the game as finished: from now on it is read-only, for every phone."""
        if not self.finished:
            self.finished = True
            self._store()
            self.changed()

    def rematch(self) -> NewTable:
        """A new table set up as this one: the same players in their seats, variant, boxes."""
        raise NotImplementedError

    def progress(self, lang: str) -> str:
        """How far entry has come, for the home screen's list."""
        raise NotImplementedError

    @property
    def route(self) -> str:
        return f"/{self.kind}/{self.id}"

    # telling the screens -------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def changed(self) -> None:
        """Something every screen of this game shows changed (nothing to store)."""
        self.version += 1
        for listener in list(self._listeners):
            listener(self.version)

    def _store(self) -> None:
        self.revision = self.store.save_game(self.id, self.data(), self.revision,
                                             status="finished" if self.finished else "active")
        self.updated = time.time()

    def _reload(self) -> None:
        record = self.store.game(self.id)
        if record is not None:
            self.finished, self.revision = record.status == "finished", record.revision
            self.updated = record.updated
            self.load(record.data)


class Tables:
    """The games open on this server, one model each: every phone at a table shares it.

    Held weakly: a game no screen shows any more is loaded afresh when next opened."""

    def __init__(self, store: Store, model_of: Callable[[str], type[Table] | None]):
        self.store = store
        self.model_of = model_of  # a game id -> its model class (None: no such game)
        self._open: weakref.WeakValueDictionary[int, Table] = weakref.WeakValueDictionary()

    def open(self, game_id: int, kind: str | None = None) -> Table | None:
        """The model of a stored game (of `kind`, if given); None if there is no such game."""
        table = self._open.get(game_id)
        if table is None:
            record = self.store.game(game_id)
            model = self.model_of(record.kind) if record is not None else None
            if record is None or model is None:
                return None
            table = model(self.store, record)
            self._open[game_id] = table
        return table if kind is None or table.kind == kind else None


def use_table(table: Table | None, watch: Callable[[Table], object] | None = None) -> int:
    """Re-render the calling component whenever `table` changes, from whichever phone (with
    `watch`: only when what it reads of the table changes); returns the table's version (pass
    it to memoised children whose input it is).

    A change made by another phone is announced in that phone's session, so the re-render
    is handed over to the session this component belongs to (its own context)."""
    version, set_version = ft.use_state(table.version if table else 0)
    seen = ft.use_ref(None)
    seen.current = watch(table) if table is not None and watch else None

    def subscribe(table: Table) -> Callable[[], None]:
        own_page, own = ft.context.page, contextvars.copy_context()
        loop = asyncio.get_running_loop()

        def changed(new_version: int) -> None:
            if watch is not None and watch(table) == seen.current:
                return
            if _current_page() is own_page:  # this phone's own tap: one render with its own
                set_version(new_version)
            else:
                loop.call_soon(set_version, new_version, context=own)

        unsubscribe = table.subscribe(changed)
        if table.version != version:  # changed between the render and this effect
            changed(table.version)
        return unsubscribe

    stop = ft.use_ref(None)  # a ref, not setup's return value: a re-render resets that

    def start() -> None:
        if table is not None:
            stop.current = subscribe(table)

    def end() -> None:
        if stop.current is not None:
            stop.current()
            stop.current = None

    ft.use_effect(start, [table], cleanup=end)
    return version


def _current_page() -> ft.Page | None:
    try:
        return ft.context.page
    except RuntimeError:  # outside any session (a test, a background task)
        return None
