"""How many of something (connections, sockets) one client address may hold, and all of them
together. One address can fill only its own share, far below the whole; when the whole is full,
an address holding almost nothing still gets a few from a reserve: a phone coming to the table
(the host's own among them) gets in while a flood from other addresses is held."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Caps:
    per_address: int  # what one address may hold at most
    total: int  # what all addresses together hold before the reserve is drawn on
    few: int  # an address holding fewer than this may draw on the reserve
    reserve: int  # kept for those addresses beyond the total

    def admits(self, mine: int, total: int) -> bool:
        """Whether an address holding `mine` may take one more, with `total` held in all."""
        if mine >= self.per_address:
            return False
        return total < self.total or (mine < self.few and total < self.total + self.reserve)
