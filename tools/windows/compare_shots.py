"""Compares the Windows app's screenshots (under Wine) with the Linux run's, pair by pair:

    python tools/windows/compare_shots.py LINUX WINDOWS      # two folders of PNGs, or two PNGs

Byte-identical files pass. Otherwise a pair passes only if the images have the same size and
differ in at most MAX_PIXELS pixels, each channel by at most 1: the felt is computed in float32
(`ui/table/render.py`: `d ** 1.6`), and numpy calls the C library's powf, which Wine's ucrtbase and
glibc round differently in the last bit for about a fifth of the values; a few of them land on
the other side of a .5 when made into 8-bit colours (docs/packaging.md). Anything more is a real
difference and fails (exit 1).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np
import pygame

MAX_PIXELS = 50


def pixels(path: Path) -> np.ndarray:
    return pygame.surfarray.array3d(pygame.image.load(str(path))).astype(np.int16)


def compare(a: Path, b: Path) -> bool:
    if a.read_bytes() == b.read_bytes():
        print(f"  identical: {a.name}")
        return True
    pa, pb = pixels(a), pixels(b)
    if pa.shape != pb.shape:
        print(f"  DIFFERENT: {a.name}: {pa.shape[:2]} against {pb.shape[:2]} pixels")
        return False
    delta = np.abs(pa - pb).max(axis=2)
    n, worst = int((delta > 0).sum()), int(delta.max())
    ok = n <= MAX_PIXELS and worst <= 1
    where = ", ".join(f"({x},{y})" for x, y in np.argwhere(delta > 0)[:4])
    print(f"  {'rounding' if ok else 'DIFFERENT'}: {a.name}: {n} pixels differ, by at most {worst} "
          f"in a channel (first at {where})")
    return ok


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    left, right = (Path(p) for p in argv)
    if left.is_file():
        return 0 if compare(left, right) else 1
    names = sorted(p.name for p in left.glob("*.png"))
    others = sorted(p.name for p in right.glob("*.png"))
    if not names or names != others:
        print(f"  DIFFERENT screenshots taken: {names} against {others}")
        return 1
    results = [compare(left / n, right / n) for n in names]
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
