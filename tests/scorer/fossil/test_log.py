"""Scoring a whole Fossil game log: start score, moves, takes, exchanges, evaluations, end."""

from __future__ import annotations

from scorer import score
from tests.scorer.fossil.strategies import fossil_game

FOUR = ["Andreas", "Bernd", "Carola", "Doris"]
FIVE = [*FOUR, "Ernst"]
CATEGORIES = ["start", "moves", "finds", "received", "paid", "adjustments"]


def totals(sheet) -> dict[str, int]:
    return {p.name: p.total for p in sheet.players}


def player(sheet, name: str):
    return next(p for p in sheet.players if p.name == name)


def test_everyone_starts_at_30():
    sheet = score(fossil_game(FOUR))
    assert totals(sheet) == dict.fromkeys(FOUR, 30)
    for p in sheet.players:
        assert list(p.categories) == CATEGORIES
        assert p.categories == {"start": 30, "moves": 0, "finds": 0, "received": 0, "paid": 0,
                                "adjustments": 0}
        assert [(line.category, line.points, line.explain.key) for line in p.lines] == [
            ("start", 30, "fossil.start")]
        assert p.place == 1
    assert sheet.winners == FOUR
    assert sheet.events == [] and sheet.problems == []
    assert sheet.game == "fossil"


def test_custom_start_score():
    sheet = score(fossil_game(FOUR, [{"move": "Andreas", "cost": 4}], start_score=45))
    assert totals(sheet) == {"Andreas": 41, "Bernd": 45, "Carola": 45, "Doris": 45}
    assert player(sheet, "Bernd").categories["start"] == 45
    assert score(fossil_game(FOUR, start_score=0)).players[0].total == 0


def test_a_move_costs_its_cost():
    sheet = score(fossil_game(FOUR, [{"move": "Andreas", "cost": 3, "take": "ammonite:1"},
                                     {"move": "Bernd", "cost": 1}]))
    first, second = sheet.events
    assert (first.index, first.kind) == (0, "move")
    assert first.changes == {"Andreas": -3, "Bernd": 0, "Carola": 0, "Doris": 0}
    assert first.scores == {"Andreas": 27, "Bernd": 30, "Carola": 30, "Doris": 30}
    assert second.changes == {"Andreas": 0, "Bernd": -1, "Carola": 0, "Doris": 0}
    assert second.scores == {"Andreas": 27, "Bernd": 29, "Carola": 30, "Doris": 30}
    [line] = [line for line in player(sheet, "Andreas").lines if line.category == "moves"]
    assert (line.item, line.where, line.points) == ("ammonite:1", "log 1", -3)
    assert line.explain.key == "fossil.move_take"
    assert line.explain.params == {"player": "Andreas", "cost": 3, "fossil": "ammonite",
                                   "value": 1}
    assert first.explain == [line.explain]
    assert second.explain[0].key == "fossil.move"
    assert totals(sheet) == {"Andreas": 27, "Bernd": 29, "Carola": 30, "Doris": 30}


def test_a_whole_game_takes_are_evaluated_from_the_log_and_end_evaluates_the_rest():
    sheet = score(fossil_game(FIVE, [
        {"move": "Andreas", "cost": 2, "take": "sea_urchin:3"},  # 28
        {"move": "Bernd", "cost": 1, "take": "sea_urchin:2"},  # 29
        {"move": "Carola", "cost": 1, "take": "sea_urchin:1"},  # 29
        {"move": "Doris", "cost": 1},  # 29
        {"move": "Ernst", "cost": 3, "take": "ammonite:1"},  # 27
        {"move": "Andreas", "cost": 1, "take": "sea_urchin:1"},  # 27
        # Andreas 1,3 -> 8 (top, 2 cards); Bernd 2 -> 2; Carola 1 -> 1; Doris, Ernst pay 2 each.
        {"evaluate": "sea_urchin"},
        # Only Ernst's ammonite is left: 1 -> 1, and the four others pay him 1 each.
        {"end": True},
    ]))
    evaluation, end = sheet.events[6], sheet.events[7]
    assert (evaluation.index, evaluation.kind) == (6, "evaluate")
    assert evaluation.changes == {"Andreas": 12, "Bernd": 2, "Carola": 1, "Doris": -2,
                                  "Ernst": -2}
    assert evaluation.scores == {"Andreas": 39, "Bernd": 31, "Carola": 30, "Doris": 27,
                                 "Ernst": 25}
    assert (end.index, end.kind) == (7, "end")
    assert end.changes == {"Andreas": -1, "Bernd": -1, "Carola": -1, "Doris": -1, "Ernst": 5}
    assert totals(sheet) == {"Andreas": 38, "Bernd": 30, "Carola": 29, "Doris": 26, "Ernst": 30}
    assert {p.name: p.place for p in sheet.players} == {
        "Andreas": 1, "Bernd": 2, "Carola": 4, "Doris": 5, "Ernst": 2}
    assert sheet.winners == ["Andreas"]
    andreas = player(sheet, "Andreas")
    assert andreas.categories == {"start": 30, "moves": -3, "finds": 8, "received": 4,
                                  "paid": -1, "adjustments": 0}
    assert [(line.category, line.item, line.points) for line in andreas.lines] == [
        ("start", "start", 30), ("moves", "sea_urchin:3", -2), ("moves", "sea_urchin:1", -1),
        ("finds", "sea_urchin", 8), ("received", "sea_urchin", 2),
        ("received", "sea_urchin", 2), ("paid", "ammonite", -1)]
    finds = andreas.lines[3].explain
    assert finds.key == "fossil.find_value"
    assert finds.params == {"player": "Andreas", "fossil": "sea_urchin", "cards": [1, 3],
                            "sum": 4, "count": 2, "value": 8, "points": 8}
    # 4 of the 9 sea urchin pieces were taken: evaluating is allowed but looks early.
    assert [(p.place, p.key, p.severity, p.params) for p in sheet.problems] == [
        ("log[6]", "fossil.evaluated_early", "warning",
         {"fossil": "sea_urchin", "taken": 4, "pieces": 9})]


def test_an_exchange_changes_who_holds_what_before_the_evaluation():
    sheet = score(fossil_game(FOUR, [
        {"move": "Bernd", "cost": 1, "take": "sea_lily:2"},
        {"move": "Carola", "cost": 1, "take": "trilobite:1"},
        {"move": "Doris", "cost": 1, "take": "trilobite:2"},
        {"move": "Andreas", "cost": 1, "take": "trilobite:2"},
        {"exchange": {"player": "Andreas", "gives": "trilobite:2", "with": "Bernd",
                      "gets": "sea_lily:2"}},
        # Bernd 2 and Doris 2 are tied tops with one card: Andreas pays 1, which is lost.
        {"evaluate": "trilobite"},
        # Andreas now holds Bernd's sea lily 2: 2 x 1 = 2, and three players pay him 1 each.
        {"end": True},
    ]))
    exchange, evaluation, end = sheet.events[4:]
    assert exchange.kind == "exchange"
    assert exchange.changes == dict.fromkeys(FOUR, 0)
    assert exchange.explain[0].key == "fossil.exchange"
    assert exchange.explain[0].params == {"player": "Andreas", "other": "Bernd",
                                          "gives_fossil": "trilobite", "gets_fossil": "sea_lily",
                                          "value": 2}
    assert evaluation.changes == {"Andreas": -1, "Bernd": 2, "Carola": 1, "Doris": 2}
    paid = [e for e in evaluation.explain if e.key.startswith("fossil.paid")]
    assert [(e.key, e.params["owed"], e.params["points"], e.params["share"], e.params["lost"])
            for e in paid] == [("fossil.paid_shared", 1, 1, 0, 1)]
    assert end.changes == {"Andreas": 5, "Bernd": -1, "Carola": -1, "Doris": -1}
    assert totals(sheet) == {"Andreas": 33, "Bernd": 30, "Carola": 29, "Doris": 30}
    assert [p.key for p in sheet.problems] == ["fossil.evaluated_early"]


def test_explicit_holdings_override_the_log_and_the_fossil_is_gone_afterwards():
    sheet = score(fossil_game(FOUR, [
        {"move": "Andreas", "cost": 1, "take": "sea_lily:1"},
        {"evaluate": "sea_lily", "holdings": {"Bernd": [1, 1]}},
        {"end": True},
    ]))
    # Andreas's logged sea lily does not count: he pays like every non-holder.
    assert sheet.events[1].changes == {"Andreas": -2, "Bernd": 4 + 6, "Carola": -2, "Doris": -2}
    # After the evaluation nobody holds a sea lily, so `end` has nothing left to evaluate.
    assert sheet.events[2].changes == dict.fromkeys(FOUR, 0)
    assert sheet.events[2].explain == []
    assert totals(sheet) == {"Andreas": 27, "Bernd": 40, "Carola": 28, "Doris": 28}
    assert sheet.problems == []  # given holdings are never "early"


def test_explicit_holdings_with_an_empty_list_make_that_player_a_payer():
    sheet = score(fossil_game(FOUR, [
        {"evaluate": "fish", "holdings": {"Andreas": [3, 2], "Bernd": [], "Carola": [1, 1, 1]}}]))
    assert sheet.events[0].changes == {"Andreas": 14, "Bernd": -2, "Carola": 9, "Doris": -2}


def test_end_evaluates_in_id_order_which_matters_when_a_payer_runs_out():
    sheet = score(fossil_game(FOUR, [
        {"move": "Andreas", "cost": 1, "take": "ammonite:1"},  # 4
        {"move": "Bernd", "cost": 1},  # 4
        {"move": "Carola", "cost": 1},  # 4
        {"move": "Doris", "cost": 5, "take": "trilobite:1"},  # 0
        {"end": True},
    ], start_score=5))
    # Ammonite first: Doris has 0 and pays nothing, Andreas still gets 1 from each of three.
    # Trilobite next: Doris gains 1 and gets 1 from each of the three others.
    # (The other way round Doris would gain 4 first and then pay 1 for the ammonite.)
    end = sheet.events[4]
    assert end.changes == {"Andreas": 3, "Bernd": -2, "Carola": -2, "Doris": 4}
    assert totals(sheet) == {"Andreas": 7, "Bernd": 2, "Carola": 2, "Doris": 4}
    assert [e.params["fossil"] for e in end.explain
            if e.key in ("fossil.find_value", "fossil.find_sum")] == ["ammonite", "trilobite"]
    short = [e for e in end.explain if e.key == "fossil.paid_short"]
    assert [(e.params["player"], e.params["owed"], e.params["points"]) for e in short] == [
        ("Doris", 1, 0)]
    received_short = [e for e in end.explain if e.key == "fossil.received_short"]
    assert [(e.params["player"], e.params["payer"], e.params["paid"], e.params["points"])
            for e in received_short] == [("Andreas", "Doris", 0, 1)]
    assert player(sheet, "Doris").categories == {"start": 5, "moves": -5, "finds": 1,
                                                 "received": 3, "paid": 0, "adjustments": 0}


def test_end_evaluates_without_exchange_and_every_held_fossil():
    sheet = score(fossil_game(FOUR, [
        {"move": "Andreas", "cost": 1, "take": "horseshoe_crab:2"},
        {"move": "Bernd", "cost": 1, "take": "fish:3"},
        {"move": "Carola", "cost": 1, "take": "horseshoe_crab:1"},
        {"end": True},
    ]))
    end = sheet.events[3]
    # fish: Bernd 3 -> 3, three payers of 1; horseshoe crab: Andreas 2 -> 2 (top), Carola 1,
    # Bernd and Doris pay 1.
    assert end.changes == {"Andreas": -1 + 2 + 2, "Bernd": 3 + 3 - 1, "Carola": -1 + 1,
                           "Doris": -2}
    assert totals(sheet) == {"Andreas": 32, "Bernd": 34, "Carola": 29, "Doris": 28}


def test_adjust_adds_points_with_a_note():
    sheet = score(fossil_game(FOUR, [
        {"adjust": "Carola", "points": -2, "note": "correction"},
        {"adjust": "Doris", "points": 5},
        {"adjust": "Carola", "points": -28},
    ]))
    assert [e.changes["Carola"] for e in sheet.events] == [-2, 0, -28]
    assert sheet.events[1].changes == {"Andreas": 0, "Bernd": 0, "Carola": 0, "Doris": 5}
    assert totals(sheet) == {"Andreas": 30, "Bernd": 30, "Carola": 0, "Doris": 35}
    carola = player(sheet, "Carola")
    assert carola.categories["adjustments"] == -30
    assert carola.lines[1].explain.key == "fossil.adjust"
    assert carola.lines[1].explain.params == {"player": "Carola", "points": -2,
                                              "note": "correction"}
    assert sheet.events[0].kind == "adjust"


def test_evaluating_a_fossil_nobody_holds_changes_nothing():
    sheet = score(fossil_game(FOUR, [{"evaluate": "ammonite"}]))
    assert sheet.events[0].changes == dict.fromkeys(FOUR, 0)
    assert [e.key for e in sheet.events[0].explain] == ["fossil.nobody_holds"]
    assert totals(sheet) == dict.fromkeys(FOUR, 30)


def test_small_game_from_the_log():
    sheet = score(fossil_game(["Andreas", "Bernd", "Carola"], [
        {"move": "Andreas", "cost": 1, "take": "poplar_leaf:2"},
        {"move": "Bernd", "cost": 1, "take": "poplar_leaf:1"},
        {"move": "Carola", "cost": 1, "take": "poplar_leaf:1"},
        {"move": "Andreas", "cost": 1, "take": "poplar_leaf:1"},
        {"evaluate": "poplar_leaf"},  # Andreas 1,2 -> 6 top; Bernd and Carola 1 -> sum 1
    ]))
    assert sheet.events[4].changes == {"Andreas": 6, "Bernd": 1, "Carola": 1}
    bernd = [e for e in sheet.events[4].explain if e.params.get("player") == "Bernd"]
    assert [(e.key, e.params["value"], e.params["points"]) for e in bernd] == [
        ("fossil.find_sum", 1, 1)]
    assert sheet.problems == []  # pieces may be missing from a 7x7 board: never "early"


def test_places_and_winners_share_ties():
    sheet = score(fossil_game(FOUR, [{"adjust": "Bernd", "points": 5},
                                     {"adjust": "Carola", "points": 5},
                                     {"adjust": "Doris", "points": -1}]))
    assert [(p.name, p.total, p.place) for p in sheet.players] == [
        ("Andreas", 30, 3), ("Bernd", 35, 1), ("Carola", 35, 1), ("Doris", 29, 4)]
    assert sheet.winners == ["Bernd", "Carola"]


def test_total_is_the_sum_of_lines_and_of_categories():
    sheet = score(fossil_game(FIVE, [
        {"move": "Andreas", "cost": 2, "take": "sea_urchin:3"},
        {"evaluate": "sea_urchin",
         "holdings": {"Andreas": [1, 1, 3], "Bernd": [1, 2, 2], "Carola": [1, 1, 1]}},
        {"adjust": "Doris", "points": 3},
        {"end": True},
    ]))
    for p in sheet.players:
        assert p.total == sum(line.points for line in p.lines) == sum(p.categories.values())
        assert p.total == sheet.events[-1].scores[p.name]
    assert totals(sheet) == {"Andreas": 45, "Bernd": 47, "Carola": 39, "Doris": 30, "Ernst": 27}
