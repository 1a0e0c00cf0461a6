"""Storage faults against the real `tallybook` command. At start, a data folder it cannot use
is one line on stderr naming the folder or the file and why, exit status 2, no traceback, and
nothing of the user's touched. While running, taps a full disk refused are shown as not saved
in the browser and saved once there is room. The first SIGTERM or Ctrl-C stops it at once.
The full disk is a real one to the process: a file size limit (RLIMIT_FSIZE) past which every
write fails, as on a disk with that much room left; it can be lifted while the server runs."""

from __future__ import annotations

import resource
import shutil
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.e2e.games import learned
from tests.e2e.harness import ROOT, TALLYBOOK, Server, free_port
from tests.e2e.phone import Phone
from tests.e2e.test_hardening import open_socket, own_origin, register
from views.app import DB_NAME, STOP_SECONDS
from views.data_lock import data_folder_lock
from views.sockets import LEFT_GRACE_SECONDS
from views.store import Store


def disk_with_room(size: int):
    """A preexec_fn: files may grow to `size` bytes, and a write past it fails (EFBIG) instead
    of killing the process (SIGXFSZ)."""
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


def start(data: Path, room: int | None = None) -> subprocess.CompletedProcess[str]:
    command = shutil.which("tallybook")
    return subprocess.run([*([command] if command else TALLYBOOK), "--port", str(free_port()),
                           "--data", str(data)], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, preexec_fn=None if room is None else disk_with_room(room))


def refused_with(data: Path, line: str, room: int | None = None) -> None:
    ran = start(data, room)
    assert (ran.returncode, ran.stdout, ran.stderr) == (2, "", f"tallybook: {line}\n")


def database(data: Path, content: bytes | None = None) -> Path:
    data.mkdir(parents=True, exist_ok=True)
    if content is not None:
        (data / DB_NAME).write_bytes(content)
    return data / DB_NAME


def test_a_data_folder_that_cannot_be_made_or_written_is_one_line(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine")
    refused_with(a_file, f"cannot use {a_file} as the data folder: Not a directory; "
                         "choose another --data")
    assert a_file.read_text() == "mine"
    read_only = Path("/sys/kernel")  # read-only even to root, unlike a folder chmod'ed 555
    refused_with(read_only, f"cannot use {read_only} as the data folder: Permission denied; "
                            "choose another --data")


def test_a_full_disk_at_start_is_one_line_and_leaves_no_database(tmp_path):
    refused_with(tmp_path / "none", f"cannot use {tmp_path / 'none'} as the data folder: "
                                    "File too large; choose another --data", room=0)
    data = tmp_path / "some"  # room for the lock, not for a whole database
    refused_with(data, f"cannot write to {data}: disk I/O error; choose another --data",
                 room=8192)
    assert not (data / DB_NAME).exists()  # with room again, it is made anew, not refused
    Store(data / DB_NAME).close()


def test_a_full_disk_with_a_database_on_it_is_one_line_at_start(tmp_path):
    data = tmp_path / "data"
    store = Store(database(data))  # open: its write-ahead log stays, with what it holds
    try:
        for n in range(5):
            store.create_game("symbiose", {"n": n})
        wal = data / f"{DB_NAME}-wal"
        before = wal.read_bytes()
        # Every file may keep its size, none may grow: the next page written has no room.
        refused_with(data, f"cannot write to {data}: disk I/O error; choose another --data",
                     room=wal.stat().st_size)
        assert wal.read_bytes() == before
    finally:
        store.close()


@pytest.mark.parametrize(("content", "line"), [
    (b"", "{db} is not a Tallybook database (an empty file); move it away or choose another "
          "--data"),
    (b"\x89PNG\r\n" + bytes(4096), "{db} is not a Tallybook database (not an SQLite database);"
                                   " move it away or choose another --data"),
])
def test_a_file_that_is_no_database_of_ours_is_refused_untouched(tmp_path, content, line):
    db = database(tmp_path / "data", content)
    refused_with(tmp_path / "data", line.format(db=db))
    assert db.read_bytes() == content


def test_another_programs_database_and_a_damaged_one_are_refused_untouched(tmp_path):
    foreign = database(tmp_path / "foreign")
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    db.close()
    before = foreign.read_bytes()
    refused_with(tmp_path / "foreign", f"{foreign} is not a Tallybook database (another "
                                       "program's); move it away or choose another --data")
    assert foreign.read_bytes() == before

    damaged = database(tmp_path / "damaged")
    Store(damaged).close()
    whole = damaged.read_bytes()
    damaged.write_bytes(whole[:len(whole) // 2])
    refused_with(tmp_path / "damaged", f"{damaged} is damaged: database disk image is "
                                       "malformed; restore a backup or choose another --data")


# While running ----------------------------------------------------------------------------------
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


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_the_first_sigterm_or_ctrl_c_stops_the_server_at_once_and_frees_its_folder(
        tmp_path, stop):
    server = Server(tmp_path / "data")
    server.start()
    assert server.proc is not None
    with open_socket(server, own_origin(server)):  # connects and leaves, with no session
        pass
    with open_socket(server, own_origin(server)) as phone, \
            open_socket(server, own_origin(server)):  # one with a session, one without
        register(phone)
        began = time.monotonic()
        server.proc.send_signal(stop)
        status = server.proc.wait(timeout=30)
    took = time.monotonic() - began
    server.proc = None
    assert status == {signal.SIGTERM: -signal.SIGTERM, signal.SIGINT: 130}[stop]
    assert took < STOP_SECONDS < LEFT_GRACE_SECONDS  # neither waited for
    with data_folder_lock(server.data):  # free for the next server
        pass
    log = (server.data.parent / "server.log").read_text(encoding="utf-8")
    assert "Traceback" not in log and "Cancel" not in log


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
