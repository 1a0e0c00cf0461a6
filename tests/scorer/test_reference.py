"""The rules reference (scorer/reference.py): every entry in every language, the search, and the
worked examples, each checked against the scorer."""

import json
import re
from pathlib import Path

import pytest

from scorer import i18n, score
from scorer.cli import main
from scorer.entry import fold
from scorer.forest_shuffle.catalog import load_catalog
from scorer.fossil import evaluate, find_value
from scorer.reference import entries, entry_for_line, find, search
from scorer.registry import GAMES
from scorer.symbiose import score as score_symbiose
from tests.scorer.fossil.strategies import fossil_game
from tests.scorer.symbiose.tables import game, pond

LANGS = ("en", "nl", "de")
RAW_KEY = re.compile(r"\b(?:reference|rules|forest_shuffle|species|symbol)\.[a-z_]|[{}]")
EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_entry_has_a_title_and_sections_in_every_language(game_id, lang):
    found = entries(game_id, lang)
    assert found and len({e.id for e in found}) == len(found)
    for entry in found:
        words = [entry.title, entry.group, entry.summary,
                 *(part for s in entry.sections for part in (s.label, s.text))]
        assert all(words) and entry.sections, entry.id
        assert not any(RAW_KEY.search(w) for w in words), (entry.id, words)


@pytest.mark.parametrize("lang", ["nl", "de"])
@pytest.mark.parametrize("game_id", ["symbiose", "fossil"])
def test_rules_and_examples_are_translated(game_id, lang):
    for mine, english in zip(entries(game_id, lang), entries(game_id, "en"), strict=True):
        assert mine.id == english.id
        assert mine.title != english.title or mine.title[:2].isdigit()  # "2-3 ..." may agree
        for section, original in zip(mine.sections, english.sections, strict=True):
            assert section.text != original.text, (mine.id, section.kind)


@pytest.mark.parametrize("game_id", ["symbiose", "fossil"])
def test_every_symbiose_and_fossil_entry_has_a_worked_example(game_id):
    for entry in entries(game_id, "en"):
        assert [s.kind for s in entry.sections][:2] == ["rule", "example"], entry.id


def test_the_lynx_entry_has_every_fact_and_its_ruling():
    lynx = find("forest-shuffle", "lynx", "en")
    assert lynx is not None and lynx.boxes == ("base",)
    kinds = [s.kind for s in lynx.sections]
    assert kinds == ["names", "card", "slots", "symbols", "copies", "tree_symbols", "scores",
                     "ruling"]
    facts = {s.kind: s.text for s in lynx.sections}
    assert facts["scores"] == "10 points if your forest has at least one Roe Deer"
    assert facts["copies"] == "6 in the base game"
    ruling = lynx.sections[-1]
    assert ruling.ref == "a" and "the printed card and the official appendix say 10" in ruling.text


def test_both_cards_of_the_red_squirrel_on_a_turkey_oak_carry_that_ruling():
    for card in ("red_squirrel", "turkey_oak"):
        entry = find("forest-shuffle", card, "nl")
        assert entry is not None
        assert "red-squirrel-turkey-oak" in [s.ref for s in entry.sections]


@pytest.mark.parametrize(("query", "lang", "first"), [
    ("lynx", "en", "lynx"), ("lynx", "nl", "lynx"), ("luchs", "en", "lynx"),
    ("LUCHS", "de", "lynx"), ("eichhornchen", "en", "red_squirrel"),
    ("Zerr-Eiche", "nl", "turkey_oak"), ("zerr eiche", "en", "turkey_oak"),
    ("moseik", "de", "turkey_oak"), ("common_toad", "en", "common_toad"),
    ("Fledermaushöhle", "en", "bat_cave"),
])
def test_search_forest_shuffle_by_any_name_id_or_accentless(query, lang, first):
    assert search("forest-shuffle", query, lang)[0].id == first


@pytest.mark.parametrize(("game_id", "query", "first"), [
    ("symbiose", "linkerbuur", "left_column"), ("symbiose", "Linke Spalte", "left_column"),
    ("symbiose", "river", "duel"), ("symbiose", "kikker", "per_animal"),
    ("symbiose", "Jahreszeit", "per_season"), ("symbiose", "middle_columns", "middle_columns"),
    ("fossil", "Fundwert", "find_value"), ("fossil", "ruil", "exchange"),
    ("fossil", "2 players", "small_game"), ("fossil", "gelijkspel", "ties"),
])
def test_search_symbiose_and_fossil_in_any_language(game_id, query, first):
    assert search(game_id, query, "en")[0].id == first


def test_a_substring_finds_every_card_it_is_part_of_whole_names_first():
    found = [e.id for e in search("forest-shuffle", "hare", "en")]
    assert {"european_hare", "mountain_hare"} <= set(found)
    assert search("forest-shuffle", "nothing like this", "en") == []


def test_the_boxes_in_play_filter_the_cards():
    catalog = load_catalog()
    base = search("forest-shuffle", "", "en", boxes=["base"])
    assert {e.id for e in base} == {s.id for s in catalog.in_box("base")} | {"regular_cave"}
    assert search("forest-shuffle", "schneehase", "en", boxes=["base"]) == []
    assert search("forest-shuffle", "schneehase", "en", boxes=["base", "alpine"])[0].id == \
        "mountain_hare"
    assert len(search("forest-shuffle", "", "en")) == len(catalog.species) + len(catalog.caves)
    assert len(search("symbiose", "", "en", boxes=["base"])) == len(entries("symbiose", "en"))


def test_fold_ignores_case_accents_and_spacing():
    assert fold("  Zerr-EICHE ") == fold("zerr-eiche")
    assert fold("Eichhörnchen") == "eichhornchen"
    assert fold("Straße") == "strasse"


def example(game_id: str, entry_id: str, lang: str = "en") -> str:
    entry = find(game_id, entry_id, lang)
    assert entry is not None
    return next(s.text for s in entry.sections if s.kind == "example")


def points(sheet, player: int) -> list[int]:
    return [line.points for line in sheet.players[player].lines]


# --- The worked examples agree with the scorer ------------------------------------------------
# Ponds list their cards in reading order (top row, then bottom row), the rest is filler.

def test_left_column_example():
    sheet = score_symbiose(game(pond("frog/pink/2xpink"), pond(*["fish/pink/5"] * 3), pond()))
    assert points(sheet, 0)[0] == 6
    assert "2 × 3 = 6" in example("symbiose", "left_column")


def test_middle_columns_example():
    sheet = score_symbiose(game(pond("snail/blue/1", "fish/green/3xfish", "fish/pink/5"),
                                pond(), pond()))
    assert points(sheet, 0)[1] == 6
    assert "3 × 2 = 6" in example("symbiose", "middle_columns")


def test_right_column_example():
    sheet = score_symbiose(game(pond(top_right="dragonfly/green/2xfrog"), pond(),
                                pond("frog/pink/5")))
    assert points(sheet, 0)[3] == 2
    assert "2 × 1 = 2" in example("symbiose", "right_column")


def test_standard_example_the_circle_closes():
    sheet = score_symbiose(game(pond("frog/green/5", "frog/orange/5"), pond(), pond(),
                                pond("frog/pink/5xfrog")))
    assert points(sheet, 3)[0] == 10
    assert "5 × 2 = 10" in example("symbiose", "standard")


def test_duel_example_the_river_counts_for_both():
    river = ("fish/blue/1",) * 3 + ("fish/pink/1",) * 5
    sheet = score_symbiose(game(pond("frog/pink/2xblue"), pond(top_right="frog/pink/2xblue"),
                                mode="duel", river=river, river_left_of=0))
    assert points(sheet, 0)[0] == 6 and points(sheet, 1)[3] == 6
    assert "2 × 3 = 6" in example("symbiose", "duel")


def test_team_example_both_edges_count_the_partner():
    sheet = score_symbiose(game(pond("frog/pink/2xgreen", top_right="frog/pink/1xgreen"), pond(),
                                pond(*["fish/green/5"] * 3), pond(), mode="team"))
    assert (points(sheet, 0)[0], points(sheet, 0)[3]) == (6, 3)
    team = next(t for t in sheet.teams if "Ann" in t.players)
    assert set(team.players) == {"Ann", "Cas"}
    assert team.total == sheet.players[0].total + sheet.players[2].total
    assert "scores 6" in example("symbiose", "team") and "3." in example("symbiose", "team")


def test_fixed_card_example():
    sheet = score_symbiose(game(pond("snail/blue/8", "snail/blue/8", top_right="snail/blue/8"),
                                pond(), pond()))
    assert [points(sheet, 0)[i] for i in (0, 1, 3)] == [8, 8, 8]


def test_per_animal_example():
    sheet = score_symbiose(game(pond("dragonfly/pink/5", "dragonfly/pink/2xdragonfly",
                                     "dragonfly/pink/5", "dragonfly/pink/5"), pond(), pond()))
    assert points(sheet, 0)[1] == 8
    assert "2 × 4 = 8" in example("symbiose", "per_animal")


def test_per_season_example():
    sheet = score_symbiose(game(pond(top_right="frog/pink/4xorange"), pond(),
                                pond(*["fish/orange/5"] * 2)))
    assert points(sheet, 0)[3] == 8
    assert "4 × 2 = 8" in example("symbiose", "per_season")


def test_total_example_a_tie_shares_the_victory():
    def fixed(*values):
        return pond(*(f"snail/blue/{v}" for v in values))
    sheet = score_symbiose(game(fixed(8, 8, 8, 8, 5, 5, 5, 5), fixed(8, 8, 8, 8, 5, 5, 5, 5),
                                fixed(8, 8, 8, 5, 5, 5, 4, 4)))
    assert [p.total for p in sheet.players] == [52, 52, 47]
    assert sheet.winners == ["Ann", "Bob"]
    assert "52" in example("symbiose", "total") and "47" in example("symbiose", "total")


MINUS = "\u2212"  # the examples print a real minus sign
FOUR = ["Andreas", "Bernd", "Carola", "Doris"]


def test_moves_example():
    sheet = score(fossil_game(FOUR, [{"move": "Andreas", "cost": 3, "take": "fish:1"}]))
    assert sheet.players[0].total == 27
    assert "27" in example("fossil", "moves")


def test_exchange_and_find_value_examples():
    assert (find_value([1, 1]), find_value([1, 1, 2])) == (4, 12)
    assert "4 × 3 = 12" in example("fossil", "exchange")
    assert find_value([2, 2, 1]) == 15
    assert "= 15" in example("fossil", "find_value")


@pytest.mark.parametrize(("entry_id", "fossil", "holdings", "small", "changes"), [
    ("payment", "trilobite", [[3, 2], [1, 1, 1], [], []], False, [14, 9, -2, -2]),
    ("ties", "sea_urchin", [[1, 1, 3], [1, 2, 2], [1, 1, 1], [], []], False,
     [17, 17, 9, -3, -3]),
    ("small_game", "ammonite", [[1, 1, 2, 2], [1, 1, 1, 1], []], True, [28, 4, -4]),
    ("end", "sea_lily", [[1, 2], [1], [], []], False, [10, 1, -2, -2]),
])
def test_evaluation_examples(entry_id, fossil, holdings, small, changes):
    result = evaluate(fossil, holdings, [30] * len(holdings), small_game=small)
    assert [result.changes.get(i, 0) for i in range(len(holdings))] == changes
    said = example("fossil", entry_id)
    names = ["Andreas", "Bernd", "Carola", "Doris", "Ernst"]
    for name, change in zip(names, changes, strict=False):
        assert f"{name} {change:+d}".replace("-", MINUS) in said


@pytest.mark.parametrize("file", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_every_line_of_the_example_sheets_opens_an_entry(file):
    data = json.loads((EXAMPLES / file).read_text(encoding="utf-8"))
    sheet = score(data)
    for player in sheet.players:
        for line in player.lines:
            entry_id = entry_for_line(data["game"], line)
            assert entry_id is not None and find(data["game"], entry_id, "en"), line


@pytest.mark.parametrize("lang", LANGS)
def test_the_cli_prints_every_entry_of_symbiose_and_fossil(capsys, lang):
    for game_id in ("symbiose", "fossil"):
        assert main(["rules", game_id, "--lang", lang]) == 0
        out = " ".join(capsys.readouterr().out.split())
        for entry in entries(game_id, lang):
            assert f"{entry.title} [{entry.id}]" in out
            for section in entry.sections:
                assert " ".join(section.text.split()) in out
    assert i18n.text("rules.rulings", lang=lang) in out
