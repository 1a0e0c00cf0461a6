"""Properties of random legal Fossil games (tests.scorer.fossil.strategies)."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from scorer import check, score
from scorer.fossil import evaluate
from tests.scorer.fossil.strategies import (
    Generated,
    evaluations,
    generated_games,
    legal_games,
    reference_evaluate,
)

FAST = settings(max_examples=100, deadline=None)
FIND_KEYS = ("fossil.find_value", "fossil.find_sum")
PAID_KEYS = ("fossil.paid", "fossil.paid_shared", "fossil.paid_short")
RECEIVED_KEYS = ("fossil.received", "fossil.received_shared", "fossil.received_short")


@FAST
@given(legal_games)
def test_a_legal_game_has_no_errors(game):
    checked, problems = check(game)
    assert checked is not None
    assert [p for p in problems if p.severity == "error"] == []
    assert {p.key for p in problems} <= {"fossil.out_of_turn", "fossil.evaluated_early",
                                         "fossil.evaluation_missing"}
    sheet = score(game)
    assert [e.index for e in sheet.events] == list(range(len(game["log"])))


@FAST
@given(generated_games)
def test_scores_follow_the_reference_model(generated: Generated):
    sheet = score(generated.game)
    names = generated.game["players"]
    assert [[e.scores[n] for n in names] for e in sheet.events] == generated.expected
    before = [generated.start] * len(names)
    for event in sheet.events:
        after = [event.scores[n] for n in names]
        assert [event.changes[n] for n in names] == [a - b for a, b in zip(after, before,
                                                                             strict=True)]
        assert min(after) >= 0
        before = after
    assert [p.total for p in sheet.players] == before


@FAST
@given(legal_games)
def test_totals_lines_categories_places_and_winners_agree(game):
    sheet = score(game)
    for p in sheet.players:
        assert p.total == sum(line.points for line in p.lines) == sum(p.categories.values())
        assert list(p.categories) == ["start", "moves", "finds", "received", "paid",
                                      "adjustments"]
        assert p.categories["start"] == game.get("start_score", 30)
        assert p.categories["moves"] <= 0 and p.categories["paid"] <= 0
        assert p.categories["finds"] >= 0 and p.categories["received"] >= 0
        assert p.place == 1 + sum(other.total > p.total for other in sheet.players)
    best = max(p.total for p in sheet.players)
    assert sheet.winners == [p.name for p in sheet.players if p.total == best]
    costs = defaultdict(int)
    for event in game["log"]:
        if "move" in event:
            costs[event["move"]] += event["cost"]
    assert {p.name: -p.categories["moves"] for p in sheet.players} == {
        name: costs[name] for name in game["players"]}


@FAST
@given(legal_games)
def test_evaluations_move_points_only_as_documented(game):
    sheet = score(game)
    names = game["players"]
    running = dict.fromkeys(names, game.get("start_score", 30))
    for event in sheet.events:
        if event.kind in ("evaluate", "end"):
            by_fossil: dict[str, list] = defaultdict(list)
            for explanation in event.explain:
                by_fossil[explanation.params["fossil"]].append(explanation)
            total_change = 0
            for explanations in by_fossil.values():  # in evaluation order
                change = dict.fromkeys(names, 0)
                gains = [e for e in explanations if e.key in FIND_KEYS]
                paid = [e for e in explanations if e.key in PAID_KEYS]
                received = [e for e in explanations if e.key in RECEIVED_KEYS]
                holders = {e.params["player"] for e in gains}
                for e in gains:
                    p = e.params
                    assert p["value"] == p["sum"] * p["count"] == sum(p["cards"]) * len(p["cards"])
                    assert p["points"] in (p["value"], p["sum"])
                    change[p["player"]] += p["points"]
                if gains:
                    tops = {e.params["player"] for e in gains
                            if e.params["value"] == max(g.params["value"] for g in gains)}
                    top_count = next(e.params["count"] for e in gains
                                     if e.params["player"] in tops)
                    assert {e.params["player"] for e in paid} == set(names) - holders
                for e in paid:
                    p = e.params
                    assert set(p["to"]) == tops
                    assert p["owed"] == top_count
                    assert p["points"] == min(p["owed"], running[p["player"]])  # shortfall
                    assert p["share"] == p["owed"] // len(tops)
                    assert p["lost"] == p["owed"] % len(tops)
                    change[p["player"]] -= p["points"]
                    mine = [r for r in received if r.params["payer"] == p["player"]]
                    assert sorted(r.params["player"] for r in mine) == sorted(tops)
                    # The tops get their full shares even when the payer falls short.
                    assert sum(r.params["points"] for r in mine) + p["lost"] == p["owed"]
                for e in received:
                    change[e.params["player"]] += e.params["points"]
                for name in names:
                    running[name] += change[name]
                    assert running[name] >= 0
                total_change += sum(change.values())
            assert sum(event.changes.values()) == total_change
            assert running == event.scores
        running = dict(event.scores)


@FAST
@given(evaluations())
def test_pure_evaluation_accounting(case):
    holdings, scores, small = case
    result = evaluate("sea_lily", holdings, scores, small)
    assert result.changes == dict(enumerate(reference_evaluate(holdings, scores, small)))
    received = sum(sum(p.received.values()) for p in result.payments)
    assert sum(result.changes.values()) == (sum(result.gains.values()) + received
                                            - sum(p.paid for p in result.payments))
    for payment in result.payments:
        assert payment.owed == len(holdings[result.top[0]])
        assert payment.paid == min(payment.owed, scores[payment.payer])
        assert payment.owed - payment.paid == max(0, payment.owed - scores[payment.payer])
        assert payment.lost == payment.owed % len(result.top)
        assert set(payment.received) == set(result.top)
        assert all(v == payment.owed // len(result.top) for v in payment.received.values())
    for player, change in result.changes.items():
        assert scores[player] + change >= 0
    for player in result.top:
        assert result.gains[player] == result.find_values[player]
        assert len(holdings[player]) == len(holdings[result.top[0]])  # equal value, equal count
    for player, gain in result.gains.items():
        expected = (result.find_values[player] if not small or player in result.top
                    else sum(holdings[player]))
        assert gain == expected


@FAST
@given(st.lists(st.integers(1, 3), max_size=9))
def test_a_payer_at_zero_pays_nothing_and_the_top_still_receives_everything(cards):
    result = evaluate("fish", [cards, []], [0, 0], small_game=False)
    if cards:
        assert result.find_values[0] == sum(cards) * len(cards)
        assert result.changes == {0: sum(cards) * len(cards) + len(cards), 1: 0}
    else:
        assert result.changes == {0: 0, 1: 0}
