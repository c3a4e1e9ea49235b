"""Sound cues: they play on the dummy audio driver, and nothing breaks without a device or a file."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ui.audio.cues import SOUND_NAMES, Sounds, sounds_dir


@pytest.fixture(autouse=True)
def _fresh_mixer() -> Iterator[None]:
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_cue_is_shipped() -> None:
    for name in SOUND_NAMES:
        assert (sounds_dir() / f"{name}.wav").is_file(), name


def test_plays_on_the_dummy_driver() -> None:
    sounds = Sounds(volume=0.5)
    assert sounds.available, sounds.problem
    assert set(sounds.loaded()) == set(SOUND_NAMES)
    assert all(sounds.play(name) for name in SOUND_NAMES)
    assert not sounds.play("no_such_cue")
    sounds.set_volume(0.2)
    assert sounds.volume == 0.2
    sounds.set_volume(7)
    assert sounds.volume == 1.0
    sounds.set_volume(float("nan"))
    assert sounds.volume == 0.0


def test_mute_and_unmute() -> None:
    sounds = Sounds(enabled=False)
    assert not pygame.mixer.get_init(), "a muted game does not open the audio device"
    assert not sounds.play("click")
    sounds.set_enabled(True)
    assert sounds.play("click")
    sounds.set_enabled(False)
    assert not sounds.play("click")


def test_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kw: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    sounds = Sounds()
    assert not sounds.available and sounds.problem and "audio" in sounds.problem
    for name in SOUND_NAMES:
        assert sounds.play(name) is False
    sounds.set_volume(0.3)
    sounds.set_enabled(False)
    sounds.set_enabled(True)
    sounds.stop()


def test_a_missing_or_damaged_file_only_loses_that_cue(tmp_path: Path) -> None:
    shutil.copy(sounds_dir() / "click.wav", tmp_path / "click.wav")
    (tmp_path / "deal.wav").write_bytes(b"RIFF not really a wave file")
    sounds = Sounds(folder=tmp_path)
    assert sounds.loaded() == ("click",)
    assert sounds.play("click")
    assert not sounds.play("deal") and not sounds.play("kaboot")


def test_a_failing_play_is_swallowed(monkeypatch: pytest.MonkeyPatch) -> None:
    sounds = Sounds()

    class Broken:
        def play(self) -> None:
            raise pygame.error("device lost")

        def set_volume(self, _v: float) -> None:
            raise pygame.error("device lost")

    sounds._sounds["click"] = Broken()  # type: ignore[assignment]
    assert sounds.play("click") is False
