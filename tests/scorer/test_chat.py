"""The short result for a chat: game, variant and date, then the ranking with each total and
its subtotals on one line a player (team games: each team's total, then its players)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from scorer import i18n, load_game, score
from scorer.chat import chat_text

EXAMPLES = Path(__file__).parents[2] / "examples"
PLAYED = date(2026, 12, 2)
SARA = "\u0633\u0627\u0631\u0629"  # Arabic, written right to left


def example(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def short(file: dict, lang: str = "en", played: date | None = PLAYED) -> str:
    return chat_text(score(load_game(file)), file, played, lang)


def test_a_tie_shares_the_place_and_every_subtotal_is_on_the_line():
    assert short(example("symbiose-standard.json")) == (
        "Symbiose · standard game · Dec 2, 2026\n"
        "1. Ann 45 (left 10, middle 26, right 9)\n"
        "1. Bob 45 (left 15, middle 22, right 8)\n"
        "3. Cas 42 (left 11, middle 24, right 7)\n")


def test_a_team_game_ranks_the_teams_with_their_players_under_them():
    assert short(example("symbiose-team.json")) == (
        "Symbiose · team game · Dec 2, 2026\n"
        "1. Ann + Cas 93\n"
        "   Ann 49 (left 14, middle 26, right 9)\n"
        "   Cas 44 (left 11, middle 24, right 9)\n"
        "2. Bob + Dee 80\n"
        "   Bob 41 (left 9, middle 22, right 10)\n"
        "   Dee 39 (left 9, middle 25, right 5)\n")


def test_a_duel_says_so():
    assert short(example("symbiose-duel.json")).startswith(
        "Symbiose · duel · Dec 2, 2026\n1. Ann 51")


def test_forest_shuffle_names_its_boxes_beyond_the_base_game():
    file = example("forest-shuffle-alpine-woodland-edge-3-players.json")
    assert short(file).split("\n")[:2] == [  # no boxes named: every box may be in play
        "Forest Shuffle · Dec 2, 2026",
        "1. Bram 171 (trees 58, top 15, bottom 8, sides 85, cave 5)"]
    file["boxes"] = ["base", "alpine", "woodland_edge"]
    assert short(file).startswith("Forest Shuffle · with Alpine, Woodland Edge · Dec 2, 2026\n")
    assert short(file, "de").startswith("Mischwald · mit Alpin, Waldrand · 02.12.2026\n")
    base = example("forest-shuffle-base-2-players.json")
    base["boxes"] = ["base"]
    assert short(base).startswith("Forest Shuffle · Dec 2, 2026\n1. Ann 122 (")


def test_fossil_shows_its_start_score_and_leaves_out_what_nobody_scored():
    assert short(example("fossil-3-players.json")) == (
        "Fossil · 2\u20133 player rules · Dec 2, 2026\n"
        "1. Andreas 43 (start 30, moves -17, finds 30, received 3, paid -3)\n"
        "2. Carola 31 (start 30, moves -18, finds 20, received 2, paid -3)\n"
        "3. Bernd 29 (start 30, moves -20, finds 18, received 2, paid -1)\n")
    assert short(example("fossil-4-players.json")).startswith("Fossil · standard rules · ")


@pytest.mark.parametrize("name", sorted(path.name for path in EXAMPLES.glob("*.json")))
def test_each_line_adds_up_to_its_total_and_the_text_stays_short(name):
    file = example(name)
    sheet = score(load_game(file))
    text = chat_text(sheet, file, PLAYED)
    lines = text.splitlines()
    assert len(lines) == 1 + len(sheet.players) + len(sheet.teams)
    assert len(text) < 600  # a chat message, not a document
    for player in sheet.players:
        [line] = [line for line in lines if "(" in line
                  and line.lstrip(" 0123456789.").startswith(player.name + " ")]
        assert f" {player.total} (" in line
        subtotals = line.rsplit("(", 1)[1].rstrip(")").split(", ")
        assert sum(int(part.rsplit(" ", 1)[1]) for part in subtotals) == player.total


@pytest.mark.parametrize(("lang", "heading", "first"), [
    ("en", "Symbiose · standard game · Dec 2, 2026", "1. Ann 45 (left 10, middle 26, right 9)"),
    ("nl", "Symbiose · gewoon spel · 2 dec 2026", "1. Ann 45 (links 10, midden 26, rechts 9)"),
    ("de", "Symbiose · Standardspiel · 02.12.2026", "1. Ann 45 (links 10, Mitte 26, rechts 9)"),
    ("vi", "Symbiose · chế độ thông thường · 2 thg 12, 2026",
     "1. Ann 45 (cột trái 10, cột giữa 26, cột phải 9)"),
])
def test_each_language_has_its_own_words_and_dates(lang, heading, first):
    assert short(example("symbiose-standard.json"), lang).split("\n")[:2] == [heading, first]


def test_a_game_without_a_vietnamese_edition_is_in_english_as_a_whole():
    assert short(example("fossil-3-players.json"), "vi") == short(example("fossil-3-players.json"))


def test_without_a_date_the_heading_has_none():
    assert short(example("symbiose-duel.json"), played=None).startswith("Symbiose · duel\n")


def test_names_of_any_script_show_as_written_and_right_to_left_names_keep_their_total():
    file = example("symbiose-standard.json")
    for player, name in zip(file["players"], ["Ann 🦊👨‍👩‍👧", SARA, "Bob\u202e"], strict=True):
        player["name"] = name
    lines = short(file).splitlines()
    assert lines[1].startswith("1. Ann 🦊👨‍👩‍👧 45 (")
    assert lines[2].startswith(f"1. \u2068{SARA}\u2069 45 (")  # isolated: 45 stays after it
    assert lines[3].startswith("3. Bob\\u202e 42 (")  # an override is shown, never obeyed


def test_every_language_has_the_words():
    for lang in i18n.languages():
        messages = i18n.own_messages(lang)
        assert {"chat.boxes", "chat.variant.symbiose.team", "chat.variant.fossil.small"} \
            <= set(messages), lang
