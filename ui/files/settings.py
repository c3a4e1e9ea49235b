"""Player settings, remembered between runs (pygame-free)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any

from ai.registry import LEVELS
from game.rules import Rules
from ui.files import schemas
from ui.files.storage import StoredFile, StoredFileError, disk_full, settings_file

DIFFICULTIES = LEVELS
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
    """The rules of the next match (a preset, then any variant switched)."""
    announce_belote: bool = True
    """Classic Belote: play the King and Queen of trump announcing belote / rebelote for the player
    (off: Space announces them, as in seed 003's client)."""
    reduced_motion: bool = False
    """Shorter card flights without the turning, pulsing and gathering (the reading pauses stay)."""
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
    def from_dict(cls, data: object) -> tuple[Settings, list[str]]:
        """Settings from stored data, validated against SCHEMA; values that do not match fall back
        to the default and are listed, so one bad value never costs the others."""
        if not isinstance(data, dict):
            return cls(), ["all"]
        known = {f.name for f in fields(cls)}
        try:
            bad = {str(e.absolute_path[0]) for e in schemas.errors(SCHEMA, data) if e.absolute_path}
        except RecursionError:
            return cls(), ["all"]
        unknown = [k for k in data if k not in known]
        values = {name: data[name] for name in known if name in data and name not in bad}
        if "rules" in values:
            values["rules"] = Rules.from_dict(values["rules"])
        if "volume" in values:
            values["volume"] = float(values["volume"])
        return replace(cls(), **values), sorted(bad & known) + [schemas.plain(k, 30) for k in unknown]


_ENUM = {"type": "string"}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{f"difficulty_{seat}": {**_ENUM, "enum": list(DIFFICULTIES)} for seat in ("east", "north", "west")},
        "animation_speed": {**_ENUM, "enum": list(SPEEDS)},
        "sound": {"type": "boolean"},
        "volume": {"type": "number", "minimum": 0, "maximum": 1},
        "speech": {"type": "boolean"},
        "language": {**_ENUM, "enum": list(LANGUAGES)},
        "deck": {**_ENUM, "enum": list(DECKS)},
        **{f"name_{seat}": {"type": "string", "format": schemas.NAME_FORMAT}
           for seat in ("south", "east", "north", "west")},
        "rules": schemas.RULES,
        "announce_belote": {"type": "boolean"},
        "reduced_motion": {"type": "boolean"},
        # the window as it was left: on some screen, and never larger than an 8K display
        **{f"window_{k}": {"type": "integer", "minimum": -65536, "maximum": 65536} for k in "xy"},
        **{f"window_{k}": {"type": "integer", "minimum": 0, "maximum": 8192} for k in "wh"},
    },
}
"""Every setting a file may hold (a test checks that it names each field of Settings)."""


def load_settings(store: StoredFile | None = None) -> tuple[Settings, str | None]:
    """The saved settings (or defaults) and a message for the player if something was wrong.

    A file with some bad values is rewritten with the settings that were understood, so they are
    still there next time, and the old file is kept aside as it was, but only once the new one is
    safely written: when it cannot be (a full disk, a read-only folder), the file stays as it is and
    the message says so (the next start finds the same values)."""
    store = store or settings_file()
    result = store.load()
    if result.data is None:
        return Settings(), result.problem
    settings, bad = Settings.from_dict(result.data)
    if not bad:
        return settings, None
    message = "Some settings were not understood and were reset: " + ", ".join(bad) + "."
    try:
        moved = store.replace_keeping_old(settings.to_dict())
    except OSError as e:
        why = "the disk is full" if disk_full(e) else schemas.plain(e.strerror or str(e), 200)
        return settings, message + f" The settings file could not be repaired ({why}); it was left as it was."
    return settings, message + f" The old file was kept as {schemas.plain(str(moved), 400)}."


def peek_language(store: StoredFile | None = None) -> str:
    """The language the settings name, read without changing anything (a bad file: English)."""
    try:
        data = (store or settings_file()).read()
    except (StoredFileError, OSError):
        return "en"
    language = data.get("language")
    return language if language in LANGUAGES else "en"


def save_settings(settings: Settings, store: StoredFile | None = None) -> None:
    (store or settings_file()).save(settings.to_dict())
