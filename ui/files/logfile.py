"""The game's log (`baloot.log` in the data folder): crashes and file problems, written like every
other file of the game.

Only a regular file is appended to: the log is opened without following a link (a link would write
outside the data folder) and without blocking (a FIFO would hang the crash handler forever), and
checked once open. It never grows past `MAX_BYTES`: a full log is moved to `baloot.log.old` (the
previous one dropped) and a new one begun. Writing it never raises: the game goes on without it.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from ui.files.storage import log_path

MAX_BYTES = 256 * 1024
"""A few hundred crash reports; the log is for a person to read and send."""
MAX_ENTRY = 32 * 1024
"""One entry (a traceback with its message) at most."""
_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
          | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


def _open_regular(path: Path) -> int | None:
    """An fd appending to `path`, a regular file; None if `path` is anything else."""
    with contextlib.suppress(FileNotFoundError):
        if not stat.S_ISREG(os.lstat(path).st_mode):  # a link, FIFO, folder, device: left alone
            return None
    fd = os.open(path, _FLAGS, 0o644)
    if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced between the look and the open
        os.close(fd)
        return None
    return fd


def append_log(text: str, path: Path | None = None) -> Path | None:
    """Append `text` (cut to MAX_ENTRY) to the log; its path, or None if it cannot be written."""
    data = text[:MAX_ENTRY].encode("utf-8", "replace")
    try:
        path = path if path is not None else log_path()
        fd = _open_regular(path)
        if fd is None:
            return None
        if os.fstat(fd).st_size + len(data) > MAX_BYTES:
            os.close(fd)
            old = path.with_name(path.name + ".old")
            with contextlib.suppress(FileNotFoundError):
                if not stat.S_ISREG(os.lstat(old).st_mode):
                    return None  # never replace what the player put there
            os.replace(path, old)
            fd = _open_regular(path)
            if fd is None:
                return None
        try:
            os.write(fd, data)
        finally:
            os.close(fd)
        return path
    except OSError:
        return None


def log_problem(message: str, path: Path | None = None) -> Path | None:
    """One dated line for a problem the player was told about (a bad file, a full disk)."""
    return append_log(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {message}\n", path)
