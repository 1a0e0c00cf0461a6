"""Fossil in Chromium at 390 x 844 against the real server: a complete 4-player game through
the turn panel (with a reload and a server restart), refusals at their place, and screenshots
of the companion, an evaluation and the score sheet. The rulebook's calculator examples are a
headless test (tests/views/test_fossil_companion.py): they ask nothing of the browser."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from scorer import check, score
from scorer.fossil import state
from scorer.fossil.models import card_text
from tests.e2e.conftest import SIZES, shoot_looks
from tests.e2e.games import end_game, new_fossil_game, says, turn
from tests.e2e.phone import Phone
from views.fossil.model import new_data
from views.storage.store import Store

FOUR = ["Ann", "Bob", "Cas", "Dee"]
COSTS = (1, 2, 1, 3, 2, 1, 1, 2)
# 40 turns: the sea lily and then the ammonite are completed and evaluated on the way; the
# other fossils are evaluated by the end of the game.
CARDS = ([f"sea_lily:{v}" for v in (1, 3, 2, 1, 1, 2, 1, 1, 1)]
         + [f"ammonite:{v}" for v in (2, 1, 1, 3, 1, 1, 2, 1, 1)]
         + [f"{f}:{v}" for f, v in (("trilobite", 1), ("fish", 2), ("scallop", 1),
                                    ("trilobite", 3), ("horseshoe_crab", 1), ("fish", 1),
                                    ("brittle_star", 2), ("scallop", 3), ("poplar_leaf", 1),
                                    ("sea_urchin", 1), ("trilobite", 2), ("fish", 1),
                                    ("horseshoe_crab", 2), ("brittle_star", 1),
                                    ("poplar_leaf", 3), ("sea_urchin", 2), ("fish", 3),
                                    ("scallop", 2), ("trilobite", 1), ("horseshoe_crab", 3),
                                    ("brittle_star", 1), ("poplar_leaf", 2))])


def db(server) -> Store:
    return Store(server.data / "tallybook.sqlite3")


def seed(server, names: list[str], log: list | None = None) -> int:
    """Known players for one-tap seating, or a game already under way."""
    store = db(server)
    store.remember_players(names[::-1])
    game_id = 0
    if log is not None:
        data = new_data(names)
        data["file"]["log"] = log
        game_id = store.create_game("fossil", data)
    store.close()
    return game_id


def stored(server, game_id: int) -> dict:
    store = db(server)
    data = store.game(game_id).data
    store.close()
    return data


def finds(data: dict, player: int) -> list[str]:
    """A player's cards by the scorer, in the order the exchange chips show them."""
    game, _ = check(data["file"])
    return [card_text(card) for card in state.holdings(game, player)]


def expect_scores(phone: Phone, names: list[str], totals: list[int]) -> None:
    for index, (name, total) in enumerate(zip(names, totals, strict=True)):
        says(phone, f"score-{index}", f"{name}: {total} points")


def test_a_four_player_game_of_40_turns_with_reload_and_restart(server, make_context):
    seed(server, FOUR)
    phone = Phone.open(make_context(), server.url)
    new_fossil_game(phone, FOUR)
    game_id = int(phone.page.url.rstrip("/").split("/")[-1])
    log: list[dict] = []
    for number, card in enumerate(CARDS):
        cost = COSTS[number % len(COSTS)]
        mover, then = FOUR[number % 4], FOUR[(number + 1) % 4]
        assert turn(phone, cost, card, f"{then}'s turn") == 3
        log.append({"move": mover, "cost": cost, "take": card})
        if number in (8, 17):  # the ninth sea lily, the ninth ammonite
            says(phone, "last-taken", f"{mover} took the last")
            phone.tap("evaluate")
            log.append({"evaluate": card.split(":")[0]})
            expect_scores(phone, FOUR, list(score({**new_data(FOUR)["file"],
                                                   "log": log}).events[-1].scores.values()))
            phone.tap("continue")
        if number == 14:
            phone.reload()
            says(phone, "turn", f"{then}'s turn")
        if number == 30:
            url = phone.page.url
            server.restart()
            phone.goto(url)
            says(phone, "turn", f"{then}'s turn")
    end_game(phone)
    log.append({"end": True})
    file = {**new_data(FOUR)["file"], "log": log}
    expected = score(file)
    winners = expected.winners
    says(phone, "winners", winners[0])
    for index, player in enumerate(expected.players):
        says(phone, f"result-{index}", f"{player.name}, {player.total} points")
    assert stored(server, game_id)["file"] == file
    assert phone.taps <= 3 * len(CARDS) + 2 * 2 + 2 + 6  # turns, evaluations, end, set-up
    with phone.page.expect_download() as download:
        phone.tap("export")
        phone.tap("export-file")
    exported = json.loads(Path(download.value.path()).read_text(encoding="utf-8"))
    assert score(exported).players == expected.players


def test_refusals_at_their_place_and_the_exchange(server, make_context):
    log = [{"move": "Ann", "cost": 2, "take": "sea_urchin:3"},
           {"move": "Bob", "cost": 2, "take": "sea_urchin:1"}]
    log += [{"move": n, "cost": 7, "take": f"{f}:1"} for n, f in (
        ("Cas", "ammonite"), ("Dee", "poplar_leaf"), ("Ann", "scallop"),
        ("Bob", "trilobite"))] * 3
    log += [{"move": FOUR[(2 + i) % 4], "cost": 1, "take": f"sea_lily:{v}"}
            for i, v in enumerate((3, 2, 2, 1, 1, 1, 1, 1))]
    game_id = seed(server, FOUR, log)
    phone = Phone.open(make_context(), f"{server.url}fossil/{game_id}")
    says(phone, "turn", "Cas's turn")
    expect_scores(phone, FOUR, [5, 5, 7, 7])
    phone.tap("cost-8")
    says(phone, "choice", "Cas pays 8 ·")
    phone.tap("fossil-sea_urchin")
    says(phone, "choice", "takes: sea urchin")
    says(phone, "value-3", "(0 left)")  # none left: the chip is disabled
    phone.tap("fossil-sea_lily")
    phone.tap("value-1")
    says(phone, "problem-cost", "Cas cannot pay 8 with 7 points")
    assert stored(server, game_id)["file"]["log"] == log  # nothing stored, nothing lost
    phone.tap("cost-1")
    says(phone, "choice", "Cas pays 1 · takes: sea lily")  # the fossil stayed
    phone.tap("value-1")
    says(phone, "last-taken", "Cas took the last sea lily")
    data = stored(server, game_id)
    phone.tap(f"gives-{finds(data, 2).index('sea_lily:3')}")
    phone.tap(f"gets-3-{finds(data, 3).index('sea_lily:2')}")
    says(phone, "problem-exchange", "exchanged cards must have the same value (3 against 2)")
    phone.tap(f"gets-0-{finds(data, 0).index('sea_urchin:3')}")
    expect(phone.by_id("gives-0")).to_have_count(0)  # the one exchange is made
    phone.tap("evaluate")
    says(phone, "evaluation-change-0", "Ann: ")
    data = stored(server, game_id)
    assert data["file"]["log"][len(log) + 1]["exchange"]["with"] == "Ann"
    expected = score(data["file"])
    expect_scores(phone, FOUR, [p.total for p in expected.players])
    phone.tap(f"delete-{len(log)}")  # Cas's move: now the exchange was not by the taker
    says(phone, "log-broken", "The log has a problem")
    says(phone, f"log-problem-{len(log)}", "only Bob, who took the last card, may exchange now")
    assert len(stored(server, game_id)["file"]["log"]) == len(log) + 2  # the rest is kept
    expect(phone.by_id("cost-1")).to_have_count(0)


def test_a_move_far_down_the_log_is_corrected_in_place(server, make_context, shots):
    log = [{"move": FOUR[i % 4], "cost": 1 + i % 3, "take": f"{f}:1"}
           for i, f in enumerate(["ammonite", "poplar_leaf", "scallop", "trilobite"] * 3)]
    game_id = seed(server, FOUR, log)
    phone = Phone.open(make_context(), f"{server.url}fossil/{game_id}")
    says(phone, "turn", "Ann's turn")
    phone.tap("whole-log")
    phone.tap("edit-1")  # Bob really paid 3, for a sea lily 3
    says(phone, "editing", "Correcting entry 2")
    expect(phone.by_id("editing")).to_be_in_viewport()  # the panel scrolled into sight
    says(phone, "choice", "Bob pays 2 · takes: poplar leaf")
    phone.toggle("cost-3")
    phone.toggle("fossil-sea_lily")
    phone.shot(str(shots / "fossil-correcting-light.png"))
    phone.tap("value-3")
    expect(phone.by_id("editing")).to_have_count(0)
    data = stored(server, game_id)
    assert data["file"]["log"][1] == {"move": "Bob", "cost": 3, "take": "sea_lily:3"}
    assert data["file"]["log"][2:] == log[2:]
    expect_scores(phone, FOUR, [p.total for p in score(data["file"]).players])
    says(phone, "turn", "Ann's turn")


def test_a_score_correction_typed_on_the_phone(server, make_context):
    game_id = seed(server, FOUR, [{"move": "Ann", "cost": 3, "take": "fish:2"}])
    phone = Phone.open(make_context(), f"{server.url}fossil/{game_id}")
    says(phone, "turn", "Bob's turn")
    phone.tap("correct-score")
    phone.toggle("correct-player-1")
    phone.tap("correct-step-+5")
    phone.expect_says("correct-points", "Correction: +5 points")
    phone.type("Why (optional)", "paid twice")
    expect(phone.by_id("correct-add")).to_have_count(0)  # Enter in a field adds it
    assert stored(server, game_id)["file"]["log"][-1] == {
        "adjust": "Bob", "points": 5, "note": "paid twice"}
    expect_scores(phone, FOUR, [27, 35, 30, 30])
    says(phone, "log-1", "Bob: correction +5")

    phone.tap("correct-score")  # the reason typed, then the button: the field's text counts
    phone.toggle("correct-player-0")
    phone.tap("correct-step--1")
    phone.expect_says("correct-points", "Correction: -1 point")
    phone.type("Why (optional)", "miscounted", enter=False)
    phone.tap("correct-add")
    expect(phone.by_id("correct-add")).to_have_count(0)
    assert stored(server, game_id)["file"]["log"][-1] == {
        "adjust": "Ann", "points": -1, "note": "miscounted"}
    expect_scores(phone, FOUR, [26, 35, 30, 30])


@pytest.mark.parametrize("size", SIZES)
def test_fossil_screenshots(server, make_context, size, shots):
    lilies = iter(CARDS[:9])  # Dee takes trilobites, so Dee pays for the sea lily
    log = [{"move": FOUR[i % 4], "cost": 1 + i % 3,
            "take": "trilobite:1" if i % 4 == 3 else next(lilies)} for i in range(11)]
    game_id = seed(server, FOUR, log)
    phone = Phone.open(make_context(viewport=size), f"{server.url}fossil/{game_id}")
    says(phone, "last-taken", "took the last sea lily")
    phone.tap("evaluate")
    says(phone, "evaluation-change-3", "Dee: ")
    shoot_looks(phone, shots, "fossil-evaluation", size)
    phone.tap("continue")
    expect(phone.by_id("cost-2")).to_be_attached()
    phone.tap("cost-2")
    says(phone, "choice", "pays 2 ·")
    phone.tap("fossil-ammonite")
    says(phone, "choice", "takes: ammonite")
    shoot_looks(phone, shots, "fossil-companion", size)
    phone.tap("calculator")
    expect(phone.by_id("calc-fossil-ammonite")).to_be_attached()
    expect(phone.by_id("cost-2")).to_have_count(0)  # the page below is covered: it has come in
    shoot_looks(phone, shots, "fossil-calculator", size)
    phone.tap("back")
    expect(phone.by_id("cost-2")).to_be_attached()
    end_game(phone)
    says(phone, "winners", "")
    shoot_looks(phone, shots, "fossil-score-sheet", size)
