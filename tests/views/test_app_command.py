"""The `tallybook` command itself: a port in use is one clear line and exit status 2."""

import socket

import pytest

from views.app import main


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
