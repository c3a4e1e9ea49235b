"""The two builds of the hot modules: mypyc-compiled (tools/build_native.py) and pure Python.

The suite runs on whichever build game/_native.py selects; the kernel's tests are run here once
more on the other build, so both are tested by every `make test` on a machine with a compiler.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys

import pytest

import game
from game import _native

KERNEL_TESTS = ["tests/test_cardplay.py", "tests/test_play.py", "tests/test_scoring.py",
                "tests/test_projects.py", "tests/test_ai_sampler.py"]


def compiled_build_available() -> bool:
    if not (_native._compiled_present() and _native.MANIFEST.exists()):
        return False
    manifest = json.loads(_native.MANIFEST.read_text(encoding="utf-8"))
    return bool(manifest["sources"] == _native.sources_digest())


def test_the_selected_build_is_the_one_imported() -> None:
    for name in _native.COMPILED:
        path = importlib.import_module(name).__file__ or ""
        compiled = path.endswith((".so", ".pyd"))
        assert compiled == (game.BUILD == "compiled"), (name, path, game.BUILD)


def test_a_compiled_build_is_used_when_it_is_fresh() -> None:
    if not compiled_build_available():
        pytest.skip("no compiled build here (no C compiler, or not built)")
    assert ("compiled" if not os.environ.get("BALOOT_PURE_PYTHON")
                          else "pure: BALOOT_PURE_PYTHON is set") == game.BUILD


def test_stale_sources_fall_back_to_pure_python(monkeypatch: pytest.MonkeyPatch) -> None:
    if not _native._compiled_present():
        pytest.skip("no compiled build here")
    monkeypatch.setattr(_native, "sources_digest", lambda: "edited since the build")
    monkeypatch.delenv("BALOOT_PURE_PYTHON", raising=False)
    before = list(sys.meta_path)
    try:
        assert _native.select().startswith("pure: the sources changed")
        assert any(isinstance(f, _native._SourcesFirst) for f in sys.meta_path)
        spec = next(f for f in sys.meta_path if isinstance(f, _native._SourcesFirst)).find_spec(
            "game.cardplay", None)
        assert spec is not None and str(spec.origin).endswith("cardplay.py")
    finally:
        sys.meta_path[:] = before


@pytest.mark.slow
def test_the_kernel_tests_pass_on_the_other_build() -> None:
    if not compiled_build_available():
        pytest.skip("no compiled build here: only the pure-Python modules can be tested")
    env = dict(os.environ)
    if game.BUILD == "compiled":
        env["BALOOT_PURE_PYTHON"] = "1"
        other = "pure"
    else:
        env.pop("BALOOT_PURE_PYTHON", None)
        other = "compiled"
    probe = subprocess.run([sys.executable, "-c", "import game; print(game.BUILD)"], env=env,
                           capture_output=True, text=True, check=True)
    assert probe.stdout.strip().startswith(other)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                          *KERNEL_TESTS], env=env, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
