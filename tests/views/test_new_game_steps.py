"""The new-game screen's seat moves, as pure functions of the seats."""

from views.screens.new_game_steps import moved_up, without

SEATS = ("Ann", "Bob", "Cas")


def test_a_player_moves_up_one_seat():
    assert moved_up(SEATS, 2) == ("Ann", "Cas", "Bob")
    assert moved_up(SEATS, 1) == ("Bob", "Ann", "Cas")


def test_a_player_leaves_their_seat_and_the_others_keep_their_order():
    assert without(SEATS, 1) == ("Ann", "Cas")
    assert without(("Ann", "Ann2"), 0) == ("Ann2",)
