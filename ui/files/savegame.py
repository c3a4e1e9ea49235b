"""The match in progress, saved after every action and resumed at exactly that point."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.errors import RecordError
from game.match import MatchState
from game.record import record_of, replay
from ui.files import schemas
from ui.files.logfile import log_problem
from ui.files.storage import StoredFile, save_file

SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["record", "players", "agent_seed"],
    "additionalProperties": False,
    "properties": {
        "record": schemas.RECORD,
        "players": {"type": "array", "minItems": 4, "maxItems": 4,
                    "items": {"type": "string", "maxLength": 200, "format": schemas.AGENT_FORMAT}},
        "agent_seed": schemas.SEED,
    },
}
"""The save's data: a game record, who sits where ('human' or an agent of the fixed registry: a
save never names code to run) and the computer players' seed."""


@dataclass(frozen=True)
class SavedMatch:
    match: MatchState
    players: tuple[str, str, str, str]
    """Who sits where: 'human' or an agent spec such as 'ismcts:hard'."""
    agent_seed: int
    """Seeds the computer players, so a resumed match plays on as it would have."""

    def to_dict(self) -> dict[str, Any]:
        return {"record": record_of(self.match), "players": list(self.players),
                "agent_seed": self.agent_seed}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SavedMatch:
        """From data that matches SCHEMA; ValueError if the record does not replay."""
        problem = schemas.first_problem(SCHEMA, data)
        if problem:
            raise ValueError(problem)
        players = data["players"]
        try:
            match = replay(data["record"])
        except RecordError as e:
            raise ValueError(schemas.plain(str(e), 300)) from None
        return cls(match, (players[0], players[1], players[2], players[3]), data["agent_seed"])


_last_save: dict[str, bool] = {}
""""ok": whether the last save of this run worked (so the crash dialog tells the truth)."""


def save_match(saved: SavedMatch, store: StoredFile | None = None) -> None:
    _last_save["ok"] = False
    (store or save_file()).save(saved.to_dict())
    _last_save["ok"] = True


def saved_this_run() -> bool | None:
    """True if the last save of this run worked, False if it failed, None if nothing was saved."""
    return _last_save.get("ok")


def load_match(store: StoredFile | None = None) -> tuple[SavedMatch | None, str | None]:
    """The saved match, or None; a problem message when a bad save was moved aside."""
    store = store or save_file()
    result = store.load(SCHEMA)
    if result.data is None:
        return None, result.problem
    try:
        saved = SavedMatch.from_dict(result.data)
    except ValueError as e:
        return None, store.quarantine(str(e)).problem
    except Exception as e:  # whatever a save holds, the game starts: kept aside, logged
        log_problem(f"the saved match could not be replayed: {type(e).__name__}: {e}")
        why = schemas.plain(f"it could not be replayed ({type(e).__name__})", 300)
        return None, store.quarantine(why).problem
    if saved.match.is_over():
        store.delete()
        return None, None
    return saved, None
