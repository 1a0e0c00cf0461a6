"""SQLite persistence: games in progress and finished (views/storage/games.py), their read-only
pages (links.py), known players (players.py), the deck memory (deck.py), and who may reach
what (seats.py), all through one database (database.py) of one schema (schema.py).

Every change commits at once, in one transaction (`transaction()`), so a reload, a closed tab
or a restarted server loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from views.storage.deck import DeckRows
from views.storage.links import LinkRows
from views.storage.players import PlayerRows
from views.storage.seats import SeatRows


class Store(LinkRows, SeatRows, PlayerRows, DeckRows):
    """Every kind of row, in one database."""

    def __init__(self, path: Path | str):
        super().__init__(path)
        try:
            self._forget_deleted()
        except BaseException:
            self.close()
            raise

    def add_imported_game(self, kind: str, data: dict[str, Any], created: float,
                          updated: float, identity: str, players: list[str],
                          finished: bool = True) -> int:
        """A game from elsewhere, stored as `add_finished_game` stores one (unfinished: then
        opened for play), and its players remembered as of `updated`: in one transaction."""
        with self.transaction():
            game_id = self.add_finished_game(kind, data, created, updated, identity)
            if not finished:
                self._db.execute("UPDATE games SET status = 'active' WHERE id = ?", (game_id,))
            self.remember_players(players, when=updated)
        return game_id
