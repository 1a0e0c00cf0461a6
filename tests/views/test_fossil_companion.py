"""The Fossil companion on the real session: every number equals the scorer's on the same log."""

import flet as ft
import pytest

from scorer import score
from tests.views.helpers import name_field
from views.fossil.model import FossilTable

pytestmark = pytest.mark.asyncio


async def start_fossil(c, names: list[str]) -> int:
    await c.tap("game-fossil")
    for name in names:
        await c.type_into(name_field(c), name, submit=True)
    await c.tap("start")
    return int(c.page.route.split("/")[2])


async def turn(c, cost: int, card: str) -> int:
    fossil, value = card.split(":")
    for identifier in (f"cost-{cost}", f"fossil-{fossil}", f"value-{value}"):
        await c.tap(identifier)
    return 3


def shown_scores(c) -> list[int]:
    values, index = [], 0
    while (tile := c.find(f"score-{index}")) is not None:
        values.append(int(tile.label.split(": ")[1].split()[0]))
        index += 1
    return values


def snack(c) -> str:
    """The last snackbar's words: a message shown where the thumb is."""
    bars = c.all(ft.SnackBar)
    assert bars, "no snackbar"
    return bars[-1].content.value


def log_of(store, game_id: int) -> list:
    return store.game(game_id).data["file"]["log"]


async def test_new_game_says_which_rules_and_pieces(open_app, store):
    c = await open_app()
    await c.tap("game-fossil")
    for name in ("Ann", "Bob", "Cas"):
        await c.type_into(name_field(c), name, submit=True)
    assert "scallop shell and fish" in c.get("fossil-rules").label
    await c.type_into(name_field(c), "Dee", submit=True)
    assert "81 cards" in c.get("fossil-rules").label
    for name in ("Eve", "Fay"):
        await c.type_into(name_field(c), name, submit=True)
    await c.type_into(name_field(c), "Gus", submit=True)
    assert name_field(c).error == "Fossil takes at most 6 players"
    await c.tap("start")
    game_id = int(c.page.route.split("/")[2])
    assert store.game(game_id).data["file"]["players"] == ["Ann", "Bob", "Cas", "Dee", "Eve",
                                                             "Fay"]
    assert shown_scores(c) == [30] * 6
    await c.back()
    assert c.find(f"record-{game_id}") is not None


async def test_turns_in_three_taps_and_scores_from_the_scorer(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    assert c.get("turn").label.startswith("Ann's turn")
    assert await turn(c, 3, "ammonite:2") == 3
    assert c.get("turn").label.startswith("Bob's turn")
    await turn(c, 1, "trilobite:3")
    assert log_of(store, game_id) == [{"move": "Ann", "cost": 3, "take": "ammonite:2"},
                                      {"move": "Bob", "cost": 1, "take": "trilobite:3"}]
    assert shown_scores(c) == [27, 29, 30, 30]
    assert "8 left" in c.get("fossil-ammonite").label
    await c.tap("undo")
    assert len(log_of(store, game_id)) == 1
    assert c.get("turn").label.startswith("Bob's turn")


async def test_refusals_at_their_place_keep_everything(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 2, "sea_urchin:3")
    before = list(log_of(store, game_id))
    await c.tap("cost-2")
    await c.tap("fossil-sea_urchin")
    assert c.get("value-3").disabled  # the one sea urchin 3 is taken: nothing to tap
    assert c.get("value-3").label == "3  (0 left)"
    assert log_of(store, game_id) == before
    await c.tap("value-1")
    assert len(log_of(store, game_id)) == 2
    data = store.game(game_id).data  # three rounds at 7 each, stored by an older server
    data["file"]["log"] += [{"move": n, "cost": 7, "take": f"{f}:1"} for n, f in (
        ("Cas", "ammonite"), ("Dee", "poplar_leaf"), ("Ann", "scallop"), ("Bob", "trilobite"))] * 3
    store.save_game(game_id, data, store.game(game_id).revision)
    c2 = await open_app(route=f"/fossil/{game_id}", restarted=True)
    assert shown_scores(c2) == [7, 7, 9, 9]
    await turn(c2, 2, "fish:2")  # Cas
    await turn(c2, 8, "fish:2")  # Dee
    assert c2.find("problem-cost") is None
    assert c2.get("score-3").label.startswith("Dee: 1 point (")
    await turn(c2, 8, "fish:3")  # Ann has 7
    assert c2.get("problem-cost").content.value == "Ann cannot pay 8 with 7 points"
    assert snack(c2) == "Ann cannot pay 8 with 7 points"  # also where the thumb is
    assert c2.get("cost-8").selected and c2.get("fossil-fish").selected  # kept
    assert len(log_of(store, game_id)) == 16
    await c2.tap("cost-7")
    await c2.tap("value-3")
    assert len(log_of(store, game_id)) == 17
    assert "skips" in c2.get("score-0").label
    assert c2.get("turn").label == ("Bob's turn · Ann skip (0 points) until an evaluation gives"
                                    " them points")


async def test_last_piece_exchange_evaluation_and_unequal_refused(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    cards = ["sea_lily:3", "sea_lily:2", "sea_lily:2", "trilobite:2"] + ["sea_lily:1"] * 6
    for card in cards[:-1]:
        await turn(c, 1, card)
    assert c.find("evaluate") is None
    await turn(c, 1, cards[-1])  # Bob takes the ninth sea lily
    assert c.get("last-taken").content.value == "Bob took the last sea lily."
    await c.tap("gives-0")  # Bob's sea lily 2
    await c.tap("gets-0-0")  # Ann's sea lily 3: unequal
    assert "same value (2 against 3)" in c.get("problem-exchange").content.value
    n = len(log_of(store, game_id))
    await c.tap("gets-3-1")  # Dee's trilobite 2 (after the sea lily 1): equal
    assert log_of(store, game_id)[n]["exchange"] == {"player": "Bob", "gives": "sea_lily:2",
                                                    "with": "Dee", "gets": "trilobite:2"}
    await c.tap("evaluate")
    file = store.game(game_id).data["file"]
    expected = score(file)
    assert shown_scores(c) == [p.total for p in expected.players]
    assert c.get("evaluation-change-0").label.startswith("Ann: ")
    assert "× 3 =" in c.get("evaluation-sea_lily-0").label
    await c.tap("continue")
    assert c.get("fossil-sea_lily").disabled  # none left: no tile to tap by mistake
    assert not c.get("fossil-trilobite").disabled
    await c.tap("end-game")
    await c.tap("end-cancel")  # asked first: nothing ended
    assert c.page.route == f"/fossil/{game_id}" and store.game(game_id).status == "active"
    await c.tap("end-game")
    await c.tap("end-confirm")
    assert c.page.route == f"/fossil/{game_id}/sheet"
    assert store.game(game_id).status == "finished"
    assert c.find("sheet-evaluation-11") is not None


async def test_a_move_is_corrected_in_place_and_a_correction_that_breaks_the_log_refused(
        open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    for cost, card in ((2, "sea_urchin:3"), (1, "ammonite:1"), (3, "trilobite:3")):
        await turn(c, cost, card)
    await c.tap("edit-0")
    assert c.get("editing").label.startswith("Correcting entry 1")
    assert c.get("cost-2").selected and c.get("fossil-sea_urchin").selected
    assert c.get("value-3").selected and c.get("value-3").label.endswith("(1 left)")
    assert c.get("choice").label == "Ann pays 2 · takes: sea urchin"
    assert c.find("turn") is None  # nobody "moves now" while a move is corrected

    await c.tap("fossil-trilobite")
    assert not c.get("value-3").selected  # Ann's 3 was a sea urchin
    assert c.get("value-3").disabled  # Cas took the only trilobite 3 in entry 3
    assert log_of(store, game_id)[0] == {"move": "Ann", "cost": 2, "take": "sea_urchin:3"}

    await c.tap("cost-4")
    await c.tap("value-2")
    log = log_of(store, game_id)
    assert log == [{"move": "Ann", "cost": 4, "take": "trilobite:2"},
                   {"move": "Bob", "cost": 1, "take": "ammonite:1"},
                   {"move": "Cas", "cost": 3, "take": "trilobite:3"}]
    assert c.find("editing") is None and c.get("turn").label == "Dee's turn"
    assert shown_scores(c) == [p.total for p in score(store.game(game_id).data["file"]).players]

    await c.tap("edit-1")
    await c.tap("edit-cancel")
    assert c.find("editing") is None and not c.get("cost-1").selected
    assert len(log_of(store, game_id)) == 3
    await c.tap("edit-2")
    await c.tap("undo")  # the move being corrected is gone: so is its correction
    assert c.find("editing") is None and len(log_of(store, game_id)) == 2


async def test_a_score_correction_is_checked_at_its_fields_and_logged(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 8, "sea_urchin:1")  # Ann: 22
    await c.tap("correct-score")
    await c.tap("correct-add")  # nobody chosen, no points
    assert c.find("correct-who") is not None and c.find("correct-no-points") is not None
    await c.tap("correct-player-0")
    for step in ("-5", "-5", "-5", "-5", "-1", "-1", "-1"):  # -23; Ann has only 22
        await c.tap(f"correct-step-{step}")
    assert c.get("correct-points").label == "Correction: -23 points"
    await c.type_into(c.get("correct-note").content, "miscounted")
    await c.tap("correct-add")
    assert c.get("problem-correct").content.value == "Ann has 22 points: -23 would go below 0"
    assert len(log_of(store, game_id)) == 1 and c.get("correct-player-0").selected  # kept
    for step in ("+5", "+5", "+5", "+5", "+1"):
        await c.tap(f"correct-step-{step}")
    await c.tap("correct-add")
    assert log_of(store, game_id)[-1] == {"adjust": "Ann", "points": -2, "note": "miscounted"}
    assert shown_scores(c)[0] == 20 and c.find("correct-add") is None
    assert "Ann: correction -2 · miscounted" in c.get("log-1").label


async def test_delete_shows_problems_at_their_place_and_loses_nothing(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 1, "ammonite:3")
    await turn(c, 1, "ammonite:2")
    data = store.game(game_id).data
    data["file"]["log"].insert(0, {"move": "Dee", "cost": 1, "take": "ammonite:3"})
    store.save_game(game_id, data, store.game(game_id).revision)
    c = await open_app(route=f"/fossil/{game_id}", restarted=True)
    assert "no ammonite worth 3 left" in c.get("log-problem-1").label
    assert c.find("cost-1") is None  # no new turns on a broken log
    assert shown_scores(c) == [30, 30, 30, 29]
    assert len(log_of(store, game_id)) == 3
    await c.tap("delete-0")
    assert c.find("log-problem-1") is None
    assert shown_scores(c) == [29, 29, 30, 30]


async def test_calculator_rulebook_examples(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Andreas", "Bernd", "Carola", "Doris", "Ernst"])
    await c.tap("calculator")
    await c.tap("calc-fossil-sea_urchin")
    for player, values in ((0, (1, 1, 3)), (1, (1, 2, 2)), (2, (1, 1, 1))):
        for count, value in enumerate(values, 1):
            await c.tap(f"calc-add-{player}-{value}")
            held = ", ".join(map(str, values[:count]))
            assert c.get(f"calc-held-{player}").label.endswith(f": {held}")
    changes = [c.get(f"calc-result-change-{i}").label for i in range(5)]
    assert changes == ["Andreas: +17 → 47", "Bernd: +17 → 47", "Carola: +9 → 39",
                       "Doris: -3 → 27", "Ernst: -3 → 27"]
    assert "pays 3, 1 each to Andreas, Bernd, 1 lost" in c.get("calc-result-sea_urchin-3").label
    await c.tap("calc-apply")
    assert c.page.route == f"/fossil/{game_id}"
    assert shown_scores(c) == [47, 47, 39, 27, 27]
    assert log_of(store, game_id) == [{"evaluate": "sea_urchin", "holdings": {
        "Andreas": [1, 1, 3], "Bernd": [1, 2, 2], "Carola": [1, 1, 1]}}]

    c = await open_app()
    game_id = await start_fossil(c, ["Andreas", "Bernd", "Carola"])
    await c.tap("calculator")
    assert c.find("calc-fossil-fish") is None and c.find("calc-fossil-scallop") is None
    await c.tap("calc-fossil-ammonite")
    for player, values in ((0, (1, 1, 2, 2)), (1, (1, 1, 1, 1))):
        for value in values:
            await c.tap(f"calc-add-{player}-{value}")
    changes = [c.get(f"calc-result-change-{i}").label for i in range(3)]
    assert changes == ["Andreas: +28 → 58", "Bernd: +4 → 34", "Carola: -4 → 26"]
    assert "find value 16 is not the highest, so the sum 4" in \
        c.get("calc-result-ammonite-1").label
    await c.tap("calc-apply")
    assert shown_scores(c) == [58, 34, 26]


async def test_small_game_set_aside_and_confirmed_last(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas"])
    assert c.find("fossil-fish") is None
    await turn(c, 1, "ammonite:2")
    await c.tap("confirm-last")  # the players know it was the last one on the board
    assert c.get("last-taken") is not None
    await c.tap("evaluate")
    assert shown_scores(c) == [29 + 2 + 1 + 1, 30 - 1, 30 - 1]  # Bob and Cas pay Ann 1 each
    assert c.find("cost-1") is None  # the arithmetic stays until somebody continues
    await c.tap("continue")
    await c.tap("set-aside")
    await c.tap("aside-fossil-sea_lily")
    for _ in range(7):
        await c.tap("aside-value-1")
    data = store.game(game_id).data
    assert data["set_aside"] == ["sea_lily:1"] * 7
    assert FossilTable(store, store.game(game_id)).pieces_left("sea_lily") == {2: 2, 1: 0}
    await turn(c, 1, "sea_lily:2")
    assert c.find("last-taken") is None
    await turn(c, 1, "sea_lily:2")
    assert c.get("last-taken").content.value == "Cas took the last sea lily."


async def test_restart_and_dutch(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 2, "fish:1")
    later = await open_app(route=f"/fossil/{game_id}", prefs={"tallybook.language": "nl"})
    assert later.get("turn").label.startswith("Bob is aan de beurt")
    assert shown_scores(later) == [28, 30, 30, 30]
    await turn(later, 9 - 1, "fish:3")
    await later.tap("fossil-fish")
    assert later.get("value-3").disabled and later.get("value-3").label == "3  (nog 0)"


async def test_what_each_player_holds_is_shown_per_fossil_and_value(open_app, store):
    c = await open_app()
    await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    for cost, card in ((1, "ammonite:2"), (1, "trilobite:3"), (1, "fish:1"), (1, "fish:2"),
                       (1, "ammonite:1")):
        await turn(c, cost, card)
    assert c.get("holdings-0").label == "Ann holds: ammonite 2, 1"
    assert c.get("holdings-1").label == "Bob holds: trilobite 3"
    assert c.get("holdings-3").label == "Dee holds: fish 2"
    await c.tap("undo")
    assert c.get("holdings-0").label == "Ann holds: ammonite 2"


async def test_undo_says_what_it_undid(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 3, "ammonite:2")
    assert c.get("undo").label == "Undo: Ann pays 3, takes ammonite 2"
    await c.tap("undo")
    assert snack(c) == "Undone: Ann pays 3, takes ammonite 2"
    assert log_of(store, game_id) == [] and c.get("undo").content.disabled


async def test_the_calculator_starts_from_the_log_and_says_where_it_differs(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    for cost, card in ((1, "sea_urchin:2"), (1, "sea_urchin:1"), (1, "trilobite:1"),
                       (1, "sea_urchin:1")):
        await turn(c, cost, card)
    await c.tap("calculator")
    await c.tap("calc-fossil-sea_urchin")
    assert [c.get(f"calc-held-{p}").label for p in range(4)] == [
        "Ann: 2", "Bob: 1", "Cas: none", "Dee: 1"]
    assert c.find("calc-differs-0") is None  # as the log says
    await c.tap("calc-add-0-1")
    assert c.get("calc-differs-0").label == "Ann: the log says: 2"
    await c.tap("calc-clear-0")
    assert c.get("calc-differs-0").label == "Ann: the log says: 2"
    await c.tap("calc-add-0-2")
    assert c.find("calc-differs-0") is None
    await c.tap("calc-apply")
    assert log_of(store, game_id)[-1] == {"evaluate": "sea_urchin", "holdings": {
        "Ann": [2], "Bob": [1], "Dee": [1]}}


async def test_a_correction_and_its_reason_show_on_the_sheet(open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 3, "fish:2")
    await c.tap("correct-score")
    await c.tap("correct-player-1")
    await c.tap("correct-step-+5")
    await c.type_into(c.get("correct-note").content, "paid twice", submit=True)  # Enter adds
    assert log_of(store, game_id)[-1] == {"adjust": "Bob", "points": 5, "note": "paid twice"}
    await c.tap("end-game")
    await c.tap("end-confirm")
    assert c.page.route == f"/fossil/{game_id}/sheet"
    assert c.get("sheet-correction-1").content.value == "2. Bob: correction +5 · paid twice"
    await c.tap("result-1")  # Bob's lines: the correction with its reason
    assert any("paid twice" in (line.label or "") for line in c.all(
        ft.Semantics, lambda s: (s.identifier or "").startswith("line-1-")))


async def test_a_redraw_before_the_last_keystroke_is_handled_keeps_the_whole_reason(
        open_app, store):
    c = await open_app()
    game_id = await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await c.tap("correct-score")
    await c.tap("correct-player-1")
    await c.type_into(c.get("correct-note").content, "paid twic")
    # The phone reports the last letter (Flet applies it at once); before its change event is
    # handled, the card is drawn again for another reason (a step tapped on this phone).
    c.session.apply_patch(c.get("correct-note").content._i, {"value": "paid twice"})
    await c.tap("correct-step-+5")
    assert c.get("correct-note").content.value == "paid twice"  # never drawn back older
    await c.session.dispatch_event(c.get("correct-note").content._i, "submit", "paid twice")
    await c.settle()
    assert log_of(store, game_id)[-1] == {"adjust": "Bob", "points": 5, "note": "paid twice"}


async def test_every_control_of_a_turn_is_a_48_px_target(open_app, store):
    c = await open_app()
    await start_fossil(c, ["Ann", "Bob", "Cas", "Dee"])
    await turn(c, 1, "ammonite:1")
    await c.tap("fossil-ammonite")
    for identifier in [f"cost-{n}" for n in range(1, 9)] + ["value-1", "value-2", "value-3"]:
        box = c.get(identifier).content
        assert box.height >= 48 and (box.width is None or box.width >= 48), identifier
    assert all(c.get(f"cost-{n}").content.width == 48 for n in range(1, 9))
    for button in c.all(ft.IconButton):
        assert button.width >= 48 and button.height >= 48, button.tooltip
    for button in c.all(ft.OutlinedButton) + c.all(ft.FilledButton) + c.all(ft.TextButton):
        assert button.height >= 48, button.content
