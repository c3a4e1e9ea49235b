"""The engine imports from any folder, compiled and pure: in the editable install this venv runs,
and from a wheel built by `pip install .` (setup.py compiles the hot modules into it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from game import _native

ROOT = Path(__file__).resolve().parent.parent
# A seeded random match through the engine, and a module of ai/ that is compiled too: the
# result must be the same whichever build and wherever it is imported from.
PROBE = """
import random, game, game.cardplay, ai.ismcts
m = game.MatchState(seed=11)
rng = random.Random(5)
while not m.is_over():
    m.apply(rng.choice(m.legal_actions()))
print(game.BUILD)
print(game.cardplay.__file__)
print(m.scores, len(m.sheet), m.winner)
"""


def probe(cwd: Path, *, pure: bool, pythonpath: Path | None = None) -> tuple[str, Path, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "BALOOT_PURE_PYTHON")}
    if pure:
        env["BALOOT_PURE_PYTHON"] = "1"
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=cwd, env=env, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    build, path, outcome = run.stdout.strip().splitlines()
    return build, Path(path), outcome


def compiled_in_place() -> bool:
    return _native._compiled_present() and _native.MANIFEST.exists()


def test_the_editable_install_imports_from_another_folder(tmp_path: Path) -> None:
    build, path, pure_outcome = probe(tmp_path, pure=True)
    assert build.startswith("pure") and path == ROOT / "game" / "cardplay.py", (build, path)
    if not compiled_in_place():
        pytest.skip("the pure build imports from another folder; no compiled build here to try "
                    "(`make native` needs a C compiler)")
    build, path, outcome = probe(tmp_path, pure=False)
    assert build == "compiled", build
    assert path.parent == ROOT / "game" and path.suffix in (".so", ".pyd"), path
    assert outcome == pure_outcome


def copy_of_the_sources(dest: Path) -> Path:
    """The project without any build: wheels built from it cannot pick up in-place binaries."""
    skip = shutil.ignore_patterns("*.so", "*.pyd", "_native.json", "__pycache__", "*.egg-info")
    for name in ("game", "ai", "ui", "tools"):
        shutil.copytree(ROOT / name, dest / name, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, dest / name)
    return dest


def install_wheel(src: Path, target: Path, *, pure: bool) -> Path:
    """`pip wheel .` then `pip install --target` (the venv's setuptools and mypy: no network)."""
    env = {k: v for k, v in os.environ.items() if k != "BALOOT_PURE_PYTHON"}
    if pure:
        env["BALOOT_PURE_PYTHON"] = "1"
    wheels = target.parent / f"wheels-{target.name}"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "--quiet"]
    subprocess.run([*pip, "wheel", "--no-build-isolation", "--no-deps", "-w", str(wheels), "."],
                   cwd=src, env=env, check=True, timeout=1200)
    (wheel,) = wheels.glob("baloot-*.whl")
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)],
                   env=env, check=True, timeout=600)
    return wheel


@pytest.mark.slow
def test_wheels_import_from_another_folder_compiled_and_pure(tmp_path: Path) -> None:
    src = copy_of_the_sources(tmp_path / "src")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    pure_wheel = install_wheel(src, tmp_path / "pure", pure=True)
    assert pure_wheel.name.endswith("-py3-none-any.whl"), pure_wheel.name
    build, path, pure_outcome = probe(elsewhere, pure=False, pythonpath=tmp_path / "pure")
    assert build == "pure: not built" and path == tmp_path / "pure" / "game" / "cardplay.py"

    if not sysconfig.get_config_var("CC") or not shutil.which(str(sysconfig.get_config_var("CC")).split()[0]):
        pytest.skip("the pure wheel imports from another folder; no C compiler here for the compiled one")
    wheel = install_wheel(src, tmp_path / "compiled", pure=False)
    assert "-cp3" in wheel.name and not wheel.name.endswith("-none-any.whl"), wheel.name
    site = tmp_path / "compiled"
    assert any((site / "game").glob("baloot_native__mypyc.*")), sorted(p.name for p in site.iterdir())
    assert not any(site.glob("*__mypyc*")), "the shared library belongs inside the package"
    build, path, outcome = probe(elsewhere, pure=False, pythonpath=site)
    assert build == "compiled", build
    assert path.parent == site / "game" and path.suffix in (".so", ".pyd"), path
    assert outcome == pure_outcome
    build, path, _ = probe(elsewhere, pure=True, pythonpath=site)
    assert build == "pure: BALOOT_PURE_PYTHON is set" and path.suffix == ".py"
