"""Entering Forest Shuffle forests through the real session: every number is the scorer's."""

import flet as ft
import pytest

from scorer import score
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import printed_symbols
from scorer.forest_shuffle.rules_text import rule_text, ruling_text
from tests.views.fake_client import FakeClient
from tests.views.helpers import example, name_field, totals
from views.forest_shuffle.species_sheet import GROUP_ICONS, species_name
from views.i18n import scorer_text
from views.new_game import PREFS_BOXES
from views.session import PREFS_LANGUAGE
from views.widgets.common import NAME_CHIP, TAP
from views.widgets.score_sheet import categories_line

pytestmark = pytest.mark.asyncio


class Taps:
    def __init__(self, c: FakeClient):
        self.c, self.count = c, 0

    async def __call__(self, identifier: str) -> None:
        self.count += 1
        await self.c.tap(identifier)


async def start_forest_game(c: FakeClient, names: list[str], boxes: tuple[str, ...] = ()) -> int:
    await c.tap("game-forest-shuffle")
    for name in names:
        await c.type_into(name_field(c), name, submit=True)
    for box in boxes:
        await c.tap(f"box-{box}")
    await c.tap("start")
    assert c.page.route.startswith("/forest-shuffle/")
    return int(c.page.route.split("/")[2])


def _cards(value) -> list:
    return [] if value is None else value if isinstance(value, list) else [value]


async def enter_card(c: FakeClient, tap: Taps, first: str, card) -> None:
    """Tap the slot (or its "another"), then the species, or its printed symbol chip."""
    await tap(first)
    species = card if isinstance(card, str) else card["card"]
    symbol = None if isinstance(card, str) else card.get("symbol")
    chip = f"pick-{species}-{symbol}"
    await tap(chip if symbol and c.find(chip) is not None else f"pick-{species}")


async def enter_forest(c: FakeClient, tap: Taps, player: int, forest: list, cave: int) -> None:
    await tap(f"player-{player}")
    for t, entry in enumerate(forest):
        await tap(f"quick-{entry['tree']}")
        for slot in SLOTS:
            for k, card in enumerate(_cards(entry.get(slot))):
                first = f"slot-{player}-{t}-{slot}" if k == 0 else f"another-{player}-{t}-{slot}"
                await enter_card(c, tap, first, card)
    for _ in range(cave):
        await tap("cave-plus")


async def test_base_game_entered_through_the_ui_matches_the_scorer(open_app, store):
    file = example("forest-shuffle-base-2-players.json")
    c = await open_app()
    game_id = await start_forest_game(c, [p["name"] for p in file["players"]])
    tap = Taps(c)
    for index, player in enumerate(file["players"]):
        await enter_forest(c, tap, index, player["forest"], player["cave"])
    expected = score(file)
    assert totals(c) == [p.total for p in expected.players]
    assert store.game(game_id).data["file"]["players"] == file["players"]
    cards = sum(1 + sum(len(_cards(e.get(s))) for s in SLOTS)
                for p in file["players"] for e in p["forest"])
    assert tap.count <= 2 * cards, (tap.count, cards)  # cave and player switches included
    # every card shows the scorer's points
    line = expected.players[0].lines[1]  # Ann's tree 1, top: the Red Squirrel
    await c.tap("player-0")
    assert c.find("card-0-0-top-0").label.endswith(f"{line.points} points")
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
    await c.tap("result-0")
    assert c.find(f"line-0-{len(expected.players[0].lines) - 1}") is not None


async def test_shared_slot_cave_and_undo(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("slot-0-0-left")
    assert c.find("pick-european_hare") is not None
    assert c.find("pick-great_spotted_woodpecker") is None  # a top card: not in a side slot
    await c.tap("pick-european_hare-beech")
    await c.tap("another-0-0-left")  # hares share their slot
    await c.tap("pick-european_hare-birch")
    await c.tap("card-0-0-left-1")
    assert c.find("symbol-counts") is None  # nothing on the table counts tree symbols yet
    await c.tap("card-0-0-left-1")
    stored = store.game(game_id).data["file"]["players"][0]["forest"][0]
    assert stored["left"] == [{"card": "european_hare", "symbol": "beech"},
                              {"card": "european_hare", "symbol": "birch"}]
    await c.tap("cave-plus")
    await c.tap("cave-plus")
    file = store.game(game_id).data["file"]
    assert file["players"][0]["cave"] == 2
    assert totals(c) == [p.total for p in score(file).players]
    await c.tap("undo")
    await c.tap("undo")
    assert store.game(game_id).data["file"]["players"][0]["cave"] == 0
    assert totals(c) == [p.total for p in score(store.game(game_id).data["file"]).players]


def _stored_forest_game(store, forests: list[list], names=("Ann", "Bob"),
                        boxes=("base",)) -> int:
    """A game stored with these forests (as an older screen could have entered them)."""
    players = [{"name": name, "cave": 0, "forest": forest}
               for name, forest in zip(names, forests, strict=True)]
    file = {"version": 1, "game": "forest-shuffle", "boxes": list(boxes), "players": players}
    return store.create_game("forest-shuffle", {"file": file, "undo": []})


async def test_a_card_stored_without_its_symbol_is_fixed_in_one_tap(open_app, store):
    """A Roe Deer counts tree symbols: one stored without its symbol is a problem at its card,
    and one chip fixes it."""
    game_id = _stored_forest_game(store, [[{"tree": "oak", "right": "roe_deer"}], []])
    c = await open_app(f"/forest-shuffle/{game_id}")
    problem = c.get("problem-0-0-right-0").content.value
    assert "Roe Deer" in problem
    assert c.get("open-sheet").content.disabled
    await c.tap("card-0-0-right-0")
    chips = [s.identifier for s in c.all() if getattr(s, "identifier", "") and
             s.identifier.startswith("symbol-0-0-right-0-")]
    assert chips
    assert c.find("symbol-counts") is not None  # the deer counts trees of its own symbol
    await c.tap(chips[0])  # the one-tap fix
    assert c.find("problem-0-0-right-0") is None
    file = store.game(game_id).data["file"]
    assert totals(c) == [p.total for p in score(file).players]
    await c.tap("undo")
    assert c.find("problem-0-0-right-0") is not None
    assert c.get("undo").content.disabled  # nothing more to undo: the game was stored so
    assert store.game(game_id).data["file"]["players"][0]["forest"][0]["right"] == "roe_deer"


async def species_search(open_app):
    """A new game's first tree, its left slot's sheet open: the client and the sheet's search."""
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-beech")
    await c.tap("slot-0-0-left")
    return c, c.all(ft.TextField)[-1]


async def test_species_sheet_searches_every_language(open_app):
    c, field = await species_search(open_app)
    await c.type_into(field, "feldhase")
    assert c.find("pick-european_hare") is not None and c.find("pick-roe_deer") is None
    await c.type_into(field, "ree")  # Dutch: Ree is the Roe Deer
    assert c.find("pick-roe_deer") is not None
    await c.tap("picker-close")
    assert c.find("slot-0-0-left") is not None


async def test_the_search_keeps_the_phones_text_and_each_opening_starts_empty(open_app):
    c, field = await species_search(open_app)
    # "h" is handled and the sheet is drawn again for it only after the phone reported "ha"
    # (Flet applies a report at once): the drawing must not take the phone's "a" back.
    c.session.apply_patch(field._i, {"value": "h"})
    await c.session.dispatch_event(field._i, "change", "h")
    c.session.apply_patch(field._i, {"value": "ha"})
    await c.settle()
    assert c.all(ft.TextField)[-1].value == "ha"
    await c.type_into(c.all(ft.TextField)[-1], "hare")
    assert c.find("pick-european_hare") is not None and c.find("pick-roe_deer") is None
    await c.tap("picker-close")
    await c.tap("slot-0-0-right")
    assert c.all(ft.TextField)[-1].value == ""  # a new search
    assert c.find("pick-roe_deer") is not None


async def test_boxes_in_play_are_remembered_on_the_device(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("alpine",))
    assert store.game(game_id).data["file"]["boxes"] == ["base", "alpine"]
    assert c.find("quick-european_larch") is not None
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


def _forest(store, game_id: int, player: int = 0) -> list:
    return store.game(game_id).data["file"]["players"][player]["forest"]


async def test_replace_and_move_a_card_with_undo(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("quick-beech")
    await c.tap("slot-0-0-top")
    await c.tap("pick-chaffinch-beech")
    # Replace: the species sheet for that slot, one tap swaps the card
    await c.tap("card-0-0-top-0")
    await c.tap("replace-card")
    assert c.find("pick-goshawk") is not None and c.find("pick-red_fox") is None
    await c.tap("pick-goshawk-oak")
    assert _forest(store, game_id)[0]["top"] == {"card": "goshawk", "symbol": "oak"}
    assert c.find("slot-0-1-top") is not None  # back to the forest
    # Move: then an empty slot of the same side, any tree
    await c.tap("card-0-0-top-0")
    await c.tap("move-card")
    assert "Goshawk" in c.get("move-hint").label
    await c.tap("slot-0-1-top")
    forest = _forest(store, game_id)
    assert "top" not in forest[0] and forest[1]["top"] == {"card": "goshawk", "symbol": "oak"}
    assert c.find("move-hint") is None
    file = store.game(game_id).data["file"]
    assert totals(c) == [p.total for p in score(file).players]
    assert c.find("card-0-1-top-0") is not None and c.find("slot-0-0-top") is not None
    # a slot of another side is no target: it opens its sheet and the card stays
    await c.tap("card-0-1-top-0")
    await c.tap("move-card")
    await c.tap("slot-0-0-left")
    assert c.find("pick-red_fox") is not None
    await c.tap("picker-close")
    assert _forest(store, game_id)[1]["top"] == {"card": "goshawk", "symbol": "oak"}
    # a move can be cancelled
    await c.tap("card-0-1-top-0")
    await c.tap("move-card")
    await c.tap("move-cancel")
    assert c.find("move-hint") is None
    # Replace a tree: its dwellers stay
    await c.tap("card-0-1-tree")
    await c.tap("replace-card")
    assert c.find("move-card") is None
    await c.tap("pick-linden")
    forest = _forest(store, game_id)
    assert forest[1]["tree"] == "linden" and forest[1]["top"]["card"] == "goshawk"
    # Undo covers both
    await c.tap("undo")
    assert _forest(store, game_id)[1]["tree"] == "beech"
    await c.tap("undo")
    forest = _forest(store, game_id)
    assert forest[0]["top"]["card"] == "goshawk" and "top" not in forest[1]
    await c.tap("undo")
    assert _forest(store, game_id)[0]["top"] == {"card": "chaffinch", "symbol": "beech"}
    assert totals(c) == [p.total for p in score(store.game(game_id).data["file"]).players]


async def test_player_chips_mark_a_forest_with_a_problem(open_app, store):
    game_id = _stored_forest_game(store, [[], []])
    c = await open_app(f"/forest-shuffle/{game_id}")
    assert c.get("player-0").label == "Ann" and c.get("player-1").label == "Bob"
    game_id = _stored_forest_game(store, [[{"tree": "oak", "right": "roe_deer"}], []])
    c = await open_app(f"/forest-shuffle/{game_id}")  # the deer without its symbol: a problem
    await c.tap("player-1")
    assert c.get("player-0").label == "Ann !"  # visible from Bob's forest
    assert c.get("player-1").label == "Bob"
    assert c.find("problem-0-0-right-0") is None  # the problem itself is at Ann's card
    await c.tap("player-0")
    await c.tap("card-0-0-right-0")
    chip = next(s.identifier for s in c.all() if getattr(s, "identifier", "") and
                s.identifier.startswith("symbol-0-0-right-0-"))
    await c.tap(chip)
    assert c.get("player-0").label == "Ann"


async def test_cave_type_with_the_exploration_box(open_app, store):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    assert c.find("cave-type-regular_cave") is None  # no Exploration: no cave types
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("exploration",))
    for cave in load_catalog().caves:
        assert c.find(f"cave-type-{cave.id}") is not None
    assert c.get("cave-type-regular_cave").selected
    assert c.get("cave-type-bat_cave").label == "Bat Cave"
    await c.tap("quick-oak")
    await c.tap("cave-plus")
    await c.tap("cave-type-bat_cave")
    file = store.game(game_id).data["file"]
    assert file["players"][0]["cave_type"] == "bat_cave"
    assert "cave_type" not in file["players"][1]
    assert c.get("cave-type-bat_cave").selected and not c.get("cave-type-regular_cave").selected
    assert totals(c) == [p.total for p in score(file).players]
    assert score(file).players[0].lines[-1].points == 1  # Bat Cave: 1 per card
    assert c.get("cave").label == "Cave: 1 card, 1 point"
    await c.tap("player-1")
    assert c.get("cave-type-regular_cave").selected
    await c.tap("player-0")
    await c.tap("undo")
    assert "cave_type" not in store.game(game_id).data["file"]["players"][0]


@pytest.mark.parametrize("lang", ["en", "de"])
async def test_score_sheet_line_shows_the_full_rule_and_rulings(open_app, store, lang):
    c = await open_app(prefs={PREFS_LANGUAGE: lang})
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("cave-plus")
    await c.tap("player-1")
    await c.tap("quick-beech")
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


async def test_a_swipe_turns_to_the_next_or_previous_forest(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob", "Cas"])
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


def _tappable(c: FakeClient, identifier: str) -> bool:
    return any(getattr(item, "on_click", None) is not None
               for item in _inside(c.get(identifier).content))


async def test_a_species_printed_with_several_symbols_is_offered_only_as_its_symbols(
        open_app, store):
    """Species + symbol stays one tap, and a Roe Deer added later turns no card red."""
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("slot-0-0-left")
    assert not _tappable(c, "pick-european_hare")  # the name only, no symbol-less card
    for symbol in printed_symbols("european_hare", "left", ["base"]):
        assert _tappable(c, f"pick-european_hare-{symbol}")
    [alone] = printed_symbols("european_badger", "left", ["base"])
    assert _tappable(c, "pick-european_badger")  # one printed symbol: the name is the chip
    await c.tap("pick-european_badger")
    assert _forest(store, game_id)[0]["left"] == {"card": "european_badger", "symbol": alone}
    await c.tap("slot-0-0-right")
    await c.tap("pick-roe_deer-beech")
    assert not any(s.identifier.startswith("problem-") for s in c.all(ft.Semantics)
                   if s.identifier)
    assert c.get("player-0").label == "Ann"
    assert not c.get("open-sheet").content.disabled


async def test_group_icons_beside_the_names(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("slot-0-0-top")
    catalog = load_catalog()
    for species in ("chaffinch", "goshawk", "peacock_butterfly"):
        group = catalog.by_id(species).group
        icons = [i.icon for i in _inside(c.get(f"pick-{species}")) if isinstance(i, ft.Icon)]
        icons += [i.icon for i in _inside(c.get(f"pick-{species}").parent)
                  if isinstance(i, ft.Icon)]
        assert GROUP_ICONS[group] in icons, species
    assert GROUP_ICONS["birds"] != GROUP_ICONS["butterflies"]


async def test_nothing_fits_says_where_the_card_goes(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("slot-0-0-top")
    await c.type_into(c.all(ft.TextField)[-1], "dachs")  # German: the Badger, a side card
    words = c.get("nothing-fits").label
    assert words.startswith("Nothing by that name fits this slot.")
    badger = load_catalog().by_id("european_badger")
    assert species_name("european_badger", "en") in words
    for slot in badger.slots:
        assert scorer_text(f"slot.{slot}", {}, "en") in words
    await c.type_into(c.all(ft.TextField)[-1], "finch")
    assert c.find("nothing-fits") is None and c.find("pick-chaffinch") is not None


async def test_four_long_names_stay_readable(open_app):
    names = [f"{letter * 36} {n:03}" for n, letter in enumerate("ABCD")]
    assert all(len(name) == 40 for name in names)
    c = await open_app()
    await start_forest_game(c, names)
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
    await c.tap("slot-0-0-left")
    await c.tap("pick-european_hare-beech")  # a shared slot: "another" shows
    await c.tap("card-0-0-left-0")  # its details: symbol chips, replace, move, remove
    buttons = c.all(ft.IconButton) + c.all(ft.TextButton) + c.all(ft.OutlinedButton) + \
        c.all(ft.FilledButton)
    assert len(buttons) >= 8
    for button in buttons:
        assert (button.height or 0) >= TAP, button
        if isinstance(button, ft.IconButton):
            assert (button.width or 0) >= TAP, button
    tapped = [box for box in c.all(ft.Container) if box.on_click is not None]
    for box in tapped:
        assert (box.height or 0) >= TAP, box


async def test_a_pick_re_renders_only_the_tree_it_changed(open_app):
    """The other trees are memoised: their controls stay the very same objects."""
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    for tree in ("oak", "beech", "birch"):
        await c.tap(f"quick-{tree}")
    untouched = c.get("card-0-0-tree"), c.get("slot-0-2-top")
    changed = c.get("slot-0-1-right")
    await c.tap("slot-0-1-right")
    await c.tap("pick-wild_boar-oak")
    assert (c.get("card-0-0-tree"), c.get("slot-0-2-top")) == untouched
    assert all(a is b for a, b in zip((c.get("card-0-0-tree"), c.get("slot-0-2-top")),
                                      untouched, strict=True))
    assert c.find("slot-0-1-right") is None and changed is not None
    assert c.find("card-0-1-right-0") is not None


async def test_the_rule_dialog_is_sized_to_what_it_says(open_app, store):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("player-1")
    await c.tap("quick-beech")
    await c.tap("open-sheet")
    await c.tap("result-0")
    await c.tap("line-0-0")
    [dialog] = [d for d in c.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    assert dialog.scrollable  # as tall as its content; scrolls only beyond the screen
    column = dialog.content.content
    assert column.tight and column.scroll is None and not column.expand
