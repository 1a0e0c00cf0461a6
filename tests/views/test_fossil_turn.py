"""The Fossil companion's screen state and stage of the turn, as pure functions."""

from __future__ import annotations

import pytest

from scorer.fossil.models import Move
from views.fossil.turn import (
    Screen,
    Shown,
    Stage,
    Turn,
    current,
    editing,
    mover,
    new_turn,
    stage,
    with_cost,
    with_fossil,
    with_mover,
)

NAMES = ("Ann", "Bob", "Cas")
TABLE = {"ended": False, "broken": False, "due": False, "evaluated": False, "log_length": 4}


@pytest.mark.parametrize(("screen", "table", "expected"), [
    (Screen(), {}, Stage.TURN),
    (Screen(turn=Turn(editing=1)), {"ended": True, "broken": True}, Stage.CORRECTING_MOVE),
    (Screen(correcting=True), {"ended": True}, Stage.CORRECTING_SCORE),
    (Screen(), {"ended": True, "broken": True}, Stage.ENDED),
    (Screen(), {"broken": True, "due": True}, Stage.BROKEN),
    (Screen(), {"due": True, "evaluated": True}, Stage.EVALUATING),
    (Screen(), {"evaluated": True}, Stage.LOOKING),
    (Screen(seen=4), {"evaluated": True}, Stage.TURN),  # looked at: on to the next turn
    (Screen(seen=3), {"evaluated": True}, Stage.LOOKING),  # a later evaluation is shown again
])
def test_the_stage_follows_the_screen_then_the_table(screen, table, expected):
    assert stage(screen, **(TABLE | table)) is expected


def test_the_next_player_moves_unless_another_is_picked():
    assert mover(Turn(), 2) == 2
    assert mover(Turn(mover=0), 2) == 0
    assert mover(Turn(), None) is None


def test_picking_the_next_player_is_no_pick_except_while_a_move_is_corrected():
    assert with_mover(Screen(), 1, next_mover=2).turn.mover == 1
    assert with_mover(Screen(turn=Turn(mover=1)), 2, next_mover=2).turn.mover is None
    assert with_mover(Screen(turn=Turn(editing=0)), 2, next_mover=2).turn.mover == 2


def test_a_pick_keeps_the_rest_of_the_turn_and_clears_what_was_refused():
    refused = Screen(turn=Turn(fossil="ammonite"), refused=(Shown("take", "no"),))
    assert with_cost(refused, 3) == Screen(turn=Turn(cost=3, fossil="ammonite"))
    assert with_fossil(Screen(turn=Turn(cost=3)), "trilobite").turn == Turn(3, "trilobite")


def test_a_move_that_took_a_card_opens_in_the_turn_panel():
    screen = Screen(correcting=True, refused=(Shown("cost", "no"),))
    move = Move(move="Bob", cost=2, take="ammonite:3")
    assert editing(screen, 5, move, NAMES) == Screen(turn=Turn(2, "ammonite", 1, 5))
    assert editing(screen, 5, Move(move="Bob", cost=2), NAMES) is screen


def test_a_correction_whose_move_went_becomes_a_new_turn():
    screen = Screen(turn=Turn(cost=2, editing=4), gives=("ammonite", 3))
    assert current(screen, log_length=5) is screen
    assert current(screen, log_length=4) == Screen(gives=("ammonite", 3))


def test_a_new_turn_keeps_the_exchange_and_what_was_seen():
    screen = Screen(turn=Turn(cost=1), gives=("ammonite", 3), seen=7,
                    refused=(Shown("end", "no"),))
    assert new_turn(screen) == Screen(gives=("ammonite", 3), seen=7)
