"""The inputs that made the CLI crash, hang or say the wrong thing (issue 14), one test each.

Each answer is a problem with a place in the file, in the reader's language, on one printable
line; never a traceback. The fuzz tests (test_fuzz.py) look for more of the same.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from scorer import check, i18n
from scorer.cli import main
from scorer.loading import MAX_FILE_BYTES, read_game_file
from scorer.problems import GameFileError
from scorer.registry import GAMES, game_language
from scorer.render import problem_text
from tests.scorer.forest_shuffle.forests import table, tree
from tests.scorer.fossil.strategies import fossil_game
from tests.scorer.symbiose.tables import valid_table

EXAMPLES = Path(__file__).parents[2] / "examples"
FOSSIL = ["Ann", "Bob", "Cas", "Dee"]


def run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def write(tmp_path):
    def written(content: str | bytes | object) -> str:
        path = tmp_path / "game.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content if isinstance(content, str) else json.dumps(content),
                            encoding="utf-8")
        return str(path)
    return written


def invalid(path: str, *args: str) -> str:
    """Both commands refuse the file with exit status 2, nothing on stdout; the problems."""
    for command in ("validate", "score"):
        status, out, err = run(command, path, *args)
        assert (status, out) == (2, ""), err
    return err


def only_problem(data: object) -> tuple[str, str]:
    game, problems = check(data)
    assert game is None and len(problems) == 1, problems
    return problems[0].place, problems[0].key


# The four causes of crashes -------------------------------------------------------------------
@pytest.mark.parametrize("lang", i18n.languages())
def test_json_nested_1000_deep_is_a_problem_at_its_place_not_a_recursion_error(write, lang):
    """Past what Python's parser follows there is no data to walk: the text shows the place."""
    nested = "[" * 1000 + "]" * 1000
    path = write('{"version": 1, "game": "symbiose", "players": [[], {"a": 1, "b,[": ' + nested
                 + "}]}")
    place = 'players[1]["b,["]' + "[0]" * 29
    assert invalid(path, "--lang", lang) == (
        f"{place}: {i18n.text('file.too_deep', {'limit': 32}, lang)}\n")


def test_nesting_a_caller_hands_over_is_a_problem_at_its_place():
    data = valid_table(3)
    data["players"][0]["name"] = deep = []
    for _ in range(990):
        deep.append([])
        deep = deep[0]
    place, key = only_problem(data)
    assert key == "file.too_deep" and place.startswith("players[0].name[0][0]")


def test_an_integer_of_5000_digits_is_too_large_not_a_value_error(write):
    path = write('{"version": 1, "game": "fossil", "players": ["Ann", "Bob"], "start_score": '
                 + "9" * 5000 + "}")
    assert invalid(path) == "start_score: must be at most 999\n"
    assert only_problem({**fossil_game(["Ann", "Bob"]), "start_score": -10**5000}) == (
        "start_score", "file.too_small")


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize(("sign", "where"), [("", "holdings"), ("-", "holdings"), ("", "cost")])
def test_a_4300_digit_number_is_a_problem_at_its_place_in_every_language(write, lang, sign,
                                                                         where):
    """Past 64 bits pydantic found such a number only "invalid" (and Dutch once failed on that
    message): now it is too large, or not one of the card values, like any other."""
    digits = sign + "9" * 4300
    event = ({"evaluate": "ammonite", "holdings": {"Ann": ["N"], "Bob": [1]}}
             if where == "holdings" else {"move": "Ann", "cost": "N"})
    text = json.dumps(fossil_game(["Ann", "Bob"], [event])).replace('"N"', digits)
    shown = game_language("fossil", lang)  # English where Fossil has no edition
    place, message = (("log[0].holdings.Ann[0]", i18n.text("file.not_one_of",
                                                           {"expected": ["1", "2", "3"]}, shown))
                      if where == "holdings" else
                      ("log[0].cost", i18n.text("file.too_large", {"limit": 999}, shown)))
    assert invalid(write(text), "--lang", lang) == f"{place}: {message}\n"


@pytest.mark.parametrize(("game", "shown"), [([], "[…]"), ({}, "{…}"), (["fossil"], "[…]"),
                                             ({"a": 1}, "{…}"), (None, "null"), (3, "3")])
def test_a_list_or_object_as_game_is_an_unknown_game(write, game, shown):
    data = {**valid_table(3), "game": game}
    assert only_problem(data) == ("game", "file.unknown_game")
    assert invalid(write(data)) == (f'game: unknown game "{shown}": use one of symbiose, '
                                    "forest-shuffle, fossil\n")


def test_a_lone_surrogate_in_a_name_is_a_problem_at_that_name(write):
    """Decided: a lone surrogate is not text (it cannot be written as UTF-8, nor printed), so a
    name holding one is a problem at that name; so is any other string or key holding one."""
    data = valid_table(3)
    data["players"][1]["name"] = "Bob\ud800"
    assert only_problem(data) == ("players[1].name", "file.not_text")
    assert invalid(write(data)) == (
        "players[1].name: not valid text (it holds a lone surrogate)\n")
    fossil = fossil_game(["Ann", "Bob"], [{"adjust": "Ann", "points": 1, "note": "\udc00"}])
    assert only_problem(fossil) == ("log[0].note", "file.not_text")
    keyed = {**valid_table(3), "extra\ud800": 1}
    assert only_problem(keyed) == ('["extra\\ud800"]', "file.not_text")


# Accepted, but should not have been ---------------------------------------------------------
@pytest.mark.parametrize("version", [True, 1.0, "1", None, 2, [1]])
def test_the_version_is_the_integer_1(version):
    assert only_problem({**valid_table(3), "version": version}) == ("version", "file.version")


def _symbiose_card(text):
    data = valid_table(3)
    data["players"][0]["pond"][0][0] = text
    return data


def _fossil_move(**fields):
    return fossil_game(FOSSIL, [{"move": "Ann", "cost": 1, **fields}])


def _forest_cave(cave):
    return {**table([tree("linden")]), "players": [
        {"name": "Ann", "cave": cave, "forest": []}, {"name": "Bob", "forest": []}]}


# Every file the validator accepted and its own JSON Schema refused (found by the fuzz and an
# enumeration of near misses over the shipped examples); now both refuse them.
SCHEMA_REFUSES = {
    "symbiose card in upper case": _symbiose_card("FROG/PINK/2XPINK"),
    "symbiose card padded": _symbiose_card(" frog/pink/2xpink"),
    "symbiose card with a trailing space": _symbiose_card("frog/pink/2xpink "),
    "symbiose points true": _symbiose_card({"animal": "frog", "season": "pink",
                                            "points": True}),
    "fossil take empty": _fossil_move(take=""),
    "fossil take padded": _fossil_move(take=" ammonite:1"),
    "fossil cost as text": _fossil_move(cost="1"),
    "fossil cost true": _fossil_move(cost=True),
    "fossil start score as text": {**fossil_game(FOSSIL), "start_score": "30"},
    "fossil end 1.0": fossil_game(FOSSIL, [{"end": 1.0}]),
    "fossil end 1": fossil_game(FOSSIL, [{"end": 1}]),
    "fossil holdings true": fossil_game(FOSSIL, [{"evaluate": "fish",
                                                  "holdings": {"Ann": [True]}}]),
    "forest cave as text": _forest_cave("1"),
    "forest cave true": _forest_cave(True),
    "forest cave beyond 999": _forest_cave(1000),
    "version true": {**valid_table(3), "version": True},
}


@pytest.mark.parametrize("data", SCHEMA_REFUSES.values(), ids=SCHEMA_REFUSES.keys())
def test_what_the_schema_refuses_the_validator_refuses(data):
    schema = GAMES[data["game"]].file_model.model_json_schema()
    assert not jsonschema.Draft202012Validator(schema).is_valid(data)
    game, problems = check(data)
    assert game is None and problems


def test_the_validator_refuses_more_than_the_schema_can_say():
    """JSON Schema counts 1.0 as the integer 1; GAME_FILES.md's version is the integer 1."""
    data = {**valid_table(3), "version": 1.0}
    schema = GAMES["symbiose"].file_model.model_json_schema()
    assert jsonschema.Draft202012Validator(schema).is_valid(data)
    assert check(data)[0] is None


# Places in the file's own terms, messages in the reader's language ----------------------------
def _forest_left(value):
    return table([tree("linden", left=value)])


@pytest.mark.parametrize(("data", "place", "texts"), [
    (_forest_left({}), "players[0].forest[0].left.card",
     {"en": "required, but missing", "nl": "verplicht, maar ontbreekt",
      "de": "erforderlich, fehlt aber"}),
    (_forest_left([5]), "players[0].forest[0].left[0]",
     {"en": "must be a text", "nl": "moet een tekst zijn", "de": "muss ein Text sein"}),
    (_forest_left({"card": "european_hare", "x": 1}), "players[0].forest[0].left.x",
     {"en": 'unknown key "x"', "nl": 'onbekende sleutel "x"', "de": 'unbekannter Schlüssel "x"'}),
    (_symbiose_card({"animal": "frog", "season": "pink", "points": 2, "per": "x"}),
     "players[0].pond[0][0].per",
     {"en": "must be one of dragonfly, fish, snail, frog, pink, green, orange, blue",
      "de": "muss eines von dragonfly, fish, snail, frog, pink, green, orange, blue sein",
      "vi": "phải là một trong dragonfly, fish, snail, frog, pink, green, orange, blue"}),
    (_fossil_move(cost=2.0), "log[0].cost",
     {"en": "must be a whole number", "nl": "moet een geheel getal zijn",
      "de": "muss eine ganze Zahl sein"}),
    (fossil_game(FOSSIL, [{"end": 1}]), "log[0].end",
     {"en": "must be true or false", "nl": "moet true of false zijn"}),
])
def test_a_problem_names_the_users_field_in_the_chosen_language(data, place, texts):
    game, problems = check(data)
    assert game is None and [p.place for p in problems] == [place]
    for lang, text in texts.items():
        assert problem_text(problems[0], lang) == f"{place}: {text}"


def test_json_errors_speak_the_readers_language(write):
    status, _, err = run("validate", write('{"version": 1,'), "--lang", "de")
    assert (status, err) == (2, "Zeile 1, Spalte 15: kein gültiges JSON\n")
    assert invalid(write('{"version": NaN}')) == "version: NaN is not a number in JSON\n"


@pytest.mark.parametrize("lang", i18n.languages())
@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_problems_at_their_place_in_every_language(write, lang, constant):
    events = [{"move": "Ann", "cost": 1}, {"evaluate": "fish", "holdings": {"Bob": ["N"]}}]
    text = json.dumps(fossil_game(["Ann", "Bob"], events)).replace('"N"', constant)
    message = i18n.text("file.not_a_number", {"found": constant}, game_language("fossil", lang))
    assert invalid(write(text), "--lang", lang) == f"log[1].holdings.Bob[0]: {message}\n"


@pytest.mark.parametrize("number", [float("nan"), float("inf"), float("-inf")])
def test_nan_and_infinity_a_caller_hands_over_are_problems_at_their_place(number):
    data = fossil_game(["Ann", "Bob"], [{"adjust": "Bob", "points": number, "note": ""}])
    game, problems = check(data)
    assert game is None and [(p.place, p.key, p.params) for p in problems] == [
        ("log[0].points", "file.not_a_number", {"found": json.dumps(number)})]


# Names printed safely -----------------------------------------------------------------------
def test_a_newline_in_a_name_cannot_split_a_problem_line(write):
    data = fossil_game(["Ann\nlog[0]: fake", "Bob"], [{"move": "Zed", "cost": 1}])
    assert invalid(write(data)).splitlines() == [
        'log[0].move: "Zed" is not a player (Ann\\x0alog[0]: fake, Bob)']


def test_terminal_escapes_and_bidi_overrides_are_shown_not_obeyed(write):
    data = fossil_game(["\x1b[2J\x1b[31mAnn", "Bob\u202e"], [{"move": "\x9bZed", "cost": 1}])
    assert invalid(write(data)) == (
        'log[0].move: "\\x9bZed" is not a player (\\x1b[2J\\x1b[31mAnn, Bob\\u202e)\n')


def test_a_4_mb_name_is_echoed_as_one_short_line(write):
    data = fossil_game(["A" * 4_000_000, "Bob"])
    err = invalid(write(data))
    assert err == f'players[0]: the name "{"A" * 79}…" is longer than 40 characters\n'


def test_a_valid_name_with_control_characters_is_escaped_in_the_sheet_and_its_json(write):
    path = write(fossil_game(["Ann\x1b[5m", "Bob\u2066"], [{"end": True}]))
    status, out, _ = run("score", path)
    assert status == 0 and "\x1b" not in out and "\u2066" not in out
    assert " 1. Ann\\x1b[5m    30" in out.splitlines()  # aligned as shown
    status, out, _ = run("score", path, "--json")
    assert status == 0 and "\x1b" not in out and "\u2066" not in out
    assert [p["name"] for p in json.loads(out)["players"]] == ["Ann\x1b[5m", "Bob\u2066"]


# Only regular files, and not too large ------------------------------------------------------
def test_a_fifo_is_refused_at_once_instead_of_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "scorer", "validate", str(fifo)],
                          capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"{fifo} is not a regular file\n"


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/null", "."])
def test_a_device_or_a_folder_is_refused(path):
    assert invalid(path) == f"{path} is not a regular file\n"


def test_a_file_over_the_limit_is_refused_without_reading_it_whole(tmp_path):
    huge = tmp_path / "game.json"
    with huge.open("wb") as file:
        file.truncate(8 * 1024**3)  # sparse: 8 GB it claims, none of it on the disk
    with pytest.raises(GameFileError) as refused:
        read_game_file(huge)
    assert refused.value.problems[0].key == "file.too_big"
    assert invalid(str(huge), "--lang", "nl") == f"{huge} is groter dan 5 MB\n"


def test_a_file_at_the_limit_is_read(write):
    data = json.dumps(fossil_game(["Ann", "Bob"]))
    path = write(data + " " * (MAX_FILE_BYTES - len(data)))
    assert run("validate", path)[0] == 0


def test_the_apps_import_takes_every_file_the_scorer_reads():
    """And more: a backup holds a history of games (views/web/frames.py)."""
    from views.records.archive import MAX_BYTES

    assert MAX_BYTES >= MAX_FILE_BYTES


# Every message used here exists in every language of its game --------------------------------
@pytest.mark.parametrize("key", ["file.not_text", "file.too_deep", "file.too_big",
                                 "file.not_a_file", "file.not_a_number", "file.no_such_file",
                                 "file.not_permitted", "json_type.whole_number",
                                 "json_type.true_false", "symbiose.card_spelling"])
def test_new_messages_are_translated(key):
    for lang in ("en", "nl", "de", "vi"):
        assert key in i18n.own_messages(lang), lang
