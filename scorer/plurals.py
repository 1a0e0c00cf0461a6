"""CLDR plural rules, evaluated for whole numbers: which form ("one", "few", "other"...) a count
takes in a language.

The scorer counts things (cards, points, players), never fractions, so only the integer operands
matter: n and i are the count, the fraction operands v, w, f, t, c and e are 0. A rule is the
text Babel gives (`Locale.plural_form.rules`, kept in `plural_rules.json`):
    condition := and_condition ("or" and_condition)*
    and_condition := relation ("and" relation)*
    relation := operand ("mod" integer)? "not"? "in" range ("," range)*
    range := integer (".." integer)?
Babel is not imported for this: importing it loads babel.core (pickle and its locale data
machinery) at every CLI start. tests/scorer/test_plurals.py holds this to Babel's answers for
every language we ship and every rule set Babel knows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

Relation = Callable[[int], bool]
# CLDR's order: a rule is tried in it, and a count no rule takes is "other".
CATEGORIES = ("zero", "one", "two", "few", "many")
_WHOLE_NUMBER_OPERANDS = {"n": True, "i": True, "v": False, "w": False, "f": False, "t": False,
                          "c": False, "e": False}  # True: the count itself; False: always 0


def plural_rule(rules: Mapping[str, str]) -> Callable[[int], str]:
    """The category of a count under `rules` ({category: condition}; "other" needs none)."""
    tests = [(category, _condition(rules[category])) for category in CATEGORIES
             if category in rules]

    def category_of(count: int) -> str:
        return next((category for category, test in tests if test(abs(count))), "other")
    return category_of


def _condition(text: str) -> Relation:
    alternatives = [[_relation(relation) for relation in alternative.split(" and ")]
                    for alternative in text.split(" or ")]
    return lambda n: any(all(relation(n) for relation in every) for every in alternatives)


def _relation(text: str) -> Relation:
    words = text.split()
    operand, rest = words[0], words[1:]
    modulus = None
    if rest[0] == "mod":
        modulus, rest = int(rest[1]), rest[2:]
    negated = rest[0] == "not"
    if negated:
        rest = rest[1:]
    if rest[0] != "in" or len(rest) != 2:
        raise ValueError(f"not a CLDR plural relation: {text!r}")
    ranges = [_range(piece) for piece in rest[1].split(",")]
    is_count = _WHOLE_NUMBER_OPERANDS[operand]

    def holds(n: int) -> bool:
        value = n if is_count else 0
        if modulus is not None:
            value %= modulus
        return any(low <= value <= high for low, high in ranges) != negated
    return holds


def _range(text: str) -> tuple[int, int]:
    low, _, high = text.partition("..")
    return int(low), int(high or low)
