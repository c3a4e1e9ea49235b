"""Reading a JSON file that may hold anything: regular files only, a size limit, and every way
the parser can fail turned into one error that says why in plain words.

A FIFO would block `open()` forever and a link to /dev/zero would fill the memory, so the file is
opened without blocking and must be a regular file; numbers must be plain finite values of
reasonable size (the interpreter's own limit on digits raises a bare ValueError); nesting that
is too deep (RecursionError in the parser) is reported like any other damage.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path

MAX_BYTES = 1 << 20
"""A saved match with every action of a long match is a few tens of kB."""
MAX_DIGITS = 30


class JSONFileError(ValueError):
    """The file cannot be used; the message is a clause such as "it is empty"."""


def read_limited(path: str | Path, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes."""
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise JSONFileError("it is not a regular file")
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        with open(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # replaced since the first look
                raise JSONFileError("it is not a regular file")
            raw = f.read(limit + 1)
    except OSError as e:
        raise JSONFileError(f"it could not be opened ({e.strerror or e})") from None
    if len(raw) > limit:
        raise JSONFileError(f"it is too large (over {limit // 1024} kB)")
    return raw


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if len(text) > 2 * MAX_DIGITS or not math.isfinite(value):
        raise _BadNumber
    return value


def _constant(text: str) -> float:
    raise _BadNumber  # NaN, Infinity, -Infinity: not JSON


class _BadNumber(ValueError):
    pass


def parse(raw: bytes) -> object:
    """The JSON value in `raw` (UTF-8)."""
    if not raw.strip():
        raise JSONFileError("it is empty")
    try:
        return json.loads(raw.decode("utf-8"), parse_int=_int, parse_float=_float,
                          parse_constant=_constant)
    except _BadNumber:
        raise JSONFileError("it is damaged (it holds a number that is too large or not a number)") from None
    except RecursionError:
        raise JSONFileError("it is damaged (its data is nested too deeply)") from None
    except ValueError:  # UnicodeDecodeError, JSONDecodeError
        raise JSONFileError("it is damaged or incomplete (not valid JSON)") from None


def read_json(path: str | Path, limit: int = MAX_BYTES) -> object:
    return parse(read_limited(path, limit))
