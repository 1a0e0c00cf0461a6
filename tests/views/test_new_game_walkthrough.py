"""docs/new-game.md, walked through: a fourth game, written here in a few lines (a score pad:
each round's points, added up), registered in both registries and played in the app.

Everything a game gives is here, in the order of the walkthrough: its file model, build and
score (scorer/<game>/), its words and rules reference, its GameType; its table model, entry
and sheet screens (views/<game>/), its GameViews; its messages. The test registers it as the
walkthrough's one line in each registry does, then starts a game from home, enters it, and
reads its sheet and the rules entry behind a line: if generic code still needed anything of a
game that does not come from the registries, this game would not get that far.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Annotated, Any, Literal

import flet as ft
import pytest
from pydantic import BaseModel, Field

import scorer.registry
import views.tables.registry
from scorer import check, i18n, score
from scorer.cli import main as scorer_cli
from scorer.entry import Entry, Section
from scorer.file_model import MAX_NUMBER, WHOLE_NUMBER, file_config
from scorer.places import LogEntry
from scorer.players import check_names
from scorer.problems import Problem, problem
from scorer.progress import Progress, no_sheet, read_file
from scorer.render import item_text, sheet_text
from scorer.rules import summary
from scorer.setup import Setup
from scorer.sheet import Explanation, ScoreLine, ScoreSheet, build_sheet, player_score
from tests.views.helpers import name_field
from views.storage.store import Store
from views.tables.model import Table, operation, use_table
from views.tables.new_table import NewTable
from views.tables.registry import BgStatsGame, GameViews
from views.text import i18n as views_i18n
from views.web.session import use_app
from views.widgets.common import do, labelled, text
from views.widgets.score_sheet import SheetScreen, ranked_cards, rule_button
from views.widgets.top_bar import entry_bar

GAME_ID = "score-pad"


# --- scorer/<game>/: the file model, build, score -------------------------------------------
class PadPlayer(BaseModel):
    model_config = file_config()

    name: str
    rounds: list[Annotated[int, Field(ge=-MAX_NUMBER, le=MAX_NUMBER)]]


class PadFile(BaseModel):
    model_config = file_config("Score pad game file")

    version: Annotated[Literal[1], WHOLE_NUMBER]
    game: Literal["score-pad"]
    players: list[PadPlayer]


@dataclass(frozen=True)
class PadGame:
    names: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...]  # per player


SETUP = Setup({count: ("standard",) for count in range(2, 7)})


def build(file: PadFile, partial: bool) -> tuple[PadGame | None, list[Problem]]:
    problems = check_names([p.name for p in file.players],
                           [("players", i, "name") for i in range(len(file.players))])
    if not SETUP.allows(len(file.players)):
        problems.append(problem(("players",), "score_pad.players", count=len(file.players)))
    if len({len(p.rounds) for p in file.players}) > 1:
        problems.append(problem(("players",), "score_pad.rounds_differ"))
    if any(p.severity == "error" for p in problems):
        return None, problems
    return PadGame(tuple(p.name for p in file.players),
                   tuple(tuple(p.rounds) for p in file.players)), problems


def score_pad(game: PadGame) -> ScoreSheet:
    return build_sheet(GAME_ID, [player_score(name, [
        ScoreLine(str(number + 1), LogEntry(number), "rounds", points,
                  Explanation("score_pad.round", {"round": number + 1, "points": points}))
        for number, points in enumerate(rounds)], ["rounds"])
        for name, rounds in zip(game.names, game.rounds, strict=True)])


# --- its words: a line's item, the rules reference, the entry behind a line ------------------
def pad_item_text(line: ScoreLine, lang: str) -> str:
    return i18n.text("score_pad.item", {"round": int(line.item)}, lang)


def pad_reference(lang: str) -> tuple[Entry, ...]:
    rule = i18n.text("score_pad.rule", lang=lang)
    return (Entry("rounds", i18n.text("score_pad.title", lang=lang), "", rule,
                  (Section("rule", i18n.text("reference.rule", lang=lang), rule),),
                  ("rounds",)),)


def pad_so_far(data: object) -> Progress:
    """A score pad has no rule for a table in progress: its rounds so far, once they read."""
    _, game, problems = read_file(data, PadFile, build, lambda data, path: None, partial=True)
    if game is None:
        return no_sheet(GAME_ID, problems)
    return Progress(score_pad(game), tuple(problems), ())


def game_type() -> scorer.registry.GameType:
    """What scorer/registry.py's loader of the game builds."""
    return scorer.registry.GameType(
        GAME_ID, PadFile, PadGame, build, score_pad, pad_so_far, lambda data, path: None, SETUP,
        summary(GAME_ID, pad_reference), scorer.registry.EVERY_LANGUAGE, pad_item_text,
        pad_reference, lambda line: "rounds")


SCORER_MESSAGES = {
    "game.score-pad": "Score pad", "category.rounds": "rounds",
    "score_pad.round": "round {round}: {points}", "score_pad.item": "Round {round}",
    "score_pad.players": "2-6 players, not {count}",
    "score_pad.rounds_differ": "every player has as many rounds",
    "score_pad.title": "Rounds", "score_pad.rule": "Every round's points add up.",
    "chat.variant.score-pad.standard": "",
}


# --- views/<game>/: the table model, its entry and sheet screens -----------------------------
class PadTable(Table):
    kind = GAME_ID

    @classmethod
    def start(cls, store: Store, new: NewTable) -> int:
        file = {"version": 1, "game": GAME_ID,
                "players": [{"name": name, "rounds": [0]} for name in new.names]}
        return store.create_game(cls.kind, {"file": file})

    def load(self, data: dict[str, Any]) -> None:
        self.file = PadFile.model_validate(data["file"])

    def data(self) -> dict[str, Any]:
        return {"file": self.game_file()}

    def game_file(self) -> dict[str, Any]:
        return self.file.model_dump(mode="json")

    @classmethod
    def file_as_stored(cls, file: dict[str, Any], game: Any) -> dict[str, Any]:
        return PadFile.model_validate(file).model_dump(mode="json")

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.file.players)

    @property
    def sheet(self) -> ScoreSheet | None:
        game, _ = check(self.game_file())
        return None if game is None else score(game)

    def rematch(self) -> NewTable:
        return NewTable(self.kind).seated(self.names)

    def progress(self, lang: str) -> str:
        return " · ".join(f"{p.name} {sum(p.rounds)}" for p in self.file.players)

    @operation
    def point(self, player: int) -> None:
        """One more point to `player` in this round."""
        self.file.players[player].rounds[-1] += 1


@ft.component
def Play(table: PadTable) -> ft.View:
    app = use_app()
    use_table(table)
    rows = [labelled(f"point-{index}", ft.TextButton(text(f"{player.name}: {sum(player.rounds)}"),
                                                     on_click=do(table.point, index)))
            for index, player in enumerate(table.file.players)]
    to_sheet = labelled("open-sheet", ft.IconButton(ft.Icons.LEADERBOARD,
                                                    on_click=do(app.go, table.route + "/sheet")))
    return ft.View(route=table.route, controls=[ft.Column(rows)],
                   appbar=entry_bar(app, table.route, app.t(f"game.{GAME_ID}"), [to_sheet]))


@ft.component
def Sheet(table: PadTable) -> ft.View:
    app = use_app()

    def line(player: int, number: int, line: ScoreLine) -> ft.Control:
        return labelled(f"line-{player}-{number}", ft.Row([
            text(item_text(table.kind, line, app.lang), expand=True), text(str(line.points)),
            rule_button(app, table, player, number, line)]))

    return SheetScreen(table, lambda sheet: ranked_cards(sheet, line))


# What views/<game>/__init__.py says; this module is the game's package for
# views/tables/registry.py.
GAME = GameViews(GAME_ID, PadTable, play=Play, sheet=Sheet,
                 bgstats=BgStatsGame("Score pad", "Nobody in particular"))

VIEWS_MESSAGES = {"game.score-pad": "Score pad", "new.title.score-pad": "New score pad",
                  "variant.score-pad.standard": "", "rules.about.score-pad": "Add it up"}


@pytest.fixture
def registered(monkeypatch):
    """The game in both registries and its messages in both catalogues, as the walkthrough's
    lines in scorer/registry.py, views/tables/registry.py and the locale files put them; gone
    after."""
    monkeypatch.setitem(scorer.registry._LOADERS, GAME_ID, (__name__, game_type))
    monkeypatch.setitem(views.tables.registry._PACKAGES, GAME_ID, __name__)
    monkeypatch.setattr(i18n, "_term_sources", [*i18n._term_sources, lambda lang: (
        SCORER_MESSAGES if lang == "en" else {})])
    i18n.catalogue.cache_clear()
    for key, words in VIEWS_MESSAGES.items():
        monkeypatch.setitem(views_i18n.catalogue("en"), key, words)
    yield
    for cached in (scorer.registry._load, views.tables.registry._load, i18n.catalogue):
        cached.cache_clear()


FILE = {"version": 1, "game": GAME_ID,
        "players": [{"name": "Ann", "rounds": [3, 5]}, {"name": "Bob", "rounds": [4, 1]}]}


def test_the_scorer_scores_and_words_the_new_game(registered, capsys):
    sheet = score(FILE)
    assert [(p.name, p.total, p.place) for p in sheet.players] == [("Ann", 8, 1), ("Bob", 5, 2)]
    assert "Round 2" in sheet_text(sheet)  # its item words, through the registry
    _, problems = check({**FILE, "players": FILE["players"][:1]})
    assert [p.key for p in problems] == ["score_pad.players"]
    assert scorer_cli(["rules", GAME_ID]) == 0
    assert "Every round's points add up." in capsys.readouterr().out


def test_unregistered_no_code_knows_the_game():
    """Without the fixture, no generic code knows the game: a file of it is refused."""
    _, problems = check(FILE)
    assert [p.key for p in problems] == ["file.unknown_game"]


@pytest.mark.asyncio
async def test_a_new_game_is_started_entered_and_scored_in_the_app(registered, open_app, store):
    c = await open_app()
    await c.tap(f"game-{GAME_ID}")  # home lists it: the registry's ids
    for name in ("Ann", "Bob"):
        await c.type_into(name_field(c), name, submit=True)
    await c.tap("start")
    found = re.fullmatch(rf"/{GAME_ID}/(\d+)", c.page.route)
    assert found, c.page.route
    game_id = int(found[1])

    await c.tap("point-1")  # the entry screen: its model's operation, stored
    await c.tap("point-1")
    await c.tap("point-0")
    assert "Bob: 2" in c.texts()
    assert store.game(game_id).data["file"]["players"][1]["rounds"] == [2]

    await c.tap("open-sheet")
    assert c.get("winners").content.value == i18n.text("sheet.winners", {"names": ["Bob"]})
    await c.tap("result-0")  # Bob's card opens on his lines, worded by the game
    assert c.get("line-0-0").content.controls[0].value == "Round 1"
    await c.tap("line-rule-0-0")  # the rules entry behind the line, from its reference
    assert c.page.route == f"/rules/{GAME_ID}/rounds?table={game_id}"
    assert "Every round's points add up." in c.texts()


def test_the_walkthrough_names_everything_a_game_gives():
    """docs/new-game.md has a row for every field of both registries' entries."""
    doc = (Path(__file__).parents[2] / "docs" / "new-game.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `(\w+)`(?:, `(\w+)`)? \|", doc, re.M))
    rows = {name for pair in named for name in pair if name}
    assert rows == {f.name for entry in (scorer.registry.GameType, GameViews)
                    for f in fields(entry)}
