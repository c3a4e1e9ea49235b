"""Compile the hot modules of game/ and ai/ with mypyc, in place: python tools/build_native.py

Each compiled module (NAME.cpython-*.so beside NAME.py, plus the library they share,
game/baloot_native__mypyc.*) is what Python imports from then on; game/_native.py falls back to the
pure-Python sources when the build is missing, out of date, or BALOOT_PURE_PYTHON=1 is set.
`--clean` removes the build. Exit status 1 (and nothing left behind) when no C compiler or
Python headers are available: the game then runs in pure Python.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# game/_native.py by its path: importing the game package would load the build being replaced.
_spec = importlib.util.spec_from_file_location("_baloot_native", ROOT / "game" / "_native.py")
assert _spec is not None and _spec.loader is not None
native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native)
COMPILED, GROUP, MANIFEST = native.COMPILED, native.GROUP, native.MANIFEST


def built_files() -> list[Path]:
    """Every extension module in game/ and ai/ (none is hand-made there): also a module dropped
    from COMPILED since an earlier build, whose stale binary would shadow its source, and the
    shared library that earlier builds left at the top of the tree."""
    out = [p for pkg in ("game", "ai") for ext in ("*.so", "*.pyd") for p in (ROOT / pkg).glob(ext)]
    return out + list(ROOT.glob("baloot_native__mypyc.*"))


def clean() -> None:
    for p in built_files():
        p.unlink()
    MANIFEST.unlink(missing_ok=True)


def extensions(target_dir: str = "build") -> list[Any]:
    """The mypyc extension modules, for this script and for the wheel (setup.py); run in ROOT."""
    from mypyc.build import mypycify

    sources = [str(Path(*m.split(".")).with_suffix(".py")) for m in COMPILED]
    return mypycify(sources, opt_level="3", group_name=GROUP, target_dir=target_dir)


def build() -> None:
    from setuptools import setup

    temp = ROOT / "build" / "native"
    setup(name="baloot-native", packages=[], py_modules=[],
          ext_modules=extensions(),
          script_args=["-q", "build_ext", "--inplace", "--build-temp", str(temp),
                       "--build-lib", str(temp / "lib")])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = ap.parse_args()
    clean()
    if args.clean:
        print("removed the compiled modules: the pure-Python sources run")
        return 0
    start = time.perf_counter()
    os.chdir(ROOT)
    try:
        build()
    except (Exception, SystemExit) as e:  # no compiler, no headers, no mypy: stay pure Python
        clean()
        print(f"the compiled kernel was not built ({type(e).__name__}: {e}); "
              "the game runs in pure Python", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(ROOT / "build" / "native", ignore_errors=True)
    native.write_manifest()
    print(f"compiled {len(COMPILED)} modules with mypyc in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
