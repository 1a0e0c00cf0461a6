"""`python -m scorer rules forest-shuffle [CARD]`: what a card scores and every ruling about it."""

import re
from pathlib import Path

import pytest

from scorer import i18n
from scorer.cli import main
from scorer.forest_shuffle.catalog import load_catalog
from scorer.forest_shuffle.rules_text import card_text, reference, rule_text

LANGS = ("en", "nl", "de")
CATALOG = load_catalog()
RAW_KEY = re.compile(r"\b(?:forest_shuffle|species|cave|symbol|tree_symbol|slot|side|box|kind|set)"
                     r"\.[a-z_]|[{}]")
BEE_AFFECTS = ["beech", "horse_chestnut", "linden", "great_spotted_woodpecker", "moss"]


def run(capsys, *args):
    status = main(["rules", "forest-shuffle", *args])
    out, err = capsys.readouterr()
    return status, out, err


def flat(text: str) -> str:
    return " ".join(text.split())  # undo the wrapping of long lines


def test_the_lynx_is_worth_10_each_with_a_roe_deer_as_ruling_a_says(capsys):
    status, out, err = run(capsys, "lynx")
    assert (status, err) == (0, "")
    assert out.startswith("Lynx  [lynx]\n")
    assert "scores:         10 points if your forest has at least one Roe Deer\n" in out
    assert "(a) Each Lynx scores 10 points" in out
    assert "The Dutch rules summary says 5" in flat(out)
    assert "en Lynx · de Luchs · nl Lynx" in out
    assert "6 in the base game" in out
    assert "left half: Douglas Fir ×2, Horse Chestnut ×1 · right half: Beech ×1" in flat(out)


def test_a_german_name_in_german(capsys):
    status, out, err = run(capsys, "Luchs", "--lang", "de")
    assert (status, err) == (0, "")
    assert out.startswith("Luchs  [lynx]\n")
    assert "10 Punkte, wenn dein Wald mindestens eine Reh-Karte hat" in out
    assert "(a) Jeder Luchs zählt 10 Punkte" in out
    assert "Grundspiel: 6" in out


@pytest.mark.parametrize(("name", "species_id"), [
    ("Gewone pad", "common_toad"), ("gewone PAD", "common_toad"),
    ("  Gewone   pad ", "common_toad"), ("Erdkröte", "common_toad"), ("common_toad", "common_toad"),
    ("Rosskastanie", "horse_chestnut"), ("Foxglove", "digitalis"),
    ("Vingerhoedskruid", "digitalis")])
def test_any_name_in_any_language_or_alias_finds_the_card(capsys, name, species_id):
    status, out, _ = run(capsys, name, "--lang", "nl")
    assert status == 0
    assert out.splitlines()[0].endswith(f"[{species_id}]")


def test_dutch_toad(capsys):
    _, out, _ = run(capsys, "Gewone pad", "--lang", "nl")
    assert "telling:        5 punten als hij zijn plek deelt met nog een Gewone pad" in out
    assert "(f) Een Gewone pad levert 5 op" in out
    assert "hoogstens 2 kaarten op één plek" in out


def test_the_bee_lists_exactly_its_five_cards(capsys):
    _, out, _ = run(capsys, "violet_carpenter_bee")
    names = ", ".join(CATALOG.by_id(s).names.en for s in BEE_AFFECTS)
    assert flat(out).count(f"for these five cards only: {names}\n".strip()) == 1
    bee = CATALOG.by_id("violet_carpenter_bee")
    for lang in LANGS:
        listed = rule_text(bee, lang).rsplit(": ", 1)[1].split(", ")
        assert listed == [i18n.text(f"species.{s}", lang=lang) for s in BEE_AFFECTS]
    for ruling in ("(b)", "(g)", "(h)", "(i)", "(m)", "(bee-counts)"):
        assert ruling in out


@pytest.mark.parametrize(("lang", "unknown", "suggested"), [
    ("en", "Lynks", "Lynx"), ("de", "Lynks", "Luchs"), ("nl", "Bosmeir", "Bosmier"),
    ("en", "gewone paad", "Common Toad")])
def test_an_unknown_card_exits_2_with_suggestions_in_the_chosen_language(
        capsys, lang, unknown, suggested):
    status, out, err = run(capsys, unknown, "--lang", lang)
    assert (status, out) == (2, "")
    assert f'"{unknown}"' in err
    assert suggested in err.split(":", 1)[1]


def test_an_unknown_card_without_any_suggestion(capsys):
    status, out, err = run(capsys, "qqqq")
    assert (status, out) == (2, "")
    assert err == ('no Forest Shuffle card "qqqq" '
                   "(python -m scorer rules forest-shuffle lists them all)\n")


def test_listing_every_species_grouped_trees_then_shrubs(capsys):
    status, out, err = run(capsys)
    assert (status, err) == (0, "")
    ids = [line.split()[0] for line in out.splitlines() if line.startswith("  ")]
    assert ids[: len(ids) - len(CATALOG.caves)] == [s.id for s in sorted(
        CATALOG.species, key=lambda s: ({"tree": 0, "shrub": 1}.get(s.kind, 2),
                                        CATALOG.groups.index(s.group)))]
    assert set(ids) == {s.id for s in CATALOG.species} | {c.id for c in CATALOG.caves}
    headings = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert headings[1:4] == ["Trees", "Shrubs", "Birds"]
    lynx = r"^  lynx +Lynx +10 points if your forest has at least one Roe Deer$"
    assert re.search(lynx, out, re.M)


def test_the_listing_in_dutch(capsys):
    _, out, _ = run(capsys, "--lang", "nl")
    assert "Struiken" in out and "Vleermuizen" in out
    assert re.search(r"^  fallow_deer +Damhert +3 per evenhoevig dier, zichzelf meegeteld$",
                     out, re.M)


@pytest.mark.parametrize("lang", LANGS)
def test_every_species_renders_in_every_language_without_raw_keys(lang):
    for species in CATALOG.species:
        found = card_text(species, lang)
        assert not RAW_KEY.search(found), (species.id, RAW_KEY.search(found).group())
    for cave in CATALOG.caves:
        assert not RAW_KEY.search(reference(cave.id, lang)), cave.id
    assert not RAW_KEY.search(reference(None, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_ruling_the_catalogue_references_has_a_message(lang):
    own = i18n.own_messages(lang)
    used = {r for s in CATALOG.species for r in s.rulings} | {r for c in CATALOG.caves
                                                              for r in c.rulings}
    assert used <= set(CATALOG.rulings)
    assert sorted(r for r in CATALOG.rulings if f"forest_shuffle.ruling.{r}" not in own) == []


@pytest.mark.parametrize("lang", ["nl", "de"])
def test_rulings_are_translated(lang):
    for ruling in CATALOG.rulings:
        key = f"forest_shuffle.ruling.{ruling}"
        assert i18n.text(key, lang=lang) != i18n.text(key, lang="en"), ruling


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Dutch rules summary says 5"), ("nl", "spelregelsamenvatting zegt 5"),
    ("de", "niederländische Regelzusammenfassung sagt 5")])
def test_ruling_a_says_what_the_dutch_summary_got_wrong(lang, says):
    ruling = i18n.text("forest_shuffle.ruling.a", lang=lang)
    assert says in ruling and "10" in ruling and "20" in ruling


@pytest.mark.parametrize(("species_id", "words"), [
    ("fallow_deer", "3 per cloven-hoofed animal, itself included"),
    ("sycamore", "1 per tree, itself included"),
    ("red_deer", "1 per tree or plant"),
    ("golden_eagle", "1 per pawed animal or amphibian"),
    ("european_hare", "1 per European Hare or Mountain Hare, itself included"),
    ("tree_frog", "5 per Gnat"),
    ("birch", "1 point"),
    ("chanterelle", "0 points"),
    ("beech", "5 points if your forest has at least 4 Beech cards; "
              "each Violet Carpenter Bee at a Beech counts as one more"),
    ("linden", "3 points if no other forest has more Linden cards (a tie counts), otherwise 1; "
               "each Violet Carpenter Bee at a Linden counts as one more"),
    ("great_spotted_woodpecker", "10 points if no other forest has more tree cards (a tie counts); "
                                 "each Violet Carpenter Bee at a tree counts as one more tree"),
    ("oak", "10 points if your forest has at least 8 different tree species"),
    ("barbastelle_bat", "5 points if your forest has at least 3 different bat species"),
    ("wild_boar", "10 points if your forest has at least one Squeaker"),
    ("wild_boar_female", "10 per Squeaker"),
    ("horse_chestnut", "all Horse Chestnut cards form one set, scored once by their number: "
                       "1 → 1, 2 → 4, 3 → 9, 4 → 16, 5 → 25, 6 → 36, 7+ → 49; "
                       "each Violet Carpenter Bee at a Horse Chestnut counts as one more"),
    ("fireflies", "all Fireflies or Say's Firefly cards form one set"),
    ("peacock_butterfly", "a set of n species scores 1 → 0, 2 → 3, 3 → 6, 4 → 12, 5 → 20, "
                          "6 → 35, 7 → 55, 8+ → 80"),
    ("digitalis", "by the number of different plant species: 1 → 1, 2 → 3, 3 → 6, 4 → 10, 5+ → 15"),
    ("marsh_cinquefoil", "by the number of tree cards: 0-5 → 15, 6-10 → 7, 11+ → 3"),
    ("blueberry", "2 per different bird species"),
    ("roe_deer", "3 per card showing the same tree symbol as this card, itself included"),
    ("european_bison", "2 per card showing the Oak or Beech tree symbol"),
    ("elk", "2 per card showing the Birch or Douglas Fir tree symbol and 2 per sapling"),
    ("silver_fir", "2 per card in its own four slots"),
    ("wood_ant", "2 per card in the bottom slot of a tree or sapling, itself included"),
    ("beech_marten", "5 per fully occupied tree"),
    ("bearded_vulture", "1 per card in your cave"),
    ("chaffinch", "5 points if it sits on Beech"),
    ("nightingale", "5 points if it sits on a shrub"),
    ("common_toad", "5 points if it shares its slot with another Common Toad"),
    ("european_fat_dormouse", "15 points if a bat sits on the opposite side of the same tree; "
                              "0 on a shrub"),
    ("european_polecat", "10 points if it is the only card on its tree or shrub"),
])
def test_each_rule_kind_in_words(species_id, words):
    assert words in rule_text(CATALOG.by_id(species_id), "en")


def test_card_facts_beyond_the_rule(capsys):
    _, squeaker, _ = run(capsys, "squeaker")
    assert ("4 in the base game; 3 in Woodland Edge (also showing Woodland Edge card); "
            "1 in the promo cards") in flat(squeaker)
    _, moor_birch, _ = run(capsys, "moor_birch")
    assert "counts as a Birch" in moor_birch
    _, mistletoe, _ = run(capsys, "Maretak", "--lang", "nl")
    assert "maakt van de boom waaraan hij ligt een boompje" in mistletoe
    _, digitalis, _ = run(capsys, "digitalis")
    assert "none: the card scores exactly what it says" in digitalis


def test_a_cave_by_name(capsys):
    status, out, _ = run(capsys, "Fledermaushöhle", "--lang", "de")
    assert status == 0
    assert out.startswith("Fledermaushöhle  [bat_cave]\n")
    assert "1 pro Karte in deiner Höhle; 3 pro Fledermaus" in out
    assert "(x) " in out


def test_the_readme_shows_the_real_lynx_output(capsys):
    readme = (Path(__file__).parents[3] / "README.md").read_text(encoding="utf-8")
    shown = re.search(r"\$ python -m scorer rules forest-shuffle lynx\n(.*?)```", readme, re.S)
    assert shown is not None
    assert shown.group(1) == run(capsys, "lynx")[1]


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "A Cuckoo without a bird under it is an invalid forest"),
    ("nl", "Een Koekoek zonder vogel eronder is een ongeldig bos"),
    ("de", "Ein Kuckuck ohne Vogel darunter ist ein ungültiger Wald")])
def test_the_cuckoo_shows_that_it_needs_a_bird(capsys, lang, says):
    status, out, _ = run(capsys, "cuckoo", "--lang", lang)
    assert status == 0
    assert "(cuckoo-needs-bird)" in out and says in flat(out)


@pytest.mark.parametrize(("lang", "says", "disagrees"), [
    ("en", "A Red Squirrel on a Turkey Oak scores 5", "(soldag/forest-shuffle-scoring) scores 0"),
    ("nl", "Een Rode eekhoorn op een Moseik levert 5 op",
     "(soldag/forest-shuffle-scoring) geeft hier 0"),
    ("de", "Ein Eichhörnchen auf einer Zerr-Eiche zählt 5",
     "(soldag/forest-shuffle-scoring) zählt hier 0"),
])
@pytest.mark.parametrize("card", ["red_squirrel", "turkey_oak"])
def test_both_cards_show_the_red_squirrel_on_a_turkey_oak_ruling(capsys, card, lang, says,
                                                                  disagrees):
    status, out, _ = run(capsys, card, "--lang", lang)
    assert status == 0
    assert "(red-squirrel-turkey-oak)" in out
    assert says in flat(out) and disagrees in flat(out)
