"""The read-only pages of finished games (views/web/sheet_page.py): each one's token and the
language its page speaks."""

from __future__ import annotations

import secrets
import sqlite3

from views.storage.games import RECORD, GameRecord, GameRows

# A read-only page's token: 128 random bits, as URL-safe base64 (22 characters).
LINK_BYTES = 16


class LinkRows(GameRows):
    """A finished game's read-only page: its token, made at the first ask."""

    def sheet_link(self, game_id: int, lang: str) -> str | None:
        """The token of the finished game's read-only page, made at the first ask, when its
        page takes `lang` as the language it speaks from then on; None unless the game is
        finished (and not deleted)."""
        with self.transaction():
            row = self._db.execute("SELECT link FROM games WHERE id = ? AND status = 'finished' "
                                   "AND deleted IS NULL", (game_id,)).fetchone()
            if row is None or row[0] is not None:
                return None if row is None else str(row[0])
            while True:
                token = secrets.token_urlsafe(LINK_BYTES)
                try:
                    self._db.execute("UPDATE games SET link = ?, link_lang = ? WHERE id = ?",
                                     (token, lang, game_id))
                    return token
                except sqlite3.IntegrityError:  # a token in use (never seen): draw again
                    continue

    def game_of_link(self, token: str) -> tuple[GameRecord, str] | None:
        """The finished game whose page `token` opens, and the language of its page."""
        row = self._db.execute(f"SELECT {RECORD}, link_lang FROM games WHERE link = ? AND "
                               "status = 'finished' AND deleted IS NULL", (token,)).fetchone()
        record = self._readable(row[:-1]) if row else None
        return None if record is None else (record, str(row[-1]))
