"""Storage faults while the real `tallybook` serves a phone: taps a full disk refused are shown
as not saved in the browser and saved once there is room; a database deleted under the server
is said, kept and printed, and never made anew. The full disk is a real one to the process: a
file size limit (RLIMIT_FSIZE), lifted while the server runs. (At start and at stop, without a
browser: tests/server/test_start_and_stop.py.)"""

from __future__ import annotations

import resource
import signal
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.games import learned
from tests.e2e.harness import Server
from tests.e2e.phone import Phone
from tests.server.test_start_and_stop import refused_with
from views.app import DB_NAME
from views.storage.store import Store

FISH, FROG = "fish/green/5", "frog/pink/2xpink"


def started_writable(data: Path) -> Server:
    """The real server, whose writes past a file size limit set later fail (EFBIG) instead of
    killing it: an ignored SIGXFSZ is inherited through exec."""
    server = Server(data)
    learned(server, {"players": [{"name": "Ann", "pond": [[FISH, FROG]]},
                                 {"name": "Bob", "pond": [[]]}]})
    previous = signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    try:
        server.start()
    finally:
        signal.signal(signal.SIGXFSZ, previous)
    return server


def room_left(server: Server, size: int) -> None:
    """The server's files may grow to `size` bytes from now on, as on a disk that is full
    (the soft limit: lifting it again takes no privilege)."""
    assert server.proc is not None
    resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))


def game_with_a_fish(context, server) -> tuple[Phone, int]:
    """The host's phone, on a new game of Ann and Bob with a fish in Ann's pond; its id."""
    phone = Phone.open(context, server.url)
    phone.tap("game-symbiose")
    phone.seat(["Ann", "Bob"])
    phone.tap("start")
    phone.tap(f"known-{FISH}")
    phone.expect_says("tile-0-0-0", "fish")
    return phone, int(phone.page.url.rstrip("/").split("/")[-1])


def test_taps_the_full_disk_refused_show_as_not_saved_and_are_saved_when_it_has_room(
        tmp_path, make_context):
    server = started_writable(tmp_path / "data")
    try:
        phone, game = game_with_a_fish(make_context(), server)
        # The write-ahead log only grows (one frame per page written): no room for one more.
        room_left(server, (server.data / f"{DB_NAME}-wal").stat().st_size)
        phone.tap(f"known-{FROG}")
        phone.expect_says("not-saved", "Not saved: the server could not write to its disk. "
                                       "The latest changes at this table are kept")
        phone.expect_says("tile-0-0-1", "frog")  # kept, and shown
        assert pond_row(server, game) == [FISH, None]
        room_left(server, resource.RLIM_INFINITY)  # space freed: it is saved by itself
        expect(phone.by_id("not-saved")).to_have_count(0)
        assert pond_row(server, game) == [FISH, FROG]
        phone.reload()
        phone.expect_says("tile-0-0-1", "frog")
        log = (server.data.parent / "server.log").read_text(encoding="utf-8")
        assert f"tallybook: game {game} is not saved: cannot write to {server.data}: disk I/O " \
               f"error; trying again\ntallybook: game {game} is saved now\n" in log
        assert "Traceback" not in log
    finally:
        server.stop()


def pond_row(server: Server, game: int) -> list:
    store = Store(server.data / DB_NAME)
    try:
        return store.game(game).data["file"]["players"][0]["pond"][0][:2]
    finally:
        store.close()


def test_a_database_deleted_under_the_server_is_said_kept_printed_and_never_made_anew(
        tmp_path, make_context):
    server = Server(tmp_path / "data")
    learned(server, {"players": [{"name": "Ann", "pond": [[FISH, FROG]]},
                                 {"name": "Bob", "pond": [[]]}]})
    server.start()
    try:
        phone, game = game_with_a_fish(make_context(), server)
        (server.data / DB_NAME).unlink()
        phone.tap(f"known-{FROG}")
        phone.expect_says("not-saved", "Not saved: the server's database file was deleted or "
                                       "replaced while it ran. The latest changes at this table "
                                       "are kept, and printed in the server's terminal")
        phone.expect_says("tile-0-0-1", "frog")  # kept, and shown
    finally:
        server.stop()
    log = (server.data.parent / "server.log").read_text(encoding="utf-8")
    said = log.split(f"tallybook: game {game} is not saved (")[1].splitlines()[0]
    assert said.startswith(f"{server.data / DB_NAME} or its -wal was deleted or replaced")
    assert said.split("as it stands: ")[1].count(FISH) == 1 and FROG in said
    assert "Traceback" not in log
    assert not (server.data / DB_NAME).exists()  # the stop made no empty one either
    refused_with(server.data, f"{server.data / DB_NAME} is missing, but this folder held it; "
                              f"restore it from a backup, delete {server.data / 'tallybook.made'} "
                              "to start with no games, or choose another --data")
