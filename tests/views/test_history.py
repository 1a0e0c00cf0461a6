"""History and players on screen: the finished games with filters, a past sheet, delete with
undo, a player's statistics, renaming and merging players; only the host reaches them."""

from __future__ import annotations

import asyncio
import threading

import flet as ft
import flet_charts as fch
import pytest
from flet.components.component import Component

from tests.views.helpers import example, learn, start_game, until
from views.fossil import model
from views.records import results
from views.storage.off_loop import LONG_LOG

pytestmark = pytest.mark.asyncio
GAMES = ("symbiose-standard.json", "fossil-4-players.json", "forest-shuffle-base-2-players.json")


def finish(store, name: str, when: float) -> int:
    file = example(name)
    game_id = store.create_game(file["game"], {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    store._db.execute("UPDATE games SET updated = ? WHERE id = ?", (when, game_id))
    return game_id


@pytest.fixture
def finished(store) -> list[int]:
    """Symbiose (Ann, Bob, Cas), Fossil, then Forest Shuffle (Ann, Bob): the last is newest."""
    return [finish(store, name, 1_790_000_000 + day * 86_400) for day, name in enumerate(GAMES)]


def shown(control):
    """The control and everything inside it, in the order the screen shows them."""
    while isinstance(control, Component):
        control = control._b
    yield control
    for part in ("content", "controls", "title", "subtitle", "leading", "trailing"):
        inner = getattr(control, part, None)
        for child in inner if isinstance(inner, list) else [inner]:
            if isinstance(child, ft.BaseControl):
                yield from shown(child)


def listed(c) -> list[int]:
    """The finished games the screen on top lists, in its order."""
    return [int(s.identifier.removeprefix("past-")) for s in shown(c.top_view())
            if isinstance(s, ft.Semantics) and (s.identifier or "").startswith("past-")]


async def test_the_history_lists_every_finished_game_newest_first_with_its_date(
        open_app, finished):
    c = await open_app("/history")
    assert listed(c) == finished[::-1]
    label = c.get(f"past-{finished[0]}").label
    assert label.startswith("Symbiose · Standard, Sep 21, 2026 ·")
    assert label.endswith("1. Ann 45 · 1. Bob 45 · 3. Cas 42")


async def test_filters_by_game_and_by_player_and_keep_them_in_the_route(open_app, finished):
    c = await open_app("/history")
    await c.tap("filter-fossil")
    assert listed(c) == [finished[1]] and c.page.route == "/history?game=fossil"
    await c.tap("filter-all")
    ann = next(s for s in c.all(ft.Semantics) if s.label == "Ann"
               and (s.identifier or "").startswith("filter-player-"))
    await c.tap(ann.identifier)
    assert listed(c) == [finished[2], finished[0]]
    assert c.page.route == "/history?player=Ann"


async def test_a_past_sheet_opens_as_it_was_and_back_returns_to_the_filtered_history(
        open_app, finished):
    c = await open_app("/history?game=symbiose")
    await c.tap(f"past-{finished[0]}")
    assert c.page.route == f"/history/symbiose/{finished[0]}?game=symbiose"
    assert "Ann — 45" in c.texts() and "Cas — 42" in c.texts()
    assert any(t.startswith("Finished Sep 21, 2026 ·") for t in c.texts())
    assert c.find("finish-game") is None and c.find("rematch") is not None
    await c.back()
    assert c.page.route == "/history?game=symbiose" and listed(c) == [finished[0]]


async def test_a_deleted_game_comes_back_with_undo(open_app, store, finished):
    c = await open_app("/history")
    await c.tap(f"delete-{finished[1]}")
    assert listed(c) == [finished[2], finished[0]]
    assert store.game(finished[1]) is None
    snack = c.all(ft.SnackBar)[-1]
    assert snack.content.value == "Fossil deleted" and snack.action == "Undo"
    await c.session.dispatch_event(snack._i, "action", None)
    await c.settle()
    assert listed(c) == finished[::-1]


async def test_a_player_page_shows_statistics_per_game(open_app, finished):
    c = await open_app("/players")
    await c.tap("player-0")  # Ann: the latest to play
    assert c.page.route == "/players/Ann"
    symbiose = " ".join(t.value for t in c.get("stats-symbiose").content.content.content
                        .controls[1:] if isinstance(t, ft.Row) for t in t.controls)
    assert symbiose.startswith("Games 1 Wins 1 (1 shared) Win rate 100% Average score 45.0 "
                               "Best score 45 Worst score 45 Last played Sep 21, 2026")
    assert c.find("stats-forest-shuffle") is not None and c.find("stats-fossil") is None
    await c.tap(f"past-{finished[2]}")
    assert c.page.route == f"/players/Ann/forest-shuffle/{finished[2]}"
    await c.back()
    assert c.page.route == "/players/Ann"


def chart_of(node: ft.Semantics) -> fch.LineChart:
    return next(c for c in shown(node) if isinstance(c, fch.LineChart))


def points(line: fch.LineChartData) -> list[tuple[float, float]]:
    return [(point.x, point.y) for point in line.points]


async def test_a_player_page_charts_their_score_in_each_game_against_the_winning_average(
        open_app, store, finished):
    for day in (3, 4):  # Ann wins two duels with 51 (the standard game: a shared win, 45)
        finish(store, "symbiose-duel.json", 1_790_000_000 + day * 86_400)
    c = await open_app("/players/Ann")
    node = c.get("chart-symbiose")
    assert node.label == ("Symbiose: 3 games, from 45 to 51, last 51; "
                          "average winning score 49.0")
    assert node.exclude_semantics and node.image  # one sentence, as for a picture
    winning, own = chart_of(node).data_series
    assert points(own) == [(1, 45), (2, 51), (3, 51)]  # oldest first
    assert {y for _, y in points(winning)} == {49} and winning.dash_pattern
    chart = chart_of(node)  # round labels around every point and the average
    assert [label.value for label in chart.left_axis.labels] == [40, 45, 50, 55]
    assert (chart.min_y, chart.max_y) == (40, 55)
    assert "Score in each of 3 games, oldest first" in c.texts()
    assert "Dashed line: average winning score 49.0" in c.texts()
    # One game: one point, in the middle of the chart.
    forest = c.get("chart-forest-shuffle")
    assert forest.label == "Forest Shuffle: 1 game, score 122; average winning score 122.0"
    chart = chart_of(forest)
    assert points(chart.data_series[-1]) == [(1, 122)] and (chart.min_x, chart.max_x) == (0.5, 1.5)
    assert "Score in the one game so far" in c.texts()


async def test_a_long_record_charts_the_last_thirty_games_and_says_so(open_app, store):
    for day in range(33):
        finish(store, "symbiose-duel.json" if day % 2 else "symbiose-standard.json",
               1_790_000_000 + day * 86_400)
    c = await open_app("/players/Bob")
    node = c.get("chart-symbiose")
    own = chart_of(node).data_series[-1]
    # The 33rd game, the newest, is a standard one (Bob 45); the duels give him 37.
    assert len(own.points) == 30 and points(own)[-2:] == [(29, 37), (30, 45)]
    assert node.label.startswith("Symbiose: last 30 of 33 games, from 37 to 45, last 45;")
    assert "Score in the last 30 of 33 games, oldest first" in c.texts()


async def test_a_renamed_player_keeps_their_games_and_sheets_keep_the_old_name(
        open_app, store, finished):
    c = await open_app("/players/Ann")
    field = c.get("rename-field").content
    await c.type_into(field, "  Annie \n", submit=True)
    assert c.page.route == "/players/Annie"
    assert c.find("stats-symbiose") is not None and c.find("stats-forest-shuffle") is not None
    assert "Annie" in store.known_players() and "Ann" not in store.known_players()
    await c.tap(f"past-{finished[0]}")
    assert "Ann — 45" in c.texts()  # the sheet as it was played


async def test_a_name_too_long_is_refused_at_the_field(open_app, finished):
    c = await open_app("/players/Ann")
    await c.type_into(c.get("rename-field").content, "x" * 41, submit=True)
    assert c.get("rename-field").content.error == "A name has 1 to 40 characters."
    assert c.page.route == "/players/Ann"


def merge_chip(c, name: str) -> str:
    return next(s.identifier for s in c.all(ft.Semantics)
                if s.label == name and (s.identifier or "").startswith("merge-"))


async def test_two_names_of_one_person_merge_after_a_question(open_app, store, finished):
    c = await open_app("/players/Cas")  # Cas played Symbiose; Daan, Fossil
    await c.tap(merge_chip(c, "Daan"))
    assert "Count Cas as Daan?" in c.texts()
    await c.tap("confirm")
    assert c.page.route == "/players/Daan"
    assert listed(c) == [finished[1], finished[0]]
    assert c.find("stats-symbiose") is not None and c.find("stats-fossil") is not None
    assert [name for name in store.known_players() if name in ("Daan", "Cas")] == ["Daan"]


async def test_two_players_of_one_game_are_never_merged(open_app, store, finished):
    c = await open_app("/players/Cas")
    await c.tap(merge_chip(c, "Bob"))
    assert c.get("rename-field").content.error == \
        "Cas and Bob played in the same game: they are two people."
    assert not c.all(ft.AlertDialog) and store.aliases() == {}


async def test_only_the_host_reaches_the_history_and_the_players(open_app, finished):
    for route in ("/history", f"/history/symbiose/{finished[0]}", "/players", "/players/Ann"):
        guest = await open_app(route, guest=True)
        assert guest.top_view().route == "/join", route


async def test_home_shows_the_latest_results_and_leads_to_history_and_players(
        open_app, finished):
    c = await open_app()
    assert listed(c) == finished[::-1]
    await c.tap("nav-history")
    assert c.page.route == "/history"
    await c.back()
    await c.tap("nav-players")
    assert c.page.route == "/players"


async def test_the_history_gives_each_games_average_winning_score_over_the_games_listed(
        open_app, store, finished):
    finish(store, "symbiose-team.json", 1_790_500_000)  # Ann 49 and Cas 44 win: 46.5
    c = await open_app("/history")
    assert c.get("history-winning").label == (
        "Average winning score: Symbiose 45.8 in 2 games; Forest Shuffle 122.0 in 1 game; "
        "Fossil 74.0 in 1 game")  # (45 + 46.5) / 2, the latest played first
    await c.tap("filter-symbiose")
    assert c.get("history-winning").label == "Average winning score: Symbiose 45.8 in 2 games"
    assert "45.8 in 2 games" in c.texts()
    c = await open_app("/history?game=fossil&player=Bob")  # no such game: no average
    assert c.find("history-winning") is None


async def test_a_team_game_is_listed_by_teams(open_app, store):
    game_id = finish(store, "symbiose-team.json", 1_790_000_000)
    c = await open_app("/history")
    assert c.get(f"past-{game_id}").label.endswith(": 1. Ann + Cas 93 · 2. Bob + Dee 80")


async def test_a_very_long_game_is_scored_while_other_tables_go_on(open_app, store,
                                                                     monkeypatch):
    """A finished Fossil game of LONG_LOG events and more: its history and its sheet wait for
    the scorer off the event loop, and a tap at another table is answered meanwhile."""
    log = [{"adjust": "Ann", "points": 1, "note": "x"} for _ in range(LONG_LOG)]
    file = {"version": 1, "game": "fossil", "players": ["Ann", "Bob"],
            "log": [*log, {"end": True}]}
    game_id = store.create_game("fossil", {"file": file})
    store.save_game(game_id, {"file": file}, 0, status="finished")
    began, answered = threading.Event(), threading.Event()

    def slowly(work):
        def worked(argument):
            if len(argument.data["file"]["log"] if hasattr(argument, "data")
                   else argument.log) > LONG_LOG:
                began.set()
                assert answered.wait(60), "the other table was frozen while the game scored"
            return work(argument)
        return worked

    monkeypatch.setattr(results, "sheet_of", slowly(results.sheet_of))
    monkeypatch.setattr(model.Position, "of", slowly(model.Position.of))
    learn(store, ["fish/green/5"])
    player = await open_app()
    playing = await start_game(player, ["Ann", "Bob"])
    opening = asyncio.create_task(open_app(f"/history/fossil/{game_id}"))

    await until(began.is_set)
    await player.tap("known-fish/green/5")  # another table, while the long game is scored
    assert store.game(playing).data["file"]["players"][0]["pond"][0][0] == "fish/green/5"
    host = await asyncio.wait_for(opening, 60)
    assert host.shown("history-scoring") or host.shown("sheet-scoring")
    answered.set()
    await until(lambda: host.find("winners") is not None)
    assert not host.shown("sheet-scoring")
    # Its 2,000 corrections: the first 300 sent to the phone, the rest counted.
    listed = host.all(ft.Semantics, lambda c: (c.identifier or "").startswith("sheet-correction"))
    assert len(listed) == 300 and f"… and {LONG_LOG - 300} more lines" in host.texts()
    await host.back()
    await until(lambda: host.find(f"past-{game_id}") is not None)  # listed, scored once


async def test_a_long_history_is_listed_a_hundred_games_at_a_time(open_app, store):
    file = example("symbiose-duel.json")
    for _ in range(130):
        game_id = store.create_game("symbiose", {"file": file})
        store.save_game(game_id, {"file": file}, 0, status="finished")
    c = await open_app("/history")

    def tiles() -> set[str]:  # (home below lists the latest three too)
        return {s.identifier for s in c.all(ft.Semantics)
                if (s.identifier or "").startswith("past-")}

    assert len(tiles()) == 100 and "130 games" in " ".join(c.texts())
    assert c.get("history-more").content.content == "Show 30 more"
    await c.tap("history-more")
    assert len(tiles()) == 130 and c.find("history-more") is None
