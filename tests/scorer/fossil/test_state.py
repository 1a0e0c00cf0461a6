"""Where a Fossil game stands: the questions the app asks instead of counting for itself."""

from __future__ import annotations

from scorer import load_game
from scorer.fossil.position import Position
from scorer.fossil.state import (
    Due,
    Take,
    board_known,
    due_evaluation,
    fossils_in_play,
    holdings,
    last_take,
    may_be_last,
    pieces_left,
    skipping,
)
from tests.scorer.fossil.strategies import fossil_game

FOUR = ["Ann", "Bob", "Cas", "Dee"]
THREE = FOUR[:3]


def game(names, log=(), start_score=30):
    return load_game(fossil_game(names, list(log), start_score=start_score))


def takes(player: str, fossil: str, values, cost: int = 1):
    return [{"move": player, "cost": cost, "take": f"{fossil}:{v}"} for v in values]


def next_mover(game) -> int | None:
    return Position.of(game.file).next_mover


ALL_SEA_URCHINS = [3, 2, 2, 1, 1, 1, 1, 1, 1]


def test_the_first_seat_moves_first_then_clockwise():
    assert next_mover(game(FOUR)) == 0
    assert next_mover(game(FOUR, [{"move": "Ann", "cost": 1}])) == 1
    assert next_mover(game(FOUR, [{"move": "Dee", "cost": 1}])) == 0


def test_players_at_zero_are_skipped():
    log = [{"adjust": "Bob", "points": -30}, {"move": "Ann", "cost": 1}]
    played = game(FOUR, log)
    assert next_mover(played) == 2
    assert skipping(played) == [1]


def test_nobody_moves_when_everyone_is_at_zero():
    played = game(FOUR, [{"move": "Ann", "cost": 1}], start_score=1)
    assert next_mover(game(FOUR, start_score=0)) is None
    assert next_mover(played) == 1  # the others can still pay
    everyone_paid = [{"move": name, "cost": 1} for name in FOUR]
    assert next_mover(game(FOUR, everyone_paid, start_score=1)) is None


def test_holdings_in_fossil_order_highest_first():
    log = [*takes("Ann", "trilobite", [1]), *takes("Bob", "fish", [2]),
           *takes("Cas", "ammonite", [1]), *takes("Dee", "fish", [1]),
           *takes("Ann", "ammonite", [3])]
    played = game(FOUR, log)
    assert holdings(played, 0) == [("ammonite", 3), ("trilobite", 1)]
    assert holdings(played, 3) == [("fish", 1)]


def test_pieces_left_count_what_was_taken_and_set_aside():
    played = game(THREE, takes("Ann", "sea_urchin", [2, 1]))
    assert pieces_left(played, "sea_urchin") == {2: 1, 1: 5}
    assert pieces_left(played, "sea_urchin", [("sea_urchin", 1)] * 2) == {2: 1, 1: 3}
    assert pieces_left(game(FOUR), "fish") == {3: 1, 2: 2, 1: 6}


def test_the_small_game_plays_without_scallops_and_fish():
    assert "fish" not in fossils_in_play(small_game=True)
    assert "scallop" not in fossils_in_play(small_game=True)
    assert len(fossils_in_play(small_game=False)) == 9


def test_the_board_is_known_with_four_players_or_seven_cards_set_aside():
    assert board_known(game(FOUR))
    assert not board_known(game(THREE), [("ammonite", 1)] * 6)
    assert board_known(game(THREE), [("ammonite", 1)] * 6 + [("trilobite", 2)])


def test_taking_the_last_piece_makes_its_evaluation_due():
    log = [*takes("Ann", "sea_urchin", ALL_SEA_URCHINS[:-1]), *takes("Bob", "sea_urchin", [1])]
    played = game(FOUR, log)
    assert last_take(played) == Take(8, 1, ("sea_urchin", 1))
    assert due_evaluation(played) == Due("sea_urchin", taker=1, exchanged=False)


def test_after_the_exchange_the_evaluation_is_still_due_and_no_second_exchange():
    log = [*takes("Ann", "sea_urchin", ALL_SEA_URCHINS[:-1]), *takes("Bob", "ammonite", [1]),
           *takes("Cas", "sea_urchin", [1]),
           {"exchange": {"player": "Cas", "gives": "sea_urchin:1", "with": "Ann",
                         "gets": "sea_urchin:1"}}]
    assert due_evaluation(game(FOUR, log)) == Due("sea_urchin", taker=2, exchanged=True)


def test_nothing_is_due_once_evaluated_or_while_pieces_are_left():
    log = takes("Ann", "sea_urchin", ALL_SEA_URCHINS)
    assert due_evaluation(game(FOUR, log[:-1])) is None
    assert due_evaluation(game(FOUR, [*log, {"evaluate": "sea_urchin"}])) is None
    assert last_take(game(FOUR, [*log, {"evaluate": "sea_urchin"}])) is None


def test_small_game_the_players_confirm_the_last_piece_unless_the_board_is_known():
    played = game(THREE, takes("Ann", "trilobite", [2]))
    assert may_be_last(played) == "trilobite"
    assert due_evaluation(played) is None
    assert due_evaluation(played, confirmed=0) == Due("trilobite", taker=0, exchanged=False)
    aside = [("trilobite", 2), ("trilobite", 1), *[("ammonite", 1)] * 5]
    assert may_be_last(played, aside) is None  # the board is known: nothing to confirm
    rest = takes("Bob", "trilobite", [1] * 5)
    assert due_evaluation(game(THREE, [*takes("Ann", "trilobite", [2]), *rest]), aside) == Due(
        "trilobite", taker=1, exchanged=False)
