"""The `tallybook` command itself: a port in use, a data folder another tallybook serves, or
one that lost its database, is one clear line and exit status 2; `tallybook backup FILE`
copies the database whole while the server writes, or says in one line why it cannot."""

import os
import socket
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from views.app import main, open_store
from views.storage.data_lock import DataFolderInUse, data_folder_lock
from views.storage.data_record import RECORD_NAME, DatabaseLost, check_not_lost
from views.storage.store import Store


@contextmanager
def taken_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        yield taken.getsockname()[1]


def exit_status(port: int, data) -> int:
    with pytest.raises(SystemExit) as ended:
        main(["--port", str(port), "--data", str(data)])
    return int(ended.value.code or 0)


def test_a_port_in_use_is_one_line_and_exit_2(capsys, tmp_path):
    with taken_port() as port:
        assert exit_status(port, tmp_path) == 2
    out = capsys.readouterr()
    assert out.out == ""  # no address announced for a server that never started
    assert out.err == (f"tallybook: port {port} on 127.0.0.1 is in use; "
                       "choose another with --port\n")
    assert not (tmp_path / "tallybook.sqlite3").exists()


def test_a_data_folder_in_use_is_one_line_and_exit_2_before_the_port_or_database(capsys,
                                                                                 tmp_path):
    data = tmp_path / "data"
    # The port is taken too: the folder is what is told, so the lock came first.
    with taken_port() as port, data_folder_lock(data):
        assert exit_status(port, data) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == (f"tallybook: another tallybook is serving {data} (pid {os.getpid()}); "
                       "stop it or choose another --data\n")
    assert not (data / "tallybook.sqlite3").exists()


def test_a_server_that_stopped_leaves_its_data_folder_free(tmp_path):
    with taken_port() as port:  # main() stops at the port: its lock must go with it
        exit_status(port, tmp_path)
    with data_folder_lock(tmp_path):
        with pytest.raises(DataFolderInUse) as in_use, data_folder_lock(tmp_path):
            pass
        assert in_use.value.pid == str(os.getpid())
    with data_folder_lock(tmp_path):  # released at the end of the block
        pass


def test_the_data_folder_is_made_if_missing(tmp_path):
    with data_folder_lock(tmp_path / "new" / "data"):
        assert (tmp_path / "new" / "data" / "tallybook.lock").read_text() == f"{os.getpid()}\n"


def test_a_database_lost_from_its_folder_is_refused_never_made_anew(capsys, tmp_path):
    database = tmp_path / "tallybook.sqlite3"
    open_store(database).close()
    database.unlink()
    assert exit_status(0, tmp_path) == 2
    assert capsys.readouterr().err == (
        f"tallybook: {database} is missing, but this folder held it; restore it from a backup, "
        f"delete {tmp_path / RECORD_NAME} to start with no games, or choose another --data\n")
    assert not database.exists()
    (tmp_path / RECORD_NAME).unlink()  # meant: the next start makes a new one
    open_store(database).close()


def test_a_folder_from_before_the_record_gets_it_at_its_next_start(tmp_path):
    database = tmp_path / "tallybook.sqlite3"
    Store(database).close()  # as a Tallybook that kept no record made it
    assert not (tmp_path / RECORD_NAME).exists()
    open_store(database).close()
    assert (tmp_path / RECORD_NAME).exists()
    check_not_lost(database)
    database.unlink()
    with pytest.raises(DatabaseLost):
        check_not_lost(database)


def back_up(capsys, *argv: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as ended:
        main(["backup", *argv])
        raise SystemExit(0)
    out = capsys.readouterr()
    return int(ended.value.code or 0), out.out, out.err


def test_a_backup_taken_while_taps_are_stored_holds_every_acknowledged_one(capsys, tmp_path):
    data = tmp_path / "data"
    database = data / "tallybook.sqlite3"
    store = open_store(database)  # the server's connection
    game = store.create_game("symbiose", {"taps": 0})
    acknowledged = [0]
    stop, going = threading.Event(), threading.Event()

    def tap() -> None:  # the server storing taps, one revision each, all the while
        while not stop.is_set():
            revision = acknowledged[-1]
            acknowledged.append(store.save_game(game, {"taps": revision + 1}, revision))
            if len(acknowledged) == 20:
                going.set()

    writer = threading.Thread(target=tap)
    writer.start()
    try:
        assert going.wait(60)
        before = acknowledged[-1]
        status, out, err = back_up(capsys, str(tmp_path / "copy.sqlite3"), "--data", str(data))
    finally:
        stop.set()
        writer.join()
    assert (status, err) == (0, "")
    assert out == f"tallybook: {database} copied to {tmp_path / 'copy.sqlite3'} (1 game)\n"
    assert (database.with_name("tallybook.sqlite3-wal")).stat().st_size > 0
    copy = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert copy.execute("PRAGMA quick_check").fetchone() == ("ok",)
    assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one file, whole
    copy.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.sqlite3", "data"]
    restored = Store(tmp_path / "copy.sqlite3")  # opens as ours
    record = restored.game(game)
    assert record.revision >= before and record.data == {"taps": record.revision}
    restored.close()
    store.close()


def test_a_backup_refuses_a_missing_database_an_existing_file_and_an_unwritable_one(
        capsys, tmp_path):
    data = tmp_path / "data"
    assert back_up(capsys, str(tmp_path / "copy"), "--data", str(data)) == (
        2, "", f"tallybook: there is no database at {data / 'tallybook.sqlite3'}; "
               "nothing was copied\n")
    assert not data.exists()
    open_store(data / "tallybook.sqlite3").close()
    (tmp_path / "copy").write_text("mine")
    assert back_up(capsys, str(tmp_path / "copy"), "--data", str(data)) == (
        2, "", f"tallybook: {tmp_path / 'copy'} exists; choose a new file for the backup\n")
    assert (tmp_path / "copy").read_text() == "mine"
    assert back_up(capsys, "/sys/kernel/copy", "--data", str(data)) == (
        2, "", "tallybook: cannot write /sys/kernel/copy: Permission denied; choose another "
               "file\n")
