"""Fossil tap -> scores in the browser, late in a whole game:
`python -m benchmarks.fossil_app [--taps N]`.

The 4-player game of examples/fossil-4-players.json up to its last move (72 events: 69 moves
and three evaluations), open on the host's phone in the companion at /fossil/<id>, past the last
evaluation's arithmetic. Its last move is made again and again: cost and fossil chosen (not
timed), then the value tap, timed in the page's own clock as benchmarks/browser.py says until
the mover's score tile shows the new score (the whole log replayed by the scorer), then undone.
Target: median < 150 ms.
"""

from __future__ import annotations

from benchmarks.browser import phone_on, tap_to_update
from benchmarks.figures import Figure, alone, timings
from benchmarks.scoring import example
from scorer import score
from tests.e2e.games import says
from views.storage.store import Store

REFERENCE = "fossil-4-players.json"


def figures(quick: bool, taps: int = 30) -> dict[str, Figure]:
    file = example(REFERENCE)
    *played, last, end = file["log"]
    assert "move" in last and end == {"end": True}
    before = {**file, "log": played}
    mover = file["players"].index(last["move"])
    fossil, value = last["take"].split(":")
    was, then = score(before).players[mover], score({**file, "log": [*played, last]})
    now = then.players[mover]

    def stored(store: Store) -> str:
        record = {"file": before, "set_aside": [], "confirmed": None}
        return f"/fossil/{store.create_game('fossil', record)}"

    with phone_on(stored) as phone:
        says(phone, f"score-{mover}", f"{was.name}: {was.total} points")
        phone.tap("continue")  # from the ammonite's evaluation, shown until then
        phone.by_id("cost-1").first.wait_for(state="attached")

        def choose() -> None:
            phone.tap(f"cost-{last['cost']}")
            says(phone, "choice", f"pays {last['cost']} ·")
            phone.tap(f"fossil-{fossil}")
            says(phone, "choice", f"takes: {fossil.replace('_', ' ')}")

        def undo() -> None:
            phone.tap("undo")
            says(phone, f"score-{mover}", f"{was.name}: {was.total} points")

        times = tap_to_update(phone, 1 if quick else taps, f"value-{value}", f"score-{mover}",
                              f"{now.name}: {now.total} point", undo, before=choose)
    return {"tap-to-score": timings(
        f"the last move of {REFERENCE} (its value tap) -> new score shown", times, digits=0)}


if __name__ == "__main__":
    alone(figures, "taps")
