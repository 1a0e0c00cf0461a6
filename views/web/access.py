"""Who may reach what. Every phone on the network can open the app, so nothing is shown for a
game's id alone:

- a **host** device reaches everything (home, new games, history, every table). A device becomes
  host by entering the host PIN the server prints at start; the server remembers the device.
- a **guest** reaches only the table whose join code it entered, in a seat it picked, until the
  host removes it or closes the table.

A device is a random token the browser keeps (`PREFS_DEVICE`); the server stores only its
hash. Wrong codes and PINs are slowed down per address: after a few, each try must wait
longer, up to a minute.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from views.storage.seats import CODE_LENGTH, CODE_LETTERS, Seat, new_code
from views.storage.store import Store

PREFS_DEVICE = "tallybook.device"
FREE_TRIES = 3  # wrong codes an address may type before it has to wait
LONGEST_WAIT = 60.0  # seconds
FORGOTTEN_AFTER = 15 * 60.0  # seconds without a wrong try: the address starts afresh


def new_device_token() -> str:
    return secrets.token_urlsafe(24)


def device_id(token: str) -> str:
    """What the server keeps of a device's token: its hash, never the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()[:32]


def typed_code(typed: str) -> str:
    """A code as typed ("k7qm-2xpd ", a link to /join/K7QM2XPD) in its stored form; "" if it
    cannot be one."""
    word = re.sub(r"[\s-]", "", typed.rsplit("/", 1)[-1]).upper()
    ok = len(word) == CODE_LENGTH and all(letter in CODE_LETTERS for letter in word)
    return word if ok else ""


def shown_code(code: str) -> str:
    """K7QM-2XPD: two halves are easier to read out across a table."""
    half = len(code) // 2
    return f"{code[:half]}-{code[half:]}"


@dataclass
class Attempts:
    """Wrong codes per address: the first `FREE_TRIES` are free, then each try waits twice as
    long as the last (1, 2, 4 ... s, at most a minute)."""

    wrong: dict[str, tuple[int, float]] = field(default_factory=dict)  # address -> (count, last)

    def wait(self, address: str, now: float) -> float:
        count, last = self.wrong.get(address, (0, 0.0))
        if now - last > FORGOTTEN_AFTER:
            self.wrong.pop(address, None)
            return 0.0
        if count < FREE_TRIES:
            return 0.0
        return max(0.0, last + min(LONGEST_WAIT, 2.0 ** (count - FREE_TRIES)) - now)

    def failed(self, address: str, now: float) -> None:
        count, _ = self.wrong.get(address, (0, 0.0))
        self.wrong[address] = (count + 1, now)
        if len(self.wrong) > 10_000:  # never a memory sink: forget the stalest addresses
            for stale in sorted(self.wrong, key=lambda a: self.wrong[a][1])[:5_000]:
                del self.wrong[stale]


@dataclass(frozen=True)
class Entry:
    """What a typed code opened: a table (`game`), host rights (`host`), or nothing (`wrong`);
    `wait`: seconds before this address may try again."""

    game: int | None = None
    host: bool = False
    wrong: bool = False
    wait: float = 0.0


class Tab(Protocol):
    """A browser tab of a device, as access tells it (views/web/session.py's AppSession)."""

    def lost_table(self) -> None: ...


class Access:
    def __init__(self, store: Store, pin: str | None = None,
                 changed: Callable[[int], None] = lambda game: None):
        self.store = store
        self.pin = pin or new_code()
        self.attempts = Attempts()
        self._changed = changed  # a game's seats changed: its screens redraw
        self._phones: dict[str, weakref.WeakSet[Tab]] = {}  # device -> its open sessions

    # entering -----------------------------------------------------------------------------
    def enter(self, typed: str, device: str, address: str, now: float | None = None) -> Entry:
        now = time.monotonic() if now is None else now
        wait = self.attempts.wait(address, now)
        if wait > 0:
            return Entry(wait=wait)
        code = typed_code(typed)
        if code and hmac.compare_digest(code, self.pin):
            self.store.add_host(device)
            return Entry(host=True)
        game = self.store.game_of_code(code) if code else None
        if game is None:
            self.attempts.failed(address, now)
            return Entry(wrong=True, wait=self.attempts.wait(address, now))
        return Entry(game=game)

    def is_host(self, device: str) -> bool:
        return self.store.is_host(device)

    def seated(self, device: str) -> tuple[int, int] | None:
        """(game, seat) where the device sits at an open table."""
        return self.store.seat_of(device)

    # the host's table ---------------------------------------------------------------------
    def take_seat(self, device: str, game: int, seat: int, label: str = "") -> None:
        """Only a device that entered the table's code gets here (the join screen)."""
        self.store.take_seat(device, game, seat, label)
        self._changed(game)

    def seats(self, game: int) -> list[Seat]:
        return self.store.seats(game)

    def remove(self, device: str, game: int) -> None:
        self.store.leave_seat(device, game)
        self._changed(game)
        self.send_away(device)

    def reopen(self, game: int) -> None:
        """The table's code works again (the same code: a QR code printed stays good)."""
        self.store.open_table(game)
        self._changed(game)

    def close(self, game: int) -> None:
        """The table's code opens nothing any more; every guest is sent to the join screen."""
        guests = [seat.device for seat in self.store.seats(game)]
        self.store.close_table(game)
        self._changed(game)
        for device in guests:
            self.send_away(device)

    # the device's sessions ----------------------------------------------------------------
    def attach(self, device: str, session: Tab) -> None:
        """`session` (one browser tab of the device) is told when the device loses a table."""
        self._phones.setdefault(device, weakref.WeakSet()).add(session)
        if len(self._phones) > 1_000:  # devices whose tabs are all gone
            for gone in [d for d, tabs in self._phones.items() if not tabs]:
                del self._phones[gone]

    def send_away(self, device: str) -> None:
        for session in list(self._phones.get(device, ())):
            session.lost_table()


def device_label(user_agent: str) -> str:
    """"Android phone", "iPhone", ... from a browser's user agent, for the host's list."""
    for pattern, label in (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android.*Mobile",
                           "Android phone"), ("Android", "Android tablet"),
                           ("Windows", "Windows PC"), ("Macintosh", "Mac"),
                           ("CrOS", "Chromebook"), ("Linux", "Linux PC")):
        if re.search(pattern, user_agent or ""):
            return label
    return ""
