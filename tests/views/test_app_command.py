"""The `tallybook` command itself: a port in use, or a data folder another tallybook serves, is
one clear line and exit status 2."""

import os
import socket

import pytest

from views.app import main
from views.data_lock import DataFolderInUse, data_folder_lock


def test_a_port_in_use_is_one_line_and_exit_2(capsys, tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as ended:
            main(["--port", str(port), "--data", str(tmp_path)])
    out = capsys.readouterr()
    assert ended.value.code == 2
    assert out.out == ""  # no address announced for a server that never started
    assert out.err == (f"tallybook: port {port} on 127.0.0.1 is in use; "
                       "choose another with --port\n")
    assert not (tmp_path / "tallybook.sqlite3").exists()


def test_a_data_folder_in_use_is_one_line_and_exit_2_before_the_port_or_database(capsys,
                                                                                 tmp_path):
    data = tmp_path / "data"
    # The port is taken too: the folder is what is told, so the lock came first.
    with socket.socket() as taken, data_folder_lock(data):
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as ended:
            main(["--port", str(port), "--data", str(data)])
    out = capsys.readouterr()
    assert ended.value.code == 2
    assert out.out == ""
    assert out.err == (f"tallybook: another tallybook is serving {data} (pid {os.getpid()}); "
                       "stop it or choose another --data\n")
    assert not (data / "tallybook.sqlite3").exists()


def test_a_server_that_stopped_leaves_its_data_folder_free(tmp_path):
    with socket.socket() as taken:  # main() stops at the port: its lock must go with it
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        with pytest.raises(SystemExit):
            main(["--port", str(taken.getsockname()[1]), "--data", str(tmp_path)])
    with data_folder_lock(tmp_path):
        with pytest.raises(DataFolderInUse) as in_use, data_folder_lock(tmp_path):
            pass
        assert in_use.value.pid == str(os.getpid())
    with data_folder_lock(tmp_path):  # released at the end of the block
        pass


def test_the_data_folder_is_made_if_missing(tmp_path):
    with data_folder_lock(tmp_path / "new" / "data"):
        assert (tmp_path / "new" / "data" / "tallybook.lock").read_text() == f"{os.getpid()}\n"
