"""Home, new game, settings and back navigation on the real session."""

import pytest

from tests.views.helpers import example, name_field, start_game
from views.web.session import PREFS_LANGUAGE, PREFS_THEME

pytestmark = pytest.mark.asyncio


async def test_bad_names_are_refused_at_the_field(open_app):
    c = await open_app()
    await c.tap("game-symbiose")
    await c.type_into(name_field(c), "  ", submit=True)  # each render draws the field anew
    assert name_field(c).error == "a player needs a name"
    await c.type_into(name_field(c), "Ann", submit=True)
    await c.type_into(name_field(c), "ann", submit=True)
    assert name_field(c).error == "\"ann\" is already player 1's name: names must differ"
    assert name_field(c).value == "ann"  # what was typed stays, to be fixed
    assert c.calls[-1] == "focus"  # and the keyboard stays up to fix it
    assert name_field(c).error_max_lines >= 3  # a long message wraps, never cut off
    await c.type_into(name_field(c), "Bob", submit=True)
    assert name_field(c).error is None
    assert c.find("mode-duel") is not None and c.find("mode-team") is None


async def test_a_redraw_never_sends_a_field_older_text_than_the_phone_shows(open_app):
    c = await open_app()
    await c.tap("game-forest-shuffle")
    # The phone reports "Ann" (Flet applies it at once); its change event is not handled yet
    # when the screen is drawn again for another reason (a box chosen on this phone).
    c.session.apply_patch(name_field(c)._i, {"value": "Ann"})
    await c.tap("box-alpine")
    assert name_field(c).value == "Ann"


async def test_enter_adds_the_name_the_phone_showed_even_before_its_last_change(open_app):
    c = await open_app()
    await c.tap("game-symbiose")
    await c.session.dispatch_event(name_field(c)._i, "submit", "Ann")  # Enter carries it
    await c.settle()
    assert c.find("remove-0") is not None and "1. Ann" in c.texts()


async def test_seating_variant_and_known_players(open_app, store):
    store.remember_players(["Dee", "Cas", "Bob", "Ann"])
    c = await open_app()
    await c.tap("game-symbiose")
    for name in ("Ann", "Bob", "Cas", "Dee"):
        await c.tap(f"known-player-{name}")
    assert c.get("seating").label.startswith("Clockwise from the top. Ann's left neighbour is Bob")
    await c.tap("up-3")  # Dee before Cas
    await c.tap("mode-team")
    await c.tap("start")
    game = store.game(1).data["file"]
    assert [p["name"] for p in game["players"]] == ["Ann", "Bob", "Dee", "Cas"]
    assert game["mode"] == "team"
    assert c.get("label-left").content.content.value == "counts Dee"  # the partner


async def test_game_in_progress_is_on_home_and_back_navigation(open_app, store):
    c = await open_app()
    game_id = await start_game(c, ["Ann", "Bob"])
    assert c.page.route == f"/symbiose/{game_id}"
    await c.back()
    assert c.page.route == "/"
    assert c.find(f"record-{game_id}") is not None
    await c.tap(f"record-{game_id}")
    assert c.page.route == f"/symbiose/{game_id}"
    assert c.find("player-river") is not None  # two players play the duel
    await c.tap("back")  # the app bar's arrow: the screen below, as the phone's back does
    assert c.page.route == "/"
    assert c.find("back") is None  # home lies on nothing


async def test_settings_are_remembered_on_the_device(open_app):
    prefs: dict = {}
    c = await open_app(prefs=prefs)
    await c.tap("settings")
    await c.tap("lang-nl")
    await c.tap("theme-dark")
    assert {k: prefs[k] for k in (PREFS_LANGUAGE, PREFS_THEME)} == {PREFS_LANGUAGE: "nl",
                                                                    PREFS_THEME: "dark"}
    assert "Instellingen" in c.texts()
    again = await open_app(prefs=prefs)
    assert "Spellen" in again.texts()
    assert again.page.theme_mode.value == "dark"


async def test_a_reopened_tab_finds_the_game_where_it_was(open_app, store):
    c = await open_app()
    game_id = await start_game(c, ["Ann", "Bob", "Cas"])
    await c.tap("animal-frog")
    await c.tap("season-blue")
    await c.tap("points-5")
    await c.tap("target-fixed")
    later = await open_app(route=f"/symbiose/{game_id}")  # a restarted server, a new session
    assert "frog" in later.get("tile-0-0-0").label
    assert later.get("tile-0-0-1").selected


DUEL = {**example("symbiose-duel.json"), "river_left_of": "Bob"}  # not the first seat


@pytest.mark.parametrize("game, data", [
    ("symbiose", {"file": DUEL, "cursor": None, "undo": []}),
    ("forest-shuffle", {"file": {**example("forest-shuffle-alpine-woodland-edge-3-players.json"),
                                 "boxes": ["base", "alpine", "woodland_edge"]}, "undo": []}),
    ("fossil", {"file": example("fossil-3-players.json"), "set_aside": [], "confirmed": None}),
])
async def test_a_rematch_starts_as_the_last_game_was_set_up(open_app, store, game, data):
    last = store.create_game(game, data)
    store.save_game(last, data, store.game(last).revision, status="finished")
    c = await open_app(f"/{game}/{last}/sheet")
    await c.tap("rematch")
    assert c.page.route == f"/new/{game}?again={last}"
    names = [p if isinstance(p, str) else p["name"] for p in data["file"]["players"]]
    assert f"{names[0]}'s left neighbour is {names[1]}" in c.get("seating").label
    await c.tap("start")
    again = store.game(last + 1)
    assert again.kind == game and again.status == "active"
    assert [p if isinstance(p, str) else p["name"] for p in again.data["file"]["players"]] \
        == names
    for key in ("mode", "river_left_of"):
        assert again.data["file"].get(key) == data["file"].get(key)
    assert again.data["file"].get("boxes") == data["file"].get("boxes")


async def test_a_pond_fits_a_320_px_phone_and_follows_a_turned_phone(open_app):
    c = await open_app()
    await start_game(c, ["Ann", "Bob"])
    assert c.get("tile-0-0-3").content.width == 84  # the largest tiles on a 390 px phone
    await c.session.dispatch_event(c.page._i, "resize", {"width": 320, "height": 640})
    await c.settle()
    tile = c.get("tile-0-0-3").content
    assert 4 * tile.width + 3 * 6 + 16 <= 320
    # The captions span the pond, each edge one over its column and a little wider (room for
    # a whole word at a large text size).
    widths = [c.get(f"label-{side}").content.width for side in ("left", "middle", "right")]
    assert sum(widths) + 2 * 6 == 4 * tile.width + 3 * 6
    assert tile.width < widths[0] == widths[2] < 1.5 * tile.width
