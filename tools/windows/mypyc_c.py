"""Run under Wine by tools/windows/build.sh, in the source copy: mypyc writes the C of the compiled
kernel for this interpreter (Windows CPython 3.13) into build/ and the list of its extension
modules into exts.json, which mingw-w64 then compiles on Linux (cross_native.py); the manifest
game/_native.json is written as tools/build_native.py does."""

from __future__ import annotations

import importlib.util
import json
import os
import sys

sys.path.insert(0, os.getcwd())
spec = importlib.util.spec_from_file_location("_native", os.path.join("game", "_native.py"))
assert spec is not None and spec.loader is not None
native = importlib.util.module_from_spec(spec)
spec.loader.exec_module(native)

from mypyc.build import mypycify  # noqa: E402

sources = [os.path.join(*m.split(".")) + ".py" for m in native.COMPILED]
extensions = mypycify(sources, opt_level="3", group_name=native.GROUP)
with open("exts.json", "w", encoding="utf-8") as f:
    json.dump([{"name": e.name, "sources": [s.replace("\\", "/") for s in e.sources]} for e in extensions], f)
native.write_manifest()
print(f"mypyc: C for {len(extensions)} extension modules")
