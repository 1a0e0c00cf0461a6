"""Idle sessions: what the server holds after many tabs came and left, and for how long.

Starts `tallybook` from the code in --root (default: this checkout) on a free port, opens
--sessions Flet sessions with a raw WebSocket client from --addresses loopback addresses
(127.0.0.2, 127.0.0.3, ...: one per phone's network, all on this machine), each registering as
Flet's client does and leaving at once, then samples the server's RSS every 10 s for --watch
seconds and finally asks, for one session of each address, whether it is still held (a
reconnect with its id gets that same session back).

    python -m benchmarks.idle_sessions                      # this checkout
    python -m benchmarks.idle_sessions --root /tmp/before   # another tree, e.g. git archive

Not part of `python -m benchmarks`: the server keeps a session 5 minutes after its phone left,
so this takes 6 minutes.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import msgpack
from websockets.sync.client import connect

from benchmarks.figures import rss_mb
from tests.e2e.harness import free_port

ROOT = Path(__file__).resolve().parents[1]
REGISTER_CLIENT = 1  # flet.messaging.protocol.MessageAction.REGISTER_CLIENT


def start(root: Path, port: int, data: Path) -> subprocess.Popen[bytes]:
    code = f"import sys; sys.path.insert(0, {str(root)!r}); from views.app import main; main()"
    server = subprocess.Popen([sys.executable, "-c", code, "--port", str(port), "--data",
                               str(data)], cwd=root, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).read()
            return server
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError("tallybook did not start") from None
            time.sleep(0.05)


def session(port: int, address: str, session_id: str = "") -> str:
    """Register from `address` as Flet's client does (with `session_id` to come back to one),
    then leave: the session the server gave."""
    sock = socket.create_connection(("127.0.0.1", port), source_address=(address, 0))
    with connect(f"ws://127.0.0.1:{port}/ws", sock=sock,
                 origin=f"http://127.0.0.1:{port}") as ws:  # type: ignore[arg-type]
        ws.send(b"\x00" + msgpack.packb([REGISTER_CLIENT, {
            "session_id": session_id, "page_name": "",
            "page": {"route": "/", "width": 390, "height": 844}}]))
        while True:
            frame = ws.recv(timeout=10)
            action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
            if action == REGISTER_CLIENT:
                return str(body["session_id"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--sessions", type=int, default=500)
    parser.add_argument("--addresses", type=int, default=25)
    parser.add_argument("--watch", type=int, default=330,
                        help="seconds to sample RSS after the sessions left")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start(args.root, port, Path(folder) / "data")
        try:
            print(f"root {args.root}: RSS at start {rss_mb(server.pid):.0f} MB", flush=True)
            addresses = [f"127.0.0.{2 + n}" for n in range(args.addresses)]
            began = time.monotonic()
            first: dict[str, str] = {}
            for n in range(args.sessions):
                address = addresses[n % len(addresses)]
                given = session(port, address)
                first.setdefault(address, given)
            print(f"{args.sessions} sessions from {len(addresses)} addresses in "
                  f"{time.monotonic() - began:.1f} s", flush=True)
            left = time.monotonic()
            while (elapsed := time.monotonic() - left) <= args.watch:
                print(f"  +{elapsed:4.0f} s  RSS {rss_mb(server.pid):.0f} MB", flush=True)
                time.sleep(10)
            probed = list(first.items())[:5]
            held = sum(session(port, address, given) == given for address, given in probed)
            print(f"after {args.watch} s: {held} of {len(probed)} probed first sessions "
                  f"still held; RSS {rss_mb(server.pid):.0f} MB", flush=True)
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
