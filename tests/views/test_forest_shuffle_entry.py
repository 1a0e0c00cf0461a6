"""Entering Forest Shuffle forests through the real session: every number is the scorer's."""

import pytest

from scorer import score
from scorer.forest_shuffle.models import SLOTS
from tests.views.fake_client import FakeClient
from tests.views.helpers import example, name_field, totals
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
    assert store.game(game_id).status == "finished"
    for index, player in enumerate(expected.players):
        tile = c.get(f"result-{index}").content
        assert tile.title.value == f"{player.name} — {player.total}"
        assert tile.subtitle.value == categories_line(player, "en")
    await c.tap("result-0")
    assert c.find(f"line-0-{len(expected.players[0].lines) - 1}") is not None


async def test_shared_slot_cave_problem_fix_and_undo(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-oak")
    await c.tap("slot-0-0-left")
    assert c.find("pick-european_hare") is not None
    assert c.find("pick-great_spotted_woodpecker") is None  # a top card: not in a side slot
    await c.tap("pick-european_hare-beech")
    await c.tap("another-0-0-left")  # hares share their slot
    await c.tap("pick-european_hare-birch")
    stored = store.game(game_id).data["file"]["players"][0]["forest"][0]
    assert stored["left"] == [{"card": "european_hare", "symbol": "beech"},
                              {"card": "european_hare", "symbol": "birch"}]
    await c.tap("cave-plus")
    await c.tap("cave-plus")
    file = store.game(game_id).data["file"]
    assert file["players"][0]["cave"] == 2
    assert totals(c) == [p.total for p in score(file).players]
    # a Roe Deer counts tree symbols: one entered without its symbol is a problem at its card
    await c.tap("slot-0-0-right")
    await c.tap("pick-roe_deer")
    problem = c.get("problem-0-0-right-0").content.value
    assert "Roe Deer" in problem
    assert c.get("open-sheet").content.disabled
    await c.tap("card-0-0-right-0")
    chips = [s.identifier for s in c.all() if getattr(s, "identifier", "") and
             s.identifier.startswith("symbol-0-0-right-0-")]
    assert chips
    await c.tap(chips[0])  # the one-tap fix
    assert c.find("problem-0-0-right-0") is None
    file = store.game(game_id).data["file"]
    assert totals(c) == [p.total for p in score(file).players]
    await c.tap("undo")
    assert c.find("problem-0-0-right-0") is not None
    await c.tap("undo")
    await c.tap("undo")
    assert "right" not in store.game(game_id).data["file"]["players"][0]["forest"][0]
    assert c.find("problem-0-0-right-0") is None


async def test_species_sheet_searches_every_language(open_app):
    c = await open_app()
    await start_forest_game(c, ["Ann", "Bob"])
    await c.tap("quick-beech")
    await c.tap("slot-0-0-left")
    field = c.all(__import__("flet").TextField)[-1]
    await c.type_into(field, "feldhase")
    assert c.find("pick-european_hare") is not None and c.find("pick-roe_deer") is None
    await c.type_into(field, "ree")  # Dutch: Ree is the Roe Deer
    assert c.find("pick-roe_deer") is not None
    await c.tap("picker-close")
    assert c.find("slot-0-0-left") is not None


async def test_boxes_in_play_are_remembered_on_the_device(open_app, store):
    c = await open_app()
    game_id = await start_forest_game(c, ["Ann", "Bob"], boxes=("alpine",))
    assert store.game(game_id).data["boxes"] == ["base", "alpine"]
    assert c.find("quick-european_larch") is not None
    again = await open_app("/", prefs=c.prefs)
    await again.tap("game-forest-shuffle")
    assert again.get("box-alpine").selected and not again.get("box-woodland_edge").selected
