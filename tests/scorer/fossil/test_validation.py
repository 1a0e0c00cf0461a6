"""Every problem a Fossil game file can have, with its exact place, key and severity."""

from __future__ import annotations

import pytest

from scorer import GameFileError, check, load_game, score
from tests.scorer.fossil.strategies import fossil_game

FOUR = ["Andreas", "Bernd", "Carola", "Doris"]
THREE = ["Andreas", "Bernd", "Carola"]


def found(data) -> list[tuple[str, str, str]]:
    return [(p.place, p.key, p.severity) for p in check(data)[1]]


def only_problem(data, severity: str):
    """The one problem of that severity (an error test may also raise an unrelated warning)."""
    game, problems = check(data)
    chosen = [p for p in problems if p.severity == severity]
    assert len(chosen) == 1, problems
    if severity == "warning":
        assert len(problems) == 1, problems
    return game, chosen[0]


def error(data, place: str, key: str, **params):
    game, problem = only_problem(data, "error")
    assert game is None
    assert (problem.place, problem.key, problem.severity) == (place, key, "error")
    if params:
        assert problem.params == params
    with pytest.raises(GameFileError) as raised:
        load_game(data)
    assert [(p.place, p.key) for p in raised.value.problems if p.severity == "error"] == [
        (place, key)]


def warns(data, place: str, key: str, **params):
    game, problem = only_problem(data, "warning")
    assert game is not None, "a warning does not stop scoring"
    assert (problem.place, problem.key, problem.severity) == (place, key, "warning")
    assert problem.params == params
    sheet = score(data)
    assert [(p.place, p.key, p.severity) for p in sheet.problems] == [(place, key, "warning")]
    return sheet


# --- moves ---------------------------------------------------------------------------------

def test_a_move_the_player_cannot_pay_for():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 6, "take": "fish:1"}], start_score=5),
          "log[0].cost", "fossil.cannot_pay", player="Andreas", cost=6, score=5)


@pytest.mark.parametrize(("players", "cost", "limit", "side"), [(FOUR, 9, 8, 9), (THREE, 7, 6, 7)])
def test_a_move_costs_at_most_what_the_board_allows(players, cost, limit, side):
    # A gem passes at most side - 2 cards of its row and takes the next (9 x 9, or 7 x 7 for 2-3).
    assert check(fossil_game(players, [{"move": "Andreas", "cost": limit}]))[1] == []
    error(fossil_game(players, [{"move": "Andreas", "cost": cost, "take": "ammonite:1"}]),
          "log[0].cost", "fossil.cost_beyond_board", cost=cost, limit=limit, passed=side - 2,
          side=side)


def test_a_cost_beyond_the_board_is_reported_before_the_score():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 12}], start_score=5),
          "log[0].cost", "fossil.cost_beyond_board", cost=12, limit=8, passed=7, side=9)


def test_a_move_that_costs_the_whole_score_is_fine_but_then_the_player_is_out():
    data = fossil_game(FOUR, [{"move": "Andreas", "cost": 8},
                              {"adjust": "Bernd", "points": 0},
                              {"move": "Andreas", "cost": 1}], start_score=8)
    error(data, "log[2].cost", "fossil.cannot_pay", player="Andreas", cost=1, score=0)


def test_a_move_is_checked_against_the_score_the_log_has_produced():
    data = fossil_game(FOUR, [
        {"move": "Andreas", "cost": 5},  # 5 left
        {"evaluate": "fish", "holdings": {"Bernd": [1, 1, 1]}},  # Andreas pays 3: 2 left
        {"move": "Bernd", "cost": 1},
        {"move": "Carola", "cost": 1},
        {"move": "Doris", "cost": 1},
        {"move": "Andreas", "cost": 3},
    ], start_score=10)
    error(data, "log[5].cost", "fossil.cannot_pay", player="Andreas", cost=3, score=2)


def test_a_move_needs_a_cost_of_at_least_one():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 0}]), "log[0].cost", "file.too_small")
    error(fossil_game(FOUR, [{"move": "Andreas"}]), "log[0].cost", "file.missing")


def test_a_second_three_of_one_fossil():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "sea_urchin:3"},
                             {"move": "Bernd", "cost": 1, "take": "sea_urchin:3"}]),
          "log[1].take", "fossil.no_piece_left", fossil="sea_urchin", value=3, pieces=1)


def test_a_seventh_one_of_one_fossil():
    log = [{"move": FOUR[i % 4], "cost": 1, "take": "trilobite:1"} for i in range(7)]
    error(fossil_game(FOUR, log), "log[6].take", "fossil.no_piece_left",
          fossil="trilobite", value=1, pieces=6)


def test_a_third_two_in_the_small_game():
    log = [{"move": THREE[i % 3], "cost": 1, "take": "trilobite:2"} for i in range(3)]
    error(fossil_game(THREE, log), "log[2].take", "fossil.no_piece_left",
          fossil="trilobite", value=2, pieces=2)


def test_small_game_cannot_take_a_scallop_fish_or_three():
    error(fossil_game(THREE, [{"move": "Andreas", "cost": 1, "take": "scallop:1"}]),
          "log[0].take", "fossil.not_in_small_game_card", fossil="scallop", value=1)
    error(fossil_game(["Andreas", "Bernd"], [{"move": "Andreas", "cost": 1, "take": "fish:2"}]),
          "log[0].take", "fossil.not_in_small_game_card", fossil="fish", value=2)
    error(fossil_game(THREE, [{"move": "Andreas", "cost": 1, "take": "ammonite:3"}]),
          "log[0].take", "fossil.not_in_small_game_card", fossil="ammonite", value=3)


def test_small_game_cannot_evaluate_a_scallop_or_fish():
    error(fossil_game(THREE, [{"evaluate": "scallop"}]), "log[0].evaluate",
          "fossil.not_in_small_game", fossil="scallop")
    error(fossil_game(THREE, [{"evaluate": "fish", "holdings": {"Andreas": [1]}}]),
          "log[0].evaluate", "fossil.not_in_small_game", fossil="fish")


def test_taking_a_piece_of_an_evaluated_fossil():
    error(fossil_game(FOUR, [{"evaluate": "ammonite", "holdings": {"Andreas": [1]}},
                             {"move": "Andreas", "cost": 1, "take": "ammonite:2"}]),
          "log[1].take", "fossil.already_evaluated", fossil="ammonite")


def test_evaluating_a_fossil_twice():
    error(fossil_game(FOUR, [{"evaluate": "ammonite", "holdings": {"Andreas": [1]}},
                             {"evaluate": "ammonite", "holdings": {"Bernd": [1]}}]),
          "log[1].evaluate", "fossil.already_evaluated", fossil="ammonite")


def test_unknown_fossil_and_bad_card_value():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "sea_urchn:1"}]),
          "log[0].take", "fossil.unknown_fossil", fossil="sea_urchn")
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "sea_urchin:4"}]),
          "log[0].take", "fossil.bad_value", card="sea_urchin:4")
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "sea_urchin"}]),
          "log[0].take", "fossil.bad_value", card="sea_urchin")
    error(fossil_game(FOUR, [{"evaluate": "sea_urchn"}]), "log[0].evaluate", "file.not_one_of")


def test_unknown_player_names():
    names = FOUR
    error(fossil_game(FOUR, [{"move": "Zoe", "cost": 1}]), "log[0].move",
          "fossil.unknown_player", name="Zoe", names=names)
    error(fossil_game(FOUR, [{"adjust": "Zoe", "points": 1}]), "log[0].adjust",
          "fossil.unknown_player", name="Zoe", names=names)
    error(fossil_game(FOUR, [{"evaluate": "fish", "holdings": {"Zoe": [1]}}]),
          "log[0].holdings.Zoe", "fossil.unknown_player", name="Zoe", names=names)


def test_names_in_the_log_are_trimmed():
    sheet = score(fossil_game([" Andreas ", "Bernd", "Carola", "Doris"],
                              [{"move": "Andreas ", "cost": 2}]))
    assert sheet.players[0].name == "Andreas"
    assert sheet.players[0].total == 28


def test_out_of_turn_is_a_warning():
    sheet = warns(fossil_game(FOUR, [{"move": "Andreas", "cost": 1},
                                     {"move": "Carola", "cost": 1}]),
                  "log[1].move", "fossil.out_of_turn", player="Carola", expected="Bernd")
    assert [p.total for p in sheet.players] == [29, 30, 29, 30]


def test_a_player_at_zero_is_skipped_and_not_expected():
    data = fossil_game(FOUR, [{"move": "Andreas", "cost": 1},
                              {"move": "Bernd", "cost": 3},  # Bernd at 0
                              {"move": "Carola", "cost": 1},
                              {"move": "Doris", "cost": 1},
                              {"move": "Andreas", "cost": 1},
                              {"move": "Carola", "cost": 1}], start_score=3)
    assert check(data)[1] == []


# --- exchanges -----------------------------------------------------------------------------

TAKES = [{"move": "Andreas", "cost": 1, "take": "fish:1"},
         {"move": "Bernd", "cost": 1, "take": "ammonite:2"},
         {"move": "Carola", "cost": 1, "take": "ammonite:1"}]


def exchange(player="Carola", gives="ammonite:1", with_="Andreas", gets="fish:1"):
    """By default Carola, who took the last card, swaps her ammonite 1 for Andreas's fish 1."""
    return {"exchange": {"player": player, "gives": gives, "with": with_, "gets": gets}}


def test_a_legal_exchange_before_an_evaluation():
    data = fossil_game(FOUR, [*TAKES, exchange(), {"evaluate": "ammonite"}])
    # Andreas now holds ammonite 1 and Carola fish 1: Bernd's 2 is top (1 card), Carola and Doris
    # pay 1 each.
    sheet = score(data)
    assert sheet.events[3].kind == "exchange"
    assert sheet.events[3].changes == {"Andreas": 0, "Bernd": 0, "Carola": 0, "Doris": 0}
    assert sheet.events[4].changes == {"Andreas": 1, "Bernd": 2 + 2, "Carola": -1, "Doris": -1}
    assert [p.key for p in sheet.problems] == ["fossil.evaluated_early"]


def test_an_exchange_of_unequal_values():
    error(fossil_game(FOUR, [*TAKES, exchange(with_="Bernd", gets="ammonite:2"),
                             {"evaluate": "ammonite"}]),
          "log[3].exchange", "fossil.exchange_unequal", gives=1, gets=2)


def test_an_exchange_of_a_card_not_held():
    error(fossil_game(FOUR, [*TAKES, exchange(gives="sea_lily:1"), {"evaluate": "ammonite"}]),
          "log[3].exchange.gives", "fossil.card_not_held", player="Carola", fossil="sea_lily",
          value=1)
    error(fossil_game(FOUR, [*TAKES, exchange(gets="sea_lily:1"), {"evaluate": "ammonite"}]),
          "log[3].exchange.gets", "fossil.card_not_held", player="Andreas", fossil="sea_lily",
          value=1)


def test_only_the_player_who_took_the_last_card_exchanges():
    error(fossil_game(FOUR, [*TAKES, exchange(player="Andreas", gives="fish:1", with_="Carola",
                                              gets="ammonite:1"), {"evaluate": "ammonite"}]),
          "log[3].exchange.player", "fossil.exchange_not_by_taker", player="Andreas",
          taker="Carola")
    _, problems = check(fossil_game(FOUR, [exchange(), {"evaluate": "ammonite"}]))
    assert (problems[0].place, problems[0].key, problems[0].params) == (
        "log[0].exchange.player", "fossil.exchange_not_by_taker", {"player": "Carola", "taker": ""})


def test_only_one_exchange_per_evaluation():
    error(fossil_game(FOUR, [*TAKES, exchange(),
                             exchange(gives="fish:1", with_="Andreas", gets="ammonite:1"),
                             {"evaluate": "ammonite"}]),
          "log[4].exchange", "fossil.second_exchange", player="Carola")


def test_an_exchange_of_cards_that_changed_hands_earlier():
    # After the first exchange Andreas holds ammonite 1 and Carola fish 1: the same exchange
    # again finds neither card, while swapping back is fine.
    later = [*TAKES, exchange(), {"evaluate": "sea_lily"}, {"move": "Doris", "cost": 1},
             {"move": "Andreas", "cost": 1}]
    again = fossil_game(FOUR, [*later, exchange(player="Andreas", gives="fish:1",
                                                with_="Carola", gets="ammonite:1"),
                               {"evaluate": "fish"}])
    assert [(p.place, p.key) for p in check(again)[1] if p.severity == "error"] == [
        ("log[7].exchange.gives", "fossil.card_not_held"),
        ("log[7].exchange.gets", "fossil.card_not_held")]
    back = fossil_game(FOUR, [*later, exchange(player="Andreas", gives="ammonite:1",
                                               with_="Carola", gets="fish:1"),
                              {"evaluate": "fish"}])
    sheet = score(back)
    # Andreas has his fish 1 back: 1 x 1, and Bernd, Carola, Doris pay 1 each.
    assert sheet.events[8].changes == {"Andreas": 4, "Bernd": -1, "Carola": -1, "Doris": -1}


def test_cards_of_an_evaluated_fossil_leave_the_game():
    error(fossil_game(FOUR, [*TAKES, {"evaluate": "ammonite"}, exchange(), {"evaluate": "fish"}]),
          "log[4].exchange.gives", "fossil.card_not_held", player="Carola", fossil="ammonite",
          value=1)


def test_an_exchange_with_oneself():
    error(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "fish:1"},
                             {"move": "Bernd", "cost": 1, "take": "fish:1"},
                             exchange(player="Bernd", gives="fish:1", with_="Bernd"),
                             {"evaluate": "fish"}]),
          "log[2].exchange.with", "fossil.exchange_with_self", player="Bernd")


def test_an_exchange_with_unknown_players():
    assert found(fossil_game(FOUR, [*TAKES, exchange(player="Zoe", with_="Yann")])) == [
        ("log[3].exchange.player", "fossil.unknown_player", "error"),
        ("log[3].exchange.with", "fossil.unknown_player", "error")]


def test_an_exchange_followed_by_a_move_is_an_error():
    data = fossil_game(FOUR, [*TAKES, exchange(), {"move": "Doris", "cost": 1}])
    error(data, "log[3].exchange", "fossil.exchange_before_move")


def test_an_exchange_before_the_end_of_game_evaluation_is_an_error():
    # The end evaluates every fossil still held, without exchange (rules: End of game).
    error(fossil_game(FOUR, [*TAKES, exchange(), {"end": True}]),
          "log[3].exchange", "fossil.exchange_at_end")


def test_an_exchange_awaiting_its_evaluation_or_before_a_correction_is_a_warning():
    warns(fossil_game(FOUR, [*TAKES, exchange(), {"adjust": "Doris", "points": 1}]),
          "log[3].exchange", "fossil.exchange_not_before_evaluation")
    warns(fossil_game(FOUR, [*TAKES, exchange()]),
          "log[3].exchange", "fossil.exchange_not_before_evaluation")


# --- evaluations, adjustments, end ---------------------------------------------------------

def test_evaluating_before_every_piece_is_taken_is_a_warning():
    warns(fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "take": "fish:3"},
                             {"evaluate": "fish"}]),
          "log[1]", "fossil.evaluated_early", fossil="fish", taken=1, pieces=9)


def test_taking_the_last_piece_without_its_evaluation_is_a_warning():
    cards = ["fish:3", "fish:2", "fish:2"] + ["fish:1"] * 6
    log = [{"move": FOUR[i % 4], "cost": 1, "take": card} for i, card in enumerate(cards)]
    warns(fossil_game(FOUR, [*log, {"adjust": "Doris", "points": 1}]),
          "log[8]", "fossil.evaluation_missing", fossil="fish")
    warns(fossil_game(FOUR, log), "log[8]", "fossil.evaluation_missing", fossil="fish")
    for follows in ([{"end": True}], [exchange(player="Andreas", gives="fish:1", with_="Bernd",
                                               gets="fish:1"), {"evaluate": "fish"}]):
        assert check(fossil_game(FOUR, [*log, *follows]))[1] == []


def test_evaluating_after_every_piece_is_taken_has_no_warning():
    cards = ["fish:3", "fish:2", "fish:2"] + ["fish:1"] * 6
    log = [{"move": FOUR[i % 4], "cost": 1, "take": card} for i, card in enumerate(cards)]
    sheet = score(fossil_game(FOUR, [*log, {"evaluate": "fish"}]))
    assert sheet.problems == []
    # Andreas 3,1,1 -> 15; Bernd 2,1 -> 6; Carola 2,1 -> 6; Doris 1,1 -> 4; nobody pays.
    assert sheet.events[9].changes == {"Andreas": 15, "Bernd": 6, "Carola": 6, "Doris": 4}


def test_too_many_pieces_in_holdings():
    error(fossil_game(FOUR, [{"evaluate": "fish",
                              "holdings": {"Andreas": [3], "Bernd": [3, 1]}}]),
          "log[0].holdings", "fossil.too_many_pieces", fossil="fish", value=3, count=2, pieces=1)
    error(fossil_game(FOUR, [{"evaluate": "fish",
                              "holdings": {"Andreas": [1, 1, 1, 1], "Bernd": [1, 1, 1]}}]),
          "log[0].holdings", "fossil.too_many_pieces", fossil="fish", value=1, count=7, pieces=6)
    error(fossil_game(THREE, [{"evaluate": "ammonite", "holdings": {"Andreas": [3]}}]),
          "log[0].holdings", "fossil.too_many_pieces", fossil="ammonite", value=3, count=1,
          pieces=0)


def test_a_holding_value_must_be_1_2_or_3():
    game, problems = check(fossil_game(FOUR, [{"evaluate": "fish",
                                               "holdings": {"andreas": [1, 4]}}]))
    assert game is None
    assert [(p.place, p.key) for p in problems] == [("log[0].holdings.andreas[1]",
                                                      "file.not_one_of")]


def test_a_bad_holding_value_names_the_capitalised_player():
    _, problems = check(fossil_game(FOUR, [{"evaluate": "fish",
                                            "holdings": {"Andreas": [4]}}]))
    assert [(p.place, p.key) for p in problems] == [("log[0].holdings.Andreas[0]",
                                                      "file.not_one_of")]


def test_an_adjustment_below_zero():
    error(fossil_game(FOUR, [{"adjust": "Carola", "points": -31}]),
          "log[0].points", "fossil.below_zero", player="Carola", points=-31, score=30)
    assert score(fossil_game(FOUR, [{"adjust": "Carola", "points": -30}])).players[2].total == 0


def test_events_after_the_end():
    assert found(fossil_game(FOUR, [{"end": True}, {"adjust": "Andreas", "points": 1},
                                    {"end": True}])) == [
        ("log[1]", "fossil.after_end", "error"), ("log[2]", "fossil.after_end", "error")]


def test_end_must_be_true():
    error(fossil_game(FOUR, [{"end": False}]), "log[0].end", "file.not_one_of")


def test_an_unknown_event():
    error(fossil_game(FOUR, [{"pass": "Andreas"}]), "log[0]", "fossil.unknown_event")
    error(fossil_game(FOUR, ["move"]), "log[0]", "fossil.unknown_event")


def test_unknown_keys():
    data = fossil_game(FOUR, [{"move": "Andreas", "cost": 1, "tkae": "fish:1"},
                              {"exchange": {"player": "Andreas", "gives": "fish:1",
                                            "with": "Bernd", "gets": "fish:1", "note": "x"}},
                              {"move": "Andreas", "cost": 1, "end": True}],
                       colour="red")
    game, problems = check(data)
    assert game is None
    assert [(p.place, p.key, p.params) for p in problems] == [
        ("log[0].tkae", "file.unknown_key", {"key": "tkae"}),
        ("log[1].exchange.note", "file.unknown_key", {"key": "note"}),
        ("log[2].end", "file.unknown_key", {"key": "end"}),
        ("colour", "file.unknown_key", {"key": "colour"})]


# --- players -------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [0, 1, 7])
def test_player_count(count):
    error(fossil_game(["Andreas", "Bernd", "Carola", "Doris", "Ernst", "Frida", "Gerd"][:count]),
          "players", "fossil.player_count", count=count, min=2, max=6)


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_two_to_six_players_are_fine(count):
    assert check(fossil_game(["Andreas", "Bernd", "Carola", "Doris", "Ernst", "Frida"][:count]))[
        1] == []


def test_duplicate_empty_and_long_names():
    assert found(fossil_game(["Andreas", "andreas ", "  ", "x" * 41])) == [
        ("players[1]", "players.name_duplicate", "error"),
        ("players[2]", "players.name_empty", "error"),
        ("players[3]", "players.name_too_long", "error")]


def test_start_score_cannot_be_negative():
    error(fossil_game(FOUR, start_score=-1), "start_score", "file.too_small")


def test_version_and_game():
    assert found({"version": 2, "game": "fossil", "players": FOUR}) == [
        ("version", "file.version", "error")]
    assert found({"version": 1, "game": "fosil", "players": FOUR}) == [
        ("game", "file.unknown_game", "error")]


# --- all problems at once ------------------------------------------------------------------

def test_one_file_lists_every_problem_in_its_log():
    data = fossil_game(FOUR, [
        {"move": "Andreas", "cost": 31},
        {"move": "Bernd", "cost": 1, "take": "sea_urchin:3"},
        {"move": "Carola", "cost": 1, "take": "sea_urchin:3"},
        {"move": "Zoe", "cost": 1, "take": "sea_urchn:1"},
        exchange(player="Bernd", gives="sea_urchin:3", with_="Doris", gets="fish:3"),
        {"evaluate": "sea_urchin", "holdings": {"Andreas": [3, 3]}},
        {"adjust": "Doris", "points": -40},
        {"move": "Andreas", "cost": 1},
        {"end": True},
        {"evaluate": "fish"},
    ])
    game, problems = check(data)
    assert game is None
    assert [(p.place, p.key, p.severity) for p in problems] == [
        ("log[0].cost", "fossil.cost_beyond_board", "error"),
        ("log[2].take", "fossil.no_piece_left", "error"),
        ("log[3].move", "fossil.unknown_player", "error"),
        ("log[3].take", "fossil.unknown_fossil", "error"),
        ("log[4].exchange.gets", "fossil.card_not_held", "error"),
        ("log[5].holdings", "fossil.too_many_pieces", "error"),
        ("log[6].points", "fossil.below_zero", "error"),
        ("log[7].move", "fossil.out_of_turn", "warning"),
        ("log[9]", "fossil.after_end", "error"),
    ]
    with pytest.raises(GameFileError) as raised:
        score(data)
    assert len(raised.value.problems) == 9


def test_one_file_lists_every_problem_in_its_structure():
    data = fossil_game(FOUR, [{"move": 5, "cost": "a"}, {"evaluate": "x"}, {"bogus": 1}],
                       start_score=-3)
    assert found(data) == [
        ("start_score", "file.too_small", "error"),
        ("log[0].move", "file.wrong_type", "error"),
        ("log[0].cost", "file.wrong_type", "error"),
        ("log[1].evaluate", "file.not_one_of", "error"),
        ("log[2]", "fossil.unknown_event", "error"),
    ]


def test_bad_players_do_not_hide_the_problems_in_the_log():
    data = fossil_game(["Andreas"], [{"move": "Andreas", "cost": 8}], start_score=7)
    assert [(p.place, p.key) for p in check(data)[1]] == [
        ("players", "fossil.player_count"), ("log[0].cost", "fossil.cannot_pay")]
