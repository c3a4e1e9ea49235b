"""Which build of the hot modules runs: compiled by mypyc (tools/build_native.py) or the pure
Python sources.

The compiled modules are used only when the build's manifest matches the sources of game/ and
ai/ exactly (an edited file makes the whole build stale: compiled modules call each other
directly, so they are used all together or not at all) and BALOOT_PURE_PYTHON is not set.
Otherwise a finder placed first on sys.meta_path loads the .py files. A frozen app (PyInstaller)
carries no sources: it runs what was bundled.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = Path(__file__).with_name("_native.json")
# The library the compiled modules share lives inside the package (game/baloot_native__mypyc.*),
# so `import game` finds it from any folder, in the source tree, an editable install or a wheel.
GROUP = "game.baloot_native"
COMPILED = (
    "game.cards", "game.ranking", "game.scoring", "game.cardplay",
    "ai.cardsense", "ai.policy", "ai.splits", "ai.sampler", "ai.call_likelihood",
    "ai.ismcts", "ai.solver", "ai.playnet", "ai.posterior", "ai.endgame", "ai.seat_models",
)


def sources_digest() -> str:
    h = hashlib.sha256()
    for package in ("game", "ai"):
        for path in sorted((ROOT / package).glob("*.py")):
            h.update(path.name.encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def write_manifest(path: Path = MANIFEST) -> None:
    path.write_text(json.dumps({"modules": list(COMPILED), "sources": sources_digest()}),
                        encoding="utf-8")


class _SourcesFirst(importlib.abc.MetaPathFinder):
    """Loads the listed modules from their .py files even where a compiled one sits beside."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self.names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, ROOT / Path(*fullname.split(".")).with_suffix(".py"))


def _compiled_present() -> bool:
    return any((ROOT / "game").glob("cardplay.*.so")) or any((ROOT / "game").glob("cardplay.*.pyd"))


def select() -> str:
    """Install the fallback when needed; say which build runs ('compiled' or 'pure: why')."""
    if getattr(sys, "frozen", False):
        return "compiled" if _compiled_present() else "pure: frozen without compiled modules"
    if not _compiled_present():
        return "pure: not built"
    why = ""
    if os.environ.get("BALOOT_PURE_PYTHON"):
        why = "BALOOT_PURE_PYTHON is set"
    else:
        try:
            manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
            if manifest.get("sources") != sources_digest():
                why = "the sources changed since the build (run `make` or tools/build_native.py)"
        except (OSError, ValueError, AttributeError):
            why = "the build has no manifest"
    if not why:
        return "compiled"
    if not any(isinstance(f, _SourcesFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesFirst(COMPILED))
    return f"pure: {why}"
