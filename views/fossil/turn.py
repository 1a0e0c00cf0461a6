"""This phone's state of the Fossil companion and the stage of the turn, as pure values: what a
tap changes is a new `Screen`, and what the screen offers next is `stage(...)` of the table's
facts, so both are tested without a UI."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum

from scorer.fossil.models import Card, LogEvent, Move, card_of


@dataclass(frozen=True)
class Turn:
    """This phone's half-entered turn: the cost and fossil picked, who moves if not the next
    player, and the log entry being corrected (None: a new turn)."""

    cost: int | None = None
    fossil: str | None = None
    mover: int | None = None
    editing: int | None = None


@dataclass(frozen=True)
class Shown:
    """A refusal as shown: at which control ("cost", "take", "exchange", "evaluate", "end")."""

    at: str
    message: str


@dataclass(frozen=True)
class Screen:
    """Everything this phone holds of the companion screen; the table holds the rest."""

    turn: Turn = field(default_factory=Turn)
    gives: Card | None = None  # the card the taker gives in the exchange, once picked
    seen: int = -1  # the log length whose last evaluation was looked at
    refused: tuple[Shown, ...] = ()
    correcting: bool = False  # a score is being corrected
    asking_end: bool = False  # the "end the game?" dialog is open

    @property
    def busy(self) -> bool:
        """A move or a score is being corrected: nobody "moves now"."""
        return self.turn.editing is not None or self.correcting


class Stage(Enum):
    """What the screen offers under the scores."""

    CORRECTING_MOVE = "correcting move"
    CORRECTING_SCORE = "correcting score"
    ENDED = "ended"
    BROKEN = "broken"  # no next step until the log is corrected
    EVALUATING = "evaluating"  # a fossil's last piece is taken: exchange, then evaluate
    LOOKING = "looking"  # everyone looks at the last evaluation until somebody continues
    TURN = "turn"


def stage(screen: Screen, *, ended: bool, broken: bool, due: bool, evaluated: bool,
          log_length: int) -> Stage:
    """The stage, from this phone's screen and the table: `due` an evaluation is owed,
    `evaluated` the log ends in an evaluation (or the end) whose arithmetic can be shown."""
    if screen.turn.editing is not None:
        return Stage.CORRECTING_MOVE
    if screen.correcting:
        return Stage.CORRECTING_SCORE
    if ended:
        return Stage.ENDED
    if broken:
        return Stage.BROKEN
    if due:
        return Stage.EVALUATING
    if evaluated and screen.seen != log_length:
        return Stage.LOOKING
    return Stage.TURN


def current(screen: Screen, log_length: int) -> Screen:
    """The screen as it can still be: the move being corrected may be gone (an undo, another
    phone)."""
    if screen.turn.editing is not None and screen.turn.editing >= log_length:
        return replace(screen, turn=Turn())
    return screen


def mover(turn: Turn, next_mover: int | None) -> int | None:
    """Who moves in this turn: the player picked, else the next one."""
    return turn.mover if turn.mover is not None else next_mover


def with_mover(screen: Screen, player: int, next_mover: int | None) -> Screen:
    """`player` picked to move; the next player picked is no pick, unless a move is corrected."""
    keep = screen.turn.editing is not None or player != next_mover
    return replace(screen, turn=replace(screen.turn, mover=player if keep else None))


def with_cost(screen: Screen, cost: int) -> Screen:
    return replace(screen, turn=replace(screen.turn, cost=cost), refused=())


def with_fossil(screen: Screen, fossil: str) -> Screen:
    return replace(screen, turn=replace(screen.turn, fossil=fossil), refused=())


def editing(screen: Screen, index: int, entry: LogEvent, names: tuple[str, ...]) -> Screen:
    """Log entry `index` opened in the turn panel; only a move that took a card can be."""
    if not isinstance(entry, Move) or not entry.take:
        return screen
    turn = Turn(entry.cost, card_of(entry.take)[0], names.index(entry.move), index)
    return replace(screen, turn=turn, correcting=False, refused=())


def new_turn(screen: Screen) -> Screen:
    """The turn panel emptied, nothing refused."""
    return replace(screen, turn=Turn(), refused=())
