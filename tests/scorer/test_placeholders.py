"""Every translation asks for exactly the fields its English message is given.

A field English does not name is never given, so the message fails (Dutch "file.invalid" once
asked for a {detail}: a KeyError on a Dutch host's phone); a field English names and a
translation drops loses what the message is about. Checked for every catalogue file, the
scorer's (and its games') and the app's, over all plural forms of a counted message.
"""

import json
import string
from pathlib import Path

import pytest

from scorer import i18n

ROOT = Path(__file__).parents[2]
FOLDERS = sorted({path.parent for pattern in ("scorer/locales", "scorer/*/locales",
                                              "views/locales")
                  for path in ROOT.glob(f"{pattern}/{i18n.DEFAULT_LANGUAGE}.json")})
TRANSLATIONS = [path for folder in FOLDERS for path in sorted(folder.glob("*.json"))
                if path.stem != i18n.DEFAULT_LANGUAGE]


def fields(message: i18n.Message) -> set[str]:
    """The fields a message's templates name, over all its plural forms, as written
    (`{target!t:term}`: a conversion or term family is part of what the field shows)."""
    found = set()
    for template in i18n.forms(message):
        for _, name, spec, conversion in string.Formatter().parse(template):
            if name is not None:
                found.add(name + (f"!{conversion}" if conversion else "")
                          + (f":{spec}" if spec else ""))
    return found


def counted_by(message: i18n.Message) -> str | None:
    """The parameter whose count picks a counted message's form."""
    return next(iter(message)) if isinstance(message, dict) else None


def mismatches(path: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Each message of `path` whose fields differ from English: (English's, its own)."""
    english = json.loads((path.parent / f"{i18n.DEFAULT_LANGUAGE}.json").read_text("utf-8"))
    own = json.loads(path.read_text("utf-8"))
    return {key: (sorted(fields(english[key])), sorted(fields(message)))
            for key, message in own.items() if key in english
            and fields(message) != fields(english[key])}


def test_every_catalogue_is_checked():
    assert {folder.relative_to(ROOT).as_posix() for folder in FOLDERS} >= {
        "scorer/locales", "scorer/forest_shuffle/locales", "views/locales"}
    assert len(TRANSLATIONS) >= 3 * len(FOLDERS) - 1  # nl, de, vi (Forest Shuffle: no vi)


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_translation_names_exactly_the_fields_of_its_english_message(path):
    assert mismatches(path) == {}


@pytest.mark.parametrize("path", TRANSLATIONS, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_a_counted_translation_is_counted_by_what_english_counts(path):
    english = json.loads((path.parent / f"{i18n.DEFAULT_LANGUAGE}.json").read_text("utf-8"))
    own = json.loads(path.read_text("utf-8"))
    wrong = {key: (counted_by(english[key]), counted_by(message)) for key, message in own.items()
             if key in english and isinstance(message, dict)
             and counted_by(message) != counted_by(english[key])}
    assert wrong == {}


def test_a_mismatch_is_found_in_any_plural_form(tmp_path):
    (tmp_path / "en.json").write_text(json.dumps({
        "a": {"count": {"one": "one card", "other": "{count} cards of {name}"}},
        "b": "{target!t:term} is {count}"}), "utf-8")
    (tmp_path / "nl.json").write_text(json.dumps({
        "a": {"count": {"one": "één kaart van {name}", "other": "{count} kaarten van {detail}"}},
        "b": "{target} is {count}"}), "utf-8")
    assert mismatches(tmp_path / "nl.json") == {
        "a": (["count", "name"], ["count", "detail", "name"]),
        "b": (["count", "target!t:term"], ["count", "target"])}
