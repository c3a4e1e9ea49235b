"""Announcements to speech output, when the player turns speech on. Never blocks, never raises.

    speaker = Speaker(enabled=settings.speech, language="ar")
    speaker.say(announcement.speech)      # logical-order text, NOT display_text() output

Backends, the first that is present:
  - a screen reader through `accessible_output2` (NVDA, JAWS, VoiceOver...), only if it is installed;
  - Windows: PowerShell with System.Speech (SAPI), in a hidden background process;
  - macOS: VoiceOver when it runs (AppleScript `output`), else `say` (the system voice);
  - Linux: `spd-say` (speech-dispatcher, interrupts itself), else `espeak-ng` or `espeak`.
`say` cuts what is being said (the player asked for it); `queue` waits for it (the table's running
commentary: every call, card and trick). Without any backend, or with speech off, both do nothing.
"""

from __future__ import annotations

import base64
import contextlib
import importlib
import logging
import shutil
import subprocess
import sys
from collections import deque
from typing import Any, Protocol

log = logging.getLogger(__name__)


class Backend(Protocol):
    name: str

    def speak(self, text: str, language: str) -> None: ...

    def stop(self) -> None: ...


def _busy(backend: Backend) -> bool:
    """Still speaking (a process backend whose process runs); unknown counts as not."""
    busy = getattr(backend, "busy", None)
    return bool(busy()) if callable(busy) else False


class _ProcessBackend:
    """Runs one process per utterance; a new one terminates the previous (never waits for it)."""

    name = "process"

    def __init__(self) -> None:
        self._proc: subprocess.Popen[bytes] | None = None

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        """The command line, and the bytes to write to its standard input (None: nothing)."""
        raise NotImplementedError

    def speak(self, text: str, language: str) -> None:
        self.stop()
        argv, data = self.command(text, language)
        proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
        self._proc = proc
        if data is not None and proc.stdin is not None:
            with contextlib.suppress(OSError):
                proc.stdin.write(data)  # a sentence fits the pipe buffer: this does not block
            with contextlib.suppress(OSError):
                proc.stdin.close()

    def busy(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def stop(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.poll() is None:
            with contextlib.suppress(OSError):
                proc.terminate()
            proc.poll()  # reaped now if it is already gone, else by subprocess later


_SAPI_SCRIPT = """
$ErrorActionPreference = 'SilentlyContinue'
Add-Type -AssemblyName System.Speech
$s = New-Object System.Speech.Synthesis.SpeechSynthesizer
foreach ($v in $s.GetInstalledVoices()) {
  if ($v.Enabled -and $v.VoiceInfo.Culture.TwoLetterISOLanguageName -eq '%LANG%') {
    $s.SelectVoice($v.VoiceInfo.Name); break
  }
}
$t = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('%TEXT%'))
$s.Speak($t)
"""


class PowerShellSapi(_ProcessBackend):
    name = "sapi"

    def __init__(self, exe: str) -> None:
        super().__init__()
        self.exe = exe

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        # The text travels as base64 inside a base64 (UTF-16) script: no quoting or code page issues.
        payload = base64.b64encode(text.encode("utf-8")).decode("ascii")
        lang = language if language.isalpha() else "en"
        script = _SAPI_SCRIPT.replace("%LANG%", lang).replace("%TEXT%", payload)
        encoded = base64.b64encode(script.encode("utf-16-le")).decode("ascii")
        return [self.exe, "-NoProfile", "-NonInteractive", "-WindowStyle", "Hidden",
                "-EncodedCommand", encoded], None


class MacSay(_ProcessBackend):
    name = "say"

    def __init__(self, exe: str) -> None:
        super().__init__()
        self.exe = exe
        self._voices: dict[str, str | None] = {}

    def voice(self, language: str) -> str | None:
        """A voice for the language ('ar_SA' ...), looked up once; None: the system's voice."""
        if language == "en":
            return None
        if language not in self._voices:
            found: str | None = None
            try:
                out = subprocess.run([self.exe, "-v", "?"], capture_output=True, text=True, timeout=3,
                                     check=False).stdout
                for line in out.splitlines():
                    parts = line.split()
                    if any(p.startswith(language + "_") for p in parts[1:]):
                        found = line.split("  ")[0].strip()
                        break
            except (OSError, subprocess.SubprocessError):
                pass
            self._voices[language] = found
        return self._voices[language]

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        voice = self.voice(language)
        return [self.exe, *(["-v", voice] if voice else []), "-f", "-"], text.encode("utf-8")


class SpeechDispatcher(_ProcessBackend):
    name = "spd-say"

    def __init__(self, exe: str) -> None:
        super().__init__()
        self.exe = exe

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        # Priority "text": a newer message interrupts the one being spoken; -w: the process lasts as
        # long as the speech, so queued announcements wait for it.
        return [self.exe, "-w", "-P", "text", "-l", language, "--", text], None


class ESpeak(_ProcessBackend):
    name = "espeak"

    def __init__(self, exe: str) -> None:
        super().__init__()
        self.exe = exe

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        return [self.exe, "-v", language, "--stdin"], text.encode("utf-8")


class MacVoiceOver(_ProcessBackend):
    """VoiceOver, when it runs, speaks what the game says (AppleScript `output`), in the voice and
    speed the player chose for it; otherwise `say` (the system voice) is used."""

    name = "voiceover"

    def __init__(self, exe: str) -> None:
        super().__init__()
        self.exe = exe

    def command(self, text: str, language: str) -> tuple[list[str], bytes | None]:
        quoted = text.replace("\\", "\\\\").replace('"', '\\"')
        return [self.exe, "-e", f'tell application "VoiceOver" to output "{quoted}"'], None


def voiceover_running() -> bool:
    try:
        return subprocess.run(["pgrep", "-xq", "VoiceOver"], check=False, timeout=2).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


class ScreenReader:
    """accessible_output2's Auto output: the running screen reader (NVDA, JAWS, …), else SAPI."""

    name = "screen-reader"

    def __init__(self, output: Any) -> None:
        self.output = output

    def speak(self, text: str, language: str) -> None:
        self.output.speak(text, interrupt=True)

    def speak_after(self, text: str, language: str) -> None:
        """Queued by the screen reader itself after what it is saying."""
        self.output.speak(text, interrupt=False)

    def stop(self) -> None:
        silence = getattr(self.output, "silence", None)
        if callable(silence):
            silence()


def _screen_reader() -> Backend | None:
    try:
        auto = importlib.import_module("accessible_output2.outputs.auto")
        return ScreenReader(auto.Auto())
    except Exception:  # not installed, or no screen reader library for this system
        return None


def find_backend(platform: str | None = None) -> Backend | None:
    """The speech output this computer offers, or None."""
    platform = platform or sys.platform
    reader = _screen_reader()
    if reader is not None:
        return reader
    if platform.startswith("win"):
        exe = shutil.which("powershell") or shutil.which("pwsh")
        return PowerShellSapi(exe) if exe else None
    if platform == "darwin":
        osa = shutil.which("osascript")
        if osa and voiceover_running():
            return MacVoiceOver(osa)
        exe = shutil.which("say")
        return MacSay(exe) if exe else None
    exe = shutil.which("spd-say")
    if exe:
        return SpeechDispatcher(exe)
    exe = shutil.which("espeak-ng") or shutil.which("espeak")
    return ESpeak(exe) if exe else None


class Speaker:
    """Speaks when enabled and a backend exists; otherwise every call is a harmless no-op."""

    def __init__(self, enabled: bool = False, language: str = "en", backend: Backend | None = None,
                 detect: bool = True) -> None:
        self.enabled = enabled
        self.language = language
        self._backend = backend
        self._detected = backend is not None or not detect
        self.last: str | None = None
        """The last text sent (tests, and to repeat it)."""
        self._queue: deque[str] = deque()

    @property
    def backend(self) -> Backend | None:
        if not self._detected:
            self._detected = True
            try:
                self._backend = find_backend()
            except Exception as e:  # pragma: no cover - a broken PATH or module
                log.info("no speech output: %s", e)
                self._backend = None
        return self._backend

    @property
    def available(self) -> bool:
        return self.backend is not None

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        if not enabled:
            self.stop()

    def set_language(self, language: str) -> None:
        self.language = language

    def say(self, text: str) -> bool:
        """Start speaking `text` (cutting off what is being said). True when it was sent."""
        if not self.enabled or not text.strip():
            return False
        backend = self.backend
        if backend is None:
            return False
        self._queue.clear()
        try:
            backend.speak(text, self.language)
        except Exception as e:  # a backend that vanished or failed: stay quiet
            log.info("speech failed (%s): %s", backend.name, e)
            return False
        self.last = text
        return True

    def queue(self, text: str) -> bool:
        """Say `text` after what is being said (the table's running commentary); `say` cuts in."""
        if not self.enabled or not text.strip() or self.backend is None:
            return False
        after = getattr(self.backend, "speak_after", None)
        if callable(after):
            try:
                after(text, self.language)
            except Exception as e:  # a backend that vanished or failed: stay quiet
                log.info("speech failed: %s", e)
                return False
            self.last = text
            return True
        self._queue.append(text)
        self.poll()
        return True

    def poll(self) -> None:
        """Start the next queued text once the voice is free (called every frame)."""
        backend = self._backend
        if backend is None or not self._queue or _busy(backend):
            return
        text = self._queue.popleft()
        try:
            backend.speak(text, self.language)
            self.last = text
        except Exception as e:
            log.info("speech failed (%s): %s", backend.name, e)

    def busy(self) -> bool:
        """Speech is on and still has something to say (the table waits for it between moves)."""
        if not self.enabled or self._backend is None:
            return False
        return bool(self._queue) or _busy(self._backend)

    def stop(self) -> None:
        self._queue.clear()
        backend = self._backend
        if backend is None:
            return
        try:
            backend.stop()
        except Exception as e:  # pragma: no cover
            log.info("speech stop failed: %s", e)
