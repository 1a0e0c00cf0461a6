"""`tallybook [--host 127.0.0.1] [--port 8550] [--data DIR] [--allowed-host NAME ...]`: serve the
app to phones on the LAN. `tallybook backup FILE [--data DIR]`: copy its database, while it runs
or not. `tallybook picture GAME.json OUT.png [--dark] [--lang L]`: the picture of a game's sheet.
`tallybook bgstats-link GAME.json [--lang L]`: BG Stats' link for a game file."""

from __future__ import annotations

import argparse
import asyncio
import errno
import ipaddress
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import NoReturn

import flet as ft
import uvicorn

from scorer.printable import json_text
from views.records.bgstats import link_command
from views.records.results import History
from views.screens.routes import route_below
from views.screens.shell import start
from views.storage.data_lock import DataFolderInUse, data_folder_lock
from views.storage.data_record import DatabaseLost, check_not_lost, record_made
from views.storage.database import back_up
from views.storage.faults import StorageFault
from views.storage.seats import new_code
from views.storage.store import Store
from views.tables.model import Tables
from views.tables.registry import GAMES
from views.web.access import Access
from views.web.frames import LIMITS
from views.web.guarded_http import GuardedHttp
from views.web.quiet import quiet_terminal
from views.web.server import web_app
from views.web.session import AppSession
from views.web.terminal_qr import can_print_qr, print_qr

ASSETS = Path(os.environ.get("TALLYBOOK_ASSETS", Path(__file__).resolve().parents[1] / "assets"))
DB_NAME = "tallybook.sqlite3"


def default_data_dir() -> Path:
    """Flet's app storage folder when packaged, else the user's data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tallybook"


def open_tables(store: Store) -> Tables:
    return Tables(store, lambda game: GAMES[game].table if game in GAMES else None)


def make_main(store: Store, pin: str | None = None,
              tables: Tables | None = None) -> Callable[[ft.Page], Awaitable[None]]:
    """The app of every tab; all tabs share one model per open game (`tables`) and who may
    reach what (`Access`, with the host PIN `pin`)."""
    tables = tables or open_tables(store)

    def seats_changed(game: int) -> None:
        table = tables.open(game)
        if table is not None:
            table.changed()

    access = Access(store, pin, changed=seats_changed)
    history = History(store)

    async def main(page: ft.Page) -> None:
        await start(page, AppSession(page, store, tables, access, history, below=route_below))
    return main


def lan_addresses() -> list[str]:
    """IPv4 addresses other machines may reach: the default route's, then every other one."""
    found: list[str] = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 80))  # TEST-NET: no packet is sent for UDP connect
            found.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found


def announce(host: str, port: int, pin: str) -> None:
    """Where to open the app, and the host PIN: the device that opens the host link (or types
    the PIN on the join screen) reaches every game; the others join the tables it starts. A
    server the phones cannot reach says so, and how to let them in, instead of a code."""
    everywhere = host in ("0.0.0.0", "::", "")
    lan = lan_addresses() if everywhere else []
    urls = [f"http://{address}:{port}/" for address in lan] if everywhere \
        else [f"http://{host}:{port}/"]
    urls = urls or [f"http://localhost:{port}/"]
    host_link = f"{urls[0]}host/{pin}"
    print(f"Tallybook: {urls[0]}", flush=True)
    print(f"Host PIN: {pin} (for this run only)", flush=True)
    if everywhere and not lan:
        print(f"Host: open {host_link} on this machine. It has no network address: connect it "
              "to the network the phones are on, then start Tallybook again.", flush=True)
    elif not everywhere and only_this_machine(host):
        print(f"Host: open {host_link} in a browser on this machine. Only this machine can "
              "open it, no phone: to let the phones on your network in, stop it (Ctrl-C) and "
              "start it again with --host 0.0.0.0", flush=True)
    else:
        code = can_print_qr()
        print(f"Host: open {host_link} on your phone" +
              (", or scan this with its camera:" if code else "."), flush=True)
        if code:
            print_qr(host_link)
        for other in urls[1:]:
            print(f"  also: {other}", flush=True)
    sys.stdout.flush()


def only_this_machine(host: str) -> bool:
    """Whether listening on `host` lets no other machine in (a loopback address)."""
    try:
        return host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="tallybook", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on; 0.0.0.0 lets phones on the LAN connect")
    parser.add_argument("--port", type=int, default=8550)
    parser.add_argument("--data", type=Path, default=None,
                        help=f"folder of the database (default: {default_data_dir()})")
    parser.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                        help="a name phones reach this server by (besides its addresses, "
                             "localhost and the machine's name); may be repeated")
    return parser.parse_args(argv)


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is announced, so that a port in use is one
    clear line instead of an address printed and then a traceback."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if os.name != "nt":  # on Windows it would let a second server bind the same port
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


def serve(args: argparse.Namespace, data: Path) -> None:
    """Serve the database in `data` until stopped (a port in use: one line, exit 2)."""
    try:
        sock = listening_socket(args.host, args.port)
    except OSError as error:
        reason = "is in use" if error.errno == errno.EADDRINUSE else f"cannot be used ({error})"
        stop(f"port {args.port} on {args.host} {reason}; choose another with --port")
    store = open_store(data / DB_NAME)
    pin = new_code()
    announce(args.host, args.port, pin)
    # uvicorn serves Flet's app itself (not ft.run), so that every response carries the policy
    # of views/web/server.py; a server for phones, never a desktop window.
    server = Serving(store, pin, args.allowed_host)
    # Started as a shell's background job, the server inherits SIGINT ignored: uvicorn stops
    # at Ctrl-C all the same, then hands the signal back to "ignore" and the server exits 0.
    # With Python's own handler, Ctrl-C ends in main's KeyboardInterrupt: exit status 130.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    server.run(sockets=[sock])


def open_store(database: Path) -> Store:
    """The database to serve, or one line and exit 2: one lost from a folder that held it
    (never made anew and empty), or one the disk or the file keeps from being served."""
    try:
        check_not_lost(database)
    except DatabaseLost as lost:
        stop(f"{lost}; restore it from a backup, delete {lost.record} to start with no games, "
             "or choose another --data")
    try:
        store = Store(database)
    except StorageFault as fault:
        stop(f"{fault}; {ADVICE.get(fault.kind, 'choose another --data')}")
    record_made(database)  # an OSError (the folder is full): main's one line
    return store


class Serving(uvicorn.Server):
    """uvicorn serving the app, stopped by the first SIGTERM or Ctrl-C at once: the WebSockets
    without a session are told (`stopping`), a phone's ends when its socket is closed, and a
    client that never answers the close is not waited for beyond STOP_SECONDS."""

    def __init__(self, store: Store, pin: str, allowed_hosts: list[str] | None = None):
        self.stopping = asyncio.Event()
        self.tables = open_tables(store)
        super().__init__(uvicorn.Config(
            web_app(make_main(store, pin, self.tables), str(ASSETS), self.stopping,
                    allowed_hosts or [], store),
            http=GuardedHttp, ws="websockets-sansio", ws_max_size=LIMITS.largest,
            log_level="warning", timeout_graceful_shutdown=STOP_SECONDS))
        quiet_terminal()  # after uvicorn's Config has set up its loggers

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        self.stopping.set()
        await super().shutdown(sockets)
        last_try(self.tables)


def last_try(tables: Tables) -> None:
    """Before the server stops: the tables whose changes the disk refused are tried once more;
    one that still cannot be stored is said on stderr with its game file as it stands, which
    the host can keep (the scorer reads it): lost, but never silently."""
    for table in tables.unsaved():
        if not table.save_now():
            file = json_text(table.game_file())  # a terminal: names' control codes escaped
            print(f"tallybook: game {table.id} is not saved ({table.unsaved}); as it stands: "
                  f"{file}", file=sys.stderr, flush=True)


# How long a stop waits for the WebSockets' handlers: a phone's ends as soon as the server has
# closed its socket; one whose client never answers the close would be waited for for ever.
STOP_SECONDS = 2


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["backup"]:
        back_up_command(argv[1:])
        return
    if argv[:1] == ["picture"]:
        from views.picture.command import picture_command  # Pillow only for this command

        sys.exit(picture_command(argv[1:]))
    if argv[:1] == ["bgstats-link"]:
        sys.exit(link_command(argv[1:]))
    args = parse_args(argv)
    data = args.data or default_data_dir()
    # Taken before the port and the database: a second server on this folder never starts.
    try:
        with data_folder_lock(data):
            serve(args, data)
    except DataFolderInUse as in_use:
        stop(f"{in_use}; stop it or choose another --data")
    except KeyboardInterrupt:  # Ctrl-C: uvicorn stopped the server, then raised it again
        sys.exit(130)
    except OSError as error:  # the folder cannot be made or written (read-only, full, a file)
        stop(f"cannot use {data} as the data folder: {error.strerror or error}; "
             "choose another --data")


def back_up_command(argv: list[str]) -> None:
    """`tallybook backup FILE [--data DIR]`: a consistent copy of the database, taken while
    the server runs (and writes) or not; one line on stdout, or one on stderr and exit 2."""
    parser = argparse.ArgumentParser(prog="tallybook backup", description=back_up_command.__doc__)
    parser.add_argument("file", type=Path, metavar="FILE", help="the copy to write (a new file)")
    parser.add_argument("--data", type=Path, default=None,
                        help=f"folder of the database (default: {default_data_dir()})")
    args = parser.parse_args(argv)
    database = (args.data or default_data_dir()) / DB_NAME
    try:
        games = back_up(database, args.file)
    except StorageFault as fault:
        stop(f"{fault}; nothing was copied")
    except FileExistsError:
        stop(f"{args.file} exists; choose a new file for the backup")
    except OSError as error:
        stop(f"cannot write {args.file}: {error.strerror or error}; choose another file")
    counted = "1 game" if games == 1 else f"{games} games"
    print(f"tallybook: {database} copied to {args.file} ({counted})", flush=True)


# What the host can do about a database that cannot be served (StorageFault.kind).
ADVICE = {
    "full": "free some space or choose another --data",
    "damaged": "restore a backup or choose another --data",
    "not_ours": "move it away or choose another --data",
    "newer": "run that Tallybook or choose another --data",
}


def stop(reason: str) -> NoReturn:
    """A server that cannot start: one line on stderr, exit status 2."""
    print(f"tallybook: {reason}", file=sys.stderr)
    sys.exit(2)


if __name__ == "__main__":
    main()
