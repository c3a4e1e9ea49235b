"""The wheel (`pip install .`): the hot modules compiled with mypyc, as tools/build_native.py does in
place, so it needs a C compiler; `BALOOT_PURE_PYTHON=1 pip install .` builds a pure-Python wheel.
Everything else is declared in pyproject.toml.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
_spec = importlib.util.spec_from_file_location("_build_native", ROOT / "tools" / "build_native.py")
assert _spec is not None and _spec.loader is not None
build_native = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_native)

COMPILE = not os.environ.get("BALOOT_PURE_PYTHON")


class BuildPyWithManifest(build_py):
    """Adds game/_native.json: without it game/_native.py would not trust the compiled modules."""

    def run(self) -> None:
        super().run()
        if COMPILE:
            build_native.native.write_manifest(Path(self.build_lib) / "game" / "_native.json")


ext_modules: list[Any] = build_native.extensions("build/wheel-c") if COMPILE else []
setup(ext_modules=ext_modules, cmdclass={"build_py": BuildPyWithManifest})
