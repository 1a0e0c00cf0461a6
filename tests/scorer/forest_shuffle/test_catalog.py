"""The Forest Shuffle catalogue against the numbers of the facts document (forest_shuffle_cards.md).

Every expected number below is copied from that document (sections 2-6 and 8), in its own
notation, so a wrong copy in cards.json or split_cards.json fails here.
"""

import copy
import dataclasses
import json
import re
from collections import Counter
from importlib.resources import files

import pytest
from pydantic import ValidationError

from scorer.forest_shuffle import catalog as cat

C = cat.load_catalog()
SHIPPED = files("scorer.forest_shuffle")
CARDS = json.loads(SHIPPED.joinpath("cards.json").read_text(encoding="utf-8"))
SPLIT_CARDS = json.loads(SHIPPED.joinpath("split_cards.json").read_text(encoding="utf-8"))


def test_the_shipped_files_pass_the_full_validation_and_load_alike():
    """load_catalog trusts the files it ships with: this is the check it skips."""
    catalog, split = cat.validated(CARDS, SPLIT_CARDS)
    assert dataclasses.asdict(catalog) == dataclasses.asdict(C)
    assert [dataclasses.asdict(c) for c in split.cards] == [
        dataclasses.asdict(c) for c in cat.split_cards()]
    assert repr(C.by_id("lynx").names) == "Names(en='Lynx', de='Luchs', nl='Lynx')"

TREE_NAMES = {
    "Beech": "beech", "Birch": "birch", "Douglas Fir": "douglas_fir",
    "Horse Chestnut": "horse_chestnut", "Linden": "linden", "Oak": "oak",
    "Silver Fir": "silver_fir", "Sycamore": "sycamore", "European Larch": "european_larch",
    "Stone Pine": "stone_pine", "Golden Palm": "golden_palm", "Bamboo": "bamboo",
    "European Alder": "european_alder",
}


def parse_variants(text: str) -> dict[str, dict[str, int]]:
    """'left: Beech, Oak 2; right: Birch' -> {'left': {'beech': 1, 'oak': 2}, 'right': {...}}."""
    out: dict[str, dict[str, int]] = {}
    for part in text.split(";"):
        side, items = part.split(":")
        counts: Counter[str] = Counter()
        for item in items.split(","):
            name, _, n = re.fullmatch(r"\s*(.+?)( (\d+))?\s*", item).groups()
            counts[TREE_NAMES[name]] += int(n or 1)
        out[side.strip()] = dict(counts)
    return out


# (box, species id): (copies, tree-symbol variants per side), as printed in the document.
EXPECTED_PRINTS = {
    ('base', 'beech'): (10, 'whole: Beech 10'),
    ('base', 'birch'): (10, 'whole: Birch 10'),
    ('base', 'douglas_fir'): (7, 'whole: Douglas Fir 7'),
    ('base', 'horse_chestnut'): (11, 'whole: Horse Chestnut 11'),
    ('base', 'linden'): (9, 'whole: Linden 9'),
    ('base', 'oak'): (7, 'whole: Oak 7'),
    ('base', 'silver_fir'): (6, 'whole: Silver Fir 6'),
    ('base', 'sycamore'): (6, 'whole: Sycamore 6'),
    ('base', 'bullfinch'): (4, 'top: Douglas Fir 3, Silver Fir 1'),
    ('base', 'chaffinch'): (4, 'top: Beech, Birch, Sycamore 2'),
    ('base', 'eurasian_jay'): (4, 'top: Birch 2, Horse Chestnut, Sycamore'),
    ('base', 'goshawk'): (4, 'top: Douglas Fir, Oak, Silver Fir 2'),
    ('base', 'great_spotted_woodpecker'): (4, 'top: Douglas Fir, Linden 3'),
    ('base', 'tawny_owl'): (4, 'top: Beech 2, Birch, Sycamore'),
    ('base', 'camberwell_beauty'): (4, 'top: Birch, Horse Chestnut, Sycamore 2'),
    ('base', 'large_tortoiseshell'): (4, 'top: Beech, Silver Fir 2, Sycamore'),
    ('base', 'peacock_butterfly'): (4, 'top: Horse Chestnut, Linden, Oak, Silver Fir'),
    ('base', 'purple_emperor'): (4, 'top: Birch, Horse Chestnut 2, Linden'),
    ('base', 'silver_washed_fritillary'): (4, 'top: Beech, Oak 3'),
    ('base', 'red_squirrel'): (4, 'top: Beech, Douglas Fir, Horse Chestnut, Oak'),
    ('base', 'blackberries'): (3, 'bottom: Beech, Birch, Silver Fir'),
    ('base', 'moss'): (3, 'bottom: Douglas Fir, Linden 2'),
    ('base', 'tree_ferns'): (3, 'bottom: Horse Chestnut, Linden, Silver Fir'),
    ('base', 'wild_strawberries'): (3, 'bottom: Birch, Sycamore 2'),
    ('base', 'common_toad'): (
        6, 'bottom: Beech, Douglas Fir, Horse Chestnut, Oak, Silver Fir, Sycamore'),
    ('base', 'fire_salamander'): (3, 'bottom: Douglas Fir, Horse Chestnut, Linden'),
    ('base', 'pond_turtle'): (2, 'bottom: Birch, Sycamore'),
    ('base', 'tree_frog'): (3, 'bottom: Linden, Oak 2'),
    ('base', 'fireflies'): (4, 'bottom: Beech, Douglas Fir, Linden, Sycamore'),
    ('base', 'stag_beetle'): (2, 'bottom: Birch, Sycamore'),
    ('base', 'wood_ant'): (3, 'bottom: Beech 2, Birch'),
    ('base', 'hedgehog'): (3, 'bottom: Beech, Horse Chestnut, Oak'),
    ('base', 'mole'): (2, 'bottom: Oak, Sycamore'),
    ('base', 'chanterelle'): (2, 'bottom: Birch, Silver Fir'),
    ('base', 'fly_agaric'): (2, 'bottom: Oak, Silver Fir'),
    ('base', 'parasol_mushroom'): (2, 'bottom: Horse Chestnut, Silver Fir'),
    ('base', 'penny_bun'): (2, 'bottom: Douglas Fir 2'),
    ('base', 'barbastelle_bat'): (3, 'left: Horse Chestnut, Silver Fir; right: Oak'),
    ('base', 'bechsteins_bat'): (3, 'left: Beech, Oak; right: Birch'),
    ('base', 'brown_long_eared_bat'): (3, 'left: Sycamore 2; right: Beech'),
    ('base', 'greater_horseshoe_bat'): (3, 'left: Beech; right: Linden 2'),
    ('base', 'beech_marten'): (5, 'left: Beech, Sycamore; right: Horse Chestnut 2, Oak'),
    ('base', 'brown_bear'): (3, 'left: Linden; right: Beech, Horse Chestnut'),
    ('base', 'european_badger'): (4, 'left: Horse Chestnut 2; right: Douglas Fir 2'),
    ('base', 'european_fat_dormouse'): (4, 'left: Beech, Silver Fir; right: Douglas Fir, Oak'),
    ('base', 'european_hare'): (
        11,
        'left: Beech, Birch 2, Linden, Oak, Silver Fir;'
        ' right: Birch, Linden, Silver Fir, Sycamore 2',
    ),
    ('base', 'lynx'): (6, 'left: Douglas Fir 2, Horse Chestnut; right: Beech, Linden, Silver Fir'),
    ('base', 'raccoon'): (4, 'left: Douglas Fir, Silver Fir; right: Birch, Silver Fir'),
    ('base', 'red_fox'): (5, 'left: Beech, Linden 2; right: Douglas Fir, Oak'),
    ('base', 'wolf'): (4, 'left: Douglas Fir, Sycamore; right: Silver Fir 2'),
    ('base', 'fallow_deer'): (4, 'left: Linden 2; right: Birch, Sycamore'),
    ('base', 'red_deer'): (5, 'left: Linden, Silver Fir; right: Horse Chestnut 2, Oak'),
    ('base', 'roe_deer'): (5, 'left: Linden, Silver Fir; right: Beech, Birch, Horse Chestnut'),
    ('base', 'wild_boar'): (5, 'left: Birch, Sycamore 2; right: Douglas Fir, Oak'),
    ('base', 'squeaker'): (4, 'left: Horse Chestnut, Oak; right: Oak, Sycamore'),
    ('base', 'gnat'): (3, 'left: Birch; right: Horse Chestnut, Oak'),
    ('base', 'violet_carpenter_bee'): (4, 'left: Douglas Fir, Silver Fir; right: Douglas Fir 2'),
    ('alpine', 'european_larch'): (7, 'whole: European Larch 7'),
    ('alpine', 'stone_pine'): (7, 'whole: Stone Pine 7'),
    ('alpine', 'bearded_vulture'): (3, 'top: European Larch, Silver Fir, Stone Pine'),
    ('alpine', 'common_raven'): (2, 'top: Douglas Fir, European Larch'),
    ('alpine', 'golden_eagle'): (3, 'top: Beech, European Larch, Silver Fir'),
    ('alpine', 'phoebus_apollo'): (4, 'top: Douglas Fir, European Larch, Silver Fir, Stone Pine'),
    ('alpine', 'black_trumpet'): (2, 'bottom: European Larch, Stone Pine'),
    ('alpine', 'blueberry'): (2, 'bottom: Birch, Stone Pine'),
    ('alpine', 'edelweiss'): (2, 'bottom: European Larch, Stone Pine'),
    ('alpine', 'gentian'): (3, 'bottom: Beech, European Larch, Stone Pine'),
    ('alpine', 'alpine_newt'): (3, 'bottom: Douglas Fir, Silver Fir, Stone Pine'),
    ('alpine', 'alpine_marmot'): (4, 'left: Beech, European Larch; right: Birch, Stone Pine'),
    ('alpine', 'mountain_hare'): (3, 'left: European Larch, Silver Fir; right: Stone Pine'),
    ('alpine', 'chamois'): (3, 'left: European Larch; right: Douglas Fir, Stone Pine'),
    ('alpine', 'steinbock'): (3, 'left: European Larch; right: Douglas Fir, Stone Pine'),
    ('alpine', 'capercaillie'): (4, 'left: European Larch, Stone Pine; right: Beech, Douglas Fir'),
    ('alpine', 'savis_pipistrelle'): (3, 'left: European Larch, Silver Fir; right: Stone Pine'),
    ('woodland_edge', 'blackthorn'): (4, 'whole: Birch, Douglas Fir, Silver Fir, Sycamore'),
    ('woodland_edge', 'common_hazel'): (4, 'whole: Beech, Birch, Horse Chestnut, Oak'),
    ('woodland_edge', 'elderberry'): (4, 'whole: Birch, Linden, Oak, Sycamore'),
    ('woodland_edge', 'barn_owl'): (2, 'top: Birch, Sycamore'),
    ('woodland_edge', 'eurasian_magpie'): (3, 'top: Beech, Birch, Silver Fir'),
    ('woodland_edge', 'nightingale'): (3, 'top: Beech, Horse Chestnut, Oak'),
    ('woodland_edge', 'map_butterfly'): (4, 'top: Linden, Oak, Silver Fir, Sycamore'),
    ('woodland_edge', 'digitalis'): (4, 'bottom: Birch, Douglas Fir, Oak, Sycamore'),
    ('woodland_edge', 'stinging_nettle'): (3, 'bottom: Birch, Horse Chestnut, Sycamore'),
    ('woodland_edge', 'great_green_bush_cricket'): (3, 'bottom: Beech, Oak, Silver Fir'),
    ('woodland_edge', 'water_vole'): (2, 'bottom: Beech, Sycamore'),
    ('woodland_edge', 'bee_swarm'): (3, 'left: Beech; right: Birch, Sycamore'),
    ('woodland_edge', 'crane_fly'): (3, 'left: Birch; right: Beech, Oak'),
    ('woodland_edge', 'common_pipistrelle'): (3, 'left: Birch, Linden; right: Sycamore'),
    ('woodland_edge', 'european_bison'): (3, 'left: Beech, Oak; right: Beech'),
    ('woodland_edge', 'european_polecat'): (3, 'left: Silver Fir; right: Oak, Sycamore'),
    ('woodland_edge', 'european_wildcat'): (3, 'left: Oak, Sycamore; right: Horse Chestnut'),
    ('woodland_edge', 'squeaker'): (3, 'left: Horse Chestnut; right: Douglas Fir, Silver Fir'),
    ('woodland_edge', 'wild_boar_female'): (3, 'left: Birch, Silver Fir; right: Sycamore'),
    ('exploration', 'moor_birch'): (1, 'whole: Birch'),
    ('exploration', 'o_christmas_tree'): (1, 'whole: Silver Fir'),
    ('exploration', 'turkey_oak'): (1, 'whole: Oak'),
    ('exploration', 'palm_tree'): (1, 'whole: Golden Palm'),
    ('exploration', 'cardinal'): (1, 'top: Sycamore'),
    ('exploration', 'cuckoo'): (1, 'top: Birch'),
    ('exploration', 'robin'): (1, 'top: Birch'),
    ('exploration', 'whinchat'): (1, 'top: Horse Chestnut'),
    ('exploration', 'brimstone'): (1, 'top: Douglas Fir'),
    ('exploration', 'mistletoe'): (1, 'top: Linden'),
    ('exploration', 'wild_tulip'): (1, 'bottom: Horse Chestnut'),
    ('exploration', 'marsh_cinquefoil'): (1, 'bottom: European Alder'),
    ('exploration', 'says_firefly'): (1, 'bottom: Linden'),
    ('exploration', 'eierschwammerl'): (1, 'bottom: Douglas Fir'),
    ('exploration', 'fire_salamander'): (1, 'bottom: Beech'),
    ('exploration', 'water_vole'): (1, 'bottom: Linden'),
    ('exploration', 'genet'): (1, 'left: Oak'),
    ('exploration', 'red_panda'): (1, 'right: Bamboo'),
    ('exploration', 'sable'): (1, 'right: Silver Fir'),
    ('exploration', 'arctic_fox'): (1, 'left: Oak'),
    ('exploration', 'troll'): (1, 'right: Douglas Fir'),
    ('exploration', 'elk'): (1, 'left: Birch'),
    ('exploration', 'white_stork'): (1, 'right: Oak'),
    ('exploration', 'european_badger'): (1, 'right: Beech'),
    ('exploration', 'european_bison'): (1, 'left: Beech'),
    ('exploration', 'gnat'): (1, 'left: Oak'),
    # section 5 "Other promos" (+ the Mistletoe promo print); sides from SOL
    ("promo", "duerer_fledermaus"): (1, "left: Horse Chestnut"),
    ("promo", "european_hare"): (1, "right: Douglas Fir"),
    ("promo", "meeps"): (1, "left: Horse Chestnut"),
    ("promo", "sheep"): (1, "left: Birch"),
    ("promo", "robber"): (1, "right: Oak"),
    ("promo", "squeaker"): (1, "right: Douglas Fir"),
    ("promo", "mistletoe"): (1, "top: Linden"),
}


def test_every_print_matches_the_document():
    actual = {(box, s.id) for s in C.species for box in s.boxes}
    assert actual == set(EXPECTED_PRINTS)
    for (box, species_id), (copies, variants) in EXPECTED_PRINTS.items():
        printed = C.by_id(species_id).boxes[box]
        assert printed.copies == copies, (box, species_id)
        assert printed.variants == parse_variants(variants), (box, species_id)


def halves(box: str) -> Counter[str]:
    """Copies per printed side ('whole' counted as the kind) for one box."""
    total: Counter[str] = Counter()
    for s in C.in_box(box):
        for side, by_symbol in s.boxes[box].variants.items():
            total[s.kind if side == "whole" else side] += sum(by_symbol.values())
    return total


@pytest.mark.parametrize(
    ("box", "expected"),
    [
        # Base: 66 trees, 48 top/bottom + 44 left/right split cards (section 2 heading).
        ("base", {"tree": 66, "top": 48, "bottom": 48, "left": 44, "right": 44}),
        # Alpine: 14 trees + 22 split cards (10 left/right, 12 top/bottom).
        ("alpine", {"tree": 14, "top": 12, "bottom": 12, "left": 10, "right": 10}),
        # Woodland Edge: 12 shrubs + 24 split cards (12 left/right, 12 top/bottom).
        ("woodland_edge", {"shrub": 12, "top": 12, "bottom": 12, "left": 12, "right": 12}),
        ("exploration", {"tree": 4, "top": 6, "bottom": 6, "left": 5, "right": 5}),
    ],
)
def test_halves_per_box(box, expected):
    assert halves(box) == expected


def test_base_deck_is_180_cards_with_winter_cave_and_reference():
    split = sum(1 for c in cat.split_cards() if c.box == "base")
    assert split == 48 + 44
    assert halves("base")["tree"] + split + 3 + 5 + 14 == 180


@pytest.mark.parametrize(("box", "cards"), [("base", 92), ("alpine", 22), ("woodland_edge", 24),
                                            ("exploration", 11), ("promo", 3)])
def test_split_card_count_per_box(box, cards):
    assert sum(1 for c in cat.split_cards() if c.box == box) == cards


@pytest.mark.parametrize("box", ["base", "alpine", "woodland_edge", "exploration", "promo"])
def test_split_cards_are_exactly_the_dweller_prints(box):
    on_cards = Counter(
        (h.species, h.side, h.tree_symbol)
        for c in cat.split_cards() if c.box == box for h in c.halves
    )
    printed = Counter()
    for s in C.in_box(box):
        if s.kind == "dweller":
            for side, by_symbol in s.boxes[box].variants.items():
                for symbol, n in by_symbol.items():
                    printed[(s.id, side, symbol)] += n
    # The promo Mistletoe print (with the woodland-edge symbol) has no known partner half.
    orphans = Counter({("mistletoe", "top", "linden"): 1}) if box == "promo" else Counter()
    assert on_cards + orphans == printed


def test_split_cards_spot_checks():
    cards = {c.id: c for c in cat.split_cards()}
    assert len(cards) == len(cat.split_cards())
    hare, badger = cards["bga-70"].halves
    assert (hare.species, hare.side, hare.tree_symbol) == ("european_hare", "left", "linden")
    assert (badger.species, badger.side, badger.tree_symbol) == (
        "european_badger", "right", "douglas_fir")
    top, bottom = cards["bga-161"].halves
    assert (top.species, top.tree_symbol, bottom.species, bottom.tree_symbol) == (
        "great_spotted_woodpecker", "linden", "penny_bun", "douglas_fir")
    assert [h.species for h in cards["bga-223"].halves] == ["european_bison", "wild_boar_female"]
    assert [h.species for h in cards["bga-197"].halves] == ["savis_pipistrelle", "mountain_hare"]
    assert [h.species for h in cards["sol-P003"].halves] == ["duerer_fledermaus", "european_hare"]
    assert [h.species for h in cards["sol-P022"].halves] == ["sheep", "robber"]


def test_a_split_card_half_must_exist_in_the_catalogue():
    split = copy.deepcopy(SPLIT_CARDS)
    split["cards"][0]["halves"][0]["tree_symbol"] = "stone_pine"
    with pytest.raises(ValueError, match="no left/stone_pine print"):
        cat.validated(CARDS, split)


def test_a_rule_must_name_known_species_and_names_are_unique():
    cards = copy.deepcopy(CARDS)
    cards["species"][0]["rule"] = {"kind": "per_species", "points": 1, "species": ["unicorn"]}
    with pytest.raises(ValueError, match="unknown species unicorn"):
        cat.validated(cards, SPLIT_CARDS)
    cards = copy.deepcopy(CARDS)
    cards["species"][1]["names"]["de"] = cards["species"][0]["names"]["de"]
    with pytest.raises(ValueError, match="used by"):
        cat.validated(cards, SPLIT_CARDS)


@pytest.mark.parametrize(
    ("species_ids", "total"),
    [
        # APX: "10x resp. 11x", "6x resp. 7x", "5x resp. 6x"; Exploration extra copies.
        (["birch", "moor_birch"], 11),
        (["silver_fir", "o_christmas_tree"], 7),
        (["red_fox", "arctic_fox"], 6),
        (["fire_salamander"], 4),
        (["fireflies", "says_firefly"], 5),
        (["european_badger"], 5),
        (["european_bison"], 4),
        (["gnat"], 4),
        (["water_vole"], 3),
        (["squeaker"], 4 + 3 + 1),
        (["european_hare"], 11 + 1),
    ],
)
def test_copies_across_boxes(species_ids, total):
    assert sum(C.by_id(i).copies() for i in species_ids) == total


def test_symbols():
    for s in C.species:
        if "butterfly" in s.symbols:
            assert "insect" in s.symbols, s.id
        if "deer" in s.symbols:
            assert "cloven" in s.symbols, s.id
        for box in s.boxes:
            marks = s.symbols_in(box)
            assert ("alps" in marks) == (box == "alpine"), s.id
            if box == "woodland_edge":
                assert "woodland_edge" in marks, s.id
    squeaker = C.by_id("squeaker")
    assert "woodland_edge" not in squeaker.symbols_in("base")
    assert "woodland_edge" in squeaker.symbols_in("woodland_edge")
    assert "woodland_edge" in squeaker.symbols_in("promo")
    assert "woodland_edge" in C.by_id("mistletoe").symbols_in("promo")
    assert "woodland_edge" not in C.by_id("mistletoe").symbols_in("exploration")
    assert C.by_id("wild_tulip").symbols == ("plant", "woodland_edge")
    assert C.by_id("red_deer").group == "deer"
    assert C.by_id("peacock_butterfly").group == "butterflies"
    assert C.by_id("elderberry").group == "shrubs"


def test_kinds_and_slots():
    kinds = Counter(s.kind for s in C.species)
    assert kinds == {"tree": 14, "shrub": 3, "dweller": 100}
    assert C.by_id("european_hare").slots == ("left", "right")
    assert C.by_id("moss").slots == ("bottom",)
    assert C.by_id("beech").slots == ()
    # Oak needs 8 of the 11 tree species a forest can show (base 8, Alpine 2, Palm Tree).
    species_symbols = {t for s in C.species if s.kind == "tree" for t in s.variants("whole")}
    assert len(species_symbols) == 11


@pytest.mark.parametrize(
    ("species_id", "cost"),
    # Costs the document flags (follow APX): Horse Chestnut, Wood Ant, Gentian, Mistletoe, Stork.
    [("horse_chestnut", 1), ("wood_ant", 1), ("gentian", 0), ("mistletoe", 1),
     ("white_stork", 1), ("brown_bear", 3), ("steinbock", 3), ("elk", 3), ("birch", 0)],
)
def test_costs(species_id, cost):
    assert C.by_id(species_id).cost == cost


def rule(species_id: str):
    return C.by_id(species_id).rule


def test_rule_numbers():
    assert rule("lynx").kind == "threshold"
    assert (rule("lynx").count.species, rule("lynx").at_least, rule("lynx").points) == (
        ("roe_deer",), 1, 10)  # ruling a: 10 each, not 5
    assert rule("horse_chestnut").table == (1, 4, 9, 16, 25, 36, 49)
    assert rule("horse_chestnut").count.plus_bees == "at_host"
    assert rule("fire_salamander").table == (5, 15, 25)
    assert dataclasses.asdict(rule("fireflies")) == dataclasses.asdict(rule("says_firefly"))
    assert rule("fireflies").table == (0, 10, 15, 20)
    butterflies = [s for s in C.species if "butterfly" in s.symbols]
    assert len(butterflies) == 8
    assert {s.rule.table for s in butterflies} == {(0, 3, 6, 12, 20, 35, 55, 80)}
    assert (rule("linden").points, rule("linden").otherwise) == (3, 1)
    assert rule("great_spotted_woodpecker").count.plus_bees == "at_any_tree"
    assert (rule("beech").at_least, rule("beech").points) == (4, 5)
    assert (rule("oak").at_least, rule("oak").count.of) == (8, "distinct_tree_species")
    assert dataclasses.asdict(rule("wild_strawberries")) == dataclasses.asdict(rule("oak"))
    assert (rule("moss").at_least, rule("moss").points) == (10, 10)
    assert [(s.at_least, s.points) for s in rule("digitalis").steps] == [
        (1, 1), (2, 3), (3, 6), (4, 10), (5, 15)]
    assert [(s.at_least, s.points) for s in rule("marsh_cinquefoil").steps] == [
        (0, 15), (6, 7), (11, 3)]
    assert rule("marsh_cinquefoil").count.plus_bees == "none"
    assert (rule("gentian").points, rule("capercaillie").points) == (3, 1)  # not BGA's comments
    assert rule("wild_boar").kind == "threshold"
    assert (rule("wild_boar_female").kind, rule("wild_boar_female").points) == ("per_species", 10)
    assert rule("elk").tree_symbols == ("birch", "douglas_fir")
    assert (rule("elk").points, rule("elk").points_per_sapling) == (2, 2)
    assert rule("european_bison").tree_symbols == ("oak", "beech")
    assert rule("roe_deer").same_as_own and rule("chamois").same_as_own
    assert rule("red_deer").symbols == ("tree", "plant")
    assert rule("european_fat_dormouse").points == 15
    assert rule("european_fat_dormouse").only_on == "tree"
    assert dataclasses.asdict(rule("silver_fir")) == dataclasses.asdict(rule("o_christmas_tree"))
    assert rule("european_hare").species == ("european_hare", "mountain_hare")
    assert dataclasses.asdict(rule("meeps")) == dataclasses.asdict(rule("european_wildcat"))
    assert dataclasses.asdict(rule("sheep")) == dataclasses.asdict(rule("fallow_deer"))
    assert rule("robber").points == 7
    bats = [s for s in C.species if "bat" in s.symbols]
    assert len(bats) == 7 and {(b.rule.at_least, b.rule.points) for b in bats} == {(3, 5)}


def test_bee_affects_exactly_the_counts_that_add_bees():
    with_bees = {s.id for s in C.species
                 if getattr(s.rule, "count", None) and s.rule.count.plus_bees != "none"}
    assert set(rule("violet_carpenter_bee").affects) == with_bees == {
        "beech", "horse_chestnut", "linden", "great_spotted_woodpecker", "moss"}


def test_special_kinds_are_few():
    assert [s.id for s in C.species if s.rule.kind == "special"] == ["violet_carpenter_bee"]


def test_rulings_referenced():
    used = {r for s in C.species for r in s.rulings} | {r for c in C.caves for r in c.rulings}
    assert used == set(C.rulings)
    assert set("abcdefghijklmnopqrstuvwx") <= used
    assert "a" in C.by_id("lynx").rulings
    assert "w" in C.by_id("wild_boar_female").rulings


def test_caves():
    caves = {c.id: c for c in C.caves}
    assert set(caves) == {"regular_cave", "bat_cave", "collectors_cave", "lonely_cave",
                          "smugglers_cave", "storage_cave"}
    assert (caves["regular_cave"].copies, caves["regular_cave"].points_per_card) == (5, 1)
    assert caves["bat_cave"].points_per_symbol == {"bat": 3}
    assert caves["collectors_cave"].points_per_card == 2
    assert caves["lonely_cave"].points_if_empty == 5
    assert all(c.box == "exploration" for i, c in caves.items() if i != "regular_cave")


def make_id(english: str) -> str:
    """GAME_FILES.md: lower case, spaces and hyphens -> '_', apostrophes dropped."""
    text = english.lower().replace("'", "").replace("ü", "ue")
    return re.sub(r"[ -]+", "_", text)


def test_ids_follow_the_game_files_rule():
    for s in C.species:
        expected = "wild_boar_female" if s.names.en == "Wild Boar (female)" else make_id(s.names.en)
        assert s.id == expected
    for species_id in ("european_fat_dormouse", "bechsteins_bat", "silver_washed_fritillary",
                       "savis_pipistrelle", "great_green_bush_cricket", "steinbock",
                       "wild_boar", "wild_boar_female"):
        assert C.by_id_or_none(species_id) is not None


@pytest.mark.parametrize("language", ["en", "de", "nl"])
def test_names_present_and_unique(language):
    names = [getattr(s.names, language).casefold() for s in C.species]
    assert all(n.strip() for n in names)
    assert len(names) == len(set(names))


def test_dutch_pitfalls_of_section_9():
    assert C.by_id("chaffinch").names.nl == "Vink"
    assert C.by_id("bullfinch").names.nl == "Goudvink"
    assert C.by_id("purple_emperor").names.nl == "Grote weerschijnvlinder"
    assert C.by_id("silver_washed_fritillary").names.nl == "Keizersmantel"
    assert C.by_id("silver_fir").names.nl == "Zilverspar"


@pytest.mark.parametrize(
    ("name", "species_id"),
    [("Bechstein's Bat", "bechsteins_bat"), ("european fat dormouse", "european_fat_dormouse"),
     ("SIEBENSCHLÄFER", "european_fat_dormouse"), ("Relmuis", "european_fat_dormouse"),
     ("Buchfink", "chaffinch"), ("vink", "chaffinch"), ("Goudvink", "bullfinch"),
     ("Bache", "wild_boar_female"), ("wild zwijn (zeug)", "wild_boar_female"),
     ("Wildzwijn", "wild_boar"), ("Kastanie", "horse_chestnut"), ("Rosskastanie", "horse_chestnut"),
     ("  Grote   bonte specht ", "great_spotted_woodpecker"), ("Mosquito", "crane_fly"),
     ("savis_pipistrelle", "savis_pipistrelle"), ("Alpenden", "stone_pine")],
)
def test_lookup_by_name(name, species_id):
    assert C.by_name(name).id == species_id


def test_unknown_names_and_ids():
    assert C.by_name("Dragon") is None
    with pytest.raises(cat.UnknownSpeciesError) as error:
        C.by_id("european_har")
    assert error.value.suggestions[0] == "european_hare"
    assert cat.suggest("bechstein_bat")[0] == "bechsteins_bat"
    assert cat.suggest("Buntspect")[0] == "great_spotted_woodpecker"
    assert cat.suggest("zzzzzz") == []


def with_species(index: int, **changes: object) -> dict:
    cards = copy.deepcopy(CARDS)
    cards["species"][index] |= changes
    return cards


def test_models_are_strict_and_frozen():
    lynx = next(i for i, s in enumerate(CARDS["species"]) if s["id"] == "lynx")
    with pytest.raises(ValidationError):
        cat.validated(with_species(lynx, colour="red"), SPLIT_CARDS)
    with pytest.raises(ValidationError):
        cat.validated(with_species(lynx, rule={"kind": "fixed", "points": 1, "per": "x"}),
                      SPLIT_CARDS)
    with pytest.raises(ValidationError):
        cat.validated(with_species(lynx, cost=-1), SPLIT_CARDS)
    with pytest.raises(ValidationError):
        cat.validated(with_species(lynx, id="Lynx"), SPLIT_CARDS)
    prints = copy.deepcopy(CARDS["species"][lynx]["boxes"])
    next(iter(prints.values()))["copies"] += 1
    with pytest.raises(ValidationError, match="variants add up to"):
        cat.validated(with_species(lynx, boxes=prints), SPLIT_CARDS)
    with pytest.raises(dataclasses.FrozenInstanceError):
        C.by_id("lynx").cost = 5  # type: ignore[misc]
    assert cat.load_catalog() is C


def test_only_the_cuckoo_needs_company_and_it_names_the_symbol():
    assert [s.id for s in C.species if s.sharing and s.sharing.required] == ["cuckoo"]
    assert C.by_id("cuckoo").sharing.with_symbol == "bird"
    with pytest.raises(ValueError, match="a required sharing names the symbol"):
        cat.SlotSharing(where="own_slot", with_species=("common_toad",), required=True)
