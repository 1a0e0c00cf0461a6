"""One `tallybook` per data folder: two servers on one database would each save its own
tables over the other's. The lock is an flock on a file in the folder (on Windows, a lock on
one of its bytes), so the system releases it when the process ends, however it ends: no stale
lock after a crash."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

LOCK_NAME = "tallybook.lock"
# The byte Windows locks: past the pid, which a Windows lock would keep another process from
# reading.
LOCKED_BYTE = 1 << 20


class DataFolderInUse(Exception):
    def __init__(self, folder: Path, pid: str):
        super().__init__(f"another tallybook is serving {folder} (pid {pid})")
        self.folder = folder
        self.pid = pid


@contextmanager
def data_folder_lock(folder: Path) -> Iterator[None]:
    """Hold `folder` (created if missing) for this process until the block ends; raises
    DataFolderInUse if another process holds it, OSError if the folder cannot be made or
    written."""
    if folder.exists() and not folder.is_dir():  # mkdir would say "File exists"
        raise NotADirectoryError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    # Opened without truncating: the holder's pid stays readable until we own the lock.
    with open(folder / LOCK_NAME, "a+", encoding="ascii") as lock:
        try:
            hold(lock)
        except BlockingIOError:
            lock.seek(0)
            raise DataFolderInUse(folder, lock.read().strip() or "unknown") from None
        lock.truncate(0)
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        yield


def hold(lock: IO[str]) -> None:
    """Locks the open file `lock` for this process; BlockingIOError if another holds it."""
    if os.name == "nt":
        import msvcrt

        lock.seek(LOCKED_BYTE)
        try:
            msvcrt.locking(lock.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError as error:
            raise BlockingIOError(*error.args) from error
        return
    import fcntl

    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
