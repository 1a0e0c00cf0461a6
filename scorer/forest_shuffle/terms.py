"""Names from the card catalogue as message terms: `species.<id>`, `cave.<id>`, `tree_symbol.<id>`.

The catalogue names every species and cave in English, German and Dutch; a tree symbol that is a
species (beech, oak, ...) takes that species' name. Other terms (symbols, slots, boxes and the tree
symbols of no species) are in `locales/<lang>.json`. A language the catalogue has no names for
gets none here: the catalogue falls back to English.
"""

from __future__ import annotations

import dataclasses

from scorer.forest_shuffle.catalog import Names, load_catalog


def terms(lang: str) -> dict[str, str]:
    if lang not in {field.name for field in dataclasses.fields(Names)}:
        return {}
    catalog = load_catalog()
    species = {s.id: getattr(s.names, lang) for s in catalog.species}
    found = {f"species.{sid}": name for sid, name in species.items()}
    found |= {f"cave.{c.id}": getattr(c.names, lang) for c in catalog.caves}
    found |= {f"tree_symbol.{t}": species[t] for t in catalog.tree_symbols if t in species}
    return found
