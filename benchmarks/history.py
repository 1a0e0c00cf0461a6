"""How long the history takes to draw: `python -m benchmarks.history [--games N]`.

A history of N finished games (the example tables of all three games, in turn) in a fresh
store. The first listing after a server start scores every game once; later listings read the
stored games and reuse those results (a finished game is read-only). Also timed: every
player's statistics (the Players screen) and a backup of the whole history.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.figures import Figure, alone
from views.records.archive import backup_bytes
from views.records.results import History
from views.storage.store import Store

EXAMPLES = Path(__file__).parents[1] / "examples"
TABLES = ("symbiose-standard.json", "forest-shuffle-alpine-woodland-edge-3-players.json",
          "fossil-4-players.json")


def timed(action: Callable[[], object]) -> float:
    began = time.perf_counter()
    action()
    return round((time.perf_counter() - began) * 1000)


def figures(quick: bool, games: int = 300) -> dict[str, Figure]:
    games = 6 if quick else games
    files = [json.loads((EXAMPLES / name).read_text(encoding="utf-8")) for name in TABLES]
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tallybook.sqlite3")
        with store.transaction():
            for index in range(games):
                file = files[index % len(files)]
                game_id = store.create_game(file["game"], {"file": file})
                store.save_game(game_id, {"file": file}, 0, status="finished")
        history = History(store)
        of = f"{games} finished games"
        out = {"first": Figure(f"history of {of}, first after a start", "ms",
                               timed(history.results)),
               "again": Figure(f"history of {of}, again", "ms", timed(history.results)),
               "statistics": Figure(f"every player's statistics, {of}", "ms",
                                    timed(history.every_stats)),
               "backup": Figure(f"backup of {of}", "ms", timed(lambda: backup_bytes(store)))}
        store.close()
    return out


if __name__ == "__main__":
    alone(figures, "games")
