"""A Fossil game of any length: the shipped 4-player game after rounds of paid-back moves.

Each round every player, in turn, moves for 1 point and is given it back by a correction; then
the shipped game (examples/fossil-4-players.json) is played out. So the scores after the padding
are the start scores again, and the final sheet is the shipped game's, whatever the length:
the benchmark and the tests of long logs know what a 100,000-event log must score.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SHIPPED = Path(__file__).parents[3] / "examples" / "fossil-4-players.json"


def shipped_game() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(SHIPPED.read_text(encoding="utf-8"))
    return data


def long_game(events: int) -> dict[str, Any]:
    """The shipped game after enough padding for `events` log events in all."""
    game = shipped_game()
    players, played = game["players"], game["log"]
    rounds, rest = divmod(events - len(played), 2 * len(players))
    if rounds < 0:
        raise ValueError(f"a long game has at least {len(played)} events")
    paid_back = [event for player in players for event in (
        {"move": player, "cost": 1}, {"adjust": player, "points": 1, "note": "paid back"})]
    nothing = [{"adjust": players[index % len(players)], "points": 0} for index in range(rest)]
    return {**game, "log": paid_back * rounds + nothing + played}
