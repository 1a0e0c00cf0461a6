"""Fossil game files: the players, the start score and the game log."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Discriminator, Field, Tag

from scorer.file_model import MAX_NUMBER, TRUE_OR_FALSE, WHOLE_NUMBER, file_config
from scorer.setup import Setup

# The id order is also the order in which "end" evaluates the fossils still held.
FOSSILS = ("ammonite", "fish", "poplar_leaf", "scallop", "brittle_star", "sea_urchin",
           "sea_lily", "trilobite", "horseshoe_crab")
FossilId = Literal["ammonite", "fish", "poplar_leaf", "scallop", "brittle_star", "sea_urchin",
                   "sea_lily", "trilobite", "horseshoe_crab"]
PIECES = {3: 1, 2: 2, 1: 6}  # pieces of each value per fossil
# 2-3 players: scallops, fish and every 3 are removed before setup.
SMALL_GAME_PLAYERS = (2, 3)
SMALL_GAME_REMOVED_FOSSILS = ("fish", "scallop")
SMALL_GAME_REMOVED_VALUE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_SCORE = 30
# The player count picks the rules: there is no variant to choose.
SETUP = Setup({count: ("small",) if count in SMALL_GAME_PLAYERS else ("standard",)
               for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)})
# 2-3 players: the 7 cards left over after the 7 x 7 grid is laid out (56 cards, 49 squares).
SET_ASIDE = 7

Card = tuple[str, int]  # (fossil, value)

# The seed rulebook lays all 81 cards row by row (a 9 x 9 grid) for 4-6 players and a 7 x 7 grid
# for 2-3. A gem stands on a square of the row or column it moves along, so it passes at most
# side - 2 cards and takes the next: a move costs at most 8 (6 for 2-3 players).
BOARD_SIDE = {False: 9, True: 7}  # by small_game


def max_cost(small_game: bool) -> int:
    """The most a move can cost on the board of this game."""
    return BOARD_SIDE[small_game] - 1


CardText = Annotated[str, Field(description="FOSSIL:VALUE, e.g. sea_urchin:2",
                                json_schema_extra={"pattern": r"^[a-z_]+:[123]$"})]


def pieces(fossil: str, small_game: bool) -> dict[int, int]:
    """How many pieces of each value of `fossil` are in play."""
    if small_game and fossil in SMALL_GAME_REMOVED_FOSSILS:
        return {}
    if small_game:
        return {value: n for value, n in PIECES.items() if value != SMALL_GAME_REMOVED_VALUE}
    return dict(PIECES)


def card_of(text: str) -> Card:
    """'sea_urchin:2' -> ('sea_urchin', 2), for card texts the file check has accepted."""
    fossil, _, value = text.partition(":")
    return fossil, int(value)


def card_text(card: Card) -> str:
    return f"{card[0]}:{card[1]}"


class _Event(BaseModel):
    model_config = file_config() | {"populate_by_name": True}


class Move(_Event):
    move: str = Field(description="The player who moves a gem")
    cost: int = Field(ge=1, le=MAX_NUMBER, description="Cards passed over plus the card taken")
    take: CardText | None = None


class ExchangeDetail(_Event):
    player: str
    gives: CardText
    with_: str = Field(alias="with")
    gets: CardText


class Exchange(_Event):
    exchange: ExchangeDetail


class Evaluate(_Event):
    evaluate: FossilId
    holdings: dict[str, list[Annotated[Literal[1, 2, 3], WHOLE_NUMBER]]] | None = Field(
        None, description="Player -> card values; without it the holdings come from the log")


class Adjust(_Event):
    adjust: str
    points: int = Field(ge=-MAX_NUMBER, le=MAX_NUMBER)
    note: str | None = None


class End(_Event):
    end: Annotated[Literal[True], TRUE_OR_FALSE]


EVENT_KINDS = ("move", "exchange", "evaluate", "adjust", "end")


def _event_kind(value: Any) -> str | None:
    """The union tag: an event is known by its one identifying key."""
    if isinstance(value, dict):
        kind = next((kind for kind in EVENT_KINDS if kind in value), None)
    else:
        kind = next((kind for kind in EVENT_KINDS if isinstance(value, _EVENT_MODELS[kind])), None)
    return kind.capitalize() if kind else None


_EVENT_MODELS: dict[str, type[_Event]] = {"move": Move, "exchange": Exchange,
                                          "evaluate": Evaluate, "adjust": Adjust, "end": End}

LogEvent = Annotated[
    Annotated[Move, Tag("Move")] | Annotated[Exchange, Tag("Exchange")]
    | Annotated[Evaluate, Tag("Evaluate")] | Annotated[Adjust, Tag("Adjust")]
    | Annotated[End, Tag("End")],
    Discriminator(_event_kind, custom_error_type="fossil.unknown_event",
                  custom_error_message="a log event is move, exchange, evaluate, adjust or end"),
]


class FossilFile(BaseModel):
    """A Fossil game: players clockwise, the start score and the log (GAME_FILES.md, version 1)."""

    model_config = file_config("Fossil game file")

    version: Annotated[Literal[1], WHOLE_NUMBER]
    game: Literal["fossil"]
    players: list[str] = Field(description="Names, clockwise")
    start_score: int = Field(START_SCORE, ge=0, le=MAX_NUMBER)
    log: list[LogEvent] = Field(default_factory=list)
