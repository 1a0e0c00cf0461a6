"""The real `tallybook` command at start and at stop, without a browser. At start, a data folder
it cannot use is one line on stderr naming the folder or the file and why, exit status 2, no
traceback, and nothing of the user's touched; the full disk is a real one to the process: a file
size limit (RLIMIT_FSIZE) past which every write fails, as on a disk with that much room left.
The first SIGTERM or Ctrl-C stops it at once, with the status a shell expects, whatever signal
dispositions it inherited. (Faults while it serves phones: tests/e2e/test_storage_faults.py.)"""

from __future__ import annotations

import resource
import shutil
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.e2e.harness import ROOT, TALLYBOOK, WAIT_S, Server, free_port
from tests.server.test_hardening import open_socket, own_origin, register
from views.app import DB_NAME, STOP_SECONDS
from views.storage.data_lock import data_folder_lock
from views.storage.store import Store
from views.web.sockets import LEFT_GRACE_SECONDS


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
                          timeout=WAIT_S, preexec_fn=None if room is None else disk_with_room(room))


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


def started_with(data: Path, sigint: signal.Handlers) -> Server:
    """The real server, started by a parent whose SIGINT disposition is `sigint`: a shell's
    background job (`tallybook &`, a CI step) inherits SIGINT ignored through exec."""
    server = Server(data)
    previous = signal.signal(signal.SIGINT, sigint)
    try:
        server.start()
    finally:
        signal.signal(signal.SIGINT, previous)
    return server


@pytest.mark.parametrize(("stop", "inherited"), [
    (signal.SIGTERM, signal.SIG_DFL), (signal.SIGINT, signal.SIG_DFL),
    # Ignored where it was started, uvicorn still stopped at Ctrl-C, then handed the signal
    # back to "ignore" and the server exited 0, as if all were well (seen under load in CI).
    (signal.SIGINT, signal.SIG_IGN),
], ids=["sigterm", "ctrl-c", "ctrl-c-ignored-by-the-parent"])
def test_the_first_sigterm_or_ctrl_c_stops_the_server_at_once_and_frees_its_folder(
        tmp_path, stop, inherited):
    server = started_with(tmp_path / "data", inherited)
    assert server.proc is not None
    with open_socket(server, own_origin(server)):  # connects and leaves, with no session
        pass
    with open_socket(server, own_origin(server)) as phone, \
            open_socket(server, own_origin(server)):  # one with a session, one without
        register(phone)
        began = time.monotonic()
        server.proc.send_signal(stop)
        status = server.proc.wait(timeout=WAIT_S)
    took = time.monotonic() - began
    server.proc = None
    assert status == {signal.SIGTERM: -signal.SIGTERM, signal.SIGINT: 130}[stop]
    assert took < STOP_SECONDS < LEFT_GRACE_SECONDS  # neither waited for
    with data_folder_lock(server.data):  # free for the next server
        pass
    log = (server.data.parent / "server.log").read_text(encoding="utf-8")
    assert "Traceback" not in log and "Cancel" not in log
