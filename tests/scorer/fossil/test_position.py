"""A Fossil game in play: whether an event is legal here (every refusal, at its place), the
position after it and the sheet so far of a log with an error (who moves next: test_state)."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import TypeAdapter

from scorer import GameFileError, score
from scorer.fossil.models import FossilFile, LogEvent
from scorer.fossil.position import Position, Refusal, so_far
from scorer.places import LogEntry
from scorer.registry import GAMES
from tests.scorer.fossil.strategies import fossil_game

FOUR = ["Ann", "Bob", "Cas", "Dee"]
THREE = FOUR[:3]
EVENT: TypeAdapter[LogEvent] = TypeAdapter(LogEvent)


def position(names: list[str], log: list[dict[str, Any]] = (), **extra: Any) -> Position:
    return Position.of(FossilFile.model_validate(fossil_game(names, list(log), **extra)))


def event(data: dict[str, Any]) -> LogEvent:
    return EVENT.validate_python(data)


def take(player: str, card: str, cost: int = 1) -> dict[str, Any]:
    return {"move": player, "cost": cost, "take": card}


def swap(player: str, gives: str, other: str, gets: str) -> dict[str, Any]:
    return {"exchange": {"player": player, "gives": gives, "with": other, "gets": gets}}


# Ann holds an ammonite 2, Bob (the last mover) a trilobite 2.
TWO_TAKEN = [take("Ann", "ammonite:2"), take("Bob", "trilobite:2")]

REFUSED = {  # why: (players, log so far, the event, its key, the field of the event it is at)
    "after the end": (FOUR, [{"end": True}], take("Ann", "ammonite:1"), "fossil.after_end", ""),
    "beyond the board": (FOUR, [], take("Ann", "ammonite:1", 9), "fossil.cost_beyond_board",
                         "cost"),
    "cannot pay": (FOUR, [{"adjust": "Ann", "points": -25}], take("Ann", "ammonite:1", 6),
                   "fossil.cannot_pay", "cost"),
    "no piece left": (FOUR, [take("Ann", "sea_urchin:3")], take("Bob", "sea_urchin:3"),
                      "fossil.no_piece_left", "take"),
    "taken once evaluated": (FOUR, [{"evaluate": "ammonite"}], take("Ann", "ammonite:1"),
                             "fossil.already_evaluated", "take"),
    "unknown player": (FOUR, [], take("Zed", "ammonite:1"), "fossil.unknown_player", "move"),
    "no value": (FOUR, [], take("Ann", "ammonite"), "fossil.bad_value", "take"),
    "unknown fossil": (FOUR, [], take("Ann", "dodo:1"), "fossil.unknown_fossil", "take"),
    "a 3 in a small game": (THREE, [], take("Ann", "ammonite:3"),
                            "fossil.not_in_small_game_card", "take"),
    "exchange not by the taker": (FOUR, TWO_TAKEN, swap("Ann", "ammonite:2", "Bob",
                                                        "trilobite:2"),
                                  "fossil.exchange_not_by_taker", "exchange"),
    "second exchange": (FOUR, [*TWO_TAKEN, swap("Bob", "trilobite:2", "Ann", "ammonite:2")],
                        swap("Bob", "ammonite:2", "Ann", "trilobite:2"),
                        "fossil.second_exchange", "exchange"),
    "exchange with oneself": (FOUR, TWO_TAKEN, swap("Bob", "trilobite:2", "Bob", "trilobite:2"),
                              "fossil.exchange_with_self", "exchange"),
    "card not held": (FOUR, TWO_TAKEN, swap("Bob", "trilobite:2", "Cas", "ammonite:2"),
                      "fossil.card_not_held", "exchange"),
    "unequal exchange": (FOUR, [take("Ann", "ammonite:3"), take("Bob", "trilobite:2")],
                         swap("Bob", "trilobite:2", "Ann", "ammonite:3"),
                         "fossil.exchange_unequal", "exchange"),
    "evaluated twice": (FOUR, [{"evaluate": "fish"}], {"evaluate": "fish"},
                        "fossil.already_evaluated", "evaluate"),
    "fish in a small game": (THREE, [], {"evaluate": "fish"}, "fossil.not_in_small_game",
                             "evaluate"),
    "too many pieces": (FOUR, [], {"evaluate": "fish", "holdings": {"Ann": [3, 3]}},
                        "fossil.too_many_pieces", "holdings"),
    "below zero": (FOUR, [], {"adjust": "Ann", "points": -31}, "fossil.below_zero", "points"),
}


@pytest.mark.parametrize("why", REFUSED)
def test_every_refusal_says_why_at_its_place_and_changes_nothing(why):
    names, log, data, key, field = REFUSED[why]
    before = position(names, log)
    pushed = before.push(event(data))
    assert isinstance(pushed, tuple)
    assert [(r.problem.key, r.field, r.breaks) for r in pushed] == [(key, field, None)]
    assert pushed[0].problem.spot == LogEntry(len(log))
    assert before.refusals(event(data)) == pushed and not before.is_legal(event(data))
    assert len(before.log) == len(log) and before.replayed == position(names, log).replayed


@pytest.mark.parametrize(("what", "key"), [(take("Cas", "ammonite:1"),
                                            "fossil.exchange_before_move"),
                                           ({"end": True}, "fossil.exchange_at_end")])
def test_an_event_that_breaks_the_exchange_before_it_is_refused_there(what, key):
    log = [*TWO_TAKEN, swap("Bob", "trilobite:2", "Ann", "ammonite:2")]
    refused = position(FOUR, log).refusals(event(what))
    assert refused == (Refusal(refused[0].problem, LogEntry(2)),)
    assert refused[0].problem.key == key and refused[0].field == ""


def test_a_legal_event_gives_the_position_a_fresh_replay_of_the_longer_log_would():
    start = position(FOUR, TWO_TAKEN)
    after = start.push(event(take("Cas", "sea_lily:3", 2)))
    assert isinstance(after, Position)
    fresh = position(FOUR, [*TWO_TAKEN, take("Cas", "sea_lily:3", 2)])
    assert after.replayed == fresh.replayed and after.problems == fresh.problems
    assert after.next_mover == 3 and start.next_mover == 2  # the first is unchanged
    assert len(start.log) == 2
    assert start.is_legal(event(take("Cas", "sea_lily:3", 2)))


def test_a_correction_is_checked_against_the_entries_after_it():
    log = [take("Ann", "sea_urchin:3"), take("Bob", "ammonite:1"), take("Cas", "trilobite:3")]
    game = position(FOUR, log)
    refused = game.refusals(event(take("Ann", "trilobite:3")), at=0)
    assert [(r.problem.key, r.breaks) for r in refused] == [("fossil.no_piece_left",
                                                             LogEntry(2))]
    corrected = game.push(event(take("Ann", "trilobite:2", 4)), at=0)
    assert isinstance(corrected, Position)
    assert [e.model_dump(exclude_none=True) for e in corrected.log] == [
        take("Ann", "trilobite:2", 4), log[1], log[2]]
    assert [p.total for p in corrected.so_far().sheet.players] == [26, 29, 29, 30]


def test_errors_the_log_had_elsewhere_do_not_count_against_a_correction_but_its_own_do():
    log = [take("Ann", "ammonite:1"), take("Bob", "ammonite:2", 9)]  # entry 2 is beyond the board
    broken = position(FOUR, log)
    assert broken.broken and broken.first_error == 1
    assert isinstance(broken.push(event(take("Ann", "ammonite:3")), at=0), Position)
    refused = broken.refusals(event(take("Bob", "ammonite:2", 9)), at=1)
    assert [r.problem.key for r in refused] == ["fossil.cost_beyond_board"]


def test_so_far_scores_the_log_before_its_first_error_and_leaves_out_the_rest():
    log = [take("Ann", "ammonite:1"), take("Bob", "ammonite:1", 9), take("Cas", "ammonite:2"),
           take("Dee", "ammonite:2")]
    data = fossil_game(FOUR, log)
    progress = so_far(data)
    assert [p.total for p in progress.sheet.players] == [29, 30, 30, 30]
    assert progress.sheet == score(fossil_game(FOUR, log[:1]))
    assert [(p.key, p.spot, p.severity) for p in progress.problems] == [
        ("fossil.cost_beyond_board", LogEntry(1), "error"),
        ("fossil.out_of_turn", LogEntry(2), "warning")]  # Bob's move did not count
    assert [(left.spot, left.why.key, left.why.params) for left in progress.left_out] == [
        (LogEntry(1), "fossil.left_out_error", {}),
        (LogEntry(2), "fossil.left_out_after_error", {"number": 2}),
        (LogEntry(3), "fossil.left_out_after_error", {"number": 2})]
    assert GAMES["fossil"].so_far(data) == progress == so_far(FossilFile.model_validate(data))


def test_so_far_of_a_log_without_errors_is_its_sheet_with_its_warnings():
    log = [take("Ann", "ammonite:1"), take("Cas", "ammonite:2")]  # Cas out of turn
    progress = so_far(fossil_game(FOUR, log))
    assert progress.left_out == ()
    assert progress.sheet == score(fossil_game(FOUR, log))
    assert [(p.key, p.spot) for p in progress.problems] == [("fossil.out_of_turn",
                                                             LogEntry(1))]


def test_so_far_of_data_that_is_no_fossil_file_raises_with_its_problems():
    with pytest.raises(GameFileError) as refused:
        so_far({"version": 1, "game": "fossil", "players": "Ann"})
    assert [p.place for p in refused.value.problems] == ["players"]
