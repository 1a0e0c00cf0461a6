"""The Fossil table model on its store, without a UI: every operation is the scorer's push,
stored only if legal, and every number on screen is the scorer's position of the stored log."""

from __future__ import annotations

import pytest

from scorer import score
from scorer.fossil.position import Position
from scorer.places import LogEntry
from views.fossil.model import FossilTable
from views.tables.new_table import NewTable

pytestmark = pytest.mark.asyncio

FOUR = ("Ann", "Bob", "Cas", "Dee")


def table_of(store, names=FOUR) -> FossilTable:
    game_id = FossilTable.start(store, NewTable("fossil").seated(names))
    return FossilTable(store, store.game(game_id))


def stored_log(store, table: FossilTable) -> list:
    return store.game(table.id).data["file"]["log"]


def again(store, table: FossilTable) -> FossilTable:
    """The table as a restarted server reads it."""
    return FossilTable(store, store.game(table.id))


async def test_moves_are_stored_and_scored_by_the_scorer(store):
    table = table_of(store)
    assert table.next_mover() == 0 and table.scores() == (30, 30, 30, 30)
    assert table.move(0, 3, ("ammonite", 2)) == []
    assert table.move(1, 1, ("trilobite", 3)) == []
    assert stored_log(store, table) == [{"move": "Ann", "cost": 3, "take": "ammonite:2"},
                                        {"move": "Bob", "cost": 1, "take": "trilobite:3"}]
    assert table.scores() == (27, 29, 30, 30) == again(store, table).scores()
    assert table.next_mover() == 2
    assert table.holdings(0) == (("ammonite", 2),)
    assert table.pieces_left("ammonite") == {3: 1, 2: 1, 1: 6}
    assert table.pieces_left("ammonite", without=0) == {3: 1, 2: 2, 1: 6}


async def test_an_accepted_event_replays_the_log_once(store, monkeypatch):
    table = table_of(store)
    table.move(0, 1, ("ammonite", 1))
    table.scores()
    made = []
    real = Position.of
    monkeypatch.setattr(Position, "of", lambda file: made.append(file) or real(file))
    assert table.move(1, 2, ("fish", 1)) == []
    assert table.scores() == (29, 28, 30, 30) and table.next_mover() == 2 and table.scored
    assert len(made) == 1  # the position the push gave is the table's next one


async def test_a_refusal_says_why_at_its_field_and_stores_nothing(store):
    table = table_of(store)
    table.adjust(0, -23, "miscounted")
    refused = table.move(0, 8, ("fish", 3))
    assert [(r.problem.key, r.field, r.breaks) for r in refused] == [
        ("fossil.cannot_pay", "cost", None)]
    assert refused[0].problem.params == {"player": "Ann", "cost": 8, "score": 7}
    [refusal] = table.adjust(1, -31)
    assert (refusal.problem.key, refusal.field) == ("fossil.below_zero", "points")
    assert stored_log(store, table) == [{"adjust": "Ann", "points": -23, "note": "miscounted"}]


async def test_the_exchange_evaluation_and_end(store):
    table = table_of(store)
    cards = [("sea_lily", 3), ("sea_lily", 2), ("sea_lily", 2), ("trilobite", 2)]
    cards += [("sea_lily", 1)] * 6
    for turn, card in enumerate(cards):
        assert table.move(turn % 4, 1, card) == []
    due = table.due()
    assert (due.fossil, due.taker, due.exchanged) == ("sea_lily", 1, False)
    [unequal] = table.exchange(1, ("sea_lily", 2), 0, ("sea_lily", 3))
    assert (unequal.problem.key, unequal.field) == ("fossil.exchange_unequal", "exchange")
    assert table.exchange(1, ("sea_lily", 2), 3, ("trilobite", 2)) == []
    [breaks] = table.move(2, 1, ("ammonite", 1))  # a move may not follow the exchange
    assert (breaks.problem.key, breaks.breaks) == ("fossil.exchange_before_move", LogEntry(10))
    assert table.due().exchanged
    assert table.evaluate("sea_lily") == []
    assert table.due() is None
    assert table.scores() == tuple(p.total for p in score(table.game_file()).players)
    assert table.end() == [] and table.finished and table.complete
    assert store.game(table.id).status == "finished"
    assert table.sheet == score(table.game_file())


async def test_a_correction_in_place_and_one_that_breaks_a_later_entry(store):
    table = table_of(store)
    for player, cost, card in ((0, 2, ("sea_urchin", 3)), (1, 1, ("ammonite", 1)),
                               (2, 3, ("trilobite", 3))):
        table.move(player, cost, card)
    [refusal] = table.move(0, 2, ("trilobite", 3), 0)
    assert (refusal.problem.key, refusal.breaks) == ("fossil.no_piece_left", LogEntry(2))
    assert table.move(0, 4, ("trilobite", 2), 0) == []
    assert stored_log(store, table)[0] == {"move": "Ann", "cost": 4, "take": "trilobite:2"}
    assert table.scores() == (26, 29, 27, 30)


async def test_a_broken_log_scores_before_its_first_error_until_it_is_corrected(store):
    table = table_of(store)
    table.move(0, 1, ("ammonite", 3))
    table.move(1, 1, ("ammonite", 2))
    data = store.game(table.id).data  # written behind the model's back, as an old server did
    data["file"]["log"].insert(0, {"move": "Dee", "cost": 1, "take": "ammonite:3"})
    store.save_game(table.id, data, store.game(table.id).revision)
    broken = again(store, table)
    assert broken.broken and broken.valid == 1 and broken.due() is None
    assert [p.key for p in broken.problems[LogEntry(1)]] == ["fossil.no_piece_left"]
    assert [(left.spot, left.why.key) for left in broken.live.left_out] == [
        (LogEntry(1), "fossil.left_out_error"), (LogEntry(2), "fossil.left_out_after_error")]
    assert broken.scores() == (30, 30, 30, 29)
    event, refused = broken.preview("ammonite", {3: (3,)})  # on the scores so far
    assert refused == [] and event.changes["Dee"] == 3 + 3  # 3 x 1, and 1 from each
    broken.delete(0)
    assert not broken.broken and broken.scores() == (29, 29, 30, 30)
    assert len(stored_log(store, broken)) == 2


async def test_undo_takes_back_the_last_entry_and_the_turn(store):
    table = table_of(store)
    table.move(0, 1, ("fish", 1))
    undone = table.undo()
    assert undone.model_dump(exclude_none=True) == {"move": "Ann", "cost": 1, "take": "fish:1"}
    assert stored_log(store, table) == [] and table.next_mover() == 0
    assert table.undo() is None


async def test_the_calculator_preview_is_the_scorers_evaluation_or_its_refusal(store):
    table = table_of(store)
    event, refused = table.preview("fish", {0: (3, 2), 1: (1,)})
    assert refused == [] and event.changes == {"Ann": 10 + 2 + 2, "Bob": 1, "Cas": -2,
                                                    "Dee": -2}
    event, refused = table.preview("fish", {0: (3, 3)})
    assert event is None and [p.key for p in refused] == ["fossil.too_many_pieces"]
    assert stored_log(store, table) == []
