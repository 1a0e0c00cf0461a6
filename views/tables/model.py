"""A game in play: one typed model per game, shared by every phone that has it open.

A model is loaded from the store once (`Tables.open`) and changed only through its operations
("place this card in this slot", methods marked `@operation`): the server applies them one at a
time, in the order the phones' taps arrive, stores each in one transaction, then tells every
screen showing the game. No phone ever saves its own copy of a table. Screens never hold
game-file dicts: they read the model's typed fields and ask it (and through it, the scorer) for
everything computed.

A change the disk refuses for now (full, read-only) is kept, never dropped and never passed off
as stored: the table says it is not saved (`unsaved`, which every phone at the table shows) and
stores it, with everything since, at its next change or when it tries again by itself, sooner
at first and then less often (`RETRY_SECONDS`). Once the database's files are lost under the
server (deleted or replaced), every open table says so, and keeps its changes until the stop
prints them.
"""

from __future__ import annotations

import asyncio
import contextvars
import enum
import functools
import logging
import time
import weakref
from collections.abc import Callable
from typing import Any, ClassVar, Concatenate, ParamSpec, TypeVar

import flet as ft
from flet.components.hooks.use_ref import MutableRef

from scorer import Problem, ScoreSheet
from views.storage.faults import StorageFault
from views.storage.games import GameRecord
from views.storage.store import Store
from views.tables.new_table import NewTable

# Seconds between tries to store a table the disk refused; the last one repeats until it works.
RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
# The server's console hears of a table that could not be stored, and when it was after all.
log = logging.getLogger("tallybook")

Listener = Callable[[int], None]
P = ParamSpec("P")
R = TypeVar("R")
T = TypeVar("T", bound="Table")


class Finished(enum.Enum):
    """An operation's answer on a finished game: nothing changed, the game is read-only. A tap
    gets it when another phone ended the game before this phone's screen showed it."""

    FINISHED = "finished"


FINISHED = Finished.FINISHED


def operation(
        method: Callable[Concatenate[T, P], R]) -> Callable[Concatenate[T, P], R | Finished]:
    """A change of the table: applied and stored in one transaction (with whatever else it
    writes, such as the deck memory: `write_later`), then told to every screen. On a finished
    game it does nothing and answers FINISHED: a finished game is read-only. If the change
    fails, the model is put back as it was before it; if storing fails for good (not a full
    disk), as stored."""
    @functools.wraps(method)
    def applied(self: T, /, *args: P.args, **kwargs: P.kwargs) -> R | Finished:
        if self.finished:
            return FINISHED
        if self._applying:  # an operation made of others: stored once, at the end
            return method(self, *args, **kwargs)
        self._applying = True
        queued = len(self._writes)
        try:
            result = method(self, *args, **kwargs)
        except BaseException:
            del self._writes[queued:]
            self.load(self._latest)
            raise
        finally:
            self._applying = False
        try:
            self._store()
        except BaseException:
            self._reload()
            raise
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
        self._latest = record.data  # data() after the last change, stored or not
        self._writes: list[Callable[[], object]] = []  # to store with the table (write_later)
        self.unsaved: StorageFault | None = None  # why the latest changes are not stored yet
        self._tries = 0  # to store them, so far
        self._retry: asyncio.TimerHandle | None = None  # the next try (it keeps the table alive)
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

    @property
    def scored(self) -> bool:
        """Whether the sheet is at hand without long work (views/widgets/score_sheet.py does
        long work off the event loop)."""
        return True

    @property
    def provisional(self) -> tuple[ScoreSheet, list[Problem]] | None:
        """While some of the game has problems: the sheet of the rest, which counts them for
        nothing until they are mended, and the problems; None where there is no such sheet."""
        return None

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

    def write_later(self, write: Callable[[], object]) -> None:
        """A write of the store that goes with the change being made (the deck memory): made
        in the transaction that stores the table."""
        self._writes.append(write)

    def _store(self) -> None:
        """Store the table as it now is, with the writes its changes brought, in one
        transaction. A disk that refuses it for now leaves it `unsaved`, to be tried again."""
        data = self.data()
        self._latest = data
        try:
            with self.store.transaction():
                for write in self._writes:
                    write()
                revision = self.store.save_game(self.id, data, self.revision,
                                                status="finished" if self.finished else "active")
        except StorageFault as fault:
            if not fault.kept:
                raise
            self._not_saved(fault)
            return
        self.revision, self.updated = revision, time.time()
        self._writes.clear()
        if self.unsaved is not None:
            log.warning("tallybook: game %s is saved now", self.id)
            self._nothing_unsaved()

    def _nothing_unsaved(self) -> None:
        self.unsaved, self._tries = None, 0
        if self._retry is not None:
            self._retry.cancel()
            self._retry = None

    def _not_saved(self, fault: StorageFault) -> None:
        if self.unsaved is None:
            then = "trying again" if fault.passing else "kept until the server stops"
            log.warning("tallybook: game %s is not saved: %s; %s", self.id, fault, then)
        self.unsaved = fault
        if self._retry is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script): the next change tries again
            return
        wait = RETRY_SECONDS[min(self._tries, len(RETRY_SECONDS) - 1)]
        self._tries += 1
        # In no phone's context: each screen re-renders in its own session (see use_table).
        self._retry = loop.call_later(wait, self._try_again, context=contextvars.Context())

    def _try_again(self) -> None:
        self._retry = None
        self.save_now()

    def save_now(self) -> bool:
        """Try at once to store what the disk refused (the notice's button, the retries);
        whether the table is stored now. Every screen of the table hears how it went."""
        if self.unsaved is None:
            return True
        self._store()
        self.changed()
        return self.unsaved is None

    def _reload(self) -> None:
        """The table as stored, and nothing left to store."""
        self._writes.clear()
        self._nothing_unsaved()
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
        store.when_lost.append(self._lost)

    def _lost(self, fault: StorageFault) -> None:
        """The database's files are gone: every open table, on every phone, says its changes
        are not saved (each keeps what it has, and a retry keeps it open until the stop)."""
        for table in list(self._open.values()):
            if table.unsaved is None:
                table._not_saved(fault)
                table.changed()

    def unsaved(self) -> list[Table]:
        """The open tables with changes the disk refused (a retry keeps each one open)."""
        return [table for table in list(self._open.values()) if table.unsaved is not None]

    def open(self, game_id: int, kind: str | None = None) -> Table | None:
        """The model of a stored game (of `kind`, if given); None if there is no such game."""
        table = self._open.get(game_id)
        if table is None:
            table = self._load(game_id)
            if table is None:
                return None
            self._open[game_id] = table
            if self.store.lost is not None:
                table._not_saved(self.store.lost)
        return table if kind is None or table.kind == kind else None

    def _load(self, game_id: int) -> Table | None:
        """The model of the stored game; None if there is none, or its stored data is not a
        game its model can load (set aside in the store, and said)."""
        record = self.store.game(game_id)
        model = self.model_of(record.kind) if record is not None else None
        if record is None or model is None:
            return None
        try:
            table = model(self.store, record)
            if not table.finished:  # and what the host's home asks of every game in progress
                table.progress("en")
            return table
        except (LookupError, TypeError, ValueError, AttributeError) as error:
            # Whatever a row that is JSON but not a game breaks in its model's load.
            self.store.put_aside(record.id, record.kind, f"it is not a {record.kind} game "
                                                        f"({type(error).__name__}: {error})")
            return None


def use_table(table: Table | None, watch: Callable[[Table], object] | None = None) -> int:
    """Re-render the calling component whenever `table` changes, from whichever phone (with
    `watch`: only when what it reads of the table changes); returns the table's version (pass
    it to memoised children whose input it is).

    A change made by another phone is announced in that phone's session, so the re-render
    is handed over to the session this component belongs to (its own context)."""
    version, set_version = ft.use_state(table.version if table else 0)
    seen: MutableRef[object] = ft.use_ref(None)
    seen.current = watch(table) if table is not None and watch else None

    def subscribe(table: Table) -> Callable[[], None]:
        own_page, own = ft.context.page, contextvars.copy_context()
        loop = asyncio.get_running_loop()

        def changed(new_version: int) -> None:
            if not has_session(own_page):  # Flet let the phone's session go: nothing to draw
                unsubscribe()
                return
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

    # a ref, not setup's return value: a re-render resets that
    stop: MutableRef[Callable[[], None]] = ft.use_ref(None)

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


def has_session(page: ft.Page) -> bool:
    """Whether `page`'s session is still there: Flet destroys the session of a phone that
    left a while ago, and its page then raises on every update."""
    try:
        page.session  # noqa: B018 (the property raises for a destroyed session)
    except RuntimeError:
        return False
    return True
