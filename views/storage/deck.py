"""The deck memory: the cards placed in each game, the most used first, to pick from."""

from __future__ import annotations

import time

from views.storage.database import Database


class DeckRows(Database):
    """The cards placed in each kind of game, counted."""

    def known_cards(self, kind: str) -> list[tuple[str, int]]:
        rows = self._db.execute("SELECT card, uses FROM deck_cards WHERE kind = ? "
                                "ORDER BY uses DESC, last_used DESC, card", (kind,))
        return [(card, uses) for card, uses in rows]

    def count_card(self, kind: str, card: str, delta: int) -> None:
        """A card placed (+1) or taken back (-1); a card nobody placed any more is forgotten."""
        with self.transaction():
            self._write("INSERT INTO deck_cards (kind, card, uses, last_used) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT(kind, card) DO UPDATE SET "
                        "uses = uses + excluded.uses, last_used = excluded.last_used",
                        (kind, card, delta, time.time()))
            self._write("DELETE FROM deck_cards WHERE uses <= 0")
