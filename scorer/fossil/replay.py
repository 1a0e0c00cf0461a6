"""Replays a Fossil game log: checks every event and records what it did to every score.

Checking and scoring are one pass because whether a move can be paid for depends on the scores
the log has produced so far. An event with an error is reported and skipped, and the replay goes
on so that every problem in the log is listed at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from scorer.fossil.evaluation import Evaluation, evaluate
from scorer.fossil.models import (
    BOARD_SIDE,
    FOSSILS,
    PIECES,
    SMALL_GAME_PLAYERS,
    Adjust,
    Card,
    End,
    Evaluate,
    Exchange,
    FossilFile,
    LogEvent,
    Move,
    max_cost,
    pieces,
)
from scorer.places import LogEntry, Path
from scorer.problems import Problem, problem, warning
from scorer.sheet import Explanation, ScoreEvent, ScoreLine

CATEGORIES = ("start", "moves", "finds", "received", "paid", "adjustments")


@dataclass
class Replay:
    names: list[str]
    small_game: bool
    scores: list[int]
    lines: list[list[ScoreLine]]
    events: list[ScoreEvent] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    finds: list[Counter[Card]] = field(default_factory=list)
    taken: Counter[Card] = field(default_factory=Counter)
    evaluated: set[str] = field(default_factory=set)
    last_mover: int | None = None
    exchanged: bool = False  # the last mover has made their one exchange
    completed: tuple[str, Path] | None = None  # a fossil whose last piece was just taken
    ended: bool = False


def replay(file: FossilFile) -> Replay:
    names = [name.strip() for name in file.players]
    count = len(names)
    state = Replay(
        names=names,
        small_game=count in SMALL_GAME_PLAYERS,
        scores=[file.start_score] * count,
        lines=[[ScoreLine(item="start", place=LogEntry(None), category="start",
                          points=file.start_score,
                          explain=Explanation(key="fossil.start",
                                              params={"points": file.start_score}))]
               for _ in names],
        finds=[Counter() for _ in names],
    )
    log, shown = file.log, tuple(names)
    for index, event in enumerate(log):
        place: Path = ("log", index)
        before = tuple(state.scores)
        explanations: list[Explanation] = []
        if state.ended:
            state.problems.append(problem(place, "fossil.after_end"))
            continue
        _check_evaluation_follows(state, event)
        following = log[index + 1] if index + 1 < len(log) else None  # never a copy of the rest
        if not _apply(state, event, index, explanations, following):
            continue
        state.events.append(ScoreEvent(index=index, kind=type(event).__name__.lower(),
                                       names=shown, before=before, after=tuple(state.scores),
                                       explain=explanations))
    _check_evaluation_follows(state, None)
    return state


def _check_evaluation_follows(state: Replay, event: object) -> None:
    """Taking a fossil's last piece is followed by its evaluation (an exchange may come first)."""
    if state.completed is None:
        return
    fossil, place = state.completed
    if isinstance(event, Exchange | End) or (isinstance(event, Evaluate)
                                              and event.evaluate == fossil):
        if not isinstance(event, Exchange):
            state.completed = None
        return
    state.problems.append(warning(place, "fossil.evaluation_missing", fossil=fossil))
    state.completed = None


def _apply(state: Replay, event: LogEvent, index: int, explain: list[Explanation],
           following: LogEvent | None) -> bool:
    """Apply one log event (`following`: the next one, if any); False if it was refused (its
    problems are in state.problems)."""
    place: Path = ("log", index)
    match event:
        case Move():
            return _move(state, event, place, explain)
        case Exchange():
            return _exchange(state, event, place, explain, following)
        case Evaluate():
            return _evaluate(state, event, place, explain)
        case Adjust():
            return _adjust(state, event, place, explain)
        case End():
            return _end(state, place, explain)
    raise TypeError(f"not a log event: {event!r}")


def _move(state: Replay, move: Move, place: Path, explain: list[Explanation]) -> bool:
    player = _player(state, move.move, (*place, "move"))
    card = _card(state, move.take, (*place, "take")) if move.take is not None else None
    if player is None or (move.take is not None and card is None):
        return False
    if move.cost > max_cost(state.small_game):
        side = BOARD_SIDE[state.small_game]
        state.problems.append(problem((*place, "cost"), "fossil.cost_beyond_board",
                                      cost=move.cost, limit=max_cost(state.small_game),
                                      passed=side - 2, side=side))
        return False
    score = state.scores[player]
    if move.cost > score:
        state.problems.append(problem((*place, "cost"), "fossil.cannot_pay",
                                      player=state.names[player], cost=move.cost, score=score))
        return False
    if card and not _piece_left(state, card, (*place, "take")):
        return False
    expected = next_mover(state)
    if state.last_mover is not None and expected is not None and expected != player:
        state.problems.append(warning((*place, "move"), "fossil.out_of_turn",
                                      player=state.names[player], expected=state.names[expected]))
    state.scores[player] -= move.cost
    state.last_mover, state.exchanged = player, False
    params: dict[str, str | int] = {"player": state.names[player], "cost": move.cost}
    if card:
        state.finds[player][card] += 1
        state.taken[card] += 1
        params |= {"fossil": card[0], "value": card[1]}
        if not state.small_game and _taken_of(state, card[0]) == sum(PIECES.values()):
            state.completed = (card[0], place)
    explanation = Explanation(key="fossil.move_take" if card else "fossil.move", params=params)
    explain.append(explanation)
    state.lines[player].append(ScoreLine(item=move.take or "move", place=_entry(place),
                                         category="moves", points=-move.cost,
                                         explain=explanation))
    return True


def _exchange(state: Replay, event: Exchange, place: Path, explain: list[Explanation],
              following: LogEvent | None) -> bool:
    detail, at = event.exchange, (*place, "exchange")
    player = _player(state, detail.player, (*at, "player"))
    other = _player(state, detail.with_, (*at, "with"))
    gives = _card(state, detail.gives, (*at, "gives"))
    gets = _card(state, detail.gets, (*at, "gets"))
    if player is None or other is None or gives is None or gets is None:
        return False
    ok = True
    if player != state.last_mover:
        taker = "" if state.last_mover is None else state.names[state.last_mover]
        state.problems.append(problem((*at, "player"), "fossil.exchange_not_by_taker",
                                      player=state.names[player], taker=taker))
        ok = False
    elif state.exchanged:
        state.problems.append(problem(at, "fossil.second_exchange", player=state.names[player]))
        ok = False
    if player == other:
        state.problems.append(problem((*at, "with"), "fossil.exchange_with_self",
                                      player=state.names[player]))
        ok = False
    for who, card, key in ((player, gives, "gives"), (other, gets, "gets")):
        if not state.finds[who][card]:
            state.problems.append(problem((*at, key), "fossil.card_not_held",
                                          player=state.names[who], fossil=card[0], value=card[1]))
            ok = False
    if gives[1] != gets[1]:
        state.problems.append(problem(at, "fossil.exchange_unequal",
                                      gives=gives[1], gets=gets[1]))
        ok = False
    if not ok or not _exchange_before_evaluation(state, following, at):
        return False
    state.exchanged = True
    state.finds[player][gives] -= 1
    state.finds[player][gets] += 1
    state.finds[other][gets] -= 1
    state.finds[other][gives] += 1
    explain.append(Explanation(key="fossil.exchange", params={
        "player": state.names[player], "other": state.names[other],
        "gives_fossil": gives[0], "gets_fossil": gets[0], "value": gives[1]}))
    return True


def _exchange_before_evaluation(state: Replay, following: LogEvent | None, at: Path) -> bool:
    """An exchange belongs right before its evaluation: a move or the end after it is an error
    (the end evaluates without exchange). An adjustment may come between, and a log that stops
    after the exchange awaits the evaluation; both are only warned about."""
    if isinstance(following, Evaluate):
        return True
    if isinstance(following, Move):
        state.problems.append(problem(at, "fossil.exchange_before_move"))
        return False
    if isinstance(following, End):
        state.problems.append(problem(at, "fossil.exchange_at_end"))
        return False
    state.problems.append(warning(at, "fossil.exchange_not_before_evaluation"))
    return True


def _evaluate(state: Replay, event: Evaluate, place: Path, explain: list[Explanation]) -> bool:
    fossil = event.evaluate
    if fossil in state.evaluated:
        state.problems.append(problem((*place, "evaluate"), "fossil.already_evaluated",
                                      fossil=fossil))
        return False
    if not pieces(fossil, state.small_game):
        state.problems.append(problem((*place, "evaluate"), "fossil.not_in_small_game",
                                      fossil=fossil))
        return False
    if event.holdings is None:
        holdings = _held(state, fossil)
        taken = _taken_of(state, fossil)
        total = sum(pieces(fossil, state.small_game).values())
        if not state.small_game and taken < total:
            state.problems.append(warning(place, "fossil.evaluated_early", fossil=fossil,
                                          taken=taken, pieces=total))
    else:
        given = _given_holdings(state, fossil, event.holdings, (*place, "holdings"))
        if given is None:
            return False
        holdings = given
    _apply_evaluation(state, fossil, holdings, place, explain)
    return True


def _adjust(state: Replay, event: Adjust, place: Path, explain: list[Explanation]) -> bool:
    player = _player(state, event.adjust, (*place, "adjust"))
    if player is None:
        return False
    if state.scores[player] + event.points < 0:
        state.problems.append(problem((*place, "points"), "fossil.below_zero",
                                      player=state.names[player], points=event.points,
                                      score=state.scores[player]))
        return False
    state.scores[player] += event.points
    explanation = Explanation(key="fossil.adjust", params={
        "player": state.names[player], "points": event.points, "note": event.note or ""})
    explain.append(explanation)
    state.lines[player].append(ScoreLine(item="adjust", place=_entry(place),
                                         category="adjustments", points=event.points,
                                         explain=explanation))
    return True


def _end(state: Replay, place: Path, explain: list[Explanation]) -> bool:
    for fossil in FOSSILS:
        holdings = _held(state, fossil)
        if fossil not in state.evaluated and any(holdings):
            _apply_evaluation(state, fossil, holdings, place, explain)
    state.ended = True
    return True


def _entry(place: Path) -> LogEntry:
    """The log entry a place in the log is in: ("log", 3, ...) -> LogEntry(3)."""
    index = place[1]
    assert isinstance(index, int)
    return LogEntry(index)


def _apply_evaluation(state: Replay, fossil: str, holdings: list[list[int]], place: Path,
                      explain: list[Explanation]) -> None:
    result = evaluate(fossil, holdings, state.scores, state.small_game)
    for player, change in result.changes.items():
        state.scores[player] += change
    for finds in state.finds:
        for card in [card for card in finds if card[0] == fossil]:
            del finds[card]
    state.evaluated.add(fossil)
    for player, explanation, category, points in _evaluation_lines(state, result):
        explain.append(explanation)
        state.lines[player].append(ScoreLine(item=fossil, place=_entry(place),
                                             category=category, points=points,
                                             explain=explanation))
    if not result.cards:
        explain.append(Explanation(key="fossil.nobody_holds", params={"fossil": fossil}))


def _evaluation_lines(state: Replay,
                      result: Evaluation) -> Iterator[tuple[int, Explanation, str, int]]:
    """(player, explanation, category, points) for every gain and payment of an evaluation."""
    names, fossil = state.names, result.fossil
    top_names = [names[p] for p in result.top]
    for player, values in result.cards.items():
        full = result.gains_full_value(player)
        yield player, Explanation(
            key="fossil.find_value" if full else "fossil.find_sum",
            params={"player": names[player], "fossil": fossil, "cards": list(values),
                    "sum": sum(values), "count": len(values),
                    "value": result.find_values[player], "points": result.gains[player]},
        ), "finds", result.gains[player]
    for payment in result.payments:
        payer = names[payment.payer]
        shared = len(result.top) > 1
        if payment.paid < payment.owed:
            key = "fossil.paid_short"
        else:
            key = "fossil.paid_shared" if shared else "fossil.paid"
        yield payment.payer, Explanation(key=key, params={
            "player": payer, "fossil": fossil, "to": top_names, "owed": payment.owed,
            "points": payment.paid, "share": payment.owed // len(result.top),
            "lost": payment.lost}), "paid", -payment.paid
        for receiver, amount in payment.received.items():
            if payment.paid < payment.owed:
                key = "fossil.received_short"
            else:
                key = "fossil.received_shared" if shared else "fossil.received"
            yield receiver, Explanation(key=key, params={
                "player": names[receiver], "fossil": fossil, "payer": payer,
                "owed": payment.owed, "paid": payment.paid, "points": amount,
                "shared": len(result.top)}), "received", amount


def _taken_of(state: Replay, fossil: str) -> int:
    return sum(n for (f, _), n in state.taken.items() if f == fossil)


def _held(state: Replay, fossil: str) -> list[list[int]]:
    return [sorted(value for (f, value), n in finds.items() if f == fossil for _ in range(n))
            for finds in state.finds]


def _given_holdings(state: Replay, fossil: str, given: Mapping[str, Sequence[int]],
                    place: Path) -> list[list[int]] | None:
    holdings: list[list[int]] = [[] for _ in state.names]
    ok = True
    for name, values in given.items():
        player = _player(state, name, (*place, name))
        if player is None:
            ok = False
            continue
        holdings[player] = sorted(values)
    available = pieces(fossil, state.small_game)
    counts = Counter(value for values in holdings for value in values)
    for value, n in sorted(counts.items()):
        if n > available.get(value, 0):
            state.problems.append(problem(place, "fossil.too_many_pieces", fossil=fossil,
                                          value=value, count=n, pieces=available.get(value, 0)))
            ok = False
    return holdings if ok else None


def _player(state: Replay, name: str, place: Path) -> int | None:
    trimmed = name.strip()
    if trimmed in state.names:
        return state.names.index(trimmed)
    state.problems.append(problem(place, "fossil.unknown_player", name=name, names=state.names))
    return None


def _card(state: Replay, text: str, place: Path) -> Card | None:
    fossil, colon, value = text.partition(":")  # exactly FOSSIL:VALUE, as the JSON Schema says
    if not colon:
        state.problems.append(problem(place, "fossil.bad_value", card=text))
        return None
    if fossil not in FOSSILS:
        state.problems.append(problem(place, "fossil.unknown_fossil", fossil=fossil))
        return None
    if value not in ("1", "2", "3"):
        state.problems.append(problem(place, "fossil.bad_value", card=text))
        return None
    card = (fossil, int(value))
    if state.small_game and card[1] not in pieces(fossil, small_game=True):
        state.problems.append(problem(place, "fossil.not_in_small_game_card", fossil=fossil,
                                      value=card[1]))
        return None
    return card


def _piece_left(state: Replay, card: Card, place: Path) -> bool:
    fossil, value = card
    if fossil in state.evaluated:
        state.problems.append(problem(place, "fossil.already_evaluated", fossil=fossil))
        return False
    available = pieces(fossil, state.small_game).get(value, 0)
    if state.taken[card] >= available:
        state.problems.append(problem(place, "fossil.no_piece_left", fossil=fossil, value=value,
                                      pieces=available))
        return False
    return True


def next_mover(state: Replay) -> int | None:
    """Who moves next: clockwise after the last mover (the first seat before any move),
    skipping players at 0 points. None: nobody can pay for a move."""
    count = len(state.names)
    start = -1 if state.last_mover is None else state.last_mover
    for step in range(1, count + 1):
        candidate = (start + step) % count
        if state.scores[candidate] > 0:
            return candidate
    return None
