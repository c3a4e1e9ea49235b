"""The layers import one way only: ui -> ai -> game; game uses the standard library alone."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIRST_PARTY = {"game", "ai", "ui", "main", "tests", "bench", "lab", "tools"}
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


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def first_party_imports(path: Path, type_only: bool = False) -> set[str]:
    """The first-party modules `path` imports anywhere (functions included), and with
    `type_only` also those imported for type checking only."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    me = module_name(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    skip: set[int] = set()
    for node in ast.walk(tree):
        if not type_only and isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip.update(id(n) for n in ast.walk(node))
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            out.add(mod)
            out.update(f"{mod}.{a.name}" for a in node.names)  # `from pkg import module`
    return {m for m in out if m.split(".")[0] in ("game", "ai", "ui")}


def find_cycle(packages: tuple[str, ...], type_only: bool) -> list[str] | None:
    """An import cycle among the modules of `packages` (imports inside functions count; with
    `type_only`, so do the imports for type checking only), or None."""
    files = {module_name(p): p for pkg in packages for p in (ROOT / pkg).rglob("*.py")}
    graph = {m: first_party_imports(p, type_only) & set(files) - {m} for m, p in files.items()}
    # A package's __init__ importing its own modules is how a package is assembled, not a cycle.
    for m in graph:
        graph[m] = {d for d in graph[m] if not (m.startswith(d + ".") and files[d].name == "__init__.py")}
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                raise CycleFound([*stack[stack.index(d):], d])
            if d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    try:
        for m in sorted(graph):
            if m not in state:
                visit(m)
    except CycleFound as e:
        return e.cycle
    return None


class CycleFound(Exception):
    def __init__(self, cycle: list[str]) -> None:
        super().__init__(" -> ".join(cycle))
        self.cycle = cycle


def test_no_import_cycles() -> None:
    cycle = find_cycle(("game", "ai", "ui"), type_only=False)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycles_even_for_type_checking() -> None:
    """No cycle at all, not even one hidden behind TYPE_CHECKING or inside a function (the
    screens open one another by name through the window: ui/screen_index.py)."""
    cycle = find_cycle(("game", "ai", "ui"), type_only=True)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_sees_a_type_only_cycle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The finder is not blind: two modules importing each other, one for type checking only."""
    pkg = tmp_path / "game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n")
    (pkg / "b.py").write_text("def f() -> None:\n    from .a import A\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert find_cycle(("game",), type_only=False) is None
    assert find_cycle(("game",), type_only=True) in (["game.a", "game.b", "game.a"],
                                                     ["game.b", "game.a", "game.b"])


def test_the_shipped_packages_never_import_the_lab_or_the_benchmarks() -> None:
    for package in ("game", "ai", "ui"):
        for path in (ROOT / package).rglob("*.py"):
            assert not imported_top_modules(path) & {"lab", "bench", "tests"}, path


def test_every_module_says_what_it_owns() -> None:
    """Each module of the shipped packages opens with a docstring saying what it holds."""
    silent = [str(p.relative_to(ROOT)) for pkg in ("game", "ai", "ui") for p in (ROOT / pkg).rglob("*.py")
              if not (ast.get_docstring(ast.parse(p.read_text(encoding="utf-8"))) or "").strip()]
    assert not silent, f"modules without a docstring: {silent}"
