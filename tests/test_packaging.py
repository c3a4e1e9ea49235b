"""The PyInstaller spec builds a working app here on Linux (Windows and macOS build in CI)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_spec_builds_an_app_that_plays_a_demo_hand(tmp_path: Path) -> None:
    pyinstaller = shutil.which("pyinstaller", path=str(Path(sys.executable).parent))
    assert pyinstaller, "pyinstaller is part of requirements-dev.txt"
    dist, work = tmp_path / "dist", tmp_path / "build"
    subprocess.run([pyinstaller, "--noconfirm", "--log-level", "ERROR", "--distpath", str(dist),
                    "--workpath", str(work), "pyinstaller.spec"], cwd=ROOT, check=True, timeout=900)
    exe = dist / "Baloot" / "Baloot"
    assert exe.exists()
    internal = dist / "Baloot" / "_internal"
    assert (internal / "assets" / "cards" / "2color" / "AS.png").exists()
    assert (internal / "assets" / "fonts" / "BalootSans-Regular.ttf").exists()
    assert (internal / "ai" / "data" / "playnets.npz").exists(), "the play networks' weights"
    assert not (internal / "lab").exists() and not (internal / "bench").exists()
    if any((ROOT / "game").glob("baloot_native__mypyc.*")):  # the compiled kernel, when it was built
        assert any((internal / "game").glob("cardplay.*")), "compiled kernel not bundled"
        assert any((internal / "game").glob("baloot_native__mypyc.*")), "the modules' shared library"
    fonts = {p.name for p in (internal / "pygame_gui" / "data").glob("*.*tf")}
    assert fonts and not any(name.startswith(("NotoSansJP", "NotoSansKR", "NotoSansSC")) for name in fonts)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               BALOOT_DATA_DIR=str(tmp_path / "data"))
    shots = tmp_path / "shots"
    run = subprocess.run([str(exe), "--demo", "--hands", "1", "--seed", "3", "--screenshot-dir", str(shots),
                          "--autosave"], env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "1 hand(s) played" in run.stdout
    assert any(p.name.startswith("05_hand_summary") for p in shots.iterdir())
    # The frozen app validates its files (jsonschema and its meta-schemas are bundled):
    save = tmp_path / "data" / "match.json"
    good = save.read_text(encoding="utf-8")
    save.write_text(good.replace('"random"', '"os:abort"', 1), encoding="utf-8")
    bad = subprocess.run([str(exe), "--demo", "--continue"], env=env, capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 1 and "unknown computer player 'os:abort'" in bad.stderr, bad.stderr
    save.write_text(good, encoding="utf-8")
    resumed = subprocess.run([str(exe), "--demo", "--continue", "--hands", "1"], env=env, capture_output=True,
                             text=True, timeout=300)
    assert resumed.returncode == 0 and "1 hand(s) played" in resumed.stdout, resumed.stderr
    # in Arabic too: the catalogues and Babel's Arabic plural data are bundled (the rest of CLDR is not)
    run = subprocess.run([str(exe), "--demo", "--hands", "1", "--seed", "3", "--language", "ar",
                          "--screenshot-dir", str(tmp_path / "shots_ar")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "translation file" not in run.stderr, run.stderr
    data = {p.name for p in (internal / "babel" / "locale-data").glob("*.dat")}
    assert {"en.dat", "ar.dat", "root.dat"} <= data and len(data) < 10, sorted(data)[:20]
