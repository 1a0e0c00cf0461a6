"""A log of 100,000 events scores like any other: the replay holds no copy of the rest of the
log per event (counted, not timed: its time and memory are benchmarks/scoring.py's figures)."""

from dataclasses import replace

from scorer import check, score
from scorer.fossil.models import FossilFile
from scorer.fossil.replay import replay
from tests.scorer.fossil.long_log import long_game, shipped_game

EVENTS = 100_000


def test_a_100000_event_log_ends_as_the_shipped_game_after_its_paid_back_rounds():
    data = long_game(EVENTS)
    assert len(data["log"]) == EVENTS
    game, problems = check(data)
    assert game is not None and problems == []
    sheet, shipped = score(game), score(shipped_game())
    padding = EVENTS - len(shipped_game()["log"])
    assert len(sheet.events) == EVENTS
    assert sheet.events[padding:] == [replace(event, index=event.index + padding)
                                      for event in shipped.events]
    assert sheet.winners == shipped.winners
    assert [(p.name, p.total, p.place) for p in sheet.players] == [
        (p.name, p.total, p.place) for p in shipped.players]
    assert [player.categories["adjustments"] + player.categories["moves"]
            for player in sheet.players] == [
        player.categories["adjustments"] + player.categories["moves"]
        for player in shipped.players]


def test_a_paid_back_round_changes_nothing():
    data = long_game(len(shipped_game()["log"]) + 8 + 3)
    sheet = score(data)
    assert [event.kind for event in sheet.events[:11]] == ["move", "adjust"] * 4 + ["adjust"] * 3
    assert all(event.scores == dict.fromkeys(data["players"], 30) for event in
               sheet.events[1:11:2])
    assert sheet.events[0].changes == {"Anna": -1, "Bram": 0, "Chloé": 0, "Daan": 0}


class CountingLog(list):
    """A log that counts the events read out of it by index or slice (a copy of the rest)."""

    read = 0

    def __getitem__(self, key):
        found = super().__getitem__(key)
        self.read += len(found) if isinstance(key, slice) else 1
        return found


def test_the_replay_reads_each_event_a_bounded_number_of_times_never_a_copy_of_the_rest():
    data = long_game(2_000)
    file = FossilFile.model_validate(data)
    log = CountingLog(file.log)
    replayed = replay(file.model_copy(update={"log": log}))
    assert len(replayed.events) == 2_000
    assert log.read <= len(log)  # at most the next event, once per event: linear in the log
