"""Files that survive anything: atomic writes, versioned JSON validated against a schema, bad files
moved aside (never deleted).

Used for the saved match, the settings and the statistics. pygame-free, so it is tested headless.
A file is read only if it is a regular file of at most `MAX_BYTES` (`game.jsonfile`), and used only
once the whole of it matches its declared schema (`ui.files.schemas`); anything else is reported in plain
words and the file is kept aside as NAME.bad-DATE.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.jsonfile import MAX_BYTES, JSONFileError, read_json
from ui.files import schemas

APP_NAME = "Baloot"
ENV_DIR = "BALOOT_DATA_DIR"  # overrides the platform's user data directory (tests, portable use)
FILE_NAMES = ("match.json", "settings.json", "statistics.json", "rating.json", "recent.json")
STALE_TMP_S = 60.0
"""A temporary file of an atomic write older than this was left by a killed game."""


def data_dir_path() -> Path:
    """The user data directory: %LOCALAPPDATA%\\Baloot, ~/Library/Application Support/Baloot, ..."""
    override = os.environ.get(ENV_DIR)
    if override:
        return Path(override)
    from platformdirs import user_data_dir
    return Path(user_data_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    """The user data directory, created if need be (OSError if it cannot be)."""
    path = data_dir_path()
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class DataDirProblem:
    """The data folder cannot be created: the game runs, but nothing is saved."""

    path: str
    reason: str

    def message(self) -> str:
        return (f"The data folder {self.path} cannot be created ({self.reason}): "
                "nothing will be saved this time.")


def prepare_data_dir(clean: bool = True) -> DataDirProblem | None:
    """At start: create the data folder and (`clean`) remove the temporary files of writes that a
    killed game left behind; what is wrong when the folder cannot be created."""
    try:
        folder = data_dir()
    except OSError as e:
        return DataDirProblem(schemas.plain(str(data_dir_path()), 300), schemas.plain(e.strerror or str(e)))
    if clean:
        remove_stale_temporaries(folder)
    return None


def remove_stale_temporaries(folder: Path, now: float | None = None) -> list[Path]:
    """Delete NAME.*.tmp files (our own half-written copies, never a player's data) older than
    STALE_TMP_S: a game still writing one right now is left alone."""
    now = time.time() if now is None else now
    removed = []
    for name in FILE_NAMES:
        for tmp in folder.glob(f"{name}.*.tmp"):
            try:
                st = tmp.lstat()
                if stat.S_ISREG(st.st_mode) and now - st.st_mtime > STALE_TMP_S:
                    tmp.unlink()
                    removed.append(tmp)
            except OSError:
                pass
    return removed


def atomic_write_text(path: Path, text: str, keep_old: Path | None = None) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over `path`.

    A crash or power cut leaves either the old file or the new one, never half of one. With
    `keep_old`, the old file is kept under that name too, only once the new one is safely on disk
    (a full disk leaves the old file where it was, untouched)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        kept = ""
        if keep_old is not None:
            try:  # a second name for the old file: `path` always names a whole file
                os.link(path, keep_old)
                kept = "linked"
            except OSError:  # no hard links on this file system: a rename, the new file just after
                os.replace(path, keep_old)
                kept = "renamed"
        try:
            os.replace(tmp, path)
        except BaseException:
            if keep_old is not None and kept == "linked":
                with contextlib.suppress(OSError):
                    os.unlink(keep_old)
            elif keep_old is not None and kept == "renamed":
                with contextlib.suppress(OSError):
                    os.replace(keep_old, path)
            raise
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if os.name == "posix":  # make the rename itself durable
        try:
            dfd = os.open(path.parent, os.O_RDONLY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)


def disk_full(exc: OSError) -> bool:
    """The write failed for want of space (or of the user's quota)."""
    return exc.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC))


class StoredFileError(ValueError):
    """A stored file that cannot be used; the message is for the player."""


@dataclass(frozen=True)
class LoadResult:
    data: dict[str, Any] | None
    """The payload, or None when there is no usable file."""
    problem: str | None = None
    """A plain-words message when a bad file was found and moved aside."""
    moved_to: Path | None = None


@dataclass(frozen=True)
class StoredFile:
    """One versioned JSON file: {"format": kind, "version": n, "saved_at": ..., "data": {...}}."""

    path: Path
    kind: str
    version: int
    what: str
    """How the player calls it, e.g. 'saved match'."""

    def save(self, data: dict[str, Any], keep_old: Path | None = None) -> None:
        envelope = {"format": self.kind, "version": self.version,
                    "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"), "data": data}
        atomic_write_text(self.path, json.dumps(envelope, ensure_ascii=False, indent=1) + "\n", keep_old)

    def replace_keeping_old(self, data: dict[str, Any]) -> Path:
        """Write `data` over a file that was partly bad, keeping the old file as NAME.bad-DATE; where
        it was kept. OSError (the file untouched) if the new one cannot be written."""
        target = self.aside_name()
        if target is None:
            raise OSError(errno.EEXIST, "no free name to keep the old file")
        self.save(data, keep_old=target)
        return target

    def exists(self) -> bool:
        return os.path.lexists(self.path)

    def delete(self) -> None:
        """Remove a file that was used up (a finished match), not a bad one."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def envelope_schema(self, data: Mapping[str, Any] | None) -> dict[str, Any]:
        return {"type": "object", "required": ["format", "version", "data"], "additionalProperties": False,
                "properties": {"format": {"const": self.kind}, "version": {"type": "integer", "minimum": 1},
                               "saved_at": {"type": "string", "maxLength": 40},
                               "data": dict(data) if data is not None else {"type": "object"}}}

    def read(self, schema: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The payload, validated against `schema` (the data's; None: any object); raises
        StoredFileError saying what is wrong."""
        try:
            envelope = read_json(self.path, MAX_BYTES)
        except JSONFileError as e:
            raise StoredFileError(str(e)) from None
        if not isinstance(envelope, dict) or envelope.get("format") != self.kind:
            raise StoredFileError(f"it is not a {self.what} file")
        version = envelope.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise StoredFileError("it has no version number")
        if version > self.version:
            raise StoredFileError(f"it was written by a newer version of the game "
                                  f"(file version {version}, this game reads up to {self.version})")
        if not isinstance(envelope.get("data"), dict):
            raise StoredFileError("it holds no data")
        problem = schemas.first_problem(self.envelope_schema(schema), envelope)
        if problem:
            raise StoredFileError(problem)
        data: dict[str, Any] = envelope["data"]
        return data

    def load(self, schema: Mapping[str, Any] | None = None) -> LoadResult:
        """Read the file; a bad one is moved aside and reported, never deleted or fatal."""
        if not self.exists():
            return LoadResult(None)
        try:
            return LoadResult(self.read(schema))
        except StoredFileError as e:
            return self.quarantine(str(e))

    def quarantine(self, reason: str) -> LoadResult:
        moved = self.move_aside()
        where = f" It was kept as {schemas.plain(str(moved), 400)}." if moved else ""
        return LoadResult(None, f"Your {self.what} could not be used: {reason}.{where}", moved)

    def aside_name(self) -> Path | None:
        """A free name NAME.bad-DATE[-n] to keep a bad file under."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for i in range(1000):
            target = self.path.with_name(self.path.name + f".bad-{stamp}" + (f"-{i}" if i else ""))
            if not os.path.lexists(target):
                return target
        return None

    def move_aside(self) -> Path | None:
        target = self.aside_name()
        if target is None:
            return None
        try:
            os.replace(self.path, target)
        except OSError:
            return None
        return target


def save_file() -> StoredFile:
    return StoredFile(data_dir() / "match.json", "baloot-save", 1, "saved match")


def settings_file() -> StoredFile:
    return StoredFile(data_dir() / "settings.json", "baloot-settings", 1, "settings")


def stats_file() -> StoredFile:
    return StoredFile(data_dir() / "statistics.json", "baloot-statistics", 1, "statistics")


def log_path() -> Path:
    return data_dir() / "baloot.log"
