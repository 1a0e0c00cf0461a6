"""History and statistics from the stored games: ties, shared wins, team games, renames."""

import pytest

from views.results import History
from views.store import Store


def fossil(*adjustments: tuple[str, int], players=("Ann", "Bob", "Cas", "Dee")) -> dict:
    """A Fossil game whose scores are 30 plus the adjustments."""
    log = [{"adjust": name, "points": points, "note": "test"} for name, points in adjustments]
    return {"version": 1, "game": "fossil", "players": list(players), "log": [*log, {"end": True}]}


# Four ponds of these fit the deck (12 dragonflies, 10 fish, 8 snails, 6 frogs; seasons alike).
ANIMALS = ("dragonfly",) * 3 + ("fish",) * 2 + ("snail",) * 2 + ("frog",)
SEASONS = ("pink",) * 3 + ("green",) * 2 + ("orange",) * 2 + ("blue",)


def pond(points: int) -> list[list[str]]:
    """A pond of 8 fixed cards worth `points` in all (at least 8)."""
    values = [points // 8 + (i < points % 8) for i in range(8)]
    cards = [f"{a}/{s}/{v}" for a, s, v in zip(ANIMALS, SEASONS, values, strict=True)]
    return [cards[:4], cards[4:]]


def team_game(*totals: int) -> dict:
    names = ("Ann", "Bob", "Cas", "Dee")
    return {"version": 1, "game": "symbiose", "mode": "team",
            "players": [{"name": name, "pond": pond(total)}
                        for name, total in zip(names, totals, strict=True)]}


@pytest.fixture
def history(tmp_path):
    return History(Store(tmp_path / "db.sqlite3"))


def finish(history: History, file: dict) -> int:
    store = history.store
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    return game_id


def test_a_tie_for_first_is_a_shared_win_for_both(history):
    finish(history, fossil(("Ann", 5), ("Bob", 5), ("Cas", 1)))
    result, = history.results()
    assert [(s.name, s.total, s.place, s.won, s.shared) for s in result.ranked] == [
        ("Ann", 35, 1, True, True), ("Bob", 35, 1, True, True),
        ("Cas", 31, 3, False, False), ("Dee", 30, 4, False, False)]
    assert result.variant == "standard"


def test_statistics_count_wins_shared_wins_average_best_and_worst(history):
    finish(history, fossil(("Ann", 5), ("Bob", 5)))     # Ann 35, shares first with Bob
    finish(history, fossil(("Ann", 10)))                # Ann 40, wins alone
    finish(history, fossil(("Bob", 3), ("Ann", -6)))    # Ann 24, last
    ann, = history.stats("ann")  # any spelling of the name
    assert (ann.kind, ann.games, ann.wins, ann.shared_wins) == ("fossil", 3, 2, 1)
    assert (ann.average, ann.best, ann.worst) == (33, 40, 24)
    assert ann.win_rate == pytest.approx(2 / 3)
    cas, = history.stats("Cas")
    assert (cas.games, cas.wins, cas.best, cas.worst) == (3, 0, 30, 30)


def test_a_team_game_is_won_by_both_partners_and_scored_by_their_own_totals(history):
    finish(history, team_game(20, 30, 25, 10))  # Ann+Cas 45 beat Bob+Dee 40
    result, = history.results()
    seats = {seat.name: seat for seat in result.seats}
    assert seats["Ann"].won and seats["Cas"].won and not seats["Bob"].won
    assert not seats["Ann"].shared  # a partner is no tie
    assert seats["Ann"].partners == ("Cas",) and seats["Dee"].partners == ("Bob",)
    assert result.variant == "team"
    bob, = history.stats("Bob")
    assert (bob.wins, bob.average, bob.best) == (0, 30, 30)


def test_two_teams_level_share_the_win(history):
    finish(history, team_game(20, 20, 20, 20))
    assert all(seat.won and seat.shared for seat in history.results()[0].seats)


def test_results_are_newest_first_and_filter_by_game_and_player(history):
    first = finish(history, fossil(players=("Ann", "Bob")))
    second = finish(history, team_game(20, 30, 25, 10))
    third = finish(history, fossil(players=("Cas", "Dee", "Eve")))
    assert [r.game_id for r in history.results()] == [third, second, first]
    assert [r.game_id for r in history.results(kind="fossil")] == [third, first]
    assert [r.game_id for r in history.results(player="Bob")] == [second, first]
    assert history.results()[0].variant == "small"  # Fossil's 2-3 player rules


def test_a_rename_keeps_the_history_and_a_merge_joins_two_names(history):
    finish(history, fossil(("Ann", 4), players=("Ann", "Bob")))
    finish(history, fossil(("Annie", 4), players=("Annie", "Bob")))
    history.store.remember_players(["Ann", "Annie", "Bob"])
    history.store.rename_player("Ann", "Anna")
    assert history.stats("Anna")[0].games == 1
    assert history.stats("Ann") == history.stats("Anna")  # the old name finds the player
    history.store.rename_player("Annie", "Anna")  # the same person
    anna, = history.stats("Anna")
    assert (anna.games, anna.wins) == (2, 2)
    assert sorted(history.players()) == ["Anna", "Bob"]
    assert sorted(history.store.known_players()) == ["Anna", "Bob"]
    # the sheets keep the names the games were played with
    assert {r.seats[0].name for r in history.results()} == {"Ann", "Annie"}
    history.store.rename_player("Anna", "Ann")  # renamed back: one player, both games
    assert history.stats("Ann")[0].games == 2 and history.player("annie") == "Ann"


def test_a_deleted_game_leaves_the_history_until_restored(history):
    game_id = finish(history, fossil(("Ann", 4)))
    history.store.delete_game(game_id)
    assert history.results() == [] and history.stats("Ann") == []
    assert history.store.game(game_id) is None
    history.store.restore_game(game_id)
    assert [r.game_id for r in history.results()] == [game_id]


def test_a_deleted_game_is_gone_once_the_server_restarts(tmp_path):
    store = Store(tmp_path / "db.sqlite3")
    history = History(store)
    kept, gone = finish(history, fossil()), finish(history, fossil())
    store.delete_game(gone)
    store.close()
    again = History(Store(tmp_path / "db.sqlite3"))
    again.store.restore_game(gone)  # too late: nothing to restore
    assert [r.game_id for r in again.results()] == [kept]
