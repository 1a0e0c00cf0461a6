"""Whether the game the app stored is the game file, as a person could have entered it: the
same players in order, caves (count and type), trees in order (their host ids) and cards in
each slot in order (species ids); a tree symbol (a card's or a shrub's) only where it changes
what a card on that table counts, and never a card's box, which the app does not keep (the
scorer's `as_entered`). Both must also score alike: the same totals and the same lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from benchmarks.entry_plan import TREE, cards_in
from scorer import GameFileError, score
from scorer.forest_shuffle.checks import DEFAULT_CAVE
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import as_entered


def comparable(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """`data`'s players as the app asks for them (the scorer's `as_entered`), every default
    written out: each tree as its host (and symbol) and its slots' cards, (species, symbol)."""
    entered = as_entered(dict(data))
    return [{"name": player["name"], "cave": player.get("cave", 0),
             "cave_type": player.get("cave_type") or DEFAULT_CAVE,
             "forest": [{TREE: entry["tree"], "symbol": entry.get("symbol"),
                         **{slot: cards_in(entry.get(slot)) for slot in SLOTS}}
                        for entry in player.get("forest", [])]}
            for player in entered["players"]]


def differences(file: Mapping[str, Any], stored: Mapping[str, Any]) -> list[str]:
    """What differs between the file and the stored game, first difference first; none: equal."""
    wanted, got = comparable(file), comparable(stored)
    if [p["name"] for p in wanted] != [p["name"] for p in got]:
        return [f"players: the file has {[p['name'] for p in wanted]}, the store "
                f"{[p['name'] for p in got]}"]
    found = []
    for want, have in zip(wanted, got, strict=True):
        found += _forest_differences(want, have)
    return found + _score_differences(file, stored)


def _forest_differences(want: dict[str, Any], have: dict[str, Any]) -> list[str]:
    name = want["name"]
    found = []
    for part in ("cave", "cave_type"):
        if want[part] != have[part]:
            found.append(f"{name}: {part} {have[part]} stored, {want[part]} in the file")
    if len(want["forest"]) != len(have["forest"]):
        found.append(f"{name}: {len(have['forest'])} trees stored, {len(want['forest'])} in "
                     "the file")
    for t, (tree, stored) in enumerate(zip(want["forest"], have["forest"], strict=False)):
        for part in (TREE, "symbol", *SLOTS):
            if tree[part] != stored[part]:
                found.append(f"{name}, tree {t + 1} {part}: {stored[part]!r} stored, "
                             f"{tree[part]!r} in the file")
    return found


def _score_differences(file: Mapping[str, Any], stored: Mapping[str, Any]) -> list[str]:
    try:
        theirs = score(stored)
    except GameFileError as error:
        return [f"the stored game does not score: {[p.key for p in error.problems]}"]
    found = []
    for want, have in zip(score(file).players, theirs.players, strict=True):
        if want.total != have.total:
            found.append(f"{want.name}: {have.total} points stored, {want.total} in the file")
        for index, (line, other) in enumerate(zip(want.lines, have.lines, strict=False)):
            if line != other:
                found.append(f"{want.name}, line {index + 1}: {other.item} {other.where} "
                             f"{other.points} stored, {line.item} {line.where} {line.points} "
                             "in the file")
                break
        if len(want.lines) != len(have.lines):
            found.append(f"{want.name}: {len(have.lines)} score lines stored, "
                         f"{len(want.lines)} in the file")
    return found
