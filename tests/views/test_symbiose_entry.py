"""Entering Symbiose tables through the real session: totals always equal the scorer's."""

import flet as ft
import msgpack
import pytest

from scorer import score
from tests.views.fake_client import _encode
from tests.views.helpers import compose, enter, example, learn, start_game, table_cards, totals
from views.symbiose import pond
from views.symbiose.card_sheet import KNOWN_GAP, KNOWN_H, KNOWN_ROWS
from views.symbiose.model import stored_tile
from views.widgets.common import NAME_CHIP

pytestmark = pytest.mark.asyncio


async def test_standard_table_entered_completely_matches_scorer(open_app, store):
    file = example("symbiose-standard.json")
    learn(store, table_cards(file)[:12])  # half the deck known: the rest through the composer
    c = await open_app()
    game_id = await start_game(c, [p["name"] for p in file["players"]])
    for card in table_cards(file):
        await enter(c, card)
    expected = score(file)
    assert totals(c) == [p.total for p in expected.players]
    assert store.game(game_id).data["file"]["players"] == file["players"]
    await c.tap("finish")
    assert c.page.route == f"/symbiose/{game_id}/sheet"
    assert store.game(game_id).status == "active"  # until the host finishes it
    await c.tap("finish-game")
    await c.tap("confirm")
    assert store.game(game_id).status == "finished"
    winners = c.get("winners").content.value
    assert all(name in winners for name in expected.winners)


async def test_duel_and_team_totals(open_app, store):
    for name, mode in (("symbiose-duel.json", None), ("symbiose-team.json", "team")):
        file = example(name)
        learn(store, table_cards(file))
        c = await open_app()
        await start_game(c, [p["name"] for p in file["players"]], mode)
        if mode is None:
            assert c.find("player-river") is not None
        for card in table_cards(file):
            await enter(c, card)
        expected = score(file)
        assert totals(c) == [p.total for p in expected.players]
        if mode == "team":
            assert c.get("team-total-0").label.endswith(f"{expected.teams[0].total} points")


async def test_known_card_is_one_tap_and_new_card_four(open_app, store):
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    assert await compose(c, "frog/pink/2xpink") == 4
    assert c.find("known-frog/pink/2xpink") is not None
    assert await enter(c, "frog/pink/2xpink") == 1
    assert store.known_cards("symbiose") == [("frog/pink/2xpink", 2)]
    await c.tap("undo")
    assert store.known_cards("symbiose") == [("frog/pink/2xpink", 1)]
    await enter(c, "frog/pink/2xpink")
    # the cursor moved on by itself: tiles 0 and 1 of Ann's top row are filled
    game = store.game(1).data
    assert game["file"]["players"][0]["pond"][0][:3] == ["frog/pink/2xpink"] * 2 + [None]
    assert list(game["cursors"].values()) == [["pond", 0, 0, 2]]  # this phone's


async def test_undo_clear_and_edit(open_app, store):
    c = await open_app()
    game_id = await start_game(c, ["Ann", "Bob", "Cas"])
    await compose(c, "fish/green/5")
    assert totals(c)[0] == 5
    await c.tap("undo")
    assert totals(c)[0] == 0
    assert store.known_cards("symbiose") == []
    await compose(c, "fish/green/5")
    await compose(c, "fish/blue/3xfish")
    assert totals(c)[0] == 5 + 6
    await c.tap("tile-0-0-0")
    await c.tap("clear-tile")
    assert totals(c)[0] == 3
    await c.tap("known-fish/green/5")  # the cleared tile takes a card again
    assert store.game(game_id).data["file"]["players"][0]["pond"][0][0] == "fish/green/5"
    assert "6" in c.get("tile-0-0-1").label  # per-tile points from the scorer


async def test_seventh_frog_is_shown_at_its_tile(open_app):
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    for _ in range(7):
        await enter(c, "frog/pink/3")
    problem = c.get("problem-players[0].pond[1][2]").content.value
    assert "frog" in problem and "6" in problem
    assert c.get("open-sheet").content.disabled


async def test_columns_say_whose_pond_they_count(open_app):
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    labels = [c.get(f"label-{side}").content.content.value for side in ("left", "middle", "right")]
    assert labels == ["counts Bob", "counts own pond", "counts Cas"]
    await c.tap("player-1")
    assert c.get("label-left").content.content.value == "counts Cas"


async def test_a_tap_sends_the_browser_only_what_changed(open_app, store):
    """Entry keeps its controls between refreshes, so a known card's tap sends the changed
    tile, totals and sheet parts, not the whole screen (that was about 44 KB a tap)."""
    learn(store, table_cards(example("symbiose-standard.json")))
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    sent: list[int] = []
    send = c.send_message

    def counting(message) -> None:
        sent.append(len(msgpack.packb([message.action, message.body], default=_encode)))
        send(message)

    c.send_message = counting  # type: ignore[method-assign]
    await c.tap("known-dragonfly/orange/8")
    assert totals(c)[0] == 8
    assert 0 < sum(sent) < 8_000, sent


async def test_a_swipe_turns_to_the_next_or_previous_pond(open_app):
    c = await open_app()
    await start_game(c, ["Ann", "Bob"])  # a duel: the river is the last "player"
    await c.swipe(-40, velocity=-800)  # a flick to the left: the next pond
    assert c.get("player-1").selected
    await c.swipe(-40, velocity=-800)
    assert c.get("player-river").selected
    await c.swipe(-40, velocity=-800)  # round the table
    assert c.get("player-0").selected
    await c.swipe(40, velocity=800)  # to the right: back
    assert c.get("player-river").selected
    await c.swipe(-60, velocity=-100)  # a short slow drag is not a swipe
    assert c.get("player-river").selected
    await c.swipe(-250)  # a long one is, even reported as stopped (a busy phone)
    assert c.get("player-0").selected
    await c.swipe(250)
    assert c.get("player-river").selected


def clickable(c, identifier: str):
    """The control a tap on `identifier` reaches, as the phone knows it now."""
    target = c.get(identifier).content
    while getattr(target, "on_click", None) is None:
        target = target.content
    return target


def top_row(store, game_id: int) -> list:
    return store.game(game_id).data["file"]["players"][0]["pond"][0]


async def test_a_double_tap_on_a_known_card_places_it_once(open_app, store):
    """The second tap of a double tap was sent by a phone still showing the first tile
    selected: it places nothing, whether it reaches the server before the screen moved on or
    after (the tapped card is a new control by then). Once the phone shows the next tile
    selected, a tap on the same card places it there."""
    learn(store, ["frog/pink/3"])
    c = await open_app()
    game_id = await start_game(c, ["Ann", "Bob", "Cas"])
    card = clickable(c, "known-frog/pink/3")
    await c.session.dispatch_event(card._i, "click", None)
    await c.session.dispatch_event(card._i, "click", None)  # before the re-render
    await c.settle()
    await c.session.dispatch_event(card._i, "click", None)  # after it, on the old control
    await c.settle()
    assert top_row(store, game_id)[:2] == ["frog/pink/3", None]
    assert c.get("tile-0-0-1").selected
    assert store.known_cards("symbiose") == [("frog/pink/3", 2)]
    await c.tap("known-frog/pink/3")  # tapped on what the phone shows now: a second frog
    assert top_row(store, game_id)[:3] == ["frog/pink/3", "frog/pink/3", None]


async def test_cards_on_the_table_can_be_hidden_from_the_known_cards(open_app, store):
    learn(store, ["frog/pink/3", "fish/blue/5"])
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    await c.tap("known-frog/pink/3")
    assert c.find("known-frog/pink/3") is not None  # shown by default: a deck may repeat
    await c.tap("hide-placed")
    assert c.get("hide-placed").selected
    assert c.find("known-frog/pink/3") is None and c.find("known-fish/blue/5") is not None
    await c.tap("undo")  # off the table again: offered again
    assert c.find("known-frog/pink/3") is not None
    await c.tap("hide-placed")
    await c.tap("known-frog/pink/3")
    assert c.find("known-frog/pink/3") is not None


async def test_the_composer_stays_in_reach_below_a_long_known_list(open_app, store):
    """Known cards show at most two and a half rows and scroll within them; the composer
    follows right below, not after every known card."""
    learn(store, [f"{animal}/{season}/{points}" for animal in ("frog", "fish", "dragonfly")
                  for season in ("pink", "blue") for points in range(1, 11)])
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    known = c.get("known-cards").content
    assert known.height == KNOWN_ROWS * (KNOWN_H + KNOWN_GAP)
    assert known.content.scroll == ft.ScrollMode.AUTO
    assert len(c.all(ft.Semantics, lambda s: (s.identifier or "").startswith("known-f"))) == 40


async def test_screen_reader_labels_say_a_card_once(open_app, store):
    learn(store, ["fish/green/5"])
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    assert c.get("known-fish/green/5").label == "Fish, green, 5 points"
    await c.tap("known-fish/green/5")
    await compose(c, "fish/blue/3xfish")
    assert c.get("tile-0-0-0").label == "Ann · top row, column 1: fish, green, 5 points"
    assert c.get("tile-0-0-1").label == \
        "Ann · top row, column 2: fish, blue, 3 per fish, 6 points"
    # the figures drawn on a card are not read after its label
    face = c.get("tile-0-0-0").content.content
    assert isinstance(face, ft.Semantics) and face.exclude_semantics


async def test_four_long_names_stay_readable(open_app):
    names = [f"{first} Maximiliana Theodora Wolkenstein"[:40].ljust(40, "x")
             for first in ("Ann", "Bob", "Cas", "Dee")]
    c = await open_app()
    await start_game(c, names)
    for index in range(4):
        chip = c.get(f"player-{index}")
        assert chip.label == names[index]  # read whole
        box = chip.content
        assert box.width == NAME_CHIP
        caption = box.content.controls[0]
        assert caption.max_lines == 1 and caption.overflow == ft.TextOverflow.ELLIPSIS
    for side in ("left", "right"):
        cell = c.get(f"label-{side}")
        assert cell.label.startswith("counts ") and cell.label.endswith("x")
        assert cell.content.content.max_lines == 3
        assert cell.content.content.overflow == ft.TextOverflow.ELLIPSIS
    assert all(c.get(f"total-{index}").content.width for index in range(4))


async def test_a_tap_re_renders_the_tiles_it_changed(open_app, store, monkeypatch):
    learn(store, ["frog/pink/3"])
    c = await open_app()
    await start_game(c, ["Ann", "Bob", "Cas"])
    drawn: list[tuple] = []
    face = pond.tile_face
    monkeypatch.setattr(pond, "tile_face", lambda table, tile, *rest: (
        drawn.append(tuple(stored_tile(tile))), face(table, tile, *rest))[1])
    await c.tap("known-frog/pink/3")
    assert sorted(drawn) == [("pond", 0, 0, 0), ("pond", 0, 0, 1)]


async def test_two_phones_on_one_table_see_each_others_taps(open_app, store):
    """One model per game serves every phone: a card placed on one phone shows on the other at
    once, with the same totals, and neither phone's tap is lost."""
    learn(store, ["fish/green/5", "frog/pink/2xpink"])
    ann = await open_app()
    game_id = await start_game(ann, ["Ann", "Bob", "Cas"])
    bob = await open_app(route=f"/symbiose/{game_id}")
    await enter(ann, "fish/green/5")
    await bob.settle()
    assert bob.get("tile-0-0-0").label.endswith("fish, green, 5 points")
    await enter(bob, "frog/pink/2xpink")  # on the next tile, which Ann's tap selected
    await ann.settle()
    assert ann.get("tile-0-0-1").label.startswith("Ann · top row, column 2: frog, pink")
    assert totals(ann) == totals(bob) == [7, 0, 0]
    stored = store.game(game_id).data["file"]["players"][0]["pond"][0]
    assert stored[:2] == ["fish/green/5", "frog/pink/2xpink"]
