"""Symbiose scoring: each pond card scores by its column against one whole pond (symbiose.md)."""

from __future__ import annotations

from dataclasses import dataclass

from scorer.places import POND_ROWS, PondTile
from scorer.players import left_of, right_of
from scorer.sheet import Explanation, ScoreLine, ScoreSheet, build_sheet, player_score
from scorer.symbiose.models import COLUMNS, Card, SymbioseGame

CATEGORIES = ("left", "middle", "right")


@dataclass(frozen=True)
class Counted:
    """The cards a column looks at, and whose they are."""

    kind: str  # "own", "player" or "river": picks the explanation
    owner: str  # the pond's owner; empty for the river
    cards: tuple[Card, ...]


def score(game: SymbioseGame) -> ScoreSheet:
    players = [
        player_score(name, _lines(game, index), CATEGORIES)
        for index, name in enumerate(game.names)
    ]
    return build_sheet("symbiose", players, teams=game.teams)


def counted_ponds(game: SymbioseGame, index: int) -> dict[str, Counted]:
    """Which cards the left, middle and right columns of player `index` count."""
    def counted(seat: int | None) -> Counted:
        if seat is None:
            return Counted("river", "", tuple(card for card in game.river if card is not None))
        flat = tuple(card for row in game.ponds[seat] for card in row if card is not None)
        return Counted("own" if seat == index else "player", game.names[seat], flat)

    seats = counted_seats(game.mode, len(game.names), game.river_left_of, index)
    return {column: counted(seat) for column, seat in seats.items()}


def counted_seats(mode: str, count: int, river_left_of: int | None,
                  index: int) -> dict[str, int | None]:
    """Whose pond the left, middle and right columns of player `index` count: a seat, or None
    for the duel river (symbiose.md): the neighbours, the partner opposite in a team game."""
    left: int | None
    right: int | None
    if mode == "team":
        partner = (index + 2) % count
        left, right = partner, partner
    elif mode == "duel":
        opponent = 1 - index
        has_river_left = index == river_left_of
        left, right = (None, opponent) if has_river_left else (opponent, None)
    else:
        left, right = left_of(index, count), right_of(index, count)
    return {"left": left, "middle": index, "right": right}


def column_category(column: int) -> str:
    if column == 0:
        return "left"
    return "right" if column == COLUMNS - 1 else "middle"


def _lines(game: SymbioseGame, index: int) -> list[ScoreLine]:
    counted = counted_ponds(game, index)
    lines = []
    for r, row in enumerate(game.ponds[index]):
        for c, card in enumerate(row):
            category = column_category(c)
            if card is None:  # a partial table: one line per place all the same
                points, explain = 0, Explanation("symbiose.empty", {"row": POND_ROWS[r],
                                                                    "column": category})
            else:
                points, explain = _card_points(card, category, counted[category], POND_ROWS[r])
            lines.append(ScoreLine(item=str(card or ""),
                                   place=PondTile(index, r, c),
                                   category=category, points=points, explain=explain))
    return lines


def _card_points(card: Card, column: str, counted: Counted, row: str) -> tuple[int, Explanation]:
    place = {"row": row, "column": column}
    if card.per is None:
        return card.points, Explanation(key="symbiose.fixed",
                                        params={**place, "points": card.points})
    count = sum(other.matches(card.per) for other in counted.cards)
    points = card.points * count
    key = f"symbiose.counts_{counted.kind}"
    params = {**place, "each": card.points, "per": card.per, "count": count,
              "owner": counted.owner, "points": points}
    return points, Explanation(key=key, params=params)
