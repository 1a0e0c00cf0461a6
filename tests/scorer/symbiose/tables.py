"""Builders for Symbiose tables, so that each test shows only the cards it is about.

Scoring tests build the checked game directly (deck limits are the checks' business); file tests
use `VALID_TABLE`, a real table within the deck's counts.
"""

from __future__ import annotations

import copy

from hypothesis import strategies as st

from scorer.symbiose.models import ANIMALS, SEASONS, Card, SymbioseGame, parse_card_text

FILLER = "snail/blue/1"  # fixed points, and no test counts snails or blue
NAMES = ("Ann", "Bob", "Cas", "Dee")


def card(text: str) -> Card:
    parsed = parse_card_text(text)
    assert isinstance(parsed, Card), parsed
    return parsed


def pond(*cards: str, **at: str) -> tuple[tuple[Card, ...], ...]:
    """Cards in reading order, then filler; `at` puts a card at a spot: top_left, bottom_right..."""
    flat = list(cards) + [FILLER] * (8 - len(cards))
    spots = {f"{row}_{col}": r * 4 + c for r, row in enumerate(("top", "bottom"))
             for c, col in enumerate(("left", "mid1", "mid2", "right"))}
    for spot, text in at.items():
        flat[spots[spot]] = text
    cards_ = [card(text) for text in flat]
    return (tuple(cards_[:4]), tuple(cards_[4:]))


def game(*ponds, mode: str = "standard", river: tuple[str, ...] = (),
         river_left_of: int | None = None) -> SymbioseGame:
    return SymbioseGame(mode=mode, names=NAMES[: len(ponds)], ponds=tuple(ponds),
                        river=tuple(card(text) for text in river), river_left_of=river_left_of)


_VALID_PONDS = [
    [["frog/pink/2xpink", "fish/green/3xfish", "dragonfly/orange/8", "snail/blue/2xdragonfly"],
     ["fish/blue/4xorange", "dragonfly/green/2xgreen", "fish/pink/5", "frog/orange/3xfrog"]],
    [["dragonfly/pink/3xgreen", "snail/green/5", "dragonfly/pink/2xdragonfly",
      "fish/orange/2xpink"],
     ["snail/pink/3xsnail", "dragonfly/green/4", "frog/green/5xfrog", "dragonfly/blue/2xblue"]],
    [["snail/orange/2xsnail", "dragonfly/pink/2xpink", "fish/green/3xorange", "frog/pink/5"],
     ["dragonfly/orange/3xfish", "fish/pink/2xfish", "snail/green/8", "dragonfly/green/2xfrog"]],
    [["fish/pink/3", "dragonfly/blue/2xfish", "snail/orange/3xblue", "fish/green/2xsnail"],
     ["dragonfly/pink/6", "snail/pink/2xorange", "fish/blue/3xdragonfly", "dragonfly/orange/1"]],
]


def valid_table(players: int = 3, mode: str | None = None) -> dict:
    """A game file within the deck's counts, for 2-4 players (2 = duel with a river)."""
    data = {"version": 1, "game": "symbiose",
            "players": [{"name": NAMES[i], "pond": copy.deepcopy(_VALID_PONDS[i])}
                        for i in range(players)]}
    if mode:
        data["mode"] = mode
    if players == 2:
        data["river"] = [c for row in _VALID_PONDS[2] for c in row]
        data["river_left_of"] = "Ann"
    return data


# One deck with the rulebook's counts: 12/10/8/6 per animal and per season.
DECK = [(animal, season)
        for animal, row in zip(ANIMALS, ((4, 3, 3, 2), (4, 3, 2, 1), (2, 2, 2, 2), (2, 2, 1, 1)),
                               strict=True)
        for season, copies in zip(SEASONS, row, strict=True) for _ in range(copies)]

rules = st.one_of(st.integers(1, 9).map(str),
                  st.tuples(st.integers(1, 5), st.sampled_from(ANIMALS + SEASONS))
                  .map(lambda rule: f"{rule[0]}x{rule[1]}"))


@st.composite
def tables(draw: st.DrawFn) -> dict:
    """Random legal tables of every mode, dealt from one deck."""
    mode = draw(st.sampled_from(["standard", "standard", "duel", "team"]))
    players = {"duel": 2, "team": 4}.get(mode) or draw(st.integers(3, 4))
    needed = players * 8 + (8 if mode == "duel" else 0)
    deck = draw(st.permutations(DECK))[:needed]
    cards = [f"{a}/{s}/{draw(rules)}" for a, s in deck]
    data = {"version": 1, "game": "symbiose", "mode": mode,
            "players": [{"name": NAMES[i], "pond": [cards[i * 8:i * 8 + 4],
                                                    cards[i * 8 + 4:i * 8 + 8]]}
                        for i in range(players)]}
    if mode == "duel":
        data["river"] = cards[-8:]
        data["river_left_of"] = draw(st.sampled_from(NAMES[:2]))
    return data
