"""Where a Fossil game stands: what is left on the board, what each player holds, and which
evaluation (with its optional exchange) the table owes (whose turn it is: `Position`).

The app asks these questions instead of counting for itself. A game of 2-3 players has cards
that were set aside unseen at setup; the players may enter them (`set_aside`), and only then is
the board known. Without them the app asks the players to confirm that a fossil's last piece
was taken (`confirmed`: the log index of that move).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from scorer.fossil.models import FOSSILS, SET_ASIDE, Card, Exchange, Move, card_of, pieces
from scorer.fossil.scoring import FossilGame


@dataclass(frozen=True, slots=True)
class Take:
    """The last move, when only exchanges follow it: who took which card, at which entry."""

    index: int
    player: int
    card: Card | None


@dataclass(frozen=True, slots=True)
class Due:
    """An evaluation the table owes: `taker` took the fossil's last piece and, unless
    `exchanged`, may first swap one card of equal value with another player."""

    fossil: str
    taker: int
    exchanged: bool


def skipping(game: FossilGame) -> list[int]:
    """The players at 0 points, who skip their turns until an evaluation pays them."""
    return [index for index, points in enumerate(game.replayed.scores) if points <= 0]


def holdings(game: FossilGame, player: int) -> list[Card]:
    """The cards a player holds now, in fossil order, highest value first."""
    held = game.replayed.finds[player]
    return [(fossil, value) for fossil in FOSSILS for value in (3, 2, 1)
            for _ in range(held.get((fossil, value), 0))]


def board_known(game: FossilGame, set_aside: Iterable[Card] = ()) -> bool:
    """4-6 players: every piece is on the board; 2-3: once the set-aside cards are entered."""
    return not game.replayed.small_game or len(list(set_aside)) >= SET_ASIDE


def pieces_left(game: FossilGame, fossil: str,
                set_aside: Iterable[Card] = ()) -> dict[int, int]:
    """The pieces of each value of `fossil` still on the board, as far as the table knows."""
    state = game.replayed
    in_play = pieces(fossil, state.small_game)
    if fossil in state.evaluated:
        return dict.fromkeys(in_play, 0)
    aside = Counter(set_aside)
    return {value: max(0, count - state.taken[(fossil, value)] - aside[(fossil, value)])
            for value, count in in_play.items()}


def fossils_in_play(small_game: bool) -> list[str]:
    """The fossils on the board: 2-3 players play without scallops and fish."""
    return [fossil for fossil in FOSSILS if pieces(fossil, small_game)]


def last_take(game: FossilGame) -> Take | None:
    """The last move of the log, if only exchanges follow it."""
    log = game.file.log
    for index in range(len(log) - 1, -1, -1):
        event = log[index]
        if isinstance(event, Move):
            player = game.names.index(event.move.strip())
            return Take(index, player, card_of(event.take) if event.take is not None else None)
        if not isinstance(event, Exchange):
            return None
    return None


def due_evaluation(game: FossilGame, set_aside: Iterable[Card] = (),
                   confirmed: int | None = None) -> Due | None:
    """The evaluation owed now: the last move took a fossil's last piece on the board (or the
    players confirmed it did), and the fossil has not been evaluated."""
    take = last_take(game)
    if take is None or take.card is None or game.replayed.ended:
        return None
    fossil = take.card[0]
    if fossil in game.replayed.evaluated:
        return None
    set_aside = list(set_aside)
    emptied = board_known(game, set_aside) and not any(
        pieces_left(game, fossil, set_aside).values())
    if not emptied and confirmed != take.index:
        return None
    exchanged = any(isinstance(event, Exchange) for event in game.file.log[take.index + 1:])
    return Due(fossil, take.player, exchanged)


def may_be_last(game: FossilGame, set_aside: Iterable[Card] = ()) -> str | None:
    """2-3 players without the set-aside cards: the fossil just taken, which may have been the
    last of it on the board; the players confirm."""
    set_aside = list(set_aside)
    if board_known(game, set_aside) or due_evaluation(game, set_aside) is not None:
        return None
    take = last_take(game)
    log = game.file.log
    if take is None or take.card is None or take.index != len(log) - 1:
        return None
    return None if take.card[0] in game.replayed.evaluated else take.card[0]
