"""The Forest Shuffle card catalogue: species, scoring rules, split cards and caves as data.

The facts live in ``cards.json`` and ``split_cards.json`` next to this module; this module only
describes their shape and offers lookups. Scoring code interprets the rules.

The shape is frozen dataclasses, not pydantic models: building ~25 models and validating the
cards cost ~18 ms at every start of `python -m scorer`. The files ship with the package, so
`validated` (pydantic, strict about unknown keys, with every cross-reference checked) runs in
the tests, and `load_catalog` trusts them and fills the same dataclasses from the JSON, reading
each field by its type. Annotations are evaluated as the classes are made (no
`from __future__ import annotations`): reading them back from strings compiled each one again.
Split cards are read only when asked for (`split_cards`): scoring never needs them.
"""

import dataclasses
import json
import types
from collections import Counter
from collections.abc import Callable
from functools import cache, cached_property
from pathlib import Path
from typing import (
    Annotated,
    Any,
    ClassVar,
    Literal,
    TypeVar,
    Union,
    dataclass_transform,
    get_args,
    get_origin,
)

# Loaded with the file models anyway; here they only annotate, for `validated`.
from pydantic import ConfigDict, Field, NonNegativeInt, PositiveInt

Box = Literal["base", "alpine", "woodland_edge", "exploration", "promo"]
Slot = Literal["top", "bottom", "left", "right"]
# Trees and shrubs show their tree symbol on the whole card, dwellers on the half they are on.
VariantSide = Literal["whole", "top", "bottom", "left", "right"]
Kind = Literal["tree", "shrub", "dweller"]


class _Data:
    # Catalogue data is read-only and must not hide typos in the JSON (pydantic's config).
    __pydantic_config__ = ConfigDict(extra="forbid")
    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]  # each record's, by _record

    def __repr__(self) -> str:
        # One for all records: dataclasses compile a __repr__ per class at every start.
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({shown})"


_T = TypeVar("_T")


@dataclass_transform(frozen_default=True, kw_only_default=True, eq_default=False)
def _record(cls: type[_T]) -> type[_T]:
    """A catalogue record: frozen, fields by name (a record's checks are its __post_init__).
    Each record is its one copy in the catalogue, so it equals and hashes as itself: no
    __eq__ and __hash__ compiled per class (~4 ms of every start with __repr__)."""
    return dataclasses.dataclass(frozen=True, kw_only=True, eq=False, repr=False)(cls)


NonEmpty = Field(min_length=1)
Id = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]


@_record
class Names(_Data):
    en: Annotated[str, NonEmpty]
    de: Annotated[str, NonEmpty]
    nl: Annotated[str, NonEmpty]


@_record
class Count(_Data):
    """What a threshold/majority/table/set rule counts in the owner's forest."""

    of: Literal["species", "symbol", "distinct_species", "distinct_tree_species"]
    species: tuple[str, ...] = ()
    symbol: str | None = None
    # Violet Carpenter Bees add 1 each: at a tree of the counted species, or at any tree.
    plus_bees: Literal["none", "at_host", "at_any_tree"] = "none"

    def __post_init__(self) -> None:
        if (self.of == "species") != bool(self.species):
            raise ValueError("'species' is required exactly when of='species'")
        if (self.of in ("symbol", "distinct_species")) != (self.symbol is not None):
            raise ValueError("'symbol' is required exactly when of is 'symbol'/'distinct_species'")


@_record
class Step(_Data):
    at_least: NonNegativeInt
    points: int


@_record
class Fixed(_Data):
    kind: Literal["fixed"]
    points: int


@_record
class PerSymbol(_Data):
    """points per card with each listed symbol in the own forest (the card itself included)."""

    kind: Literal["per_symbol"]
    points: int
    symbols: Annotated[tuple[str, ...], NonEmpty]


@_record
class PerSpecies(_Data):
    kind: Literal["per_species"]
    points: int
    species: Annotated[tuple[str, ...], NonEmpty]


@_record
class PerDistinctSpecies(_Data):
    kind: Literal["per_distinct_species"]
    points: int
    symbol: str


@_record
class PerTreeSymbol(_Data):
    """points per card (tree, shrub, dweller half) showing a matching tree symbol."""

    kind: Literal["per_tree_symbol"]
    points: int
    same_as_own: bool = False
    tree_symbols: tuple[str, ...] = ()
    points_per_sapling: NonNegativeInt = 0

    def __post_init__(self) -> None:
        if self.same_as_own == bool(self.tree_symbols):
            raise ValueError("give either same_as_own or tree_symbols")


@_record
class PerPosition(_Data):
    kind: Literal["per_position"]
    points: int
    position: Literal[
        "cards_in_own_slots",  # Silver Fir: every card in its 4 slots, shared slots too
        "cards_in_tree_bottom_slots",  # Wood Ant: bottom slots of trees and saplings
        "fully_occupied_trees",  # Beech Marten
        "cards_in_cave",  # Bearded Vulture
    ]


@_record
class Threshold(_Data):
    kind: Literal["threshold"]
    count: Count
    at_least: NonNegativeInt
    points: int
    otherwise: int = 0


@_record
class Table(_Data):
    """Per card: points of the last step whose at_least the count reaches (0 below the first)."""

    kind: Literal["table"]
    count: Count
    steps: Annotated[tuple[Step, ...], NonEmpty]

    def __post_init__(self) -> None:
        bounds = [s.at_least for s in self.steps]
        if bounds != sorted(set(bounds)):
            raise ValueError("steps must have strictly ascending at_least")


@_record
class SetTable(_Data):
    """Scored once per set_id: table[n-1] for n counted cards, the last entry caps."""

    kind: Literal["set_table"]
    set_id: str
    count: Count
    table: Annotated[tuple[int, ...], NonEmpty]


@_record
class SpeciesSets(_Data):
    """Once per forest: cards split into sets of different species; table[k-1] per set of k."""

    kind: Literal["species_sets"]
    set_id: str
    symbol: str
    table: Annotated[tuple[int, ...], NonEmpty]


@_record
class Majority(_Data):
    """points if no other forest has a higher count (ties qualify), else otherwise."""

    kind: Literal["majority"]
    count: Count
    points: int
    otherwise: int = 0


@_record
class SlotCondition(_Data):
    kind: Literal["slot_condition"]
    condition: Literal[
        "host_species",  # target: the tree species it sits on, told by the tree's symbol
        "host_kind",  # target: "tree" or "shrub"
        "shares_slot_with",  # target: species id in the same slot
        "opposite_slot_has_symbol",  # target: symbol on the opposite side of the same host
        "alone_on_host",  # no target: the only card attached to its host
    ]
    target: str | None = None
    only_on: Literal["tree", "any"] = "any"
    points: int
    otherwise: int = 0

    def __post_init__(self) -> None:
        if (self.condition == "alone_on_host") != (self.target is None):
            raise ValueError("target is required except for alone_on_host")


@_record
class Special(_Data):
    """A card whose effect needs code; `affects` lists the species whose counts it changes."""

    kind: Literal["special"]
    name: Literal["violet_carpenter_bee"]
    points: int = 0
    affects: tuple[str, ...] = ()


Rule = Annotated[
    Fixed
    | PerSymbol
    | PerSpecies
    | PerDistinctSpecies
    | PerTreeSymbol
    | PerPosition
    | Threshold
    | Table
    | SetTable
    | SpeciesSets
    | Majority
    | SlotCondition
    | Special,
    Field(discriminator="kind"),
]


@_record
class Print(_Data):
    """One box's copies of a species, with the tree symbols printed per side."""

    copies: PositiveInt
    variants: dict[VariantSide, dict[str, PositiveInt]]
    extra_symbols: tuple[str, ...] = ()  # e.g. the woodland-edge symbol on later Squeakers

    def __post_init__(self) -> None:
        total = sum(sum(by_symbol.values()) for by_symbol in self.variants.values())
        if total != self.copies:
            raise ValueError(f"variants add up to {total}, copies is {self.copies}")


@_record
class SlotSharing(_Data):
    where: Literal["own_slot", "host_top_slot"]
    with_species: tuple[str, ...] = ()
    with_symbol: str | None = None
    max_cards: PositiveInt | None = None  # None: any number
    # The card may only join a card with `with_symbol` already in its slot (Cuckoo on a bird).
    required: bool = False

    def __post_init__(self) -> None:
        if self.required and (self.where != "own_slot" or self.with_symbol is None):
            raise ValueError("a required sharing names the symbol needed in the own slot")


@_record
class Species(_Data):
    id: Id
    names: Names
    aliases: tuple[str, ...] = ()
    kind: Kind
    slots: tuple[Slot, ...]
    symbols: tuple[str, ...]
    group: str
    cost: NonNegativeInt
    boxes: Annotated[dict[Box, Print], NonEmpty]
    rule: Rule
    counts_as: str | None = None  # a reprint under another name (Moor Birch is a Birch)
    sharing: SlotSharing | None = None
    effects: tuple[Literal["fills_cave", "host_becomes_sapling"], ...] = ()
    rulings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        sides = {side for p in self.boxes.values() for side in p.variants}
        if self.kind == "dweller":
            if not self.slots or not sides <= set(self.slots):
                raise ValueError(f"{self.id}: printed sides {sides} not within slots {self.slots}")
        elif self.slots or sides != {"whole"}:
            raise ValueError(f"{self.id}: trees and shrubs take no slots and print 'whole'")

    def copies(self, box: Box | None = None) -> int:
        if box is None:
            return sum(p.copies for p in self.boxes.values())
        return self.boxes[box].copies if box in self.boxes else 0

    def variants(self, side: VariantSide, box: Box | None = None) -> Counter[str]:
        """Tree-symbol counts printed on this side, for one box or all boxes (do not change)."""
        return self._variant_table.get((side, box)) or Counter()

    def boxes_in(self, boxes: tuple[Box, ...]) -> tuple[Box, ...]:
        """This species' boxes among `boxes`, in catalogue order."""
        return self._in_play(boxes)[0]

    def copies_in(self, boxes: tuple[Box, ...]) -> int:
        """The copies in these boxes together (Exploration and promo Mistletoe: 2)."""
        return self._in_play(boxes)[1]

    def variants_in(self, side: VariantSide, boxes: tuple[Box, ...]) -> Counter[str]:
        """Tree-symbol counts printed on this side in these boxes together (do not change)."""
        found = self._variant_table.get((side, boxes))
        if found is None:
            found = Counter()
            for box in self.boxes_in(boxes):
                found.update(self.variants(side, box))
            self._variant_table[(side, boxes)] = found
        return found

    def _in_play(self, boxes: tuple[Box, ...]) -> tuple[tuple[Box, ...], int]:
        if boxes not in self._in_play_memo:
            mine = tuple(box for box in self.boxes if box in boxes)
            self._in_play_memo[boxes] = mine, sum(self.boxes[box].copies for box in mine)
        return self._in_play_memo[boxes]

    @cached_property
    def _in_play_memo(self) -> dict[tuple[Box, ...], tuple[tuple[Box, ...], int]]:
        # Checks ask for every card of a game, always for the same few box selections.
        return {}

    @cached_property
    def _variant_table(self) -> dict[tuple[str, object], Counter[str]]:
        # Checks ask for every card in a game; counting them once per species keeps that cheap.
        # Keys: (side, box), (side, None) for all boxes, (side, boxes) for a few together.
        table: dict[tuple[str, object], Counter[str]] = {}
        for print_box, p in self.boxes.items():
            for side, by_symbol in p.variants.items():
                table[(side, print_box)] = Counter(by_symbol)
                table.setdefault((side, None), Counter()).update(by_symbol)
        return table

    def symbols_in(self, box: Box) -> tuple[str, ...]:
        return self.symbols + self.boxes[box].extra_symbols


@_record
class Cave(_Data):
    id: Id
    names: Names
    aliases: tuple[str, ...] = ()
    box: Box
    copies: PositiveInt | None = None  # None: not stated by any source
    points_per_card: NonNegativeInt
    points_per_symbol: dict[str, PositiveInt] = dataclasses.field(default_factory=dict)
    points_if_empty: NonNegativeInt | None = None
    rulings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # The explanation shows one rate for all of a cave's symbols ("3 per bat").
        if len(set(self.points_per_symbol.values())) > 1:
            raise ValueError(f"{self.id}: points_per_symbol must give every symbol the same rate")


@_record
class SplitHalf(_Data):
    species: str
    side: Slot
    tree_symbol: str


@_record
class SplitCard(_Data):
    """One physical dweller card: only one of its halves can ever be in play."""

    id: str
    box: Box
    halves: tuple[SplitHalf, SplitHalf]

    def __post_init__(self) -> None:
        if (self.halves[0].side, self.halves[1].side) not in (("left", "right"), ("top", "bottom")):
            raise ValueError(f"{self.id}: halves must be left|right or top/bottom")


@_record
class SplitCardFile(_Data):
    version: Literal[1]
    sources: dict[str, str]
    cards: tuple[SplitCard, ...]


class UnknownSpeciesError(KeyError):
    def __init__(self, species_id: str, suggestions: list[str]) -> None:
        super().__init__(species_id)
        self.species_id = species_id
        self.suggestions = suggestions


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


@_record
class Catalog(_Data):
    version: Literal[1]
    boxes: tuple[Box, ...]
    symbols: tuple[str, ...]
    tree_symbols: tuple[str, ...]
    groups: tuple[str, ...]
    rulings: dict[str, str]
    species: tuple[Species, ...]
    caves: tuple[Cave, ...]

    @cached_property
    def _ids(self) -> dict[str, Species]:
        return {s.id: s for s in self.species}

    @cached_property
    def _names(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for s in self.species:
            for name in (s.id, s.names.en, s.names.de, s.names.nl, *s.aliases):
                key = _fold(name)
                if index.setdefault(key, s.id) != s.id:
                    raise ValueError(f"name {name!r} used by {index[key]} and {s.id}")
        return index

    def by_id_or_none(self, species_id: str) -> Species | None:
        return self._ids.get(species_id)

    def by_id(self, species_id: str) -> Species:
        species = self._ids.get(species_id)
        if species is None:
            raise UnknownSpeciesError(species_id, self.suggest(species_id))
        return species

    def by_name(self, name: str) -> Species | None:
        """Case-insensitive lookup by id, English, German or Dutch name, or alias."""
        species_id = self._names.get(_fold(name))
        return None if species_id is None else self._ids[species_id]

    def suggest(self, unknown: str, limit: int = 3) -> list[str]:
        """Species ids that look like `unknown` (an id or a name in any language)."""
        import difflib  # only a misspelt card needs it: not imported at every start

        matches = difflib.get_close_matches(_fold(unknown), self._names, n=limit * 3, cutoff=0.6)
        return list(dict.fromkeys(self._names[m] for m in matches))[:limit]

    def cave(self, cave_id: str) -> Cave:
        return next(c for c in self.caves if c.id == cave_id)

    def in_box(self, box: Box) -> list[Species]:
        return [s for s in self.species if box in s.boxes]


def _reference_problems(catalog: Catalog, split_cards: tuple[SplitCard, ...]) -> list[str]:
    """Every id a rule or card mentions must exist, so a typo fails in the tests, not at
    scoring."""
    ids = [s.id for s in catalog.species]
    if len(ids) != len(set(ids)):
        return ["duplicate species ids"]
    known, problems = set(ids), []
    for s in catalog.species:
        problems += _species_problems(s, known, catalog)
    for c in split_cards:
        for h in c.halves:
            sp = catalog.by_id_or_none(h.species)
            if sp is None or c.box not in sp.boxes:
                problems.append(f"split card {c.id}: no {h.species} in box {c.box}")
            elif sp.boxes[c.box].variants.get(h.side, {}).get(h.tree_symbol, 0) == 0:
                problems.append(f"split card {c.id}: {h.species} has no {h.side}/"
                                f"{h.tree_symbol} print in {c.box}")
    for cave in catalog.caves:
        problems += [f"cave {cave.id}: unknown symbol {s}"
                     for s in cave.points_per_symbol if s not in catalog.symbols]
    return problems


def _species_problems(s: Species, known: set[str], cat: Catalog) -> list[str]:
    refs: list[str] = [*_rule_species(s.rule)]
    if s.counts_as:
        refs.append(s.counts_as)
    if s.sharing:
        refs += s.sharing.with_species
    symbols = set(s.symbols) | {x for p in s.boxes.values() for x in p.extra_symbols}
    symbols |= set(_rule_symbols(s.rule))
    tree_symbols = {t for p in s.boxes.values() for v in p.variants.values() for t in v}
    tree_symbols |= set(getattr(s.rule, "tree_symbols", ()))
    return (
        [f"{s.id}: unknown species {r}" for r in refs if r not in known]
        + [f"{s.id}: unknown symbol {x}" for x in symbols if x not in cat.symbols]
        + [f"{s.id}: unknown tree symbol {t}" for t in tree_symbols if t not in cat.tree_symbols]
        + [f"{s.id}: unknown ruling {r}" for r in s.rulings if r not in cat.rulings]
        + ([f"{s.id}: unknown group {s.group}"] if s.group not in cat.groups else [])
    )


def _rule_species(rule: Rule) -> tuple[str, ...]:
    count = getattr(rule, "count", None)
    found = getattr(rule, "species", ()) + getattr(rule, "affects", ())
    if count is not None:
        found += count.species
    if isinstance(rule, SlotCondition) and rule.condition in ("shares_slot_with", "host_species"):
        found += (rule.target or "",)
    return found


def _rule_symbols(rule: Rule) -> tuple[str, ...]:
    count = getattr(rule, "count", None)
    found = (*getattr(rule, "symbols", ()), getattr(rule, "symbol", None) or "")
    if count is not None and count.symbol:
        found += (count.symbol,)
    if isinstance(rule, SlotCondition) and rule.condition == "opposite_slot_has_symbol":
        found += (rule.target or "",)
    return tuple(x for x in found if x)


def validated(cards: object, split_cards: object) -> tuple[Catalog, SplitCardFile]:
    """The catalogue and split cards of these JSON values, checked in full: every field's type
    and bounds, no unknown key, every record's own checks and every cross-reference. The tests
    run it on the shipped files; it raises pydantic's ValidationError or ValueError."""
    from pydantic import TypeAdapter  # only the tests pay for building the validators

    split = TypeAdapter(SplitCardFile).validate_python(split_cards)
    catalog = TypeAdapter(Catalog).validate_python(cards)
    problems = _reference_problems(catalog, split.cards)
    if problems:
        raise ValueError("; ".join(problems))
    _ = catalog._names  # raises on a name shared by two species
    return catalog, split


def _shipped(name: str) -> Any:
    return json.loads((_HERE / name).read_text(encoding="utf-8"))


_HERE = Path(__file__).parent


@cache
def load_catalog() -> Catalog:
    """The packaged catalogue, read once per process (`validated` checks it in the tests)."""
    catalog: Catalog = _reader(Catalog)(_shipped("cards.json"))
    return catalog


@cache
def split_cards() -> tuple[SplitCard, ...]:
    """The packaged split cards: which two halves share a physical card."""
    found: SplitCardFile = _reader(SplitCardFile)(_shipped("split_cards.json"))
    return found.cards


# --- Filling the dataclasses from trusted JSON ------------------------------------------

_Read = Callable[[Any], Any]


@cache
def _reader(cls: type) -> _Read:
    """Builds a record of `cls` from its JSON object, its fields read by their types."""
    fields = {name: _value_reader(hint) for name, hint in _field_types(cls).items()}

    def read(data: dict[str, Any]) -> Any:
        return cls(**{name: value if (field := fields[name]) is None else field(value)
                      for name, value in data.items()})

    return read


def _value_reader(hint: Any) -> _Read | None:
    """How to read a JSON value of this type; None: the JSON value is it (str, int, a dict of
    them). Only what the catalogue's fields use: records, tuples, dicts, optional values and
    the union of rules told apart by their `kind`."""
    origin, args = get_origin(hint), get_args(hint)
    if origin is Annotated:  # bounds and patterns: for `validated`
        return _value_reader(args[0])
    if dataclasses.is_dataclass(hint):
        return _reader(hint)  # type: ignore[arg-type]
    if origin is tuple:
        item = _value_reader(args[0])
        return tuple if item is None else lambda values: tuple(map(item, values))
    if origin is dict:
        value = _value_reader(args[1])
        return None if value is None else lambda found: {k: value(v) for k, v in found.items()}
    if origin in (Union, types.UnionType):
        members = [arg for arg in args if arg is not type(None)]
        if len(members) == 1:
            member = _value_reader(members[0])
            if member is None:
                return None
            return lambda found: None if found is None else member(found)
        by_kind = {get_args(_field_types(m)["kind"])[0]: _reader(m) for m in members}
        return lambda found: by_kind[found["kind"]](found)
    return None


def _field_types(cls: type) -> dict[str, Any]:
    return {field.name: field.type for field in dataclasses.fields(cls)}


def suggest(unknown_id: str, limit: int = 3) -> list[str]:
    """'Did you mean …' for an unknown species id or name."""
    return load_catalog().suggest(unknown_id, limit)
