"""The known players, the latest first, and the names a player's games were played under."""

from __future__ import annotations

import time

from views.storage.database import Database


class PlayerRows(Database):
    """The known players and their aliases."""

    def known_players(self) -> list[str]:
        rows = self._db.execute("SELECT name FROM players ORDER BY last_used DESC, name")
        return [name for (name,) in rows]

    def remember_players(self, names: list[str], when: float | None = None) -> None:
        """Known players for the next new game, the latest first (`when`: they played then,
        as an imported game says; a later game of theirs counts)."""
        now = time.time() if when is None else when
        with self.transaction():
            for offset, name in enumerate(names):
                self._write("INSERT INTO players (name, last_used) VALUES (?, ?) ON CONFLICT(name) "
                            "DO UPDATE SET name = excluded.name, "
                            "last_used = MAX(last_used, excluded.last_used)",
                            (name, now - offset * 1e-3))

    def rename_player(self, name: str, new: str) -> None:
        """From now on the history counts `name`'s games as `new`'s: a new spelling, or (`new`
        a known player) the same person under two names. The stored games keep the names
        they were played with: their sheets stay as they were."""
        with self.transaction():
            self._db.execute("UPDATE aliases SET player = ? WHERE player = ?", (new, name))
            self._db.execute("INSERT INTO aliases (name, player) VALUES (?, ?) ON CONFLICT(name) "
                             "DO UPDATE SET player = excluded.player", (name, new))
            self._db.execute("DELETE FROM aliases WHERE name = ? AND player = name", (new,))
            row = self._db.execute("SELECT MAX(last_used) FROM players WHERE name IN (?, ?)",
                                   (name, new)).fetchone()
            self._db.execute("DELETE FROM players WHERE name IN (?, ?)", (name, new))
            self._db.execute("INSERT INTO players (name, last_used) VALUES (?, ?)",
                             (new, row[0] if row and row[0] else time.time()))

    def add_alias(self, name: str, player: str) -> bool:
        """`name`'s games count for `player` unless the name counts for someone already
        (an import must not undo a rename made here); whether it was added."""
        cursor = self._write("INSERT INTO aliases (name, player) VALUES (?, ?) "
                             "ON CONFLICT(name) DO NOTHING", (name, player))
        return cursor.rowcount == 1

    def aliases(self) -> dict[str, str]:
        """A name games were played with (case-folded) -> the player it now counts for."""
        rows = self._db.execute("SELECT name, player FROM aliases")
        return {name.casefold(): player for name, player in rows}
