"""Who may reach what (views/web/access.py): host devices, tables' join codes, and the devices
seated at each table."""

from __future__ import annotations

import secrets
import sqlite3
import time
from dataclasses import dataclass

from views.storage.database import Database

# Join codes: no letters or digits that read alike (0/O, 1/I/L), 31 ** 8 (about 10 ** 12)
# codes, and wrong guesses are slowed down (views/web/access.py).
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8


@dataclass(frozen=True)
class Seat:
    device: str
    seat: int
    label: str  # what kind of device ("Android phone"), for the host's list
    joined: float


class SeatRows(Database):
    """The tables' join codes, the host devices and the seated ones."""

    def open_table(self, game_id: int) -> str:
        """The join code of the game's table, made (and the table opened) if it has none."""
        with self.transaction():
            row = self._db.execute("SELECT code FROM tables WHERE game_id = ?",
                                   (game_id,)).fetchone()
            if row:
                self._db.execute("UPDATE tables SET closed = 0 WHERE game_id = ?", (game_id,))
                return str(row[0])
            while True:
                code = new_code()
                try:
                    self._db.execute("INSERT INTO tables (game_id, code) VALUES (?, ?)",
                                     (game_id, code))
                    return code
                except sqlite3.IntegrityError:  # a code in use: draw again
                    continue

    def table_code(self, game_id: int) -> str | None:
        """The join code of the game's open table; None if it has none or it was closed."""
        row = self._db.execute("SELECT code FROM tables WHERE game_id = ? AND closed = 0",
                               (game_id,)).fetchone()
        return str(row[0]) if row else None

    def game_of_code(self, code: str) -> int | None:
        """The game an open table's `code` opens: never a finished game's."""
        row = self._db.execute("SELECT game_id FROM tables JOIN games ON games.id = game_id "
                               "WHERE code = ? AND closed = 0 AND status = 'active'",
                               (code,)).fetchone()
        return int(row[0]) if row else None

    def close_table(self, game_id: int) -> None:
        """No code opens the table any more and every seat is left."""
        with self.transaction():
            self._db.execute("UPDATE tables SET closed = 1 WHERE game_id = ?", (game_id,))
            self._db.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))

    def add_host(self, device: str) -> None:
        self._write("INSERT OR IGNORE INTO hosts (device, since) VALUES (?, ?)",
                    (device, time.time()))

    def is_host(self, device: str) -> bool:
        return self._db.execute("SELECT 1 FROM hosts WHERE device = ?",
                                (device,)).fetchone() is not None

    def take_seat(self, device: str, game_id: int, seat: int, label: str = "") -> None:
        self._write("INSERT INTO seats (device, game_id, seat, label, joined) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT(device, game_id) DO UPDATE SET "
                    "seat = excluded.seat, joined = excluded.joined",
                    (device, game_id, seat, label, time.time()))

    def leave_seat(self, device: str, game_id: int) -> None:
        self._write("DELETE FROM seats WHERE device = ? AND game_id = ?", (device, game_id))

    def seats(self, game_id: int) -> list[Seat]:
        rows = self._db.execute("SELECT device, seat, label, joined FROM seats "
                                "WHERE game_id = ? ORDER BY seat, joined", (game_id,))
        return [Seat(*row) for row in rows]

    def seat_of(self, device: str) -> tuple[int, int] | None:
        """(game, seat) of the device's latest seat at a table still open."""
        row = self._db.execute(
            "SELECT seats.game_id, seat FROM seats JOIN tables USING (game_id) "
            "WHERE device = ? AND closed = 0 ORDER BY joined DESC LIMIT 1", (device,)).fetchone()
        return (int(row[0]), int(row[1])) if row else None


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
