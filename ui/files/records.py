"""Sharing matches and deals: a match exported as its JSON record (docs/records.md), a record file or a
deal's one-line notation opened for review, and what is wrong with one that cannot be.

A record file is read like every file of the game (`game.jsonfile`: a regular file of at most
1 MB, sane numbers), checked completely against `RECORD_FILE` (`ui.files.schemas`: the players must be
'human' or agents of the fixed registry; a file never names code) and replayed by the engine.
The player's own file is never moved or changed: a bad one is only reported, as an `OpenError`
(a sentence key and its values; `ui.review.screen` words it in the player's language).
pygame-free.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.errors import NotationError, RecordError
from game.jsonfile import JSONFileError, read_json
from ui.files import schemas
from ui.files.logfile import log_problem
from ui.files.storage import atomic_write_text, data_dir
from ui.review.model import ReviewSource, source_of_notation, source_of_record

RECORDS_DIR = "records"
PLAYERS: schemas.JSON = {"type": "array", "minItems": 4, "maxItems": 4,
                         "items": {"type": "string", "maxLength": 200, "format": schemas.AGENT_FORMAT}}
RECORD_FILE: schemas.JSON = dict(schemas.RECORD, properties=dict(schemas.RECORD["properties"],
                                                                  players=PLAYERS))
"""A record file: the record of docs/records.md, with who sat where when the game wrote it."""
SAVE_FORMAT = "baloot-save"
"""The game's own saved match may be opened too: its record is reviewed."""


@dataclass(frozen=True)
class OpenError(Exception):
    """Why a record or a deal cannot be opened: `key` names the sentence (open.*), `values` fill
    it in; `detail` is the engine's own words (English, shown in English only)."""
    key: str
    values: dict[str, str | int] = field(default_factory=dict)
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.key} {self.values} {self.detail}".strip()


def records_dir() -> Path:
    """Where exported matches go (in the game's data folder)."""
    return data_dir() / RECORDS_DIR


def export_match(source: ReviewSource, folder: Path | None = None) -> Path:
    """Write the match as its JSON record; the file's path. OSError if it cannot be written."""
    record = source.record()
    if record is None:
        raise ValueError("a deal opened from its notation is not a match")
    folder = folder or records_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"baloot-{stamp}-seed{record['seed']}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"baloot-{stamp}-seed{record['seed']}-{n}.json"
    atomic_write_text(path, json.dumps(record, indent=1) + "\n")
    return path


def recent_records(folder: Path | None = None, limit: int = 6) -> list[Path]:
    """The exported records, newest first."""
    try:
        folder = folder or records_dir()
        files = [p for p in folder.glob("*.json") if p.is_file()]
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)[:limit]
    except OSError:
        return []


def looks_like_deal(text: str) -> bool:
    return text.strip().startswith(("deal ", "play "))


MAX_PATH_CHARS = 4096
"""Longer than any path a system allows (PATH_MAX is 4096 on Linux, 1024 on macOS)."""


def open_text(text: str) -> ReviewSource:
    """What the player typed or pasted: a deal's notation, or the path of a record file; OpenError
    for anything else, whatever its length or content."""
    t = text.strip()
    if not t:
        raise OpenError("open.nothing")
    if looks_like_deal(t):
        try:
            return source_of_notation(t)
        except NotationError as e:
            raise OpenError("open.bad_deal", detail=schemas.plain(str(e), 200)) from None
        except Exception as e:  # a paste never stops the game: said, and logged
            log_problem(f"a pasted deal could not be read: {type(e).__name__}: {e}")
            raise OpenError("open.bad_deal", detail=schemas.plain(f"{type(e).__name__}: {e}", 200)) from None
    if len(t) > MAX_PATH_CHARS or any(c in t for c in "\0\n\r"):
        raise OpenError("open.neither")
    path = Path(t.strip("\"'"))
    with contextlib.suppress(RuntimeError, OSError):  # "~someone" with no such user: as typed
        path = path.expanduser()
    return open_path(path)


_READ_KEYS = (("it is not a regular file", "open.not_file"), ("it could not be opened", "open.cannot_open"),
              ("it is too large", "open.too_large"), ("it is empty", "open.empty"),
              ("it is damaged", "open.damaged"))


def open_path(path: Path) -> ReviewSource:
    """The match in a record file (or in the game's saved match); OpenError saying why not."""
    name = schemas.plain(path.name or str(path), 80)
    try:
        if not os.path.lexists(path):
            raise OpenError("open.missing", {"name": name})
        data = read_json(path)
    except (OSError, ValueError) as e:  # a name too long, a NUL: the system's own refusals
        key = next((k for prefix, k in _READ_KEYS if str(e).startswith(prefix)), "open.cannot_open") \
            if isinstance(e, JSONFileError) else "open.cannot_open"
        raise OpenError(key, {"name": name}, schemas.plain(str(e), 200)) from None
    return open_data(data, name)


def open_data(data: object, name: str = "") -> ReviewSource:
    players: object = None
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT and isinstance(data.get("data"), dict):
        players = data["data"].get("players")
        data = data["data"].get("record")
    if not isinstance(data, dict) or data.get("format") != "baloot-record":
        raise OpenError("open.not_record", {"name": name})
    version = data.get("version")
    if version != 1:
        raise OpenError("open.version", {"name": name, "version": schemas.plain(str(version), 12)})
    record: dict[str, Any] = dict(data)
    if players is not None and "players" not in record:
        record["players"] = players
    try:
        error = next(schemas.errors(RECORD_FILE, record), None)
    except RecursionError:
        raise OpenError("open.invalid", {"name": name, "where": ""},
                        "its data is nested too deeply") from None
    if error is not None:
        raise OpenError("open.invalid", {"name": name, "where": schemas.where(error.absolute_path)},
                        schemas.describe(error))
    try:
        return source_of_record(record)
    except RecordError as e:
        raise _replay_problem(str(e), name) from None
    except Exception as e:  # a file's content never stops the game: said, and logged
        log_problem(f"record {name} could not be replayed: {type(e).__name__}: {e}")
        raise OpenError("open.bad_record", {"name": name},
                        schemas.plain(f"{type(e).__name__}: {e}", 200)) from None


_ILLEGAL = re.compile(r"action (\d+) \((.*)\) is illegal: (.*)$")


def _replay_problem(message: str, name: str) -> OpenError:
    m = _ILLEGAL.match(message)
    if m:
        return OpenError("open.illegal", {"name": name, "number": int(m.group(1))},
                         schemas.plain(f"{m.group(2)}: {m.group(3)}", 200))
    if message.startswith("the record says the result"):
        return OpenError("open.result", {"name": name}, schemas.plain(message, 200))
    if message == "the record holds no hand":
        return OpenError("open.no_hand", {"name": name})
    return OpenError("open.bad_record", {"name": name}, schemas.plain(message, 200))
