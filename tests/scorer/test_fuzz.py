"""No crash on any input: game files fuzzed for all three games.

Legal files (dealt from each game's cards, played by Fossil's rules, and the shipped examples)
score without errors, and the published JSON Schema accepts them. Illegal files are mutations of
legal ones (wrong JSON types, keys missing or unknown, numbers out of range, padded or upper-case
ids, control characters, lone surrogates, deep nesting, huge numbers). For every file the
validator, the scorer and the CLI return instead of raising; every problem sits at a place that
is in the file (never a pydantic union tag) and reads as one printable line in every language of
its game; and a file the validator accepts, the JSON Schema accepts too (the schema cannot say
every rule, so the validator may refuse more, never less).

CI runs a short fuzz; `pytest tests/scorer/test_fuzz.py --hypothesis-profile=long` a long one
(the profile is registered in tests/conftest.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorer import check, i18n
from scorer.cli import main
from scorer.loading import MAX_DEPTH
from scorer.printable import json_text, printable
from scorer.registry import GAMES, game_language, game_type_of
from scorer.render import problem_text, sheet_json, sheet_text
from tests.scorer.forest_shuffle.forests import tables as forest_tables
from tests.scorer.fossil.strategies import legal_games as fossil_games
from tests.scorer.symbiose.tables import tables as symbiose_tables

EXAMPLES = [json.loads(path.read_text(encoding="utf-8"))
            for path in sorted((Path(__file__).parents[2] / "examples").glob("*.json"))]
LANGUAGES = ("en", "nl", "de", "vi")  # each game's problems in those it is translated into
SCHEMAS = {game: jsonschema.Draft202012Validator(GAMES[game].file_model.model_json_schema())
           for game in GAMES}
# What pydantic writes into error paths and messages; none of it may reach a reader.
INTERNALS = re.compile(r"tagged-union|function-|list\[|dict\[|literal\[|union\[|nullable|"
                       r"Input should|CardObject|PlayerFile|ForestEntry|card-text|card-object|"
                       r"one-card|validation error|pydantic")

# Each language's own messages, for "translated, not English filling a gap" (the games' terms
# are in: their modules are imported above).
TRANSLATED = {lang: set(i18n.own_messages(lang)) for lang in LANGUAGES}
LONG = settings.get_current_profile_name() == "long"


def fuzz(short: int) -> settings:
    """`short` examples in CI; the long profile's own count with --hypothesis-profile=long.
    No deadline and no speed health check: the machine may be busy."""
    relaxed = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
    return relaxed if LONG else settings(relaxed, max_examples=short)


# Legal files ----------------------------------------------------------------------------------
legal_files = st.one_of(symbiose_tables(), forest_tables(), fossil_games, st.sampled_from(EXAMPLES))


# Illegal files: a legal file with one thing changed ---------------------------------------------
def nested(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


ODD_TEXTS = ["", " ", "\ud800", "Ann\udfff", "\n", "Ann\nplayers[0]: fake problem",
             "\x1b[2J\x1b[31mred", "\u202eevil", "\x85", "\x00", "x" * 5000, "LINDEN", " linden",
             "Frog/Pink/2", "frog/pink/2 ", "sea_urchin:4", "sea_urchin:", ":", "null",
             "sapling ", "Ann", "base"]
odd_values = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6),
    st.sampled_from([10**40, -(10**40), 10**4000, 1.0, 2.5, -0.0, float("inf"), float("nan")]),
    st.sampled_from(ODD_TEXTS), st.text(max_size=12),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.sampled_from(["card", "move", "name", "x", "\ud800"]), st.integers(0, 3),
                    max_size=2),
    st.integers(MAX_DEPTH - 2, 600).map(nested),
)


def places(data: Any, place: tuple = ()) -> Iterator[tuple]:
    """Every place in the data below the top, containers before their contents."""
    items = data.items() if isinstance(data, dict) else enumerate(data) \
        if isinstance(data, list) else ()
    for key, value in items:
        yield (*place, key)
        yield from places(value, (*place, key))


def value_at(data: Any, place: tuple) -> Any:
    for part in place:
        data = data[part]
    return data


def changed(data: Any, place: tuple, change: Any) -> Any:
    """`data` with the value at `place` passed through `change` (a copy along the path only:
    the rest is shared). `change` returns DELETE to remove it."""
    if not place:
        return change(data)
    head, rest = place[0], place[1:]
    copy: Any = dict(data) if isinstance(data, dict) else list(data)
    new = changed(data[head], rest, change)
    if new is DELETE:
        del copy[head]
    else:
        copy[head] = new
    return copy


DELETE = object()


def tweaks(value: Any) -> list[Any]:
    """Near misses of a legal value: case, spaces, off by one, another JSON type."""
    if isinstance(value, bool):
        return [int(value), str(value).lower()]
    if isinstance(value, int):
        return [-value, value + 1, value - 1, value * 1000, float(value), str(value), True]
    if isinstance(value, str):
        return [value.upper(), value.title(), f" {value}", f"{value} ", value[:-1],
                value.replace("_", "-"), value.replace("_", " "), f"{value}\n", f"{value}\ud800"]
    if isinstance(value, list):
        return [[], value[1:], value + value[-1:], value[::-1], [value],
                {str(index): item for index, item in enumerate(value)}]
    return [[value], {**value, "x": 1}, {}]


# How often each kind of mutation is drawn: near misses most, as a person typing a file makes.
MUTATIONS = ["tweak"] * 4 + ["replace"] * 2 + ["swap", "delete", "extra", "top"]


@st.composite
def illegal_files(draw: st.DrawFn) -> Any:
    """A legal file with one mutation (which now and then leaves it legal: an even number of
    players in Symbiose, a card swapped for another)."""
    data = draw(legal_files)
    where = draw(st.sampled_from(list(places(data))))
    kind = draw(st.sampled_from(MUTATIONS))
    if kind == "top":
        return draw(st.one_of(odd_values, st.sampled_from([[data], "version 1"])))
    if kind == "replace":
        new = draw(odd_values)
        return changed(data, where, lambda _: new)
    if kind == "tweak":
        new = draw(st.sampled_from(tweaks(value_at(data, where))))
        return changed(data, where, lambda _: new)
    if kind == "swap":  # a value from elsewhere in the file: a card where a name belongs
        new = value_at(data, draw(st.sampled_from(list(places(data)))))
        return changed(data, where, lambda _: new)
    if kind == "delete":
        return changed(data, where, lambda _: DELETE) if isinstance(where[-1], str) else \
            changed(data, where[:-1], lambda items: items[:where[-1]] + items[where[-1] + 1:])
    key = draw(st.sampled_from(["middle", "Version", "cards", "\ud800", "x\ny", "players "]))
    value = draw(odd_values)
    container = where if isinstance(value_at(data, where), dict) else where[:-1]
    if not isinstance(value_at(data, container), dict):
        container = ()
    return changed(data, container, lambda found: {**found, key: value})


# The properties ------------------------------------------------------------------------------
def assert_problems_are_placed_and_readable(data: Any, problems: list) -> None:
    game_id = data.get("game") if isinstance(data, dict) else None
    languages = [lang for lang in LANGUAGES if game_id not in GAMES
                 or game_language(game_id, lang) == lang]
    for found in problems:
        assert_in_file(data, found)
        assert found.key != "file.invalid", found  # a pydantic error type without a message
        for lang in languages:
            assert found.key in TRANSLATED[lang], (lang, found.key)
            line = problem_text(found, lang)
            assert printable(line, limit=None) == line, line  # one line, nothing acting
            assert not INTERNALS.search(line), line
            assert len(line) < 1000, line


def assert_in_file(data: Any, found: Any) -> None:
    """The place names something in the file: every step exists, but a last key may be one
    that is missing (or unknown) in an object of the file."""
    if not found.path:
        assert not isinstance(data, dict) or found.key.startswith("file."), found
        return
    cursor = data
    for part in found.path[:-1]:
        cursor = cursor[part]
    last = found.path[-1]
    assert (isinstance(cursor, dict) and isinstance(last, str)) or \
        (isinstance(cursor, list) and isinstance(last, int) and 0 <= last < len(cursor)), found


def assert_scores_and_prints(game: Any, every_language: bool = True) -> None:
    sheet = game_type_of(game).score(game)
    for lang in GAMES[sheet.game].languages if every_language else ("en",):
        text = sheet_text(sheet, lang)
        assert all(printable(line, limit=None) == line for line in text.splitlines()), text
        json_text(sheet_json(sheet, lang)).encode("utf-8")


def schema_accepts(data: Any) -> bool:
    return SCHEMAS[data["game"]].is_valid(data)


@fuzz(30)
@given(legal_files)
def test_legal_files_are_valid_score_and_the_schema_agrees(data):
    game, problems = check(data)
    assert game is not None
    assert [p for p in problems if p.severity == "error"] == []
    assert_problems_are_placed_and_readable(data, problems)  # Fossil's warnings
    assert schema_accepts(data)
    assert_scores_and_prints(game)


@fuzz(200)
@given(illegal_files())
def test_no_file_makes_the_validator_fail_and_every_problem_has_a_readable_place(data):
    game, problems = check(data)
    errors = [p for p in problems if p.severity == "error"]
    assert (game is None) == bool(errors)
    assert_problems_are_placed_and_readable(data, problems)
    if game is not None:  # the validator never accepts what its own schema refuses
        assert schema_accepts(data), problems
        assert_scores_and_prints(game, every_language=False)  # the legal files' test does


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def game_path(tmp_path_factory):
    return tmp_path_factory.mktemp("fuzz") / "game.json"


@fuzz(40)
@given(data=illegal_files(), lang=st.sampled_from(LANGUAGES[:3]))
def test_the_cli_answers_every_file_with_a_sheet_or_problems_never_a_traceback(game_path, data,
                                                                               lang):
    game_path.write_text(json.dumps(data), encoding="utf-8")  # lone surrogates as \ud800
    status, out, err = run_cli("score", str(game_path), "--json", "--lang", lang)
    assert status in (0, 2)
    if status == 2:
        assert out == "" and err != ""
        assert all(printable(line, limit=None) == line for line in err.splitlines()), err
    else:
        assert json.loads(out)["game"] == data["game"]
    status_validate, out, err = run_cli("validate", str(game_path), "--lang", lang)
    assert status_validate == status
    assert all(printable(line, limit=None) == line for line in (out + err).splitlines())
