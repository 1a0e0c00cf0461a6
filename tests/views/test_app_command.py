"""The `tallybook` command itself: a port in use, or a data folder another tallybook serves, is
one clear line and exit status 2."""

import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from views.app import main
from views.data_lock import DataFolderInUse, data_folder_lock


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
