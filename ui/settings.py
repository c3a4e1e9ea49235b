"""Player settings, remembered between runs (pygame-free)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from game.rules import Rules

from .storage import StoredFile, settings_file

DIFFICULTIES = ("easy", "medium", "hard")
SPEEDS = ("slow", "normal", "fast")
LANGUAGES = ("en", "ar")
DECKS = ("2color", "4color")


@dataclass(frozen=True)
class Settings:
    difficulty_east: str = "medium"
    difficulty_north: str = "medium"
    difficulty_west: str = "medium"
    animation_speed: str = "normal"
    sound: bool = True
    volume: float = 0.7
    speech: bool = False
    language: str = "en"
    deck: str = "2color"
    name_south: str = "You"
    name_east: str = "Fahad"
    name_north: str = "Noura"
    name_west: str = "Saad"
    rules: Rules = field(default_factory=Rules)
    window_x: int = 0
    window_y: int = 0
    window_w: int = 0
    """The window as it was left (0: not yet known; `--size` overrides it)."""
    window_h: int = 0

    def difficulty(self, seat: int) -> str:
        return (self.difficulty_east, self.difficulty_north, self.difficulty_west)[seat - 1]

    def names(self) -> tuple[str, str, str, str]:
        return (self.name_south, self.name_east, self.name_north, self.name_west)

    def to_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["rules"] = self.rules.to_dict()
        return d

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from stored data; values that make no sense fall back to the default and are
        listed, so one bad value never costs the others."""
        default = cls()
        values: dict[str, Any] = {}
        bad: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            v = data[f.name]
            if f.name == "rules":
                try:
                    values["rules"] = Rules.from_dict(v if isinstance(v, dict) else {"?": v})
                except (ValueError, TypeError):
                    bad.append("rules")
                continue
            if _valid(f.name, v, getattr(default, f.name)):
                values[f.name] = float(v) if f.name == "volume" else v
            else:
                bad.append(f.name)
        return replace(default, **values), bad


def _valid(name: str, value: Any, default: Any) -> bool:
    if name.startswith("difficulty_"):
        return value in DIFFICULTIES
    choices = {"animation_speed": SPEEDS, "language": LANGUAGES, "deck": DECKS}
    if name in choices:
        return value in choices[name]
    if name == "volume":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 1
    if name.startswith("name_"):
        return isinstance(value, str) and 0 < len(value.strip()) <= 20
    return isinstance(value, type(default))


def load_settings(store: StoredFile | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message for the player if something was wrong."""
    store = store or settings_file()
    result = store.load()
    if result.data is None:
        return Settings(), result.problem
    settings, bad = Settings.from_dict(result.data)
    problem = None
    if bad:
        problem = "Some settings were not understood and were reset: " + ", ".join(bad) + "."
    return settings, problem


def save_settings(settings: Settings, store: StoredFile | None = None) -> None:
    (store or settings_file()).save(settings.to_dict())
