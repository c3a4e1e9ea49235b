"""The layers import one way only: ui -> ai -> game; game uses the standard library alone."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = {"game", "ai", "ui", "main", "tests", "bench", "tools"}
ALLOWED = {"game": {"game"}, "ai": {"game", "ai"}, "ui": {"game", "ai", "ui"}}


def imported_top_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_game_imports_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in (ROOT / "game").rglob("*.py"):
        bad = imported_top_modules(path) - stdlib - {"game"}
        assert not bad, f"{path.name} imports {bad}"


def test_layers_point_one_way() -> None:
    for package, allowed in ALLOWED.items():
        for path in (ROOT / package).rglob("*.py"):
            first_party = imported_top_modules(path) & FIRST_PARTY
            assert first_party <= allowed, f"{package}/{path.name} imports {first_party - allowed}"


def test_only_ui_imports_pygame() -> None:
    for package in ("game", "ai"):
        for path in (ROOT / package).rglob("*.py"):
            mods = imported_top_modules(path)
            assert not mods & {"pygame", "pygame_gui"}, f"{path} imports pygame"
