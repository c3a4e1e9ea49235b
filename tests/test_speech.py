"""Speech output: the right backend per system, non-blocking, a no-op when none exists or it is off."""

from __future__ import annotations

import base64
import shutil
import subprocess
import sys
from typing import Any, ClassVar

import pytest

from ui.audio import speech
from ui.audio.speech import ESpeak, MacSay, PowerShellSapi, Speaker, SpeechDispatcher, find_backend

REAL_PROBE = speech._screen_reader


@pytest.fixture(autouse=True)
def _no_screen_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(speech, "_screen_reader", lambda: None)


def _which(present: set[str]) -> Any:
    return lambda name: f"/usr/bin/{name}" if name in present else None


class FakeProc:
    started: ClassVar[list[FakeProc]] = []

    def __init__(self, argv: list[str], **kw: Any) -> None:
        self.argv, self.kw = argv, kw
        self.running = True
        self.terminated = False
        self.stdin = _Sink() if kw.get("stdin") == subprocess.PIPE else None
        FakeProc.started.append(self)

    def poll(self) -> int | None:
        return None if self.running else 0

    def terminate(self) -> None:
        self.terminated = True
        self.running = False


class _Sink:
    def __init__(self) -> None:
        self.data = b""
        self.closed = False

    def write(self, data: bytes) -> int:
        self.data += data
        return len(data)

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def popen(monkeypatch: pytest.MonkeyPatch) -> list[FakeProc]:
    FakeProc.started = []
    monkeypatch.setattr(subprocess, "Popen", FakeProc)
    return FakeProc.started


def test_no_backend_means_a_silent_no_op(monkeypatch: pytest.MonkeyPatch, popen: list[FakeProc]) -> None:
    monkeypatch.setattr(shutil, "which", _which(set()))
    for platform in ("linux", "darwin", "win32"):
        monkeypatch.setattr(sys, "platform", platform)
        assert find_backend() is None
        speaker = Speaker(enabled=True)
        assert not speaker.available
        assert speaker.say("Trump: Hearts") is False
        speaker.stop()
        speaker.set_enabled(False)
    assert popen == []


def test_speech_off_sends_nothing(monkeypatch: pytest.MonkeyPatch, popen: list[FakeProc]) -> None:
    monkeypatch.setattr(shutil, "which", _which({"spd-say"}))
    monkeypatch.setattr(sys, "platform", "linux")
    speaker = Speaker(enabled=False)
    assert speaker.available
    assert speaker.say("Trump: Hearts") is False and popen == []
    speaker.set_enabled(True)
    assert speaker.say("   ") is False and popen == []
    assert speaker.say("Trump: Hearts") is True and len(popen) == 1


def test_linux_prefers_speech_dispatcher_then_espeak(monkeypatch: pytest.MonkeyPatch,
                                                     popen: list[FakeProc]) -> None:
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(shutil, "which", _which({"spd-say", "espeak-ng"}))
    backend = find_backend()
    assert isinstance(backend, SpeechDispatcher)
    speaker = Speaker(enabled=True, language="ar", backend=backend)
    assert speaker.say("الحكم: هاص")
    assert popen[0].argv == ["/usr/bin/spd-say", "-w", "-P", "text", "-l", "ar", "--", "الحكم: هاص"]
    monkeypatch.setattr(shutil, "which", _which({"espeak-ng"}))
    espeak = find_backend()
    assert isinstance(espeak, ESpeak)
    Speaker(enabled=True, backend=espeak).say("-- Trump")
    assert popen[1].argv == ["/usr/bin/espeak-ng", "-v", "en", "--stdin"]
    assert popen[1].stdin is not None and popen[1].stdin.data == b"-- Trump" and popen[1].stdin.closed


def test_a_new_utterance_cuts_the_previous(monkeypatch: pytest.MonkeyPatch, popen: list[FakeProc]) -> None:
    speaker = Speaker(enabled=True, backend=ESpeak("/usr/bin/espeak-ng"))
    assert speaker.say("one") and speaker.say("two")
    assert popen[0].terminated and not popen[1].terminated
    assert speaker.last == "two"
    speaker.set_enabled(False)
    assert popen[1].terminated


def test_windows_uses_sapi_through_powershell(monkeypatch: pytest.MonkeyPatch,
                                             popen: list[FakeProc]) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(shutil, "which", _which({"powershell"}))
    backend = find_backend()
    assert isinstance(backend, PowerShellSapi)
    Speaker(enabled=True, language="ar", backend=backend).say("لنا 152 'quoted' $x")
    argv = popen[0].argv
    assert argv[0] == "/usr/bin/powershell" and "-EncodedCommand" in argv
    script = base64.b64decode(argv[-1]).decode("utf-16-le")
    assert "System.Speech" in script and "'ar'" in script
    payload = script.split("FromBase64String('")[1].split("'")[0]
    assert base64.b64decode(payload).decode("utf-8") == "لنا 152 'quoted' $x"


def test_macos_say_reads_the_text_from_stdin(monkeypatch: pytest.MonkeyPatch,
                                             popen: list[FakeProc]) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(shutil, "which", _which({"say"}))
    backend = find_backend()
    assert isinstance(backend, MacSay)

    def fake_run(argv: list[str], **_kw: Any) -> subprocess.CompletedProcess[str]:
        out = "Alex                en_US    # Most people...\nMajed               ar_001   # مرحبًا\n"
        return subprocess.CompletedProcess(argv, 0, out, "")

    monkeypatch.setattr(subprocess, "run", fake_run)
    Speaker(enabled=True, language="ar", backend=backend).say("بلوت")
    assert popen[0].argv == ["/usr/bin/say", "-v", "Majed", "-f", "-"]
    assert popen[0].stdin is not None and popen[0].stdin.data == "بلوت".encode()
    Speaker(enabled=True, language="en", backend=backend).say("Baloot")
    assert popen[1].argv == ["/usr/bin/say", "-f", "-"]


def test_a_failing_backend_stays_quiet(popen: list[FakeProc]) -> None:
    class Broken:
        name = "broken"

        def speak(self, text: str, language: str) -> None:
            raise OSError("gone")

        def stop(self) -> None:
            raise OSError("gone")

    speaker = Speaker(enabled=True, backend=Broken())
    assert speaker.say("hello") is False
    speaker.stop()


def test_screen_reader_is_used_when_importable(monkeypatch: pytest.MonkeyPatch) -> None:
    spoken: list[tuple[str, bool]] = []

    class Auto:
        def speak(self, text: str, interrupt: bool = False) -> None:
            spoken.append((text, interrupt))

    monkeypatch.setattr(speech, "_screen_reader", lambda: speech.ScreenReader(Auto()))
    monkeypatch.setattr(shutil, "which", _which(set()))
    speaker = Speaker(enabled=True)
    assert speaker.say("Your turn") and spoken == [("Your turn", True)]
    assert speaker.queue("Fahad: Pass") and spoken[-1] == ("Fahad: Pass", False), \
        "the table's commentary is queued by the screen reader itself, never cut off"
    speaker.stop()


def test_macos_speaks_through_voiceover_when_it_runs(monkeypatch: pytest.MonkeyPatch,
                                                    popen: list[FakeProc]) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    monkeypatch.setattr(shutil, "which", _which({"say", "osascript"}))
    monkeypatch.setattr(speech, "voiceover_running", lambda: True)
    backend = find_backend()
    assert isinstance(backend, speech.MacVoiceOver)
    Speaker(enabled=True, backend=backend).say('Fahad: "Pass"')
    assert popen[0].argv == ["/usr/bin/osascript", "-e",
                             'tell application "VoiceOver" to output "Fahad: \\"Pass\\""']
    monkeypatch.setattr(speech, "voiceover_running", lambda: False)
    assert isinstance(find_backend(), MacSay), "the system voice without VoiceOver"


def test_the_packaged_apps_ship_the_screen_reader_library() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    req = (root / "requirements.txt").read_text(encoding="utf-8")
    assert 'accessible_output2==0.17; sys_platform == "win32"' in req, "installed on Windows only"
    spec = (root / "pyinstaller.spec").read_text(encoding="utf-8")
    assert 'collect_dynamic_libs("accessible_output2", destdir="accessible_output2/lib")' in spec
    assert 'collect_submodules("accessible_output2")' in spec


def test_the_real_import_probe_does_not_raise() -> None:
    # accessible_output2 is not a dependency: without it the probe answers None, never raises
    try:
        import accessible_output2  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        assert REAL_PROBE() is None
