"""What *Open a record* lists: the records opened lately and the matches exported, and the folders
and record files of a folder being browsed. pygame-free.

The records opened lately are remembered in `recent.json` in the data folder, a stored file like
the others (`ui.files.storage`: checked against its schema, a bad one kept aside): only paths, which are
shown and opened as records, never run. A remembered file that is gone is simply not listed.
"""

from __future__ import annotations

import contextlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ui.files import schemas
from ui.files.logfile import log_problem
from ui.files.records import MAX_PATH_CHARS, recent_records
from ui.files.storage import StoredFile, data_dir

RECENT_NAME = "recent.json"
KEEP = 10
"""Records remembered as opened lately."""
LISTED = 12
"""Rows of the list of recent and exported matches."""
MAX_ENTRIES = 1000
"""Folders and files listed of one folder (a folder of thousands shows its first ones)."""
RECORD_SUFFIX = ".json"

SCHEMA: dict[str, Any] = {
    "type": "object", "required": ["paths"], "additionalProperties": False,
    "properties": {"paths": {"type": "array", "maxItems": KEEP,
                             "items": {"type": "string", "minLength": 1, "maxLength": MAX_PATH_CHARS,
                                       "pattern": "^[^\\x00-\\x1f]*$"}}},
}
"""recent.json: the absolute paths of the records opened lately, newest first."""


def recent_file() -> StoredFile:
    return StoredFile(data_dir() / RECENT_NAME, "baloot-recent", 1, "list of records opened lately")


def load_recent(store: StoredFile | None = None) -> tuple[list[Path], str | None]:
    """The records opened lately (newest first), and a message when a bad list was kept aside."""
    try:
        store = store or recent_file()
    except OSError:
        return [], None
    result = store.load(SCHEMA)
    if result.data is None:
        return [], result.problem
    return [Path(p) for p in result.data["paths"]], None


def remember_opened(path: Path, store: StoredFile | None = None) -> None:
    """Put `path` first in the list of records opened lately (a full disk or a read-only folder:
    not remembered, nothing else happens)."""
    try:
        store = store or recent_file()
        full = str(path.expanduser().absolute())
        if len(full) > MAX_PATH_CHARS or any(ord(c) < 32 for c in full):
            return
        known, _ = load_recent(store)
        paths = [full, *(str(p) for p in known if str(p) != full)][:KEEP]
        store.save({"paths": paths})
    except (OSError, RuntimeError, ValueError):
        pass


@dataclass(frozen=True)
class Entry:
    """A row of the list: a record file, a folder to go into, or the folder above."""
    kind: str
    """"file", "folder" or "up"."""
    path: Path
    label: str
    """The name as shown (made drawable)."""


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def recent_and_exported(store: StoredFile | None = None, folder: Path | None = None) -> list[Entry]:
    """The records opened lately that are still there, then the exported matches, newest first."""
    opened, problem = load_recent(store)
    if problem:
        log_problem(problem)
    seen: set[str] = set()
    rows: list[Entry] = []
    for path in [*opened, *recent_records(folder, LISTED)]:
        key = str(path)
        if key in seen or not _is_regular(path):
            continue
        seen.add(key)
        rows.append(Entry("file", path, schemas.plain(path.name, 120)))
    return rows[:LISTED]


def start_folder() -> Path:
    """Where browsing begins: the exported matches' folder, else the data folder, else home."""
    with contextlib.suppress(OSError, RuntimeError):
        records = data_dir() / "records"
        if records.is_dir():
            return records
        return data_dir()
    return Path.home()


def folder_entries(folder: Path) -> list[Entry]:
    """The folder above, then the folders, then the record files (.json) of `folder`, by name;
    hidden ones left out. OSError when the folder cannot be read."""
    rows: list[Entry] = []
    parent = folder.parent
    if parent != folder:
        rows.append(Entry("up", parent, ".."))
    folders: list[Entry] = []
    files: list[Entry] = []
    with os.scandir(folder) as it:
        for n, entry in enumerate(it):
            if n >= 20 * MAX_ENTRIES:
                break
            name = entry.name
            if name.startswith("."):
                continue
            try:
                if entry.is_dir():
                    folders.append(Entry("folder", Path(entry.path), schemas.plain(name, 120)))
                elif name.lower().endswith(RECORD_SUFFIX) and entry.is_file():
                    files.append(Entry("file", Path(entry.path), schemas.plain(name, 120)))
            except OSError:
                continue
    folders.sort(key=lambda e: e.label.casefold())
    files.sort(key=lambda e: e.label.casefold())
    return (rows + folders + files)[:MAX_ENTRIES]
