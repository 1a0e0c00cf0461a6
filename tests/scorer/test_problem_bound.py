"""Problems a person reads are bounded: the first MAX_SHOWN_PROBLEMS, then "and N more".

A file of 200,000 players once echoed 124 MB of problems to stderr. GAME_FILES.md's `--json`
sheet still lists every warning in `problems`: it is data for a program, not lines to read.
"""

import json

import pytest

from scorer import check, i18n
from scorer.cli import main
from scorer.problems import MAX_SHOWN_PROBLEMS, first_shown, problem
from scorer.registry import game_language
from tests.scorer.fossil.strategies import fossil_game


@pytest.fixture
def write(tmp_path):
    def written(data: object) -> str:
        path = tmp_path / "game.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        return str(path)
    return written


def run(capsys, *args: str) -> tuple[int, list[str], list[str]]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def nameless(count: int) -> dict:
    """A Fossil file whose every player lacks a name: a problem per player."""
    return fossil_game([""] * count)


def test_a_file_of_200000_players_shows_50_problems_and_counts_the_rest(capsys, write):
    status, out, err = run(capsys, "validate", write(nameless(200_000)))
    assert (status, out) == (2, [])
    assert len(err) == MAX_SHOWN_PROBLEMS + 1 == 51
    assert err[:2] == ["players[0]: a player needs a name", "players[1]: a player needs a name"]
    assert err[49] == "players[49]: a player needs a name"
    assert err[50].startswith("and ") and err[50].endswith(" more problems")
    status, out, score_err = run(capsys, "score", write(nameless(200_000)), "--json")
    assert (status, out, score_err) == (2, [], err)


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize("players", [MAX_SHOWN_PROBLEMS, MAX_SHOWN_PROBLEMS + 1,
                                     MAX_SHOWN_PROBLEMS + 7])
def test_the_rest_is_counted_in_the_readers_language(capsys, write, lang, players):
    _, _, err = run(capsys, "validate", write(nameless(players)), "--lang", lang)
    _, problems = check(nameless(players))
    more = len(problems) - MAX_SHOWN_PROBLEMS
    shown = game_language("fossil", lang)
    expected = [i18n.text("cli.more_problems", {"count": more}, shown)] if more > 0 else []
    assert err[MAX_SHOWN_PROBLEMS:] == expected


def test_the_rest_takes_its_plural_form():
    assert [i18n.text("cli.more_problems", {"count": n}, lang)
            for lang in ("en", "nl", "de", "vi") for n in (1, 9)] == [
        "and 1 more problem", "and 9 more problems",
        "en nog 1 probleem", "en nog 9 problemen",
        "und 1 weiteres Problem", "und 9 weitere Probleme",
        "và 1 vấn đề khác", "và 9 vấn đề khác"]


OUT_OF_TURN = fossil_game(["Ann", "Bob"], [{"move": "Bob", "cost": 1}] * 60, start_score=999)


def test_warnings_are_bounded_on_the_sheet_and_by_validate_but_all_in_the_json(capsys, write):
    path = write(OUT_OF_TURN)  # 59 moves out of turn: warnings, the file scores
    status, out, _ = run(capsys, "validate", path)
    assert status == 0 and len(out) == 1 + MAX_SHOWN_PROBLEMS + 1
    assert out[-1] == "and 9 more problems"
    _, sheet, _ = run(capsys, "score", path)
    assert sheet[-1] == "  and 9 more problems"
    assert sum(line.startswith("  log[") for line in sheet) == MAX_SHOWN_PROBLEMS
    _, out, _ = run(capsys, "score", path, "--json")
    assert len(json.loads("\n".join(out))["problems"]) == 59


def test_first_shown_keeps_the_files_order():
    problems = [problem(("players", index), "players.name_empty") for index in range(5)]
    assert first_shown(problems, limit=3) == (problems[:3], 2)
    assert first_shown(problems, limit=5) == (problems, 0)


def test_a_list_a_problem_echoes_is_cut(capsys, write):
    """Each of these problems listed all 200,000 players: 1.7 MB a line."""
    names = [f"p{index}" for index in range(200_000)]
    _, _, err = run(capsys, "validate", write(fossil_game(names, [{"move": "Zed", "cost": 1}]
                                                          * 60)))
    assert len(err) == MAX_SHOWN_PROBLEMS + 1
    assert err[1] == f'log[0].move: "Zed" is not a player ({", ".join(names[:19])}, …)'
    assert max(map(len, err)) == len(err[1]) + 1  # log[10] and after
