"""Forest Shuffle's rules reference: what a card scores, in words, and every ruling about it.

Every card and cave is an entry of the rules reference (scorer/reference.py) that the app shows
and `python -m scorer rules forest-shuffle [CARD]` prints (`reference(card, lang)`). The words
come from the card's `rule` data (one message `forest_shuffle.rule.<kind>` per rule kind) and its
facts in the catalogue; the rulings are the messages `forest_shuffle.ruling.<id>` in the locales
files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorer.entry import Entry, Section
from scorer.forest_shuffle.catalog import (
    Cave,
    Count,
    Fixed,
    Majority,
    PerDistinctSpecies,
    PerPosition,
    PerSpecies,
    PerSymbol,
    PerTreeSymbol,
    SetTable,
    SlotCondition,
    Special,
    Species,
    SpeciesSets,
    Table,
    Threshold,
    load_catalog,
)
from scorer.i18n import text
from scorer.rules import entry_text

KIND_ORDER = {"tree": 0, "shrub": 1, "dweller": 2}


def reference(card: str | None, lang: str) -> str:
    """Every card with its one-line rule, or one card in full; LookupError for an unknown card."""
    if card is None:
        return listing(lang)
    catalog = load_catalog()
    species = catalog.by_name(card)
    if species is not None:
        return card_text(species, lang)
    cave = _cave_by_name(card)
    if cave is not None:
        return cave_text(cave, lang)
    names = [text(f"species.{sid}", lang=lang) for sid in catalog.suggest(card)]
    key = "forest_shuffle.rules.unknown_suggest" if names else "forest_shuffle.rules.unknown"
    raise LookupError(text(key, {"card": card, "suggestions": names}, lang))


def listing(lang: str) -> str:
    """Every card in one line, under its group's heading."""
    lines = [text("forest_shuffle.rules.title", lang=lang)]
    group = None
    for entry in entries(lang):
        if entry.group != group:
            group = entry.group
            lines += ["", group]
        lines.append(f"  {entry.id:<26} {entry.title:<28} {entry.summary}")
    return "\n".join(lines) + "\n"


def entries(lang: str) -> list[Entry]:
    """The reference's entries (scorer/reference.py): the trees, the shrubs, the dwellers by
    group, then the caves."""
    catalog = load_catalog()
    ordered = sorted(catalog.species, key=lambda s: (KIND_ORDER[s.kind],
                                                     catalog.groups.index(s.group)))
    return [*(species_entry(s, lang) for s in ordered),
            *(cave_entry(c, lang) for c in catalog.caves)]


def card_text(s: Species, lang: str) -> str:
    return entry_text(species_entry(s, lang))


def cave_text(cave: Cave, lang: str) -> str:
    return entry_text(cave_entry(cave, lang))


def species_entry(s: Species, lang: str) -> Entry:
    """A card's names, kind, slots, symbols, copies per box, tree-symbol variants, what it
    scores, its other effects and every ruling about it."""
    facts = [("names", _names(s))]
    if s.aliases:
        facts.append(("aliases", ", ".join(s.aliases)))
    kind = text(f"kind.{s.kind}", lang=lang)
    facts.append(("card", f"{kind} · {text(f'forest_shuffle.group.{s.group}', lang=lang)}"))
    if s.slots:
        facts.append(("slots", _terms(s.slots, "slot", lang)))
    facts += [("symbols", _terms(s.symbols, "symbol", lang)),
              ("copies", "; ".join(_copies(s, lang))),
              ("tree_symbols", " · ".join(_variants(s, lang))),
              ("scores", rule_text(s, lang))]
    extras = list(_extras(s, lang))
    if extras:
        facts.append(("also", "; ".join(extras)))
    return Entry(s.id, _name(s.id, lang), text(f"forest_shuffle.group.{s.group}", lang=lang),
                 rule_text(s, lang), _sections(facts, s.rulings, lang),
                 (s.id, s.names.en, s.names.de, s.names.nl, *s.aliases), tuple(s.boxes))


def cave_entry(cave: Cave, lang: str) -> Entry:
    facts = [("names", _names(cave))]
    if cave.copies:
        facts.append(("copies", text("forest_shuffle.rules.copies_in",
                                     {"count": cave.copies, "box": cave.box}, lang)))
    facts.append(("scores", cave_rule(cave, lang)))
    return Entry(cave.id, _cave_name(cave, lang), text("forest_shuffle.group.caves", lang=lang),
                 cave_rule(cave, lang), _sections(facts, cave.rulings, lang),
                 (cave.id, cave.names.en, cave.names.de, cave.names.nl, *cave.aliases),
                 (cave.box,))


def _names(item: Species | Cave) -> str:
    """The names in all three languages."""
    return " · ".join(f"{code} {getattr(item.names, code)}" for code in ("en", "de", "nl"))


def _sections(facts: list[tuple[str, str]], rulings: tuple[str, ...],
              lang: str) -> tuple[Section, ...]:
    found = [Section(kind, text(f"forest_shuffle.rules.{kind}", lang=lang), value)
             for kind, value in facts]
    heading = text("forest_shuffle.rules.rulings", lang=lang)
    found += [Section("ruling", heading, ruling_text(ruling, lang), ruling)
              for ruling in rulings]
    if not rulings:
        found.append(Section("no_rulings", heading,
                             text("forest_shuffle.rules.no_rulings", lang=lang)))
    return tuple(found)


def ruling_text(ruling_id: str, lang: str) -> str:
    return text(f"forest_shuffle.ruling.{ruling_id}", lang=lang)


# --- The rule in words ---------------------------------------------------------------------------

def rule_text(s: Species, lang: str) -> str:
    """One line: what this species scores, from its rule data."""
    rule = s.rule
    if isinstance(rule, Fixed):
        return _rule("fixed", {"points": rule.points}, lang)
    if isinstance(rule, PerSymbol):
        key = "per_symbol_self" if set(rule.symbols) & set(s.symbols) else "per_symbol"
        symbols = _either(rule.symbols, "symbol", lang)
        return _rule(key, {"each": rule.points, "symbols": symbols}, lang)
    if isinstance(rule, PerSpecies):
        key = "per_species_self" if s.id in rule.species else "per_species"
        species = _either(rule.species, "species", lang)
        return _rule(key, {"each": rule.points, "species": species}, lang)
    if isinstance(rule, PerDistinctSpecies):
        return _rule("per_distinct_species", {"each": rule.points, "symbol": rule.symbol}, lang)
    if isinstance(rule, PerTreeSymbol):
        return _per_tree_symbol(rule, lang)
    if isinstance(rule, PerPosition):
        return _rule(rule.position, {"each": rule.points}, lang)
    if isinstance(rule, Threshold):
        return _threshold(rule, lang)
    if isinstance(rule, Table):
        return _with_bees(_rule("table", {"by": _counted(rule.count, lang),
                                          "values": _steps(rule, lang)}, lang), rule.count, lang)
    if isinstance(rule, SetTable):
        params = {"species": _either(rule.count.species, "species", lang),
                  "values": _series(rule.table)}
        return _with_bees(_rule("set_table", params, lang), rule.count, lang)
    if isinstance(rule, SpeciesSets):
        params = {"symbol": rule.symbol, "values": _series(rule.table)}
        return _rule("species_sets", params, lang)
    if isinstance(rule, Majority):
        found = _rule("majority", {"points": rule.points, "by": _counted(rule.count, lang)}, lang)
        return _with_bees(_otherwise(found, rule.otherwise, lang), rule.count, lang)
    if isinstance(rule, SlotCondition):
        return _slot_condition(s, rule, lang)
    if isinstance(rule, Special):
        return _rule(rule.name, {"points": rule.points, "affects": list(rule.affects)}, lang)
    raise TypeError(f"no words for rule {rule!r}")  # pragma: no cover - the union is closed


def _rule(kind: str, params: Mapping[str, object], lang: str) -> str:
    return text(f"forest_shuffle.rule.{kind}", params, lang)


def _per_tree_symbol(rule: PerTreeSymbol, lang: str) -> str:
    if rule.same_as_own:
        return _rule("per_tree_symbol_own", {"each": rule.points}, lang)
    params = {"each": rule.points, "tree_symbols": _either(rule.tree_symbols, "tree_symbol", lang),
              "per_sapling": rule.points_per_sapling}
    key = "per_tree_symbol_saplings" if rule.points_per_sapling else "per_tree_symbol"
    return _rule(key, params, lang)


def _threshold(rule: Threshold, lang: str) -> str:
    count = rule.count
    if count.of == "species" and rule.at_least == 1:
        found = _rule("threshold_one", {"points": rule.points,
                                        "species": _either(count.species, "species", lang)}, lang)
    else:
        found = _rule("threshold", {"points": rule.points, "at_least": rule.at_least,
                                    "by": _counted(count, lang)}, lang)
    return _with_bees(_otherwise(found, rule.otherwise, lang), count, lang)


def _slot_condition(s: Species, rule: SlotCondition, lang: str) -> str:
    key: str = rule.condition
    if key == "shares_slot_with" and rule.target == s.id:
        key = "shares_slot_with_same"
    found = _rule(key, {"points": rule.points, "target": rule.target}, lang)
    if rule.only_on == "tree":
        found += "; " + _rule("only_on_tree", {}, lang)
    return _otherwise(found, rule.otherwise, lang)


def _counted(count: Count, lang: str) -> str:
    """What a threshold, table or majority counts, as a noun phrase."""
    params = {"species": _either(count.species, "species", lang), "symbol": count.symbol}
    return _rule(f"count_{count.of}", params, lang)


def _with_bees(found: str, count: Count, lang: str) -> str:
    if count.plus_bees == "none":
        return found
    params = {"species": _either(count.species, "species", lang)}
    return f"{found}; {_rule(f'bees_{count.plus_bees}', params, lang)}"


def _otherwise(found: str, points: int, lang: str) -> str:
    return f"{found}, {_rule('otherwise', {'points': points}, lang)}" if points else found


def _steps(rule: Table, lang: str) -> str:
    bounds = [step.at_least for step in rule.steps]
    parts = []
    for i, step in enumerate(rule.steps):
        last = i + 1 == len(rule.steps)
        upper = None if last else bounds[i + 1] - 1
        span = f"{step.at_least}+" if last else (
            str(step.at_least) if upper == step.at_least else f"{step.at_least}-{upper}")
        parts.append(f"{span} → {step.points}")
    return ", ".join(parts)


def _series(table: Iterable[int]) -> str:
    values = list(table)
    return ", ".join(f"{n}{'+' if n == len(values) else ''} → {v}"
                     for n, v in enumerate(values, start=1))


def _either(items: Iterable[str], prefix: str, lang: str) -> str:
    """Terms joined as 'a, b or c' in the reader's language."""
    names = [text(f"{prefix}.{item}", lang=lang) for item in dict.fromkeys(items)]
    if len(names) < 2:
        return "".join(names)
    return text("forest_shuffle.rules.or", {"symbols": ", ".join(names[:-1]),
                                            "symbol": names[-1]}, lang)


# --- The card's facts ----------------------------------------------------------------------------

def _copies(s: Species, lang: str) -> list[str]:
    found = []
    for box, printed in s.boxes.items():
        params = {"count": printed.copies, "box": box, "symbols": list(printed.extra_symbols)}
        key = "copies_extra" if printed.extra_symbols else "copies_in"
        found.append(text(f"forest_shuffle.rules.{key}", params, lang))
    return found


def _variants(s: Species, lang: str) -> list[str]:
    found = []
    for side in ("whole", "top", "bottom", "left", "right"):
        printed = s.variants(side)
        if printed:
            counts = ", ".join(f"{text(f'tree_symbol.{t}', lang=lang)} ×{n}"
                               for t, n in printed.items())
            found.append(f"{text(f'side.{side}', lang=lang)}: {counts}")
    return found


def _extras(s: Species, lang: str) -> Iterable[str]:
    if s.counts_as:
        yield text("forest_shuffle.rules.counts_as", {"target": s.counts_as}, lang)
    if s.sharing is not None:
        share = s.sharing
        if share.where == "host_top_slot":
            yield text("forest_shuffle.rules.shares_host_top", {"symbol": share.with_symbol}, lang)
        elif share.with_species:
            yield text("forest_shuffle.rules.shares_species",
                       {"species": list(share.with_species)}, lang)
        else:
            yield text("forest_shuffle.rules.shares_symbol", {"symbol": share.with_symbol}, lang)
        if share.max_cards:
            yield text("forest_shuffle.rules.shares_max", {"limit": share.max_cards}, lang)
    for effect in s.effects:
        yield text(f"forest_shuffle.rules.{effect}", lang=lang)


# --- Caves ---------------------------------------------------------------------------------------

def _cave_by_name(name: str) -> Cave | None:
    wanted = " ".join(name.casefold().split())
    for cave in load_catalog().caves:
        names = (cave.id, cave.names.en, cave.names.de, cave.names.nl, *cave.aliases)
        if wanted in {" ".join(n.casefold().split()) for n in names}:
            return cave
    return None


def _cave_name(cave: Cave, lang: str) -> str:
    return text(f"cave.{cave.id}", lang=lang)


def cave_rule(cave: Cave, lang: str) -> str:
    found = _rule("cards_in_cave", {"each": cave.points_per_card}, lang)
    if cave.points_per_symbol:
        per = next(iter(cave.points_per_symbol.values()))
        symbols = _either(cave.points_per_symbol, "symbol", lang)
        found += "; " + _rule("per_symbol", {"each": per, "symbols": symbols}, lang)
    if cave.points_if_empty is not None:
        found += "; " + _rule("cave_empty", {"points": cave.points_if_empty}, lang)
    return found


def _name(species_id: str, lang: str) -> str:
    return text(f"species.{species_id}", lang=lang)


def _terms(items: Iterable[str], prefix: str, lang: str) -> str:
    return ", ".join(text(f"{prefix}.{item}", lang=lang) for item in items)
