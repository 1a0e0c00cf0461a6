"""Explanations and problems name species, symbols, slots and boxes in the reader's language."""

import json
import string
from pathlib import Path

import pytest

from scorer import i18n
from scorer.forest_shuffle.catalog import load_catalog
from tests.scorer.forest_shuffle.forests import card, check, sheet, table, tree

LANGS = ("en", "nl", "de")
LOCALES = Path(__file__).parents[3] / "scorer" / "forest_shuffle" / "locales"
CATALOG = load_catalog()
FOREST = [
    tree("oak", left="fallow_deer", right=card("roe_deer", "beech")),
    tree("birch", left="wild_boar", bottom="moss"),
    tree("beech", top=card("chaffinch", "birch"), right="squeaker", left="violet_carpenter_bee"),
    tree("linden", top="mistletoe"),
    tree(bottom=card("fire_salamander", "linden")),
    tree(bottom=card("fire_salamander", "beech")),
]


@pytest.fixture
def text(monkeypatch):
    """i18n.text in en, nl and de, even before German joins the shared catalogues."""
    have = i18n.languages()
    monkeypatch.setattr(i18n, "languages", lambda: tuple(sorted({*have, *LANGS})))
    i18n.catalogue.cache_clear()
    yield i18n.text
    i18n.catalogue.cache_clear()


def explained(forest, species, index=0, caves=()):
    line = [x for x in sheet(forest, caves=caves).players[0].lines if x.item == species][index]
    return line.explain.key, line.explain.params


def rendered(text, found):
    return {lang: text(found[0], found[1], lang) for lang in LANGS}


def test_a_symbol_count_lists_the_counted_cards_by_name(text):
    assert rendered(text, explained(FOREST, "fallow_deer")) == {
        "en": "3 per cloven-hoofed animal × 4: Fallow Deer, Roe Deer, Squeaker, Wild Boar = 12",
        "nl": "3 per evenhoevig dier × 4: Damhert, Ree, Zwijnenbig, Wildzwijn = 12",
        "de": "3 je Paarhufer × 4: Damhirsch, Reh, Frischling, Wildschwein = 12",
    }


def test_a_tree_symbol_count_names_the_symbol_and_the_cards(text):
    assert rendered(text, explained(FOREST, "roe_deer")) == {
        "en": "3 per card with the Beech symbol × 3: Beech, Fire Salamander, Roe Deer = 9",
        "nl": "3 per kaart met het symbool Beuk × 3: Beuk, Vuursalamander, Ree = 9",
        "de": "3 je Karte mit dem Symbol Buche × 3: Buche, Feuersalamander, Reh = 9",
    }


def test_saplings_and_bees_are_named_among_the_trees_moss_counts(text):
    found = rendered(text, explained(FOREST, "moss"))
    assert found["en"] == ("7 × tree: Beech, Birch, Oak, sapling, sapling, sapling, "
                           "Violet Carpenter Bee, at least 10 needed → 0")
    assert found["nl"].startswith("7 × boom: Beuk, Berk, Eik, boompje,")
    assert found["de"].endswith("Schössling, Holzbiene, mindestens 10 nötig → 0")


def test_host_bee_mistletoe_sets_and_caves_speak_the_language(text):
    assert rendered(text, explained(FOREST, "chaffinch"))["nl"] == "zit aan een Beuk → 5"
    assert rendered(text, explained(FOREST, "beech"))["de"] == (
        "2 × Buche (davon 1 × Holzbiene), mindestens 4 nötig → 0")
    assert rendered(text, explained(FOREST, "violet_carpenter_bee"))["en"] == (
        "sits on Beech: counts for Beech, Great Spotted Woodpecker, Moss · 0")
    assert rendered(text, explained(FOREST, "sapling"))["de"] == (
        "Linde wurde durch Mistel zum Schössling · 0")
    assert rendered(text, explained(FOREST, "fire_salamander", 1))["nl"] == (
        "één keer geteld voor alle Vuursalamanders: zie boom 5, onder · 0")
    assert rendered(text, explained(FOREST, "regular_cave", caves=(3,)))["de"] == (
        "Standard-Höhle: 1 je Karte × 3 = 3")


def test_butterflies_show_the_sum_only_when_they_make_several_sets(text):
    one = [tree("oak", top="purple_emperor"), tree("birch", top="peacock_butterfly")]
    assert rendered(text, explained(one, "purple_emperor")) == {
        "en": "Peacock Butterfly, Purple Emperor: one set of 2 different species → 3",
        "nl": "Dagpauwoog, Grote weerschijnvlinder: één set van 2 verschillende soorten → 3",
        "de": "Tagpfauenauge, Schillerfalter: ein Set aus 2 verschiedenen Arten → 3",
    }
    two = [*one, tree("beech", top="purple_emperor")]
    assert rendered(text, explained(two, "purple_emperor"))["en"] == (
        "Peacock Butterfly, Purple Emperor, Purple Emperor: sets of 2, 1 different species "
        "→ 3, 0 = 3")


def test_a_count_of_nothing_lists_nothing(text):
    found = explained([tree("oak", top="bullfinch")], "bullfinch")
    assert found == ("forest_shuffle.per_symbol_none",
                     {"each": 2, "symbols": ["insect"], "count": 0, "cards": [], "points": 0})
    assert rendered(text, found) == {"en": "2 per insect × 0 = 0", "nl": "2 per insect × 0 = 0",
                                     "de": "2 je Insekt × 0 = 0"}


def test_problems_name_species_slots_and_boxes(text):
    data = table([tree("birch", bottom="chaffinch",
                       left=card("european_hare", "oak", "alpine"))])
    game, problems = check(data)
    assert game is None
    assert [rendered(text, (p.key, p.params)) for p in problems] == [
        {"en": "Chaffinch cannot go in a bottom slot, only top",
         "nl": "Vink kan niet onder aan een boom, alleen boven",
         "de": "Buchfink kann nicht unten an einen Baum, nur oben"},
        {"en": "there is no European Hare in Alpine (only in the base game, the promo cards)",
         "nl": "er zit geen Europese haas in de uitbreiding Alpine "
               "(alleen in het basisspel, de promokaarten)",
         "de": "Feldhase gehört nicht zu: Alpin (nur zu: Grundspiel, Promokarten)"},
    ]


def test_a_missing_tree_symbol_names_the_symbols_and_the_counter(text):
    game, problems = check(table([tree("oak", right=card("roe_deer", "beech"),
                                       left="european_hare")]))
    assert game is None
    assert rendered(text, (problems[0].key, problems[0].params))["de"] == (
        "bei Feldhase fehlt das Baumsymbol (Buche, Birke, Linde, Eiche, Tanne), denn Reh zählt "
        "Symbole")


# --- The catalogues are complete ------------------------------------------------------------

def _own(lang):
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_every_game_message_is_translated_with_the_same_fields(lang):
    english, own = _own("en"), _own(lang)
    assert sorted(own) == sorted(english)

    def fields(message):
        return sorted({(f, c, s) for template in i18n.forms(message)
                       for _, f, s, c in string.Formatter().parse(template) if f})

    assert [k for k in english if fields(english[k]) != fields(own[k])] == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_forest_shuffle_key_has_a_message(lang):
    assert sorted(k for k in _own("en") if k.startswith("forest_shuffle.")
                  and k not in i18n.own_messages(lang)) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_name_the_catalogue_uses_is_a_term(lang):
    own = i18n.own_messages(lang)
    wanted = ([f"species.{s.id}" for s in CATALOG.species] + ["species.sapling"]
              + [f"cave.{c.id}" for c in CATALOG.caves]
              + [f"symbol.{s}" for s in CATALOG.symbols]
              + [f"tree_symbol.{t}" for t in CATALOG.tree_symbols]
              + [f"box.{b}" for b in CATALOG.boxes]
              + [f"set.{s.rule.set_id}" for s in CATALOG.species if hasattr(s.rule, "set_id")]
              + [f"{p}.{x}" for p in ("slot", "side") for x in ("top", "bottom", "left", "right")]
              + ["side.whole", "kind.tree", "kind.shrub", "kind.sapling"])
    assert sorted(k for k in set(wanted) if k not in own) == []
    assert own["species.fallow_deer"] == getattr(CATALOG.by_id("fallow_deer").names, lang)


def test_species_names_differ_by_language():
    names = {lang: i18n.own_messages(lang)["species.red_squirrel"] for lang in LANGS}
    assert names == {"en": "Red Squirrel", "nl": "Rode eekhoorn", "de": "Eichhörnchen"}


def test_every_list_of_counted_cards_has_a_message_for_none():
    # scoring.py uses `<key>_none` when `cards` (or `tree_species`) is empty.
    english = _own("en")
    listing = {k for k, t in english.items() if "{cards!" in t or "{tree_species!" in t}
    listing -= {"forest_shuffle.slot_shared",  # a problem: always two cards or more
                "forest_shuffle.species_set"}  # one set has at least one card
    assert sorted(k for k in listing if f"{k}_none" not in english) == []
