"""Taps per card: how many taps entering a reference table of each game takes through the app:
`python -m benchmarks.taps`.

The app's real Flet session with no browser (the fake client of the headless view tests), on a
fresh store, the host's phone: a new game of the reference table's players (named by typing,
not counted), then every card entered on the game's entry screen as a thumb would, each tap
counted, until the stored game is the reference table. Taps per card is that count divided by
the table's cards:

* Symbiose, examples/symbiose-standard.json (3 players, 24 cards): from a learned deck (every
  card known: one tap each) and from a new deck (a card not seen before is composed: animal,
  season, rule and points);
* Forest Shuffle, examples/forest-shuffle-base-2-players.json: per tree or dweller, the taps
  on the cave's pad, on the tree bar and on the player chips included;
* Fossil, examples/fossil-4-players.json: a whole game in the companion, per card taken, the
  taps that start each evaluation and end the game included.

UX.md's budgets: a known Symbiose card 1 tap, a new one at most 4; at most 2 taps per tree and
per dweller; at most 3 taps a Fossil turn.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from benchmarks.figures import Figure, summary
from benchmarks.scoring import example
from scorer.forest_shuffle.models import SLOTS
from scorer.forest_shuffle.placing import as_entered
from tests.e2e.games import cards as cards_in
from tests.views.fake_client import FakeClient
from tests.views.forest_steps import enter_forest, start_forest_game
from tests.views.helpers import enter, learn, start_game, table_cards
from tests.views.test_fossil_companion import start_fossil, turn
from views.app import make_main
from views.storage.store import Store
from views.web.access import PREFS_DEVICE, device_id, new_device_token

Entry = Callable[[FakeClient, Store], Awaitable[tuple[int, int]]]  # -> (taps, cards)


class Counted:
    """Every tap on the client from now on, counted (the shared entry steps tap it)."""

    def __init__(self, c: FakeClient):
        self.count, self._tap = 0, c.tap
        c.tap = self  # type: ignore[method-assign]

    async def __call__(self, identifier: str) -> None:
        self.count += 1
        await self._tap(identifier)


def stored_file(store: Store) -> dict:
    [game] = store.games("active") or store.games("finished")
    return game.data["file"]


def symbiose(learned: bool) -> Entry:
    async def entry(c: FakeClient, store: Store) -> tuple[int, int]:
        file = example("symbiose-standard.json")
        cards = table_cards(file)
        if learned:
            learn(store, cards)
        await start_game(c, [player["name"] for player in file["players"]])
        tap = Counted(c)
        for card in cards:
            await enter(c, card)
        assert stored_file(store)["players"] == file["players"], "not the reference table"
        return tap.count, len(cards)
    return entry


async def forest_shuffle(c: FakeClient, store: Store) -> tuple[int, int]:
    file = example("forest-shuffle-base-2-players.json")
    await start_forest_game(c, [player["name"] for player in file["players"]])
    tap = Counted(c)
    for index, player in enumerate(file["players"]):
        await enter_forest(c, tap, index, player["forest"], player["cave"])
    entered = as_entered(stored_file(store))["players"]  # symbols only where they count
    assert entered == as_entered(file)["players"], "not the reference table"
    cards = sum(1 + sum(len(cards_in(entry.get(slot))) for slot in SLOTS)
                for player in file["players"] for entry in player["forest"])
    return tap.count, cards


async def fossil(c: FakeClient, store: Store) -> tuple[int, int]:
    file = example("fossil-4-players.json")
    await start_fossil(c, file["players"])
    tap = Counted(c)
    for event in file["log"]:
        if "move" in event:
            await turn(c, event["cost"], event["take"])
        elif "evaluate" in event:
            await c.tap("evaluate")
            await c.tap("continue")
        else:
            await c.tap("end-game")
            await c.tap("end-confirm")
    assert stored_file(store)["log"] == file["log"], "not the reference game"
    return tap.count, sum("move" in event for event in file["log"])


ENTRIES: dict[str, tuple[str, Entry]] = {
    "symbiose-learned": ("Symbiose, learned deck (symbiose-standard.json)", symbiose(True)),
    "symbiose-new": ("Symbiose, new deck (symbiose-standard.json)", symbiose(False)),
    "forest-shuffle": ("Forest Shuffle, per tree or dweller (forest-shuffle-base-2-players.json)",
                       forest_shuffle),
    "fossil": ("Fossil, per card taken in a whole game (fossil-4-players.json)", fossil),
}


async def counted(entry: Entry) -> tuple[int, int]:
    """(taps, cards) of one entry, on a fresh store, as the host's phone."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "tallybook.sqlite3")
        token = new_device_token()
        store.add_host(device_id(token))
        c = FakeClient({PREFS_DEVICE: token})
        try:
            await c.start(make_main(store), "/")
            return await entry(c, store)
        finally:
            c.close()
            store.close()


def figures(quick: bool) -> dict[str, Figure]:
    """Counts, not timings: the same at every size, so `quick` changes nothing."""
    out = {}
    for key, (what, entry) in ENTRIES.items():
        taps, cards = asyncio.run(counted(entry))
        out[key] = Figure(f"{what}: {taps} taps for {cards} cards", "taps/card",
                          round(taps / cards, 2))
    return out


def main() -> None:
    print(summary("taps", figures(quick=False)))


if __name__ == "__main__":
    main()
