"""History and players in Chromium at 390 x 844 against the real server: a game of each kind
finished through the UI is found in the history with its date and the scorer's totals, and its
sheet opens and back returns; a player's page counts what was played and opens their games, and
draws their scores as a chart (Flet's own, which the served client knows); a deleted game comes
back with Undo and stays after a reload; screenshots of the history, a filtered history, the
players and a player page in light and dark."""

from __future__ import annotations

import io
import time
from collections import Counter

from PIL import Image
from playwright.sync_api import expect

from scorer import ScoreSheet, score
from tests.e2e.conftest import shoot_looks, shot_name
from tests.e2e.games import (
    BOXES,
    end_game,
    enter_forest,
    learned,
    new_forest_game,
    new_fossil_game,
    play_table,
    says,
    turn,
)
from tests.e2e.harness import PHONE
from tests.e2e.phone import Phone
from tests.views.helpers import example
from views.fossil.model import new_data
from views.storage.games import GameRecord
from views.storage.store import Store
from views.text.i18n import when
from views.web.connection import COLOURS

SYMBIOSE = example("symbiose-standard.json")  # Ann and Bob share the win over Cas
FOREST = {"version": 1, "game": "forest-shuffle", "players": [  # Bob's toads beat Ann's hare
    {"name": "Ann", "cave": 1,
     "forest": [{"tree": "linden", "left": {"card": "european_hare", "symbol": "birch"}}]},
    {"name": "Bob", "forest": [{"tree": "beech", "bottom": [
        {"card": "common_toad", "symbol": "beech"}, {"card": "common_toad", "symbol": "oak"}]}]},
]}
THREE = ["Ann", "Bob", "Cas"]
MOVES = [("Ann", 1, "sea_lily:2"), ("Bob", 2, "ammonite:1"), ("Cas", 1, "sea_lily:1"),
         ("Ann", 2, "ammonite:2")]  # then End: Ann wins
FOSSIL = {**new_data(THREE)["file"], "log": [
    *({"move": mover, "cost": cost, "take": card} for mover, cost, card in MOVES),
    {"end": True}]}
GAMES = ("symbiose-standard.json", "fossil-4-players.json", "forest-shuffle-base-2-players.json")
HEADINGS = {"symbiose": "Symbiose · Standard", "forest-shuffle": "Forest Shuffle",
            "fossil": "Fossil · 2\u20133 player rules"}


def db(server) -> Store:
    return Store(server.data / "tallybook.sqlite3")


def finished(server) -> dict[str, GameRecord]:
    """The server's finished games by kind, as stored."""
    store = db(server)
    records = {record.kind: record for record in store.games("finished")}
    store.close()
    return records


def kept_in_store(server, game_id: int) -> bool:
    """Whether the game is stored and not deleted."""
    store = db(server)
    kept = store.game(game_id) is not None
    store.close()
    return kept


def ranking(sheet: ScoreSheet) -> str:
    """Everyone's place, name and total, best first: "1. Ann 45 · 1. Bob 45 · 3. Cas 42"."""
    ranked = sorted(sheet.players, key=lambda player: player.place)
    return " · ".join(f"{player.place}. {player.name} {player.total}" for player in ranked)


def finish_game(phone: Phone) -> None:
    """The host ends the game on its sheet, after the question."""
    phone.tap("finish-game")
    phone.tap("confirm")
    expect(phone.by_id("finish-game")).to_have_count(0)
    phone.expect_text("Finished ")


def go_home(phone: Phone) -> None:
    phone.tap("back")
    expect(phone.by_id("nav-history")).to_be_attached()


def play_each_game(phone: Phone) -> None:
    """A game of each kind, the quickest real way, from home back to home."""
    play_table(phone, SYMBIOSE)  # the deck is learned: one tap a card
    phone.tap("finish")
    finish_game(phone)
    go_home(phone)

    new_forest_game(phone, ["Ann", "Bob"], BOXES)
    for index, player in enumerate(FOREST["players"]):
        enter_forest(phone, index, player["forest"], player.get("cave", 0))
    phone.tap("open-sheet")
    finish_game(phone)
    go_home(phone)

    new_fossil_game(phone, THREE)
    for number, (_, cost, card) in enumerate(MOVES):
        turn(phone, cost, card, f"{THREE[(number + 1) % 3]}'s turn")
    end_game(phone)  # ending the log finishes the game
    says(phone, "winners", "Ann")
    go_home(phone)


def expect_sheet(phone: Phone, sheet: ScoreSheet, record: GameRecord) -> None:
    """A finished game's sheet: everyone's place and total, and when it was finished."""
    for index, player in enumerate(sheet.players):
        phone.expect_says(f"result-{index}",
                          f"place {player.place}: {player.name}, {player.total} points")
    phone.expect_text(f"Finished {when(record.updated, 'en')}")


def test_games_finished_on_the_phone_are_in_the_history_and_on_the_players_pages(
        server, make_context):
    learned(server, SYMBIOSE)  # Ann, Bob and Cas are known: one tap seats each
    server.restart()
    phone = Phone.open(make_context(), server.url)
    began = time.time()
    play_each_game(phone)
    records = finished(server)
    assert all(began < record.updated < time.time() for record in records.values())
    played = {"symbiose": score(SYMBIOSE), "forest-shuffle": score(FOREST),
              "fossil": score(FOSSIL)}
    assert {kind: score(record.data["file"]) for kind, record in records.items()} == played

    phone.tap("nav-history")
    phone.page.wait_for_url("**/history")
    newest_first = sorted(records.values(), key=lambda record: -record.updated)
    phone.expect_in_order("past-", [f"past-{r.id}" for r in newest_first])
    for kind, record in records.items():
        tile = f"past-{record.id}"
        phone.expect_says(tile, f"{HEADINGS[kind]}, {when(record.updated, 'en')}: "
                                f"{ranking(played[kind])}")
        phone.tap(tile)
        phone.page.wait_for_url(f"**/history/{kind}/{record.id}")
        expect_sheet(phone, played[kind], record)
        phone.tap("back")
        phone.page.wait_for_url("**/history")
        expect(phone.by_id(tile)).to_be_attached()

    go_home(phone)
    phone.tap("nav-players")
    phone.page.wait_for_url("**/players")
    expect_player(phone, "Ann", played, records)


def expect_player(phone: Phone, name: str, played: dict[str, ScoreSheet],
                  records: dict[str, GameRecord]) -> None:
    """The player's tile and page count the games they played and won, per game too; one of
    their games opens from their page and back returns there."""
    theirs = {kind: sheet for kind, sheet in played.items()
              if any(player.name == name for player in sheet.players)}
    won = [kind for kind, sheet in theirs.items() if name in sheet.winners]
    assert (len(theirs), len(won)) == (3, 2)  # as the scorer counts the games above
    latest = max(records[kind].updated for kind in theirs)
    theirs_tile = phone.page.locator(
        f'[flt-semantics-identifier^="player-"][aria-label^="{name}:"]')
    expect(theirs_tile).to_have_count(1)
    tile = theirs_tile.get_attribute("flt-semantics-identifier")
    phone.expect_says(tile, f"{name}: 3 games · 2 wins · {when(latest, 'en')}")
    phone.tap(tile)
    phone.page.wait_for_url(f"**/players/{name}")
    for kind, sheet in theirs.items():
        wins = "0" if kind not in won else \
            "1 (1 shared)" if len(sheet.winners) > 1 else "1"
        total = next(player.total for player in sheet.players if player.name == name)
        phone.expect_says(f"stats-{kind}", f"Games 1, Wins {wins}, ")
        phone.expect_says(f"stats-{kind}", f"Best score {total}, Worst score {total}, ")
    record = records["fossil"]
    phone.tap(f"past-{record.id}")
    phone.page.wait_for_url(f"**/players/{name}/fossil/{record.id}")
    expect_sheet(phone, played["fossil"], record)
    phone.tap("back")
    phone.page.wait_for_url(f"**/players/{name}")
    expect(phone.by_id("stats-fossil")).to_be_attached()


def seed_finished(server, names: tuple[str, ...]) -> list[int]:
    """Finished games of these example files, as if played on this server before (then
    restarted, to read them)."""
    store = db(server)
    ids = []
    for name in names:
        file = example(name)
        game_id = store.create_game(file["game"], {"file": file})
        store.save_game(game_id, {"file": file}, store.game(game_id).revision,
                        status="finished")
        ids.append(game_id)
    store.close()
    server.restart()
    return ids


def test_a_deleted_game_comes_back_with_undo_and_stays_after_a_reload(server, make_context):
    symbiose, fossil, forest = seed_finished(server, GAMES)
    phone = Phone.open(make_context(), server.url + "history")
    expect(phone.by_id(f"past-{fossil}")).to_be_attached()
    phone.tap(f"delete-{fossil}")
    expect(phone.by_id(f"past-{fossil}")).to_have_count(0)
    phone.expect_text("Fossil deleted")
    for kept in (symbiose, forest):  # only that one went
        expect(phone.by_id(f"past-{kept}")).to_be_attached()
    # (The store is not opened here: opening it forgets deleted games, as a restart does.)
    phone.page.get_by_role("button", name="Undo").click()
    phone.expect_says(f"past-{fossil}", "Fossil · Standard rules")
    phone.reload()
    phone.expect_says(f"past-{fossil}", "Fossil · Standard rules")
    assert kept_in_store(server, fossil)


def error_red(pixel: tuple[int, ...]) -> bool:
    """Flet's box for a control its client lacks ("Unknown control: …") is filled red."""
    red, green, blue = pixel[:3]
    return red > 200 and green < 110 and blue < 110


def failed_grey(pixel: tuple[int, ...]) -> bool:
    """The flat grey (about #c2c2c2) Flutter's release build paints where a control threw."""
    red, green, blue = pixel[:3]
    return max(red, green, blue) - min(red, green, blue) <= 3 and 180 <= red <= 210


def test_a_players_page_draws_their_scores_as_a_chart(server, make_context, shots):
    seed_finished(server, ("symbiose-standard.json", "symbiose-duel.json", "symbiose-duel.json"))
    phone = Phone.open(make_context(), server.url + "players/Ann")
    phone.expect_says("chart-symbiose", "Symbiose: 3 games, from 45 to 51, last 51; "
                                        "average winning score 49.0")
    phone.shot(str(shots / shot_name("player-chart", "light", PHONE["viewport"])))
    box = phone.by_id("chart-symbiose").first.bounding_box()
    chart = Image.open(io.BytesIO(phone.page.screenshot(clip=box))).convert("RGB")
    data = chart.tobytes()  # RGB: three bytes a pixel
    pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]
    background = Counter(pixels).most_common(1)[0][0]
    # The chart is drawn (its lines, points and labels), not Flet's red box in its place, nor
    # the grey box Flutter's release build paints for a control that failed to build.
    assert sum(map(error_red, pixels)) < len(pixels) / 100
    assert sum(pixel != background for pixel in pixels) > len(pixels) / 50
    assert sum(map(failed_grey, pixels)) < len(pixels) / 100
    line = tuple(bytes.fromhex(COLOURS["light"]["primary"][1:]))
    assert sum(max(abs(a - b) for a, b in zip(pixel, line, strict=True)) < 40
               for pixel in pixels) > len(pixels) / 500  # the score line, in the app's colour
    assert phone.page.get_by_text("Unknown control").count() == 0


def test_screenshots(server, make_context, shots):
    size = PHONE["viewport"]
    symbiose, *_ = seed_finished(server, (
        *GAMES, "symbiose-team.json", "symbiose-duel.json",
        "forest-shuffle-alpine-woodland-edge-3-players.json"))
    phone = Phone.open(make_context(), server.url + "history")
    expect(phone.by_id(f"past-{symbiose}")).to_be_attached()
    shoot_looks(phone, shots, "history", size)
    phone.tap("filter-forest-shuffle")
    phone.page.wait_for_url("**/history?game=forest-shuffle")
    expect(phone.by_id(f"past-{symbiose}")).to_have_count(0)
    shoot_looks(phone, shots, "history-filtered", size)
    phone.goto(server.url + "players")
    expect(phone.by_id("player-0")).to_be_attached()
    shoot_looks(phone, shots, "players", size)
    phone.tap("player-0")
    phone.page.wait_for_url("**/players/*")
    expect(phone.by_id("stats-forest-shuffle")).to_be_attached()
    shoot_looks(phone, shots, "player", size)
