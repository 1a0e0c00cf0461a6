"""What `tallybook` prints at its start: a QR code of the host's link that scans on a light and
on a dark terminal, or, when it serves only this machine, that it does and how to let phones in.
The code is checked by rebuilding its modules from the printed characters."""

from __future__ import annotations

import io
import os
import re
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import segno

from views import app

ROOT = Path(__file__).resolve().parents[2]
# Every line of the code: black on white in xterm's fixed 256 colours, reset at its end, so it
# is the same picture whatever colours the terminal's theme gives text and background.
CODE_LINE = re.compile("\033\\[38;5;16;48;5;231m([ \u2580\u2584\u2588]+)\033\\[0m")
HOST_LINK = re.compile(r"^Host: open (http://\S+/host/\S+)", re.M)
QUIET_ZONE = 4
CEILING_SECONDS = 60


def modules(lines: list[str]) -> list[list[bool]]:
    """The QR code's modules (True: dark) drawn by `lines`, two rows a line, quiet zone cut
    off after checking it is light all round."""
    halves = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True),
              "\u2588": (True, True)}
    rows: list[list[bool]] = []
    for line in lines:
        drawn = CODE_LINE.fullmatch(line)
        assert drawn, repr(line)
        pairs = [halves[char] for char in drawn.group(1)]
        rows += [[top for top, _ in pairs], [bottom for _, bottom in pairs]]
    side = len(rows[0])
    rows = rows[:side]  # the half line under an odd number of rows
    assert len(rows) == side and all(len(row) == side for row in rows)
    zone = [row for row in rows[:QUIET_ZONE] + rows[-QUIET_ZONE:]] + \
        [row[:QUIET_ZONE] + row[-QUIET_ZONE:] for row in rows]
    assert not any(any(row) for row in zone), "the quiet zone is light"
    return [row[QUIET_ZONE:-QUIET_ZONE] for row in rows[QUIET_ZONE:-QUIET_ZONE]]


def assert_code_of(link: str, out: str) -> None:
    lines = [line for line in out.splitlines() if line.startswith("\033")]
    assert lines, f"no code in {out!r}"
    expected = [[bool(module) for module in row] for row in segno.make(link, error="m").matrix]
    assert modules(lines) == expected


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def started(tmp_path, host: str) -> str:
    """What `tallybook --host HOST` prints before it serves (its three lines, and the code of
    the host's link if it prints one), then stopped; stopped anyway after CEILING_SECONDS (its
    output then ends: a test that waits for a line never printed fails, never hangs)."""
    command = [sys.executable, "-c", "from views.app import main; main()", "--host", host,
               "--port", str(free_port()), "--data", str(tmp_path / "data")]
    with subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                          encoding="utf-8", env={**os.environ, "PYTHONUTF8": "1"}) as server:
        ceiling = threading.Timer(CEILING_SECONDS, server.terminate)
        ceiling.start()
        try:
            assert server.stdout is not None
            out = "".join(server.stdout.readline() for _ in range(3))
            link = HOST_LINK.search(out)
            if link and "scan" in out:
                side = segno.make(link.group(1), error="m").symbol_size(border=QUIET_ZONE)[1]
                out += "".join(server.stdout.readline() for _ in range((side + 1) // 2))
            return out
        finally:
            ceiling.cancel()
            server.terminate()


def test_the_command_on_every_address_prints_the_host_links_code_black_on_white(tmp_path):
    if not app.lan_addresses():
        pytest.skip("this machine has no network address")  # the message for it: below
    out = started(tmp_path, "0.0.0.0")
    link = HOST_LINK.search(out)
    assert link and "scan" in out, out
    assert_code_of(link.group(1), out)


def test_the_command_on_this_machine_only_says_so_and_how_to_let_phones_in(tmp_path):
    out = started(tmp_path, "127.0.0.1")
    assert "Only this machine can open it" in out and "--host 0.0.0.0" in out
    assert "scan" not in out


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.1.1", "::1", "[::1]", "localhost"])
def test_a_loopback_address_prints_no_code(capsys, host):
    app.announce(host, 8550, "AB12CD34")
    out = capsys.readouterr().out
    assert "\033" not in out and "--host 0.0.0.0" in out
    assert out.rstrip().endswith("--host 0.0.0.0")


def test_one_lan_address_prints_its_code(capsys):
    app.announce("192.168.1.20", 8550, "AB12CD34")
    out = capsys.readouterr().out
    assert "Only this machine" not in out
    assert_code_of("http://192.168.1.20:8550/host/AB12CD34", out)


def test_every_address_without_a_network_says_to_connect_this_machine(capsys, monkeypatch):
    monkeypatch.setattr(app, "lan_addresses", lambda: [])
    app.announce("0.0.0.0", 8550, "AB12CD34")
    out = capsys.readouterr().out
    assert "\033" not in out and "has no network address" in out


def test_every_address_prints_its_code_and_the_other_addresses(capsys, monkeypatch):
    monkeypatch.setattr(app, "lan_addresses", lambda: ["192.168.1.20", "10.0.0.5"])
    app.announce("0.0.0.0", 8550, "AB12CD34")
    out = capsys.readouterr().out
    assert_code_of("http://192.168.1.20:8550/host/AB12CD34", out)
    assert out.rstrip().endswith("also: http://10.0.0.5:8550/")


def test_a_terminal_that_cannot_show_the_half_blocks_gets_no_code_and_no_error(monkeypatch):
    out = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")  # a Windows code page
    monkeypatch.setattr(sys, "stdout", out)
    app.announce("192.168.1.20", 8550, "AB12CD34")
    out.flush()
    assert out.buffer.getvalue().decode("cp1252").splitlines()[-1] == \
        "Host: open http://192.168.1.20:8550/host/AB12CD34 on your phone."
