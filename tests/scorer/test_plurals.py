"""Counted messages take the plural form CLDR gives each language, in the scorer and the app."""

import json
import re
from pathlib import Path

import pytest
from babel.plural import PluralRule

from scorer import i18n
from scorer.plurals import plural_rule
from views.text import i18n as views_i18n

ROOT = Path(__file__).parents[2]
CATALOGUES = [ROOT / "scorer" / "locales", ROOT / "scorer" / "forest_shuffle" / "locales",
              ROOT / "views" / "locales"]
LANGS = ("en", "nl", "de")

# Parameters that are a number of things. A message that shows one right before a word (in
# English) says how many of something there are, so it needs plural forms in every language...
COUNTS = {"count", "points", "total", "score", "max", "limit", "needed", "turns", "pieces",
          "at_least", "cards", "filled", "taken", "shared", "best_other", "bees", "saplings",
          "passed"}
# ...unless that word is not what is counted: "{count} left", "{points} from Bob", "at least
# {at_least} needed", "{count} in the base game", "{filled} of {total} cards", "{limit} on the
# board", "3 wins ({shared} shared)".
NOT_COUNTED = {"left", "from", "to", "per", "in", "of", "needed", "would", "split", "at", "if",
               "itself", "is", "with", "worth", "on", "shared", "gedeeld", "geteilt"}
COUNTED_FIELD = re.compile(r"\{(\w+)(?::[^}]*)?\} (\w+)")


def catalogue(folder: Path, lang: str) -> dict:
    return json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))


def counted_params(template: str) -> set[str]:
    return {name for name, word in COUNTED_FIELD.findall(template)
            if name in COUNTS and word not in NOT_COUNTED}


def counted_messages() -> list[tuple[Path, str, set[str]]]:
    found = []
    for folder in CATALOGUES:
        for key, message in catalogue(folder, "en").items():
            params = set().union(*(counted_params(t) for t in i18n.forms(message)))
            if params:
                found.append((folder, key, params))
    return found


def test_the_plural_rules_are_babels_cldr_rules_of_every_language():
    """scorer/plural_rules.json spares loading Babel's locale data; it must say what Babel says
    (after a Babel upgrade, paste the JSON below into it)."""
    from babel.core import Locale

    shipped = json.loads((ROOT / "scorer" / "plural_rules.json").read_text(encoding="utf-8"))
    babels = {lang: Locale.parse(lang).plural_form.rules for lang in i18n.languages()}
    assert shipped == babels, json.dumps(babels, indent=2)


def test_our_plural_rules_answer_as_babels_for_every_language_we_ship():
    from babel.core import Locale

    for lang in i18n.languages():
        babels = Locale.parse(lang).plural_form
        ours = plural_rule(babels.rules)
        assert [ours(n) for n in range(2_000)] == [babels(n) for n in range(2_000)], lang


def test_our_plural_rules_answer_as_babels_for_every_rule_babel_knows():
    """A language added later brings rules of its own: every distinct rule set in CLDR."""
    from babel.core import Locale, localedata

    rule_sets = {json.dumps(Locale.parse(name).plural_form.rules, sort_keys=True)
                 for name in localedata.locale_identifiers()}
    for rules in map(json.loads, rule_sets):
        babels, ours = PluralRule(rules), plural_rule(rules)
        assert [ours(n) for n in range(300)] == [babels(n) for n in range(300)], rules


def test_the_rule_finds_the_counted_messages():
    keys = {key for _, key, _ in counted_messages()}
    assert {"sheet.players", "cli.problem_count", "forest.cave", "fossil.whole_log",
            "forest_shuffle.threshold_distinct_species", "totals.player"} <= keys
    assert "fossil.left" not in keys  # "{count} left": nothing after the number is counted


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_message_has_plural_forms_in_every_language(lang):
    wrong = []
    for folder, key, params in counted_messages():
        message = catalogue(folder, lang)[key]
        selected = set(message) if isinstance(message, dict) else set()
        forms = next(iter(message.values())) if isinstance(message, dict) else {}
        if not params & selected or not {"one", "other"} <= set(forms):
            wrong.append(key)
    assert wrong == []


@pytest.mark.parametrize("lang", LANGS)
def test_plural_forms_are_the_categories_of_the_language(lang):
    """A form CLDR does not have for the language could never be shown: a typo, or a gap."""
    categories = {i18n.plural_category(lang, n) for n in range(0, 200)}
    for folder in CATALOGUES:
        for key, message in catalogue(folder, lang).items():
            if isinstance(message, dict):
                (forms,) = message.values()
                assert set(forms) == categories, key


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "Forest Shuffle · 1 player", "Forest Shuffle · 3 players"),
    ("nl", "Forest Shuffle · 1 speler", "Forest Shuffle · 3 spelers"),
    ("de", "Mischwald · 1 Spieler", "Mischwald · 3 Spieler"),
])
def test_players_on_the_sheet(lang, one, many):
    def line(count):
        return (f"{i18n.text('game.forest-shuffle', lang=lang)} · "
                f"{i18n.text('sheet.players', {'count': count}, lang)}")
    assert (line(1), line(3)) == (one, many)


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 problem", "2 problems"),
    ("nl", "1 probleem", "2 problemen"),
    ("de", "1 Problem", "2 Probleme"),
])
def test_problem_count(lang, one, many):
    assert i18n.text("cli.problem_count", {"count": 1}, lang) == one
    assert i18n.text("cli.problem_count", {"count": 2}, lang) == many


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "1 different bird species: Goshawk → 0",
     "2 different bird species: Goshawk, Eurasian Jay → 0"),
    ("nl", "1 verschillende soort vogel: Havik → 0",
     "2 verschillende soorten vogel: Havik, Vlaamse gaai → 0"),
    ("de", "1 verschiedene Art (Vogel): Habicht → 0",
     "2 verschiedene Arten (Vogel): Habicht, Eichelhäher → 0"),
])
def test_different_species(lang, one, many):
    import scorer.forest_shuffle  # noqa: F401  (its species names come with the game)

    def text(cards):
        return i18n.text("forest_shuffle.table_distinct_species",
                         {"count": len(cards), "symbol": "bird", "cards": cards, "points": 0}, lang)
    assert text(["goshawk"]) == one
    assert text(["goshawk", "eurasian_jay"]) == many


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "Winner: Ann", "Shared victory: Ann, Bob"),
    ("nl", "Winnaar: Ann", "Gedeelde overwinning: Ann, Bob"),
    ("de", "Sieger: Ann", "Geteilter Sieg: Ann, Bob"),
])
def test_a_list_counts_its_items(lang, one, many):
    assert i18n.text("sheet.winners", {"names": ["Ann"]}, lang) == one
    assert i18n.text("sheet.winners", {"names": ["Ann", "Bob"]}, lang) == many


@pytest.mark.parametrize(("lang", "one", "many"), [
    ("en", "Cave: 1 card, 1 point", "Cave: 4 cards, 4 points"),
    ("nl", "Grot: 1 kaart, 1 punt", "Grot: 4 kaarten, 4 punten"),
    ("de", "Höhle: 1 Karte, 1 Punkt", "Höhle: 4 Karten, 4 Punkte"),
])
def test_the_app_uses_the_same_plural_forms(lang, one, many):
    def cave(count):
        points = views_i18n.ui("pond.points", lang, points=count)
        return views_i18n.ui("forest.cave", lang, count=count, points=points)
    assert (cave(1), cave(4)) == (one, many)


def test_a_second_count_may_pick_within_a_form():
    nested = {"count": {"one": {"points": {"one": "{count} card, {points} point",
                                           "other": "{count} card, {points} points"}},
                        "other": "{count} cards, {points} points"}}
    assert i18n.template(nested, {"count": 1, "points": 2}, "en") == "{count} card, {points} points"
    assert i18n.forms(nested) == ["{count} card, {points} point", "{count} card, {points} points",
                                  "{count} cards, {points} points"]


def test_a_missing_category_falls_back_to_other():
    assert i18n.template({"count": {"other": "{count} x"}}, {"count": 1}, "de") == "{count} x"
