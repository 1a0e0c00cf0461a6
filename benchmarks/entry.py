"""A person's time to enter a Forest Shuffle game file: `python -m benchmarks.entry TABLE.json
[--json]`.

Enters any valid Forest Shuffle game file through the app, in Debian's Chromium at 390 x 844,
one phone per player, all at once, the way a person would (benchmarks/entry_person.py): only
controls inside the screen are tapped; a list is scrolled when the next target is not on it
(each gesture counted); a species is searched for only when its tile is not to be seen
(counting the characters typed). At the end the game the server stored must equal the file as
a person could have entered it (benchmarks/entry_compare.py).

Setup is not counted: a real `tallybook` server in a fresh data folder, the players known to it
beforehand; the host's phone starts a game of the file's players with the boxes the file names
(else those its cards come from) and keeps seat 0; every other phone joins by the table's code
and takes its seat. Counting starts when a phone shows its own empty forest, and ends when its
forest and cave are entered; once every phone is done, the host's phone opens the score sheet
(that tap counts for the host). The table's wall time runs from the moment every phone shows
its empty forest to the moment the host's phone shows the score sheet.

Counting rule (the Keystroke-Level Model, benchmarks/klm.py): every tap is one decision + one
point + one tap (1.35 + 1.1 + 0.2 = 2.65 s); every scroll is one decision + one point + one tap
(2.65 s); every typed character 0.28 s; a search is the tap on the search field (counted as a
tap) and its characters; decisions = taps + scrolls.

Prints per player the taps, scrolls, searches, characters, decisions and KLM seconds, then the
wall time and whether the stored game equals the file (else its first differences); `--json`
prints one object instead: {"players": [{"name", "taps", "scrolls", "searches",
"characters", "decisions", "klm_s"}], "wall_s", "stored_equals_file"}. Exit status: 0 the
stored game equals the file, 1 it differs, 2 an invalid file (its problems listed), 3 the
screen did not do what the entry screen's contract says (what was missing, and what the phone
showed). As a part of `python -m benchmarks` (`figures`): the late-game table
benchmarks/tables/late-game-4-players.json; `--quick`: benchmarks/tables/quick-2-players.json
(the base 2-player example's first two trees of each forest).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.async_api import async_playwright

from benchmarks.entry_compare import differences
from benchmarks.entry_person import Person
from benchmarks.entry_phone import WAIT_MS, Phone, ScreenError, new_phone
from benchmarks.entry_plan import boxes_of, listed
from benchmarks.figures import Figure, timings
from benchmarks.klm import Counts
from scorer import GameFileError, check, read_game_file
from scorer.forest_shuffle.models import SLOTS
from scorer.render import problem_text
from tests.e2e.harness import CHROME_ARGS, CHROMIUM, ROOT, Server
from views.app import DB_NAME
from views.storage.store import Store

LATE_GAME = ROOT / "benchmarks" / "tables" / "late-game-4-players.json"
QUICK = ROOT / "benchmarks" / "tables" / "quick-2-players.json"  # two trees a forest: plumbing
DIFFERENCES_SHOWN = 10
SERVER_LINES = 30  # of its log, when a run fails and the server logged an error
SHOWN_CODE = r"^[A-Z2-9]{4}-[A-Z2-9]{4}$"  # a join code as the table screen shows it
INVALID, DIFFERS, SCREEN = 2, 1, 3


@dataclass
class Run:
    """One table entered: every person (with their counts), the wall time, the stored file."""

    people: list[Person]
    wall_s: float
    stored: dict[str, Any]


# setup, not counted -----------------------------------------------------------------------------
async def setup_tap(phone: Phone, identifier: str) -> None:
    """A tap that is not counted, wherever the control is (scrolled to by the browser)."""
    await phone.shows({"present": [identifier]}, what=f"{identifier} to tap (setting up)")
    selector = f"[flt-semantics-identifier={json.dumps(identifier, ensure_ascii=False)}]"
    await phone.page.locator(selector).first.click(timeout=WAIT_MS)


async def empty_forest(phone: Phone) -> None:
    await phone.shows({"present": ["hosts"]}, {"present": ["add-tree"]},
                      what="its empty forest (the host grid, or add-tree)")


async def start_game(phone: Phone, names: list[str], boxes: list[str]) -> None:
    """From home to the entry screen of a new game of these known players and boxes (a fresh
    device plays the base box)."""
    await setup_tap(phone, "game-forest-shuffle")
    for index, name in enumerate(names):
        await setup_tap(phone, f"known-player-{name}")
        await phone.shows({"present": [f"remove-{index}"]}, what=f"{name} seated")
    # every box in play but the base one turned on, then the base box off if it is not
    for box in [*(box for box in boxes if box != "base"), *(["base"] * ("base" not in boxes))]:
        await setup_tap(phone, f"box-{box}")
        on = box in boxes
        await phone.until("([id, on]) => (__person.marked(id) === 'true') === on",
                          [f"box-{box}", on], f"box-{box} {'in play' if on else 'left out'}")
    await setup_tap(phone, "start")
    await empty_forest(phone)


async def join_code(host: Phone) -> str:
    """The code as the host's table screen shows it (K7QM-2XPD); back to entry after."""
    await setup_tap(host, "invite")
    code = await host.until("""shown => [...document.querySelectorAll(
        '[flt-semantics-identifier="join-code"] [aria-label]')].map(n =>
        n.getAttribute('aria-label')).find(label => new RegExp(shown).test(label))""",
        SHOWN_CODE, "the join code on the table screen")
    await setup_tap(host, "enter-cards")
    await empty_forest(host)
    return str(code)


async def join(browser: Any, url: str, code: str, seat: int, name: str) -> Phone:
    """A guest's phone opens the code's link (what the QR code holds) and takes `seat`."""
    guest = await new_phone(browser, f"{url}join/{code.replace('-', '')}", name, host=False)
    await setup_tap(guest, f"seat-{seat}")
    await guest.shows({"absent": ["seat-0"]}, what="the seat picker gone")
    await empty_forest(guest)
    return guest


async def seated(browser: Any, url: str, file: dict[str, Any]) -> list[Phone]:
    """Every player's phone on their empty forest, the host's at seat 0."""
    names = [player["name"] for player in file["players"]]
    host = await new_phone(browser, url, names[0], host=True)
    await start_game(host, names, boxes_of(file))
    code = await join_code(host)
    return [host, *[await join(browser, url, code, seat, name)
                    for seat, name in enumerate(names[1:], start=1)]]


# the table, entered at once --------------------------------------------------------------------
async def enter_table(url: str, file: dict[str, Any]) -> tuple[list[Person], float]:
    """Every phone seated, then every forest entered at once: the people, and the wall time."""
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROME_ARGS)
        try:
            phones = await seated(browser, url, file)
            people = [Person(phone, file, seat) for seat, phone in enumerate(phones)]
            began = time.monotonic()
            async with asyncio.TaskGroup() as group:
                guests = [group.create_task(person.enter_forest()) for person in people[1:]]
                group.create_task(host_work(people[0], guests))
            return people, time.monotonic() - began
        finally:
            await browser.close()


async def host_work(host: Person, guests: list[asyncio.Task[None]]) -> None:
    """The host's forest, then the score sheet once every other phone is done."""
    await host.enter_forest()
    await asyncio.wait(guests)  # a table has two players at least
    await host.open_sheet()


def measure(file: dict[str, Any]) -> Run:
    """The table entered through a fresh server, and the game it stored."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data")
        server.data.mkdir(parents=True)
        store = Store(server.data / DB_NAME)
        store.remember_players([player["name"] for player in file["players"]][::-1])
        store.close()
        server.start()
        try:
            people, wall = asyncio.run(enter_table(server.url, file))
        except BaseException:
            print(server_trouble(server), end="", file=sys.stderr)
            raise
        finally:
            server.stop()
        store = Store(server.data / DB_NAME)
        [record] = store.games("active") or store.games("finished")
        store.close()
    return Run(people, wall, record.data["file"])


def server_trouble(server: Server) -> str:
    """The end of the server's log if it logged an error (the log goes with its folder)."""
    log = (server.data.parent / "server.log").read_text(encoding="utf-8", errors="replace")
    if "Traceback" not in log:
        return ""
    return "the server's log ends:\n" + "\n".join(log.splitlines()[-SERVER_LINES:]) + "\n"


# the command -----------------------------------------------------------------------------------
def problems_of(path: str) -> tuple[dict[str, Any] | None, list[str]]:
    """The file's data, or why it cannot be entered (the scorer's problems)."""
    try:
        data = read_game_file(path)
    except GameFileError as error:
        return None, [problem_text(problem, "en") for problem in error.problems]
    if not isinstance(data, dict) or data.get("game") != "forest-shuffle":
        return None, [f"{path}: not a Forest Shuffle game file"]
    game, problems = check(data)
    if game is None:
        return None, [problem_text(problem, "en") for problem in problems]
    return data, []


def player_json(person: Person) -> dict[str, Any]:
    counts = person.total
    return {"name": person.name, "taps": counts.taps, "scrolls": counts.scrolls,
            "searches": counts.searches, "characters": counts.characters,
            "decisions": counts.decisions, "klm_s": round(counts.klm_s, 1)}


def report(name: str, run: Run, found: list[str]) -> str:
    width = max(len(person.name) for person in run.people)
    lines = [f"{name}: {len(run.people)} phones at once, Chromium at 390 x 844"]
    for shown in map(player_json, run.people):
        lines.append(f"  {shown['name']:<{width}}  {shown['taps']} taps, {shown['scrolls']} "
                     f"scrolls, {shown['searches']} searches, {shown['characters']} "
                     f"characters, {shown['decisions']} decisions: KLM {shown['klm_s']:.1f} s")
    lines.append(f"wall time of the table: {run.wall_s:.1f} s")
    if found:
        lines += ["the stored game differs from the file:",
                  *[f"  {line}" for line in found[:DIFFERENCES_SHOWN]]]
    else:
        lines.append("the stored game equals the file")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("table", metavar="TABLE.json")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args(argv)
    file, problems = problems_of(args.table)
    if file is None:
        print(f"{args.table} cannot be entered:", *problems, sep="\n  ", file=sys.stderr)
        return INVALID
    run = None
    try:
        run = measure(file)
    except* ScreenError as failed:
        for error in failed.exceptions:
            print(error, file=sys.stderr)
    if run is None:
        return SCREEN
    found = differences(file, run.stored)
    for person in run.people:
        for note in person.notes:
            print(f"note: {note}", file=sys.stderr)
    if args.json:
        print(json.dumps({"players": [player_json(person) for person in run.people],
                          "wall_s": round(run.wall_s, 1), "stored_equals_file": not found}))
    else:
        print(report(Path(args.table).name, run, found))
    return DIFFERS if found else 0


# as a part of `python -m benchmarks` -----------------------------------------------------------
def figures(quick: bool) -> dict[str, Figure]:
    path = QUICK if quick else LATE_GAME
    file = json.loads(path.read_text(encoding="utf-8"))
    run = measure(file)
    found = differences(file, run.stored)
    if found:
        raise SystemExit(f"{path.name}: the stored game differs from the file: {found[:3]}")
    return table_figures(path.name, file, run)


def table_figures(name: str, file: dict[str, Any], run: Run) -> dict[str, Figure]:
    trees = sum(len(player.get("forest", [])) for player in file["players"])
    dwellers = sum(len(listed(entry.get(slot))) for player in file["players"]
                   for entry in player.get("forest", []) for slot in SLOTS)
    on_trees = sum((person.counts["trees"] for person in run.people), Counts())
    on_dwellers = sum((person.counts["dwellers"] for person in run.people), Counts())
    forests = len(run.people)
    return {
        "klm-per-forest": timings(f"KLM per forest, {forests} forests of {name}",
                                  [person.total.klm_s for person in run.people], "s"),
        "taps-per-tree": Figure(f"taps per tree: {on_trees.taps} taps (and {on_trees.scrolls} "
                                f"scrolls) for {trees} trees", "taps",
                                round(on_trees.taps / trees, 2)),
        "taps-per-dweller": Figure(f"taps per dweller: {on_dwellers.taps} taps (and "
                                   f"{on_dwellers.scrolls} scrolls) for {dwellers} dwellers",
                                   "taps", round(on_dwellers.taps / dwellers, 2)),
        "searches-per-forest": Figure(
            f"searches per forest, median of {forests}", "searches",
            statistics.median(person.total.searches for person in run.people)),
        "wall": Figure(f"wall time of the table, {forests} phones at once", "s",
                       round(run.wall_s, 1)),
    }


if __name__ == "__main__":
    sys.exit(main())
