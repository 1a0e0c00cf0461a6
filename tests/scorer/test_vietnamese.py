"""Vietnamese, which only Symbiose has an edition in: a Symbiose table's sheet, problems and rules
in Vietnamese; every other game in English as a whole, never half-translated."""

import json
import re
from pathlib import Path

import pytest

from scorer import i18n
from scorer.cli import main
from scorer.registry import GAMES, game_language
from tests.scorer.symbiose.tables import valid_table

SCORER = Path(__file__).parents[2] / "scorer"
EXAMPLES = Path(__file__).parents[2] / "examples"
RAW_KEY = re.compile(r"\b(?:rules|file|sheet|symbiose|fossil|forest_shuffle)\.[a-z_]+|[{}]")
VIETNAMESE = re.compile("[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]")
# What a Symbiose table shows of the scorer's own catalogue (scorer/locales): the messages
# every game shares (file, players, sheet, CLI, game names, rules headings) and Symbiose's.
SYMBIOSE_MESSAGES = ("file.", "players.", "sheet.", "cli.", "game.", "symbiose.", "term.", "row.",
                     "column.", "mode.", "rules.symbiose.", "rules.no_cards", "rules.scoring",
                     "rules.rulings", "category.left", "category.middle", "category.right")


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_only_symbiose_speaks_vietnamese():
    assert [game for game in GAMES if "vi" in GAMES[game].languages] == ["symbiose"]
    assert {game_language(game, "vi") for game in GAMES} == {"vi", "en"}
    assert game_language("fossil", "vi") == "en" and game_language("fossil", "nl") == "nl"
    assert all(set(GAMES[game].languages) <= set(i18n.languages()) for game in GAMES)


def test_vietnamese_translates_every_message_a_symbiose_table_shows():
    """A message added to the English catalogue for Symbiose (or for every game) fails here
    until Vietnamese has it too."""
    english = json.loads((SCORER / "locales" / "en.json").read_text(encoding="utf-8"))
    shown = {key for key in english if key.startswith(SYMBIOSE_MESSAGES)}
    assert "symbiose.counts_player" in shown and "rules.symbiose.ruling.left_column" in shown
    assert sorted(shown - set(i18n.own_messages("vi"))) == []


def test_counted_vietnamese_messages_use_the_languages_own_categories():
    categories = {i18n.plural_category("vi", n) for n in range(200)}
    for key, message in i18n.own_messages("vi").items():
        if isinstance(message, dict):
            (forms,) = message.values()
            assert set(forms) <= categories, key


def test_symbiose_sheet_in_vietnamese(capsys, tmp_path):
    status, out, err = run(capsys, "score", str(EXAMPLES / "symbiose-standard.json"),
                           "--lang", "vi")
    assert (status, err) == (0, "")
    assert out.startswith("Symbiose · 3 người chơi\n")
    assert "Đồng chiến thắng: Ann, Bob" in out
    assert ("hàng trên, cột bên trái · 2 điểm mỗi lá màu hồng × 3 trong Ao của Bob = 6"
            in out)
    assert not RAW_KEY.search(out)
    _, single, _ = run(capsys, "score", str(EXAMPLES / "symbiose-duel.json"), "--lang", "vi")
    assert "Người thắng: Ann\n" in single and "trong Sông = " in single


def test_symbiose_json_and_problems_in_vietnamese(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(valid_table(3)), encoding="utf-8")
    _, out, _ = run(capsys, "score", str(path), "--json", "--lang", "vi")
    assert json.loads(out)["players"][0]["lines"][0]["text"] == (
        "hàng trên, cột bên trái · 2 điểm mỗi lá màu hồng × 3 trong Ao của Bob = 6")
    broken = valid_table(3)
    broken["players"][0]["pond"][0][0] = "toad/pink/5"
    path.write_text(json.dumps(broken), encoding="utf-8")
    status, _, err = run(capsys, "validate", str(path), "--lang", "vi")
    assert status == 2
    assert 'con vật không rõ "toad"' in err


def test_symbiose_rules_in_vietnamese_keep_our_ruling_on_the_left_column(capsys):
    status, out, err = run(capsys, "rules", "symbiose", "--lang", "vi")
    assert (status, err) == (0, "")
    flat = " ".join(out.split())
    assert flat.startswith("Symbiose: cách tính điểm")
    assert ("Lá bài điểm thay đổi ở cột bên trái đếm các lá phù hợp trong toàn bộ Ao (8 lá) "
            "của người chơi bên trái bạn") in flat
    assert '"2 lá bài bên phải của nó": đó là lỗi dịch' in flat
    assert not RAW_KEY.search(out)


@pytest.mark.parametrize("example", ["fossil-4-players.json", "forest-shuffle-base-2-players.json"])
def test_games_without_a_vietnamese_edition_are_english_as_a_whole(capsys, example):
    _, english, _ = run(capsys, "score", str(EXAMPLES / example))
    status, out, err = run(capsys, "score", str(EXAMPLES / example), "--lang", "vi")
    assert (status, err, out) == (0, "", english)
    _, english_json, _ = run(capsys, "score", str(EXAMPLES / example), "--json")
    _, out_json, _ = run(capsys, "score", str(EXAMPLES / example), "--json", "--lang", "vi")
    assert out_json == english_json
    _, valid, _ = run(capsys, "validate", str(EXAMPLES / example), "--lang", "vi")
    assert valid.startswith("valid ")


@pytest.mark.parametrize(("game", "card"), [("fossil", None), ("forest-shuffle", None),
                                            ("forest-shuffle", "lynx")])
def test_rules_of_games_without_a_vietnamese_edition_are_english(capsys, game, card):
    args = ["rules", game, *([card] if card else [])]
    _, english, _ = run(capsys, *args)
    status, out, err = run(capsys, *args, "--lang", "vi")
    assert (status, err, out) == (0, "", english)
    assert not VIETNAMESE.search(out)


def test_an_invalid_fossil_file_is_refused_in_english(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"version": 1, "game": "fossil", "players": []}),
                    encoding="utf-8")
    status, out, err = run(capsys, "validate", str(path), "--lang", "vi")
    assert (status, out) == (2, "")
    assert "Fossil takes 2 to 6 players, not 0" in err and not VIETNAMESE.search(err)


def test_a_file_of_no_known_game_is_refused_in_the_readers_language(capsys, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"version": 1, "game": "chess"}), encoding="utf-8")
    status, _, err = run(capsys, "validate", str(path), "--lang", "vi")
    assert status == 2
    assert 'trò chơi không rõ "chess"' in err
