"""Compiles the kernel's C (written by mypyc under Wine: mypyc_c.py) into Windows extension modules
with mingw-w64, on Linux, against the embeddable CPython's DLL and CPython's headers:

    python tools/windows/cross_native.py SRC PYTHON_DIR INCLUDE_DIR LIB_RT_DIR

Each module NAME lands beside its source as NAME.cp313-win_amd64.pyd, as MSVC's build would put it.
Exit status 1 if any fails (build.sh then builds the pure-Python app and says so).
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CC = "x86_64-w64-mingw32-gcc"


def main(argv: list[str]) -> int:
    src, python, include, lib_rt = (Path(a).resolve() for a in argv)
    exts = json.loads((src / "exts.json").read_text(encoding="utf-8"))

    def build(ext: dict[str, list[str] | str]) -> tuple[str, str]:
        name = str(ext["name"])
        out = src / (name.replace(".", "/") + ".cp313-win_amd64.pyd")
        cmd = [CC, "-shared", "-O2", "-DMS_WIN64", "-DNDEBUG", "-fwrapv", "-w", f"-I{include}",
               f"-I{lib_rt}", f"-I{src / 'build'}", *(str(src / s) for s in ext["sources"]),
               f"-L{python}", "-lpython313", "-static-libgcc", "-s", "-o", str(out)]
        run = subprocess.run(cmd, capture_output=True, text=True, check=False)
        return name, "" if run.returncode == 0 else run.stderr[-2000:]

    with ThreadPoolExecutor(2) as pool:
        failed = [(n, e) for n, e in pool.map(build, exts) if e]
    for name, err in failed:
        print(f"{name}: {err}", file=sys.stderr)
    print(f"mingw-w64: {len(exts) - len(failed)} of {len(exts)} modules compiled")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
