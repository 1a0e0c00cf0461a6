"""The evaluation of one fossil (fossil.md, "Evaluating a fossil" and "2-3 players").

`evaluate` is pure: players are indices, holdings are card values of the one fossil.
"""

from __future__ import annotations

import pytest

from scorer import score
from scorer.fossil import evaluate, find_value
from tests.scorer.fossil.strategies import fossil_game

FIVE = ["Andreas", "Bernd", "Carola", "Doris", "Ernst"]


@pytest.mark.parametrize(("cards", "value"), [
    ([2, 2, 1], 15),  # the seed example: 5 x 3
    ([1, 1, 3], 15),
    ([1, 2, 2], 15),
    ([1, 1, 1], 9),
    ([3, 2], 10),
    ([1, 1, 2, 2], 24),
    ([1, 1, 1, 1], 16),
    ([3], 3),
    ([3, 2, 2, 1, 1, 1, 1, 1, 1], 13 * 9),
    ([], 0),
])
def test_find_value_is_sum_times_count(cards, value):
    assert find_value(cards) == value


def test_rulebook_five_player_sea_urchin():
    result = evaluate("sea_urchin", [[1, 1, 3], [1, 2, 2], [1, 1, 1], [], []], [30] * 5,
                      small_game=False)
    assert result.find_values == {0: 15, 1: 15, 2: 9}
    assert result.top == (0, 1)
    assert result.gains == {0: 15, 1: 15, 2: 9}
    assert [(p.payer, p.owed, p.paid, p.received, p.lost) for p in result.payments] == [
        (3, 3, 3, {0: 1, 1: 1}, 1),
        (4, 3, 3, {0: 1, 1: 1}, 1),
    ]
    assert result.changes == {0: 17, 1: 17, 2: 9, 3: -3, 4: -3}


def test_rulebook_five_player_sea_urchin_through_a_game_file():
    sheet = score(fossil_game(FIVE, [
        {"evaluate": "sea_urchin",
         "holdings": {"Andreas": [1, 1, 3], "Bernd": [1, 2, 2], "Carola": [1, 1, 1]}}]))
    assert sheet.events[0].changes == {"Andreas": 17, "Bernd": 17, "Carola": 9, "Doris": -3,
                                       "Ernst": -3}
    assert sheet.events[0].scores == {"Andreas": 47, "Bernd": 47, "Carola": 39, "Doris": 27,
                                      "Ernst": 27}
    assert [p.total for p in sheet.players] == [47, 47, 39, 27, 27]
    assert sheet.winners == ["Andreas", "Bernd"]


def test_rulebook_three_player_example():
    result = evaluate("ammonite", [[1, 1, 2, 2], [1, 1, 1, 1], []], [30] * 3, small_game=True)
    assert result.find_values == {0: 24, 1: 16}
    assert result.gains == {0: 24, 1: 4}  # Bernd is not top: only the sum of his values
    assert result.gains_full_value(0) and not result.gains_full_value(1)
    assert [(p.payer, p.owed, p.paid, p.received, p.lost) for p in result.payments] == [
        (2, 4, 4, {0: 4}, 0)]
    assert result.changes == {0: 28, 1: 4, 2: -4}


def test_rulebook_three_player_example_through_a_game_file():
    sheet = score(fossil_game(["Andreas", "Bernd", "Carola"], [
        {"evaluate": "ammonite", "holdings": {"Andreas": [1, 1, 2, 2], "Bernd": [1, 1, 1, 1]}}]))
    assert sheet.events[0].changes == {"Andreas": 28, "Bernd": 4, "Carola": -4}
    assert [p.total for p in sheet.players] == [58, 34, 26]


def test_payment_goes_to_highest_find_value_not_most_cards():
    # Ruling: 3,2 -> 10 beats 1,1,1 -> 9 although it is fewer cards; payers owe 2, not 3.
    result = evaluate("trilobite", [[3, 2], [1, 1, 1], [], []], [30] * 4, small_game=False)
    assert result.top == (0,)
    assert [p.owed for p in result.payments] == [2, 2]
    assert result.changes == {0: 10 + 2 + 2, 1: 9, 2: -2, 3: -2}


def test_four_to_six_players_every_holder_gains_full_find_value():
    result = evaluate("fish", [[1], [2, 2], [1, 1], [3, 1, 1, 1]], [30] * 4, small_game=False)
    assert result.gains == {0: 1, 1: 8, 2: 4, 3: 24}
    assert result.payments == ()
    assert result.changes == {0: 1, 1: 8, 2: 4, 3: 24}


def test_tie_splits_each_payment_in_whole_points_without_remainder():
    # Two tops with four cards each: each non-holder pays 4, 2 to each top, nothing lost.
    result = evaluate("sea_lily", [[1, 1, 1, 2], [1, 1, 1, 2], [], []], [30] * 4,
                      small_game=False)
    assert result.top == (0, 1)
    assert [(p.paid, p.received, p.lost) for p in result.payments] == [
        (4, {0: 2, 1: 2}, 0), (4, {0: 2, 1: 2}, 0)]
    assert result.changes == {0: 24, 1: 24, 2: -4, 3: -4}


def test_three_tied_tops_with_one_card_each_lose_every_payment():
    # Owed 1 split three ways: 0 each, 1 lost, but the payer still pays it.
    result = evaluate("brittle_star", [[1], [1], [1], [], [], []], [30] * 6, small_game=False)
    assert result.top == (0, 1, 2)
    assert [(p.owed, p.paid, p.received, p.lost) for p in result.payments] == [
        (1, 1, {0: 0, 1: 0, 2: 0}, 1)] * 3
    assert result.changes == {0: 1, 1: 1, 2: 1, 3: -1, 4: -1, 5: -1}


def test_two_tops_with_one_card_each_receive_nothing_from_a_payment_of_one():
    result = evaluate("brittle_star", [[2], [2], [1], [], [], []], [30] * 6, small_game=False)
    assert result.top == (0, 1)
    assert [(p.paid, p.received, p.lost) for p in result.payments] == [
        (1, {0: 0, 1: 0}, 1)] * 3
    assert result.changes == {0: 2, 1: 2, 2: 1, 3: -1, 4: -1, 5: -1}


def test_payer_never_goes_below_zero_but_top_receives_the_full_amount():
    result = evaluate("sea_urchin", [[1, 1, 3], [], [], []], [30, 1, 0, 30], small_game=False)
    assert [(p.payer, p.owed, p.paid, p.received) for p in result.payments] == [
        (1, 3, 1, {0: 3}), (2, 3, 0, {0: 3}), (3, 3, 3, {0: 3})]
    assert result.changes == {0: 15 + 9, 1: -1, 2: 0, 3: -3}


def test_shortfall_with_a_tie_still_pays_each_top_its_full_share():
    result = evaluate("sea_urchin", [[1, 1, 3], [1, 2, 2], [], []], [30, 30, 2, 0],
                      small_game=False)
    assert [(p.paid, p.received, p.lost) for p in result.payments] == [
        (2, {0: 1, 1: 1}, 1), (0, {0: 1, 1: 1}, 1)]
    assert result.changes == {0: 17, 1: 17, 2: -2, 3: 0}


def test_small_game_only_the_top_gains_the_find_value():
    result = evaluate("poplar_leaf", [[1, 2], [1, 1, 1], []], [30] * 3, small_game=True)
    assert result.find_values == {0: 6, 1: 9}
    assert result.top == (1,)
    assert result.gains == {0: 3, 1: 9}
    assert result.changes == {0: 3, 1: 9 + 3, 2: -3}


def test_small_game_a_single_card_below_the_top_is_explained_as_its_sum():
    # One card: find value == sum, but the rule applied is still "only the sum".
    result = evaluate("poplar_leaf", [[1, 2], [1], []], [30] * 3, small_game=True)
    assert result.gains == {0: 6, 1: 1}
    assert result.gains_full_value(0) and not result.gains_full_value(1)
    big = evaluate("poplar_leaf", [[1, 2], [1], [], []], [30] * 4, small_game=False)
    assert big.gains_full_value(0) and big.gains_full_value(1)


def test_small_game_tied_tops_all_gain_the_full_find_value():
    result = evaluate("poplar_leaf", [[1, 2], [1, 2], []], [30] * 3, small_game=True)
    assert result.gains == {0: 6, 1: 6}
    assert [(p.owed, p.received, p.lost) for p in result.payments] == [(2, {0: 1, 1: 1}, 0)]
    assert result.changes == {0: 7, 1: 7, 2: -2}


def test_small_game_with_everyone_holding_pays_nothing():
    result = evaluate("trilobite", [[2, 2, 1], [1, 1], [1]], [30] * 3, small_game=True)
    assert result.top == (0,)
    assert result.gains == {0: 15, 1: 2, 2: 1}
    assert result.changes == {0: 15, 1: 2, 2: 1}


def test_two_players():
    result = evaluate("sea_lily", [[], [2, 1]], [5, 5], small_game=True)
    assert result.changes == {0: -2, 1: 6 + 2}


def test_nobody_holds_changes_nothing():
    result = evaluate("ammonite", [[], [], [], []], [30] * 4, small_game=False)
    assert result.cards == {} and result.payments == () and result.top == ()
    assert result.changes == {0: 0, 1: 0, 2: 0, 3: 0}
