"""Random LEGAL Fossil games as game-file dicts, and a reference model of the rules.

The generator plays a game the way the rulebook (rules/fossil.md) allows it: moves only by
players who can pay, takes only of pieces still in the game, an optional exchange of two equal
cards by the player who took the last piece right before the evaluation, adjustments that never go
below 0, and usually an `end`. To know what is legal it keeps the scores with `reference_evaluate`,
a second, independent implementation of the evaluation written from the rules; every generated
game carries the scores that model expects after each log event.

The piece counts are restated here from the rules instead of imported from the scorer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

NAMES = ("Andreas", "Bernd", "Carola", "Doris", "Ernst", "Frida")
FOSSIL_ORDER = ("ammonite", "fish", "poplar_leaf", "scallop", "brittle_star", "sea_urchin",
                "sea_lily", "trilobite", "horseshoe_crab")
FULL_PIECES = {3: 1, 2: 2, 1: 6}
SMALL_PIECES = {2: 2, 1: 6}  # 2-3 players: every 3 is removed ...
SMALL_REMOVED = ("fish", "scallop")  # ... and so are all scallops and fish


def fossil_game(players: Sequence[str], log: Sequence[Any] = (), **extra: Any) -> dict[str, Any]:
    """A Fossil game-file dict."""
    return {"version": 1, "game": "fossil", "players": list(players), "log": list(log), **extra}


def pieces_in_play(fossil: str, small: bool) -> dict[int, int]:
    if not small:
        return dict(FULL_PIECES)
    return {} if fossil in SMALL_REMOVED else dict(SMALL_PIECES)


def reference_evaluate(holdings: Sequence[Sequence[int]], scores: Sequence[int],
                       small: bool) -> list[int]:
    """Each player's score change when one fossil is evaluated (fossil.md, written afresh)."""
    count = len(holdings)
    change = [0] * count
    value = {p: sum(cards) * len(cards) for p, cards in enumerate(holdings) if cards}
    if not value:
        return change
    best = max(value.values())
    tops = [p for p, v in value.items() if v == best]
    for p, v in value.items():
        change[p] += v if (p in tops or not small) else sum(holdings[p])
    owed = len(holdings[tops[0]])
    for p in range(count):
        if p in value:
            continue
        change[p] -= min(owed, scores[p])
        for top in tops:
            change[top] += owed // len(tops)
    return change


@dataclass
class Generated:
    game: dict[str, Any]
    expected: list[list[int]]  # the reference scores after each log event
    start: int


def generate(rng: random.Random, max_steps: int = 40) -> Generated:
    count = rng.randint(2, 6)
    names = list(NAMES[:count])
    small = count <= 3
    start = 30 if rng.random() < 0.6 else rng.randint(0, 60)
    scores = [start] * count
    finds: list[Counter[tuple[str, int]]] = [Counter() for _ in names]
    taken: Counter[tuple[str, int]] = Counter()
    evaluated: set[str] = set()
    in_play = [f for f in FOSSIL_ORDER if pieces_in_play(f, small)]
    log: list[dict[str, Any]] = []
    expected: list[list[int]] = []
    last_mover: int | None = None

    def record(event: dict[str, Any]) -> None:
        log.append(event)
        expected.append(list(scores))

    def held(fossil: str) -> list[list[int]]:
        return [sorted(v for (f, v), n in mine.items() if f == fossil for _ in range(n))
                for mine in finds]

    def apply_evaluation(fossil: str, holdings: list[list[int]]) -> None:
        for p, delta in enumerate(reference_evaluate(holdings, scores, small)):
            scores[p] += delta
        for mine in finds:
            for card in [card for card in mine if card[0] == fossil]:
                del mine[card]
        evaluated.add(fossil)

    def evaluate(fossil: str) -> None:
        if rng.random() < 0.25:  # the quick calculator: holdings given directly
            holdings: list[list[int]] = [[] for _ in names]
            for value, n in pieces_in_play(fossil, small).items():
                for _ in range(n):
                    owner = rng.randrange(count + 2)  # some pieces belong to nobody
                    if owner < count:
                        holdings[owner].append(value)
            given = {names[p]: cards for p, cards in enumerate(holdings)
                     if cards or rng.random() < 0.2}
            apply_evaluation(fossil, [sorted(cards) for cards in holdings])
            record({"evaluate": fossil, "holdings": given})
        else:
            apply_evaluation(fossil, held(fossil))
            record({"evaluate": fossil})

    def maybe_exchange(player: int) -> None:
        options = [(gives, other, gets)
                   for gives in finds[player] if finds[player][gives]
                   for other in range(count) if other != player
                   for gets in finds[other] if finds[other][gets] and gets[1] == gives[1]]
        if not options or rng.random() < 0.4:
            return
        gives, other, gets = rng.choice(options)
        finds[player][gives] -= 1
        finds[player][gets] += 1
        finds[other][gets] -= 1
        finds[other][gives] += 1
        record({"exchange": {"player": names[player], "gives": f"{gives[0]}:{gives[1]}",
                             "with": names[other], "gets": f"{gets[0]}:{gets[1]}"}})

    for _ in range(rng.randint(0, max_steps)):
        roll = rng.random()
        if roll < 0.75:  # a move
            can_move = [p for p in range(count) if scores[p] > 0]
            if not can_move:
                continue
            player = next(((last_mover + step) % count for step in range(1, count + 1)
                           if scores[(last_mover + step) % count] > 0), can_move[0]) \
                if last_mover is not None else rng.choice(can_move)
            if rng.random() < 0.05:
                player = rng.choice(can_move)  # out of turn: only a warning
            cost = rng.randint(1, min(scores[player], 6))
            event: dict[str, Any] = {"move": names[player], "cost": cost}
            cards = [(f, v) for f in in_play if f not in evaluated
                     for v, n in pieces_in_play(f, small).items() if taken[(f, v)] < n]
            card = rng.choice(cards) if cards and rng.random() < 0.9 else None
            scores[player] -= cost
            last_mover = player
            if card:
                event["take"] = f"{card[0]}:{card[1]}"
                finds[player][card] += 1
                taken[card] += 1
            record(event)
            if card and not small:
                fossil = card[0]
                left = sum(n for v, n in pieces_in_play(fossil, small).items()) - sum(
                    taken[(fossil, v)] for v in FULL_PIECES)
                if left == 0 and rng.random() < 0.9:  # the last piece: exchange, evaluate
                    maybe_exchange(player)
                    evaluate(fossil)
            elif card and small and rng.random() < 0.1:
                maybe_exchange(player)
                evaluate(card[0])
        elif roll < 0.85:  # an evaluation, maybe early (a warning in the 4-6 game)
            open_fossils = [f for f in in_play if f not in evaluated]
            if open_fossils:
                evaluate(rng.choice(open_fossils))
        else:  # a correction
            player = rng.randrange(count)
            points = rng.randint(-scores[player], 10)
            scores_note = {"note": "fix"} if rng.random() < 0.5 else {}
            scores[player] += points
            record({"adjust": names[player], "points": points, **scores_note})
    if rng.random() < 0.8:
        for fossil in FOSSIL_ORDER:
            holdings = held(fossil)
            if fossil not in evaluated and any(holdings):
                apply_evaluation(fossil, holdings)
        record({"end": True})
    game = fossil_game(names, log)
    if start != 30 or rng.random() < 0.3:
        game["start_score"] = start
    return Generated(game, expected, start)


generated_games = st.builds(generate, st.randoms(use_true_random=False))
legal_games = generated_games.map(lambda generated: generated.game)


@st.composite
def evaluations(draw: st.DrawFn) -> tuple[list[list[int]], list[int], bool]:
    """(holdings, scores, small_game) for one fossil, within the pieces of the game."""
    count = draw(st.integers(2, 6))
    small = count <= 3
    holdings: list[list[int]] = [[] for _ in range(count)]
    for value, n in pieces_in_play("ammonite", small).items():
        for _ in range(n):
            owner = draw(st.integers(0, count))  # `count` = still on the board
            if owner < count:
                holdings[owner].append(value)
    scores = draw(st.lists(st.integers(0, 12), min_size=count, max_size=count))
    return holdings, scores, small
