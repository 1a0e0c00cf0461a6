"""Message catalogues: every key the scorer emits has a message in every language."""

import re
from pathlib import Path

import pytest

from scorer import i18n
from scorer.registry import GAMES

SCORER = Path(__file__).parents[2] / "scorer"
KEY = re.compile(r'"((?:file|players|symbiose|fossil|forest_shuffle)\.[a-z_]+)"')
# Keys built at run time from a prefix (f"symbiose.counts_{kind}") are listed by their prefix.
DYNAMIC = {"symbiose.counts_own", "symbiose.counts_player", "symbiose.counts_river"}


def keys_in_code() -> set[str]:
    found = set(DYNAMIC)
    for path in SCORER.rglob("*.py"):
        found |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return found


def test_languages_are_the_catalogue_files():
    assert {"en", "nl"} <= set(i18n.languages())


@pytest.mark.parametrize("lang", i18n.languages())
def test_every_key_in_the_code_has_a_message(lang):
    own = i18n.catalogue(lang)
    missing = sorted(key for key in keys_in_code() if key not in own)
    assert missing == []


# Languages every game is translated into; one only some games have (Vietnamese, for Symbiose)
# translates what those games show (tests/scorer/test_vietnamese.py).
EVERY_GAMES = [lang for lang in i18n.languages()
               if all(lang in GAMES[game].languages for game in GAMES)]


@pytest.mark.parametrize("lang", EVERY_GAMES)
def test_every_language_translates_every_english_message(lang):
    assert sorted(set(i18n.catalogue("en")) - set(i18n.own_messages(lang))) == []


def test_terms_lists_and_numbers_are_rendered():
    params = {"row": "top", "column": "left", "each": 2, "per": "pink", "count": 3,
              "owner": "Bob", "points": 6}
    assert i18n.text("symbiose.counts_player", params, "en") == (
        "top row, left column · 2 per pink × 3 in Bob's pond = 6")
    assert i18n.text("symbiose.counts_player", params, "nl") == (
        "bovenste rij, linkerkolom · 2 per roze × 3 in de vijver van Bob = 6")
    assert i18n.text("fossil.find_value", {"fossil": "sea_urchin", "cards": [1, 1, 3], "sum": 5,
                                           "count": 3, "value": 15}, "nl") == (
        "zee-egel 1, 1, 3: 5 × 3 = 15")


def test_list_items_can_be_terms_too():
    assert i18n.text("symbiose.river_side_unknown", {"name": "Zed", "names": ["Ann", "Bob"]}) == (
        '"Zed" is not a player (Ann, Bob)')
    assert i18n.fill("{x!l:term}", {"x": ["fish", "frog", "toad"]},
                     {"term.fish": "vis", "term.frog": "kikker"}) == "vis, kikker, toad"


def test_unknown_key_shows_itself_and_unknown_language_is_refused():
    assert i18n.text("no.such_key", {"a": 1}) == "no.such_key {'a': 1}"
    with pytest.raises(ValueError, match="no catalogue"):
        i18n.catalogue("xx")
