"""Entering Forest Shuffle forests through the real session: the picker follows the forest
(a tree, then the next empty slot by itself), a symbol is asked only where a card counts it,
and every number is the scorer's."""

import flet as ft
import pytest

from scorer import score
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.placing import as_entered, choices
from scorer.forest_shuffle.rules_text import rule_text, ruling_text
from tests.views.fake_client import FakeClient
from tests.views.forest_steps import enter_forest, enter_tree, start_forest_game
from tests.views.helpers import example, totals
from views.forest_shuffle.names import GROUP_ICONS, species_name
from views.screens.new_game import PREFS_BOXES
from views.text.i18n import scorer_text
from views.web.session import PREFS_LANGUAGE
from views.widgets.common import NAME_CHIP, TAP
from views.widgets.score_sheet import categories_line

pytestmark = pytest.mark.asyncio
WE = ("woodland_edge",)  # with base, which a fresh device plays


class Taps:
    def __init__(self, c: FakeClient):
        self.c, self.count = c, 0

    async def __call__(self, identifier: str) -> None:
        self.count += 1
        await self.c.tap(identifier)


def _forest(store, game_id: int, player: int = 0) -> list:
    return store.game(game_id).data["file"]["players"][player]["forest"]


def _stored_forest_game(store, forests: list[list], names=("Ann", "Bob"),
                        boxes=("base",)) -> int:
    """A game stored with these forests (as an import or an older screen left them)."""
    players = [{"name": name, "cave": 0, "forest": forest}
               for name, forest in zip(names, forests, strict=True)]
    file = {"version": 1, "game": "forest-shuffle", "boxes": list(boxes), "players": players}
    return store.create_game("forest-shuffle", {"file": file, "undo": []})


def _grid(c: FakeClient) -> list[str]:
    """The species tiles of the grid on screen, in their order."""
    [grid] = [g for g in c.all(ft.Semantics) if g.identifier == "species-grid" and g.visible]
    return [tile.key for tile in grid.content.controls[0].controls if tile.key is not None]


def _takes(c: FakeClient, slot: str) -> bool:
    """Whether the tree bar's slot takes a card (a tap makes it the picker's target)."""
    return c.get(f"bar-{slot}").content.on_click is not None


def _target(c: FakeClient) -> str | None:
    """The slot the picker fills next, as the tree bar marks it (None: it asks for a tree)."""
    return next((slot for slot in ("top", "right", "bottom", "left")
                 if c.shown(f"bar-{slot}") and c.get(f"bar-{slot}").selected), None)


async def test_base_game_entered_through_the_ui_matches_the_scorer(open_app, store):
    file = example("forest-shuffle-base-2-players.json")
    c = await open_app()
    game_id = await start_forest_game(c, [p["name"] for p in file["players"]])
    tap = Taps(c)
    for index, player in enumerate(file["players"]):
        await enter_forest(c, tap, index, player["forest"], player["cave"])
    expected = score(file)
    assert totals(c) == [p.total for p in expected.players]
    stored = store.game(game_id).data["file"]
    assert as_entered(stored)["players"] == as_entered(file)["players"]
    assert score(stored) == expected
    cards = sum(1 + sum(len(e.get(s, [])) if isinstance(e.get(s), list) else s in e
                        for s in ("top", "bottom", "left", "right"))
                for p in file["players"] for e in p["forest"])
    assert tap.count <= 1.6 * cards, (tap.count, cards)  # caves and the player switch too
    # every card shows the scorer's points
    await c.tap("picker-close")
    await c.tap("player-0")
    line = expected.players[0].lines[1]  # Ann's tree 1, top: the Red Squirrel
    assert c.get("card-0-0-top-0").label.endswith(f"{line.points} points")
    await c.tap("finish")
    assert c.page.route == f"/forest-shuffle/{game_id}/sheet"
    assert store.game(game_id).status == "active"  # until the host finishes it
    await c.tap("finish-game")
    await c.tap("confirm")
    assert store.game(game_id).status == "finished"
    for index, player in enumerate(expected.players):
        tile = c.get(f"result-{index}").content
        assert tile.title.value == f"{player.name} — {player.total}"
        assert tile.subtitle.value == categories_line(player, "en")


async def test_the_next_empty_slot_opens_by_itself_clockwise(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    assert c.shown("hosts") and c.shown("quick-sapling")  # an empty forest: its first tree
    await c.tap("quick-oak")
    assert _target(c) == "top"
    assert c.shown("pick-chaffinch") and not c.shown("pick-wild_boar")
    await c.tap("pick-chaffinch")
    assert _target(c) == "right" and c.shown("pick-wild_boar")
    await c.tap("bar-bottom")  # this tree has no card on the right: the bottom next
    await c.tap("pick-moss")
    assert _target(c) == "left"  # clockwise from the bottom, the right one skipped for now
    await c.tap("pick-wild_boar")
    assert _target(c) == "right"
    await c.tap("pick-lynx")
    assert c.shown("hosts") and _target(c) is None  # the tree is full: the next tree
    await c.tap("quick-birch")
    assert _target(c) == "top"
    assert _forest(store, game_id) == [
        {"tree": "oak", "top": "chaffinch", "bottom": "moss", "left": "wild_boar",
         "right": "lynx"}, {"tree": "birch"}]
    # the trees are a tap away under any slot's species, and the picker closes to the forest
    assert c.shown("next-tree") and c.shown("quick-linden")
    await c.tap("quick-linden")
    assert _forest(store, game_id)[-1] == {"tree": "linden"} and _target(c) == "top"
    await c.tap("picker-close")
    assert c.shown("card-0-2-tree") and not c.shown("pick-chaffinch")
    await c.tap("slot-0-1-left")  # an empty slot of the forest opens the picker there
    assert _target(c) == "left"


async def test_a_full_tree_keeps_a_shared_slot_open_for_another_card(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await enter_tree(c, Taps(c), {"tree": "oak", "top": "chaffinch", "right": "lynx",
                                  "bottom": "moss"})
    await c.tap("pick-european_hare")  # the last empty slot: a hare, who takes another
    assert _target(c) == "left" and c.shown("next-tree")
    await c.tap("pick-european_hare")
    assert _target(c) == "left"
    await c.tap("quick-birch")  # the next tree, from the strip
    assert _target(c) == "top"
    assert _forest(store, game_id)[0]["left"] == ["european_hare", "european_hare"]


async def test_a_tree_undone_while_its_slot_is_open_asks_for_a_tree_again(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    assert _target(c) == "top"
    await c.tap("undo")
    assert c.shown("hosts") and _forest(store, game_id) == []
    await c.tap("quick-birch")
    assert _forest(store, game_id) == [{"tree": "birch"}] and _target(c) == "top"


async def test_no_symbol_is_asked_where_no_card_counts_one(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    tap = Taps(c)
    await enter_tree(c, tap, {"tree": "oak", "top": "chaffinch", "left": "european_hare",
                              "right": "lynx", "bottom": "common_toad"})
    assert tap.count == 5  # one tap a card
    assert _forest(store, game_id)[0] == {"tree": "oak", "top": "chaffinch",
                                          "bottom": "common_toad", "left": "european_hare",
                                          "right": "lynx"}


async def test_a_counting_card_asks_its_own_symbol_and_then_the_ones_it_counts_in_one_pass(
        open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await enter_tree(c, Taps(c), {"tree": "oak", "top": "chaffinch", "left": "european_hare",
                                  "bottom": "moss"})
    await enter_tree(c, Taps(c), {"tree": "linden", "top": "red_squirrel"})
    # a Roe Deer counts the cards that show its own symbol: its own symbol is asked
    await c.tap("bar-right")
    await c.tap("pick-roe_deer")
    assert c.shown("symbol-question")
    chips = sorted(s.identifier for s in c.all(ft.Semantics) if s.identifier
                   and s.identifier.startswith("symbol-") and c.shown(s.identifier)
                   and s.identifier not in ("symbol-question", "symbol-ask", "symbol-cancel"))
    assert chips == ["symbol-beech", "symbol-birch", "symbol-horse_chestnut"]
    await c.tap("symbol-birch")
    # then the cards of this forest that may show birch, each asked once, a tap each: the
    # Chaffinch (beech, birch, sycamore) and the hare (beech, birch, linden, oak, silver fir);
    # Moss never shows birch, the Red Squirrel neither: they are not asked
    asked = []
    while c.shown("symbol-pass"):
        [card] = [s.identifier for s in c.all(ft.Semantics) if s.identifier and
                  s.identifier.startswith("pass-0-") and c.shown(s.identifier)]
        asked.append(card)
        await c.tap("symbol-birch" if card == "pass-0-0-top-0" else "symbol-oak")
    assert asked == ["pass-0-0-top-0", "pass-0-0-left-0"]
    forest = _forest(store, game_id)
    assert forest[0]["top"] == {"card": "chaffinch", "symbol": "birch"}
    assert forest[0]["left"] == {"card": "european_hare", "symbol": "oak"}
    assert forest[1]["right"] == {"card": "roe_deer", "symbol": "birch"}
    file = store.game(game_id).data["file"]
    deer = score(file).players[0].lines
    assert [line.points for line in deer if line.item == "roe_deer"] == [3 * 2]  # it, Chaffinch
    assert "provisional" not in c.get("total-0").label
    assert _target(c) == "bottom"  # back where the picker was


async def test_a_pass_put_off_leaves_a_provisional_sheet_with_the_problem_at_its_card(
        open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await enter_tree(c, Taps(c), {"tree": "oak", "top": "chaffinch", "left": "european_hare"})
    await c.tap("bar-right")
    await c.tap("pick-roe_deer")
    await c.tap("symbol-birch")
    assert c.shown("symbol-pass") and c.shown("pass-0-0-top-0")
    await c.tap("pass-later")
    assert not c.shown("symbol-pass") and _target(c) == "bottom"
    # the other cards still count: totals marked provisional, the problems at their cards
    assert "provisional" in c.get("total-0").label and c.shown("provisional")
    file = store.game(game_id).data["file"]
    scored = {**file, "players": [{**file["players"][0], "forest": [
        {"tree": "oak", "right": {"card": "roe_deer", "symbol": "birch"}}]},
        file["players"][1]]}
    assert totals(c) == [p.total for p in score(scored).players]  # without the two
    await c.tap("picker-close")
    for spot, name in (("0-0-top-0", "Chaffinch"), ("0-0-left-0", "European Hare")):
        problem = c.get(f"problem-{spot}").content.value
        assert name in problem and "Roe Deer" in problem
        assert c.get(f"card-{spot}").label == f"{name}, left out for now: see its problem"
    assert not c.shown("symbol-pass")  # put off: not asked again at every tap
    await c.tap("card-0-0-top-0")
    await c.tap("symbol-0-0-top-0-sycamore")  # fixed from the card itself
    await c.tap("card-0-0-left-0")
    await c.tap("symbol-0-0-left-0-birch")
    assert c.find("problem-0-0-top-0") is None and c.find("problem-0-0-left-0") is None
    assert "provisional" not in c.get("total-0").label
    forest = _forest(store, game_id)
    assert forest[0]["top"] == {"card": "chaffinch", "symbol": "sycamore"}
    assert totals(c) == [p.total for p in score(store.game(game_id).data["file"]).players]


async def test_only_the_prints_still_free_are_offered(open_app, store):
    game_id = _stored_forest_game(store, [
        [{"tree": "oak", "right": {"card": "roe_deer", "symbol": "beech"}}],
        [{"tree": "birch", "top": {"card": "chaffinch", "symbol": "beech"}}]])
    c = await open_app(f"/forest-shuffle/{game_id}")
    await c.tap("slot-0-0-top")
    await c.tap("pick-chaffinch")  # the beech Chaffinch is in Bob's forest
    assert c.shown("symbol-birch") and c.shown("symbol-sycamore")
    assert not c.shown("symbol-beech")
    await c.tap("symbol-cancel")
    assert c.shown("pick-chaffinch")  # back to the grid, nothing placed
    assert "top" not in _forest(store, game_id)[0]


async def test_butterflies_and_their_stinging_nettle_in_any_order(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=WE)
    await c.tap("quick-birch")
    await c.tap("pick-peacock_butterfly")
    # a Nettle may still come below: the top takes another butterfly already
    assert _takes(c, "top")
    await c.tap("bar-top")
    await c.tap("pick-map_butterfly")
    await c.tap("picker-close")
    assert c.find("problem-0-0-top") is not None  # two butterflies, no Nettle yet
    assert "provisional" in c.get("total-0").label
    await c.tap("slot-0-0-bottom")
    await c.tap("pick-stinging_nettle")
    await c.tap("picker-close")
    assert c.find("problem-0-0-top") is None
    assert "provisional" not in c.get("total-0").label
    forest = _forest(store, game_id)
    assert forest[0]["top"] == ["peacock_butterfly", "map_butterfly"]
    assert totals(c)[0] == score(store.game(game_id).data["file"]).players[0].total


async def test_a_cuckoo_joins_a_bird_already_there(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("exploration",))
    await c.tap("quick-beech")
    await c.tap("pick-chaffinch")
    await c.tap("picker-close")
    assert c.find("another-0-0-top") is not None
    await c.tap("another-0-0-top")
    await c.tap("pick-cuckoo")
    assert _forest(store, game_id)[0]["top"] == ["chaffinch", "cuckoo"]
    assert c.find("problem-0-0-top-1") is None


async def test_the_cave_is_one_tap_from_anywhere(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("cave")
    assert c.shown("cave-pad") and c.get("cave-0").selected
    await c.tap("cave-9")
    assert not c.shown("cave-pad") and _target(c) == "top"  # back where the player was
    assert store.game(game_id).data["file"]["players"][0]["cave"] == 9
    assert c.get("cave").label == "Cave: 9 cards, 9 points"
    assert totals(c)[0] == 9
    await c.tap("cave")
    await c.tap("cave-more")
    await c.tap("cave-31")
    assert store.game(game_id).data["file"]["players"][0]["cave"] == 31
    await c.tap("cave")
    assert c.shown("cave-31") and c.get("cave-31").selected  # opens on its page
    await c.tap("cave-less")
    await c.tap("cave-close")
    await c.tap("undo")
    await c.tap("undo")
    assert store.game(game_id).data["file"]["players"][0]["cave"] == 0


async def test_cave_type_with_the_exploration_box(open_app, store):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("cave")
    assert c.find("cave-type-regular_cave") is None  # no Exploration: no cave types
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("exploration",))
    await c.tap("quick-oak")
    await c.tap("cave")
    for cave in load_catalog().caves:
        assert c.shown(f"cave-type-{cave.id}")
    assert c.get("cave-type-regular_cave").selected
    assert c.get("cave-type-bat_cave").label == "Bat Cave"
    await c.tap("cave-type-bat_cave")
    await c.tap("cave-1")
    file = store.game(game_id).data["file"]
    assert file["players"][0]["cave_type"] == "bat_cave"
    assert "cave_type" not in file["players"][1]
    assert totals(c) == [p.total for p in score(file).players]
    assert score(file).players[0].lines[-1].points == 1  # Bat Cave: 1 per card
    assert c.get("cave").label == "Cave: 1 card, 1 point"


async def test_the_grid_puts_this_forests_species_first(open_app, store):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await enter_tree(c, Taps(c), {"tree": "oak", "left": "lynx"})
    await c.tap("quick-birch")
    await c.tap("bar-left")
    tiles = _grid(c)
    assert tiles[0] == "lynx"  # already in this forest
    assert sorted(tiles) == sorted(s.id for s in choices("left", ["base"]))


async def left_slot_search(open_app) -> tuple[FakeClient, ft.TextField]:
    """A new game's first tree, the picker on its left slot: the client and the search."""
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-beech")
    await c.tap("bar-left")
    return c, c.all(ft.TextField)[-1]


async def test_a_search_finds_the_start_of_any_word_in_three_languages(open_app):
    c, field = await left_slot_search(open_app)
    await c.type_into(field, "feldh")  # German: Feldhase
    assert _grid(c) == ["european_hare"]
    await c.type_into(field, "ree")  # Dutch: Ree is the Roe Deer
    assert c.shown("pick-roe_deer") and not c.shown("pick-european_hare")
    await c.type_into(field, "dach")  # German: the Badger (Dachs)
    await c.tap("pick-european_badger")
    assert _target(c) == "top"  # clockwise after the left
    assert c.all(ft.TextField)[-1].value == ""  # the next slot starts a new search


async def test_the_search_keeps_the_phones_text(open_app):
    c, field = await left_slot_search(open_app)
    # "h" is handled and the picker is drawn again for it only after the phone reported "ha"
    # (Flet applies a report at once): the drawing must not take the phone's "a" back.
    c.session.apply_patch(field._i, {"value": "h"})
    await c.session.dispatch_event(field._i, "change", "h")
    c.session.apply_patch(field._i, {"value": "ha"})
    await c.settle()
    assert c.all(ft.TextField)[-1].value == "ha"


async def test_nothing_fits_says_where_the_card_goes(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.type_into(c.all(ft.TextField)[-1], "dachs")  # German: the Badger, a side card
    words = c.get("nothing-fits").label
    assert words.startswith("Nothing by that name fits this slot.")
    assert species_name("european_badger", "en") in words
    for slot in load_catalog().by_id("european_badger").slots:
        assert scorer_text(f"slot.{slot}", {}, "en") in words
    await c.type_into(c.all(ft.TextField)[-1], "finch")  # inside a word: not found
    assert c.shown("nothing-fits")
    await c.type_into(c.all(ft.TextField)[-1], "buchf")  # German: Buchfink
    assert not c.shown("nothing-fits") and _grid(c) == ["chaffinch"]


async def test_boxes_in_play_are_remembered_on_the_device(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("alpine",))
    assert store.game(game_id).data["file"]["boxes"] == ["base", "alpine"]
    assert c.shown("quick-european_larch")
    again = await open_app("/", prefs=c.prefs)
    await again.tap("game-forest-shuffle")
    assert again.get("box-alpine").selected and not again.get("box-woodland_edge").selected


async def test_a_box_tapped_before_the_remembered_boxes_arrive_is_kept(open_app):
    c = await open_app(prefs={PREFS_BOXES: '["base", "alpine"]'})
    c.hold.add(PREFS_BOXES)  # the browser is slow to say which boxes it remembers
    await c.tap("game-forest-shuffle")
    await c.tap("box-woodland_edge")
    await c.release()
    assert c.get("box-woodland_edge").selected and not c.get("box-alpine").selected


async def test_replace_and_move_a_card_with_undo(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("pick-chaffinch")
    await c.tap("quick-beech")
    await c.tap("picker-close")
    # Replace: the picker for that slot, one tap swaps the card, then back to the forest
    await c.tap("card-0-0-top-0")
    await c.tap("replace-card")
    assert c.shown("pick-goshawk") and not c.shown("pick-red_fox")
    await c.tap("pick-goshawk")
    assert _forest(store, game_id)[0]["top"] == "goshawk"
    assert c.shown("slot-0-1-top")
    # Move: then an empty slot of the same side, any tree
    await c.tap("card-0-0-top-0")
    await c.tap("move-card")
    assert "Goshawk" in c.get("move-hint").label
    await c.tap("slot-0-1-top")
    forest = _forest(store, game_id)
    assert "top" not in forest[0] and forest[1]["top"] == "goshawk"
    assert not c.shown("move-hint")
    file = store.game(game_id).data["file"]
    assert totals(c) == [p.total for p in score(file).players]
    # a slot of another side is no target: it opens the picker there and the card stays
    await c.tap("card-0-1-top-0")
    await c.tap("move-card")
    await c.tap("slot-0-0-left")
    assert c.shown("pick-red_fox")
    await c.tap("picker-close")
    assert _forest(store, game_id)[1]["top"] == "goshawk"
    # a move can be cancelled
    await c.tap("card-0-1-top-0")
    await c.tap("move-card")
    await c.tap("move-cancel")
    assert not c.shown("move-hint")
    # Replace a tree: its dwellers stay
    await c.tap("card-0-1-tree")
    await c.tap("replace-card")
    assert not c.shown("move-card")
    await c.tap("quick-linden")
    forest = _forest(store, game_id)
    assert forest[1]["tree"] == "linden" and forest[1]["top"] == "goshawk"
    # Undo covers them all
    await c.tap("undo")
    assert _forest(store, game_id)[1]["tree"] == "beech"
    await c.tap("undo")
    forest = _forest(store, game_id)
    assert forest[0]["top"] == "goshawk" and "top" not in forest[1]
    await c.tap("undo")
    assert _forest(store, game_id)[0]["top"] == "chaffinch"
    assert totals(c) == [p.total for p in score(store.game(game_id).data["file"]).players]


async def test_a_card_stored_without_its_symbol_is_asked_at_once(open_app, store):
    """A Roe Deer counts tree symbols: one stored without its own symbol is asked when the
    forest opens, and the question can wait: then it is a problem at its card."""
    game_id = _stored_forest_game(store, [[{"tree": "oak", "right": "roe_deer"}], []])
    c = await open_app(f"/forest-shuffle/{game_id}")
    assert c.shown("symbol-pass") and c.shown("pass-0-0-right-0")
    await c.tap("pass-later")
    problem = c.get("problem-0-0-right-0").content.value
    assert "Roe Deer" in problem
    # the sheet opens provisional: the deer left out, its problem named where it is
    await c.tap("open-sheet")
    said = c.get("provisional-sheet").label
    assert said.startswith("Provisional: 1 card has a problem")
    assert f"Ann · Tree 1 · right: {problem}" in said
    assert c.find("finish-game") is None and c.find("share") is None
    assert c.get("result-0").content.title.value == "Ann — 0"
    await c.back()
    await c.tap("card-0-0-right-0")
    assert c.shown("symbol-counts")  # the deer counts cards of its own symbol
    await c.tap("symbol-0-0-right-0-beech")  # the one-tap fix
    assert c.find("problem-0-0-right-0") is None
    file = store.game(game_id).data["file"]
    assert totals(c) == [p.total for p in score(file).players]
    await c.tap("undo")
    assert c.find("problem-0-0-right-0") is not None
    assert c.get("undo").content.disabled  # nothing more to undo: the game was stored so


async def test_player_chips_mark_a_forest_with_a_problem(open_app, store):
    game_id = _stored_forest_game(store, [[{"tree": "oak"}], [{"tree": "oak"}]])
    c = await open_app(f"/forest-shuffle/{game_id}")
    assert c.get("player-0").label == "Ann" and c.get("player-1").label == "Bob"
    game_id = _stored_forest_game(store, [[{"tree": "oak", "right": "roe_deer"}], []])
    c = await open_app(f"/forest-shuffle/{game_id}")  # the deer without its symbol: a problem
    await c.tap("pass-later")
    await c.tap("player-1")
    assert c.get("player-0").label == "Ann !"  # visible from Bob's forest
    assert c.get("player-1").label == "Bob"
    await c.tap("picker-close")
    assert not c.shown("problem-0-0-right-0")  # the problem itself is at Ann's card
    await c.tap("player-0")
    await c.tap("card-0-0-right-0")
    await c.tap("symbol-0-0-right-0-birch")
    assert c.get("player-0").label == "Ann"


async def test_a_set_card_says_it_is_scored_with_its_set(open_app, store):
    game_id = _stored_forest_game(store, [[{"tree": "horse_chestnut"},
                                           {"tree": "horse_chestnut"}], []])
    c = await open_app(f"/forest-shuffle/{game_id}")
    assert c.get("card-0-0-tree").label == "Horse Chestnut, 4 points"  # the set: 2² = 4
    assert c.get("card-0-1-tree").label == "Horse Chestnut, scored once with its set"


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_score_sheet_line_shows_the_full_rule_and_rulings(open_app, store, lang):
    c = await open_app(prefs={PREFS_LANGUAGE: lang})
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("cave")
    await c.tap("cave-1")
    await c.tap("open-sheet")
    assert c.page.route == f"/forest-shuffle/{game_id}/sheet"
    sheet = score(store.game(game_id).data["file"])
    await c.tap("result-0")
    oak = load_catalog().by_id("oak")
    assert sheet.players[0].lines[0].item == "oak" and oak.rulings
    await c.tap("line-0-0")
    assert c.find("rule-dialog") is not None
    assert c.get("rule-text").label == rule_text(oak, lang)
    for ruling in oak.rulings:
        assert c.get(f"ruling-{ruling}").label == ruling_text(ruling, lang)
    await c.tap("rule-close")
    # the cave's line explains the cave
    await c.tap(f"line-0-{len(sheet.players[0].lines) - 1}")
    cave = load_catalog().cave("regular_cave")
    for ruling in cave.rulings:
        assert c.get(f"ruling-{ruling}").label == ruling_text(ruling, lang)


async def test_a_swipe_turns_to_the_next_or_previous_forest(open_app, store):
    game_id = _stored_forest_game(store, [[{"tree": "oak"}]] * 3, names=("Ann", "Bob", "Cas"))
    c = await open_app(f"/forest-shuffle/{game_id}")
    await c.swipe(-40, velocity=-800)
    assert c.get("player-1").selected
    await c.swipe(40, velocity=800)
    await c.swipe(-250)  # a long drag turns as a flick does: round the table
    await c.swipe(250)
    await c.swipe(250)
    assert c.get("player-2").selected


def _inside(control) -> list:
    """`control` and every control below it."""
    found, stack = [], [control]
    while stack:
        item = stack.pop()
        if item is None:
            continue
        found.append(item)
        for name in ("content", "_b", "leading", "title"):
            child = getattr(item, name, None)
            if isinstance(child, ft.BaseControl):
                stack.append(child)
            elif isinstance(child, list):
                stack += child
        stack += list(getattr(item, "controls", None) or [])
    return found


async def test_group_icons_beside_the_names_and_names_whole(open_app):
    c = await open_app(prefs={PREFS_LANGUAGE: "de"})
    await start_forest_game(c, ["Ann", "Bob"], boxes=("alpine",))
    await c.tap("quick-oak")
    await c.tap("bar-left")
    catalog = load_catalog()
    for species in ("european_hare", "bechsteins_bat", "roe_deer"):
        group = catalog.by_id(species).group
        icons = [i.icon for i in _inside(c.get(f"pick-{species}")) if isinstance(i, ft.Icon)]
        assert GROUP_ICONS[group] in icons, species
        [name] = [t for t in _inside(c.get(f"pick-{species}")) if isinstance(t, ft.Text)]
        assert name.value == species_name(species, "de")
        assert name.size >= 10 and name.max_lines == 2
    # "Bechsteinfledermaus" fits no tile whole: it takes two
    wide = c.get("pick-bechsteins_bat").content
    narrow = c.get("pick-european_hare").content
    assert wide.width > 2 * narrow.width
    assert GROUP_ICONS["birds"] != GROUP_ICONS["butterflies"]


async def test_every_tree_of_the_boxes_is_in_the_strip(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"], boxes=("alpine", "woodland_edge"))
    await c.tap("quick-oak")
    [row] = [r for r in _inside(c.get("next-tree")) if isinstance(r, ft.Row) and r.wrap]
    wanted = [s.id for s in choices("whole", ["base", "alpine", "woodland_edge"])]
    assert [tile.key for tile in row.controls] == [*wanted, "sapling"]  # no sideways swipe
    assert all(c.shown(f"quick-{host}") for host in wanted)


async def test_four_long_names_stay_readable(open_app):
    names = [f"{letter * 36} {n:03}" for n, letter in enumerate("ABCD")]
    assert all(len(name) == 40 for name in names)
    c = await open_app()
    await start_forest_game(c, names)
    await c.tap("picker-close")
    for index, name in enumerate(names):
        chip = c.get(f"player-{index}")
        assert chip.label == name
        assert chip.content.width == NAME_CHIP
        [caption] = [t for t in _inside(chip) if isinstance(t, ft.Text)]
        assert caption.max_lines == 1 and caption.overflow == ft.TextOverflow.ELLIPSIS
        total = c.get(f"total-{index}")
        assert total.content.width is not None and total.content.width <= 120
        [caption] = [t for t in _inside(total) if isinstance(t, ft.Text) and t.value == name]
        assert caption.max_lines == 1 and caption.overflow == ft.TextOverflow.ELLIPSIS


async def test_every_tappable_control_is_at_least_48_px(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"], boxes=("exploration",))
    await c.tap("quick-oak")
    await c.tap("bar-left")
    await c.tap("pick-european_hare")  # a shared slot: "another" shows
    await c.tap("picker-close")
    await c.tap("card-0-0-left-0")  # its details: symbol chips, replace, move, remove
    await c.tap("cave")
    buttons = c.all(ft.IconButton) + c.all(ft.TextButton) + c.all(ft.OutlinedButton) + \
        c.all(ft.FilledButton) + c.all(ft.FilledTonalButton)
    assert len(buttons) >= 8
    for button in buttons:
        assert (button.height or 0) >= TAP, button
        if isinstance(button, ft.IconButton):
            assert (button.width or 0) >= TAP, button
    tapped = [box for box in c.all(ft.Container) if box.on_click is not None]
    assert len(tapped) > 60
    for box in tapped:
        assert (box.height or 0) >= TAP, box
        assert (box.width or TAP) >= TAP, box


async def test_a_pick_re_renders_only_the_tree_it_changed(open_app):
    """The other trees are memoised: their controls stay the very same objects, and so do
    the grids' tiles; the forest behind the picker is drawn again only once it shows."""
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    for tree in ("oak", "beech", "birch"):
        await c.tap(f"quick-{tree}")
    await c.tap("picker-close")
    untouched = c.get("card-0-0-tree"), c.get("slot-0-2-top")
    await c.tap("slot-0-1-right")
    tiles = c.get("pick-squeaker"), c.get("pick-chaffinch")
    await c.tap("pick-wild_boar")
    assert c.find("slot-0-1-right") is not None  # behind the picker: as it was
    await c.tap("picker-close")
    assert all(a is b for a, b in zip((c.get("card-0-0-tree"), c.get("slot-0-2-top")),
                                      untouched, strict=True))
    assert all(a is b for a, b in zip((c.get("pick-squeaker"), c.get("pick-chaffinch")),
                                      tiles, strict=True))
    assert c.find("slot-0-1-right") is None and c.find("card-0-1-right-0") is not None


async def test_a_phone_turned_while_entering_draws_the_picker_anew(open_app, store):
    """A memoised tile redrawn alone by the session's change (the phone's width) once lost
    its providers: Flet's redraws ended."""
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    wide = c.get("pick-chaffinch").content.width
    await c.session.dispatch_event(c.page._i, "resize", {"width": 320, "height": 640})
    await c.settle()
    assert c.get("pick-chaffinch").content.width < wide
    await c.tap("pick-chaffinch")
    assert _target(c) == "right"


async def test_the_rule_dialog_is_sized_to_what_it_says(open_app, store):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("open-sheet")
    await c.tap("result-0")
    await c.tap("line-0-0")
    [dialog] = [d for d in c.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    assert dialog.scrollable  # as tall as its content; scrolls only beyond the screen
    column = dialog.content.content
    assert column.tight and column.scroll is None and not column.expand
