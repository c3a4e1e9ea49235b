"""Files that survive anything: atomic writes, versioned JSON, bad files moved aside (never deleted).

Used for the saved match, the settings and the statistics. pygame-free, so it is tested headless.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

APP_NAME = "Baloot"
ENV_DIR = "BALOOT_DATA_DIR"  # overrides the platform's user data directory (tests, portable use)


def data_dir() -> Path:
    """The user data directory: %LOCALAPPDATA%\\Baloot, ~/Library/Application Support/Baloot, ..."""
    override = os.environ.get(ENV_DIR)
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir
        path = Path(user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path, text: str) -> None:
    """Write to a temporary file in the same folder, flush it to disk, then rename over `path`.

    A crash or power cut leaves either the old file or the new one, never half of one.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
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

    def save(self, data: dict[str, Any]) -> None:
        envelope = {"format": self.kind, "version": self.version,
                    "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"), "data": data}
        atomic_write_text(self.path, json.dumps(envelope, ensure_ascii=False, indent=1) + "\n")

    def exists(self) -> bool:
        return self.path.exists()

    def delete(self) -> None:
        """Remove a file that was used up (a finished match), not a bad one."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def read(self) -> dict[str, Any]:
        """The payload; raises StoredFileError saying what is wrong."""
        try:
            raw = self.path.read_bytes()
        except OSError as e:
            raise StoredFileError(f"it could not be opened ({e.strerror or e})") from None
        if not raw.strip():
            raise StoredFileError("it is empty")
        try:
            envelope = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise StoredFileError("it is damaged or incomplete (not valid JSON)") from None
        if not isinstance(envelope, dict) or envelope.get("format") != self.kind:
            raise StoredFileError(f"it is not a {self.what} file")
        version = envelope.get("version")
        if not isinstance(version, int):
            raise StoredFileError("it has no version number")
        if version > self.version:
            raise StoredFileError(f"it was written by a newer version of the game "
                                  f"(file version {version}, this game reads up to {self.version})")
        data = envelope.get("data")
        if not isinstance(data, dict):
            raise StoredFileError("it holds no data")
        return data

    def load(self) -> LoadResult:
        """Read the file; a bad one is moved aside and reported, never deleted or fatal."""
        if not self.path.exists():
            return LoadResult(None)
        try:
            return LoadResult(self.read())
        except StoredFileError as e:
            return self.quarantine(str(e))

    def quarantine(self, reason: str) -> LoadResult:
        moved = self.move_aside()
        where = f" It was kept as {moved}." if moved else ""
        return LoadResult(None, f"Your {self.what} could not be used: {reason}.{where}", moved)

    def move_aside(self) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for i in range(1000):
            suffix = f".bad-{stamp}" + (f"-{i}" if i else "")
            target = self.path.with_name(self.path.name + suffix)
            if not target.exists():
                try:
                    os.replace(self.path, target)
                except OSError:
                    return None
                return target
        return None


def save_file() -> StoredFile:
    return StoredFile(data_dir() / "match.json", "baloot-save", 1, "saved match")


def settings_file() -> StoredFile:
    return StoredFile(data_dir() / "settings.json", "baloot-settings", 1, "settings")


def stats_file() -> StoredFile:
    return StoredFile(data_dir() / "statistics.json", "baloot-statistics", 1, "statistics")


def log_path() -> Path:
    return data_dir() / "baloot.log"
