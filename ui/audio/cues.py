"""Sound cues from assets/sounds/*.wav; silent and harmless without an audio device. Never raises.

    sounds = Sounds(enabled=settings.sound, volume=settings.volume)
    sounds.play("card_flick")
    sounds.set_enabled(False); sounds.set_volume(0.5)

The mixer is opened the first time sound is wanted (not at all while muted). If it cannot be opened
(no audio device, a broken driver) or a file is missing, the missing cues are simply not played.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from ui.i18n import asset_root

if TYPE_CHECKING:
    import pygame

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = ("card_flick", "shuffle", "trick_won", "baloot", "kaboot", "click", "deal",
                                    "your_turn")


def sounds_dir() -> Path:
    return asset_root() / "sounds"


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 0.7, folder: Path | None = None,
                 names: tuple[str, ...] = SOUND_NAMES) -> None:
        self.folder = folder or sounds_dir()
        self.names = names
        self.enabled = enabled
        self.volume = _clamp(volume)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._tried = False
        self.problem: str | None = None
        """Why there is no sound (no audio device, ...), for a log or the settings screen."""
        if enabled:
            self._load()

    @property
    def available(self) -> bool:
        """At least one cue is loaded and the mixer is open."""
        return bool(self._sounds)

    def loaded(self) -> tuple[str, ...]:
        return tuple(self._sounds)

    def _load(self) -> None:
        if self._tried:
            return
        self._tried = True
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
        except Exception as e:  # no device, no driver, no SDL audio: play nothing
            self.problem = f"no audio: {e}"
            log.info("sound off: %s", self.problem)
            return
        for name in self.names:
            path = self.folder / f"{name}.wav"
            try:
                snd = pygame.mixer.Sound(str(path))
                snd.set_volume(self.volume)
            except Exception as e:
                log.info("sound %s not loaded: %s", path, e)
                continue
            self._sounds[name] = snd

    def play(self, name: str) -> bool:
        """Play a cue; False when muted, unknown, missing or the device failed."""
        if not self.enabled:
            return False
        self._load()
        snd = self._sounds.get(name)
        if snd is None:
            return False
        try:
            snd.play()
        except Exception as e:
            log.info("sound %s failed: %s", name, e)
            return False
        return True

    def set_volume(self, volume: float) -> None:
        """0.0 (silent) to 1.0 (full)."""
        self.volume = _clamp(volume)
        for snd in self._sounds.values():
            try:
                snd.set_volume(self.volume)
            except Exception as e:  # pragma: no cover - a mixer closed under us
                log.info("volume not set: %s", e)

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = enabled
        if enabled:
            self._load()
        else:
            self.stop()

    def stop(self) -> None:
        """Cut every cue that is playing."""
        if not self._sounds:
            return
        try:
            import pygame

            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except Exception as e:  # pragma: no cover
            log.info("sound stop failed: %s", e)


def _clamp(v: float) -> float:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return 0.0
    if f != f:  # NaN
        return 0.0
    return max(0.0, min(1.0, f))
