"""One game at a time on a data folder.

Two windows on one folder would each count their own statistics over the other's and overwrite
each other's saved match, so the game holds a lock on `baloot.lock` in the folder while it runs
(`filelock`: the system's own file lock, which the system releases when the process ends however
it ends, so a crashed or killed game never leaves it stuck). A second start finds it held and says
the game is already open, before it reads or writes any file of the folder.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from pathlib import Path

from filelock import FileLock, Timeout

LOCK_NAME = "baloot.lock"


class AlreadyOpen(Exception):
    """Another game holds the data folder."""


def hold_data_folder(folder: Path) -> FileLock | None:
    """Take the folder's lock for as long as the returned lock lives (release it, or end the
    process); AlreadyOpen if another game holds it. None when no lock can be made there (a
    read-only folder: the game saves nothing there anyway)."""
    path = folder / LOCK_NAME
    with contextlib.suppress(OSError):
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):  # a link, FIFO, folder, device: kept aside, a new lock made
            os.replace(path, path.with_name(f"{LOCK_NAME}.bad-{time.strftime('%Y%m%d-%H%M%S')}"))
    # no "soft" lock (a file that only says "locked"): a killed game would leave it stuck
    lock = FileLock(path, timeout=0, is_singleton=False, fallback_to_soft=False)
    try:
        lock.acquire()
    except Timeout:
        raise AlreadyOpen(str(folder)) from None
    except OSError:
        return None
    return lock


def already_open_lines(folder: str) -> list[str]:
    """What the second start says, in the player's language."""
    from ui.text import ltr, tr
    return [tr("instance.open"), tr("instance.close_first"), tr("instance.folder", path=ltr(folder))]
