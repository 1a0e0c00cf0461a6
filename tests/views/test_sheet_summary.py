"""Each player's one-line summary on the score sheet ("start 30 · moves -24 · finds 68 · ...")
adds up to their total, in every game: the parts a table checks the total by."""

import json

import pytest

from scorer import score
from tests.views.helpers import EXAMPLES
from views.forest_shuffle.model import ForestTable
from views.widgets.score_sheet import categories_line

FILES = sorted(EXAMPLES.glob("*.json"))


def finished(path) -> dict:
    """The example as the app stores a finished game of it: a Forest Shuffle game's boxes
    named, a Fossil log ended."""
    file = json.loads(path.read_text(encoding="utf-8"))
    if file["game"] == "forest-shuffle":
        return ForestTable.file_as_stored(file, None)
    if file["game"] == "fossil" and "end" not in file["log"][-1]:
        return {**file, "log": [*file["log"], {"end": True}]}
    return file


def parts(line: str) -> list[int]:
    """The numbers of a summary line: each category's label, a no-break space, its points."""
    return [int(part.rsplit("\u00a0", 1)[1]) for part in line.split(" · ")]


@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
def test_the_summary_line_adds_up_to_the_total(path):
    for player in score(finished(path)).players:
        for lang in ("en", "nl", "de", "vi"):
            assert sum(parts(categories_line(player, lang))) == player.total, (player.name, lang)


@pytest.mark.asyncio
@pytest.mark.parametrize("path", FILES, ids=[path.stem for path in FILES])
async def test_every_sheet_shows_a_summary_that_adds_up(open_app, store, path):
    """As each game's sheet draws it (the Fossil sheet once left out the start score)."""
    file = finished(path)
    game_id = store.create_game(file["game"], {"file": file, "undo": []})
    store.save_game(game_id, {"file": file, "undo": []}, store.game(game_id).revision,
                    status="finished")
    c = await open_app(f"/{file['game']}/{game_id}/sheet")
    sheet = score(file)
    for index, player in enumerate(sheet.players):
        line = c.get(f"result-{index}").content.subtitle.value
        assert sum(parts(line)) == player.total, (player.name, line)
