"""The evaluation of one fossil (fossil.md): find values, gains and payments.

Pure arithmetic on card values and scores, shared by the game log and the app's quick calculator.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Payment:
    """One non-holder paying the top find value(s)."""

    payer: int
    owed: int  # the top player's card count
    paid: int  # less than owed when the payer's score runs out (the shortfall)
    received: dict[int, int]  # per top player: owed // number of top players
    lost: int  # the remainder of an uneven split, received by nobody


@dataclass(frozen=True)
class Evaluation:
    fossil: str
    cards: dict[int, tuple[int, ...]]  # holder -> card values of this fossil
    find_values: dict[int, int]
    top: tuple[int, ...]  # the holders with the highest find value
    gains: dict[int, int]  # what each holder gains from their own finds
    payments: tuple[Payment, ...]
    changes: dict[int, int] = field(default_factory=dict)  # net change per player
    small_game: bool = False

    def gains_full_value(self, holder: int) -> bool:
        """Whether the holder gains their find value (not just the sum, 2-3 players).

        Compared by rule, not by number: a single card has find value == sum.
        """
        return not self.small_game or holder in self.top


def find_value(values: Sequence[int]) -> int:
    """Sum of the card values times the number of cards: 2, 2, 1 -> 5 x 3 = 15."""
    return sum(values) * len(values)


def evaluate(fossil: str, holdings: Sequence[Sequence[int]], scores: Sequence[int],
             small_game: bool) -> Evaluation:
    """Evaluate `fossil` given each player's card values of it and their scores before.

    4-6 players: every holder gains their find value. 2-3 players: only the highest find value
    gains it, other holders gain the sum of their values. Either way each non-holder pays the top
    player 1 point per card the top player holds; ties split each payment in whole points (the
    remainder is lost), and a payer pays at most their score while the top still gets it all.
    """
    cards = {player: tuple(values) for player, values in enumerate(holdings) if values}
    if not cards:
        return Evaluation(fossil, {}, {}, (), {}, (), dict.fromkeys(range(len(holdings)), 0),
                          small_game)
    values = {player: find_value(held) for player, held in cards.items()}
    best = max(values.values())
    top = tuple(player for player, value in values.items() if value == best)
    gains = {player: value if player in top or not small_game else sum(cards[player])
             for player, value in values.items()}
    # Equal find values imply equal card counts (fossil.md), so the first top player's count holds.
    owed = len(cards[top[0]])
    share, lost = divmod(owed, len(top))
    payments = tuple(
        Payment(payer=player, owed=owed, paid=min(owed, scores[player]),
                received=dict.fromkeys(top, share), lost=lost)
        for player in range(len(holdings)) if player not in cards
    )
    changes = dict.fromkeys(range(len(holdings)), 0)
    for player, gain in gains.items():
        changes[player] += gain
    for payment in payments:
        changes[payment.payer] -= payment.paid
        for player, amount in payment.received.items():
            changes[player] += amount
    return Evaluation(fossil, cards, values, top, gains, payments, changes, small_game)
