"""History and statistics from the stored games: ties, shared wins, team games, renames."""

import time

import pytest

from scorer.setup import Played
from views.records.results import History, Series, Winning, series_of, winning_scores
from views.storage.games import KEEP_DELETED
from views.storage.store import Store


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
    assert result.played == Played("standard")


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
    assert result.played == Played("team")
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
    assert history.results()[0].played == Played("small")  # Fossil's 2-3 player rules


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


def test_a_deleted_game_is_gone_for_good_once_the_store_is_opened_an_hour_later(
        tmp_path, monkeypatch):
    store = Store(tmp_path / "db.sqlite3")
    history = History(store)
    kept, gone = finish(history, fossil()), finish(history, fossil())
    store.delete_game(gone)
    store.close()
    at_once = Store(tmp_path / "db.sqlite3")  # a restart, a tool: Undo still works
    at_once.restore_game(gone)
    assert at_once.game(gone) is not None
    at_once.delete_game(gone)
    at_once.close()
    later = time.time() + KEEP_DELETED + 1
    monkeypatch.setattr(time, "time", lambda: later)
    again = History(Store(tmp_path / "db.sqlite3"))
    again.store.restore_game(gone)  # too late: nothing to restore
    assert [r.game_id for r in again.results()] == [kept]


def test_a_games_winning_score_averages_each_games_winners_own_totals(history):
    finish(history, fossil(("Ann", 10)))                # Ann wins with 40
    finish(history, fossil(("Ann", 5), ("Bob", 5)))     # a shared win: 35
    finish(history, team_game(20, 30, 25, 10))          # Ann 20 + Cas 25 win: 22.5 a winner
    finish(history, fossil(("Cas", 15)))                # 45
    assert winning_scores(history.results()) == [Winning("fossil", 3, 40),
                                                 Winning("symbiose", 1, 22.5)]
    assert winning_scores(history.results(kind="symbiose")) == [Winning("symbiose", 1, 22.5)]


def test_teams_level_give_the_winning_score_of_all_four(history):
    finish(history, team_game(20, 30, 25, 15))  # 45 all: each of them won
    assert winning_scores(history.results()) == [Winning("symbiose", 1, 22.5)]


def test_no_games_no_winning_scores_and_no_series(history):
    assert winning_scores([]) == [] and history.series("Ann") == []
    history.store.remember_players(["Ann"])  # known from a game not finished
    assert history.series("Ann") == []


def test_a_players_series_is_their_own_totals_oldest_first_per_game(history):
    finish(history, fossil(("Ann", 4)))                 # Ann 34, wins
    finish(history, team_game(20, 30, 25, 10))          # Ann 20, her team wins
    finish(history, fossil(("Bob", 9), ("Ann", -2)))    # Ann 28, Bob 39 wins
    fossil_, symbiose = history.series("ann")  # the latest played first, as the statistics
    assert fossil_ == Series("fossil", (34, 28), 2, (34 + 39) / 2)
    assert symbiose == Series("symbiose", (20,), 1, 22.5)  # one game: one point
    assert not fossil_.cut
    # The reference is what it took to win at her tables: a game without her leaves it.
    finish(history, fossil(("Cas", 20), players=("Bob", "Cas")))
    assert history.series("Ann")[0] == fossil_


def test_a_long_series_keeps_the_last_games(history):
    for points in range(5):
        finish(history, fossil(("Ann", points), players=("Ann", "Bob")))
    results = history.results()
    played = [(result, result.seats[0]) for result in results]
    series, = series_of(played, winning_scores(results), limit=3)
    assert series.totals == (32, 33, 34) and series.games == 5 and series.cut


def test_a_renamed_or_merged_player_keeps_one_series_under_every_name(history):
    finish(history, fossil(("Ann", 4), players=("Ann", "Bob")))
    finish(history, fossil(("Annie", 6), players=("Annie", "Bob")))
    history.store.remember_players(["Ann", "Annie", "Bob"])
    history.store.rename_player("Ann", "Anna")
    history.store.rename_player("Annie", "Anna")  # the same person
    anna, = history.series("Anna")
    assert (anna.totals, anna.games) == ((34, 36), 2)
    assert history.series("annie") == [anna]  # an old name finds her
