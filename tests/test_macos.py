"""macOS as far as Linux can check it: what pyinstaller.spec gives the app bundle (Info.plist, icon,
architecture, signing) and where the data folder goes, with the platform faked. The speech paths
for macOS (VoiceOver through osascript, else `say`) are tested in tests/test_speech.py."""

from __future__ import annotations

import importlib
import plistlib
import struct
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
Calls = dict[str, list[tuple[tuple[Any, ...], dict[str, Any]]]]


class Recorder:
    """Stands for PyInstaller's build classes: keeps what the spec passes."""

    calls: Calls

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        Recorder.calls.setdefault(self.kind, []).append((args, kwargs))
        return types.SimpleNamespace(datas=[], pure=[], scripts=[], binaries=[])


def run_spec(monkeypatch: pytest.MonkeyPatch, platform: str) -> Calls:
    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_data_files = lambda *a, **k: []  # type: ignore[attr-defined]
    hooks.collect_dynamic_libs = lambda *a, **k: []  # type: ignore[attr-defined]
    hooks.collect_submodules = lambda *a, **k: []  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.chdir(ROOT)
    Recorder.calls = {}
    names = {k: Recorder(k) for k in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    source = (ROOT / "pyinstaller.spec").read_text(encoding="utf-8")
    exec(compile(source, "pyinstaller.spec", "exec"), {"__name__": "__main__", **names})
    return Recorder.calls


def icns_chunks(path: Path) -> dict[bytes, int]:
    data = path.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data), "not an .icns file"
    chunks, i = {}, 8
    while i < len(data):
        kind, size = data[i:i + 4], struct.unpack(">I", data[i + 4:i + 8])[0]
        assert size >= 8 and i + size <= len(data), "a damaged .icns chunk"
        chunks[kind] = size
        i += size
    return chunks


def test_the_mac_bundle_metadata(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec(monkeypatch, "darwin")
    (_, bundle), = calls["BUNDLE"]
    assert bundle["name"] == "Baloot.app" and bundle["bundle_identifier"] == "org.baloot.desktop"
    plist = bundle["info_plist"]
    assert plist["CFBundleShortVersionString"] == bundle["version"]
    assert plist["NSHighResolutionCapable"] is True and plist["LSMinimumSystemVersion"] == "11.0"
    assert plist["CFBundleLocalizations"] == ["en", "ar"]
    assert plist["LSApplicationCategoryType"] == "public.app-category.card-games"
    assert "VoiceOver" in plist["NSAppleEventsUsageDescription"], "speech through VoiceOver is an Apple event"
    plistlib.loads(plistlib.dumps(plist))  # every value is a plist type
    icns = icns_chunks(ROOT / bundle["icon"])
    # 16 to 512 points, each also at twice the pixels for Retina (ic10 is 1024x1024)
    assert {b"ic07", b"ic08", b"ic09", b"ic10", b"ic11", b"ic12", b"ic13", b"ic14"} <= set(icns)
    (_, exe), = calls["EXE"]
    assert exe["icon"] == bundle["icon"] and exe["console"] is False
    assert exe["target_arch"] == "arm64"
    assert exe["codesign_identity"] is None, "ad hoc signing unless a Developer ID is named"
    entitlements = plistlib.loads((ROOT / exe["entitlements_file"]).read_bytes())
    assert entitlements == {"com.apple.security.automation.apple-events": True}


def test_a_developer_id_is_passed_to_pyinstaller(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALOOT_CODESIGN_IDENTITY", "Developer ID Application: Baloot (TEAMID1234)")
    (_, exe), = run_spec(monkeypatch, "darwin")["EXE"]
    assert exe["codesign_identity"] == "Developer ID Application: Baloot (TEAMID1234)"


@pytest.mark.parametrize("platform", ["win32", "linux"])
def test_other_systems_get_no_bundle_nor_mac_signing(monkeypatch: pytest.MonkeyPatch,
                                                     platform: str) -> None:
    calls = run_spec(monkeypatch, platform)
    assert "BUNDLE" not in calls
    (_, exe), = calls["EXE"]
    assert exe["icon"] == "assets/icon/icon.ico"
    assert not {"target_arch", "codesign_identity", "entitlements_file"} & set(exe)


def test_the_data_folder_on_macos(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import platformdirs

    from ui.files import storage

    monkeypatch.delenv(storage.ENV_DIR, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "darwin")
    try:
        importlib.reload(platformdirs)  # it picks its platform's rules when imported
        assert storage.data_dir_path() == tmp_path / "Library" / "Application Support" / "Baloot"
        assert storage.data_dir().is_dir()
        monkeypatch.setenv(storage.ENV_DIR, str(tmp_path / "portable"))
        assert storage.data_dir_path() == tmp_path / "portable", "the override wins on macOS too"
    finally:
        monkeypatch.undo()
        importlib.reload(platformdirs)
    assert storage.data_dir_path() != tmp_path / "Library" / "Application Support" / "Baloot"
