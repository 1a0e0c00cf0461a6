"""Checks a Symbiose file beyond its shape and builds the game, listing every problem found."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence

from scorer.places import Path
from scorer.players import check_names
from scorer.problems import Problem, problem
from scorer.symbiose.models import (
    COLUMNS,
    DECK_LIMITS,
    DUEL_RIVER,
    PLAYERS_PER_MODE,
    ROWS,
    SETUP,
    Card,
    CardInput,
    CardObject,
    Pond,
    SymbioseFile,
    SymbioseGame,
    parse_card_text,
)


def build_game(file: SymbioseFile, partial: bool = False) -> tuple[SymbioseGame | None,
                                                                    list[Problem]]:
    """`partial`: empty places (null) are allowed and score nothing, for a table being entered."""
    game, problems = read_game(file, partial)
    if any(p.severity == "error" for p in problems):
        return None, problems
    return game, problems


def read_game(file: SymbioseFile, partial: bool) -> tuple[SymbioseGame, list[Problem]]:
    """The game as the file has it, whatever its problems: a card that cannot be read lies as
    an empty place, a river side not named is none (scorer/symbiose/so_far.py scores it)."""
    problems: list[Problem] = []
    count = len(file.players)
    mode = file.mode or SETUP.variants.get(count, ("standard",))[0]
    if count not in PLAYERS_PER_MODE[mode]:
        problems.append(problem(("players",), "symbiose.player_count", mode=mode, count=count,
                                allowed=list(PLAYERS_PER_MODE[mode])))
    names = [player.name.strip() for player in file.players]
    problems += check_names([p.name for p in file.players],
                            [("players", i, "name") for i in range(count)])

    ponds: list[Pond] = []
    for index, player in enumerate(file.players):
        place = ("players", index, "pond")
        if len(player.pond) != ROWS or any(len(row) != COLUMNS for row in player.pond):
            problems.append(problem(place, "symbiose.pond_shape", name=names[index],
                                    shape=[len(row) for row in player.pond]))
        ponds.append(tuple(tuple(_cards(row, (*place, r), problems, partial))
                           for r, row in enumerate(player.pond)))

    river: tuple[Card | None, ...] = ()
    river_left_of = None
    if mode == "duel":
        if file.river is None or len(file.river) != DUEL_RIVER:
            problems.append(problem(("river",), "symbiose.river_size",
                                    count=len(file.river or []), needed=DUEL_RIVER))
        river = tuple(_cards(file.river or [], ("river",), problems, partial))
        if file.river_left_of is None:
            problems.append(problem(("river_left_of",), "symbiose.river_side_missing"))
        elif file.river_left_of.strip() not in names:
            problems.append(problem(("river_left_of",), "symbiose.river_side_unknown",
                                    name=file.river_left_of, names=names))
        else:
            river_left_of = names.index(file.river_left_of.strip())
    else:
        for field in ("river", "river_left_of"):
            if getattr(file, field) is not None:
                problems.append(problem((field,), "symbiose.river_outside_duel", mode=mode))

    problems += _deck_limits(ponds, river)
    game = SymbioseGame(mode=mode, names=tuple(names), ponds=tuple(ponds), river=river,
                        river_left_of=river_left_of)
    return game, problems


def _cards(inputs: Sequence[CardInput | None], place: Path, problems: list[Problem],
           partial: bool) -> Iterator[Card | None]:
    """The parsed cards; None keeps the place of an empty one or one that could not be read."""
    for column, value in enumerate(inputs):
        if value is None:
            if not partial:
                problems.append(problem((*place, column), "symbiose.empty_place"))
            yield None
        elif isinstance(value, CardObject):
            yield value.card()
        elif isinstance(parsed := parse_card_text(value), Card):
            yield parsed
        else:
            key, params = parsed
            problems.append(problem((*place, column), key, **params))
            yield None


def _deck_limits(ponds: Sequence[Pond], river: tuple[Card | None, ...]) -> list[Problem]:
    """Cards beyond the deck's count of an animal or season are reported where they lie."""
    problems = []
    seen: Counter[str] = Counter()
    for place, card in _table(ponds, river):
        for feature in (card.animal, card.season):
            seen[feature] += 1
            if seen[feature] == DECK_LIMITS[feature] + 1:
                problems.append(problem(place, "symbiose.deck_limit", feature=feature,
                                        limit=DECK_LIMITS[feature]))
    return problems


def _table(ponds: Sequence[Pond], river: tuple[Card | None, ...]) -> Iterator[tuple[Path, Card]]:
    for index, pond in enumerate(ponds):
        for r, row in enumerate(pond):
            for c, card in enumerate(row):
                if card is not None:
                    yield ("players", index, "pond", r, c), card
    for c, card in enumerate(river):
        if card is not None:
            yield ("river", c), card
