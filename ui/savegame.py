"""The match in progress, saved after every action and resumed at exactly that point."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.match import MatchState
from game.record import RecordError, record_of, replay

from .storage import StoredFile, save_file


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
        players = data.get("players")
        if not (isinstance(players, list) and len(players) == 4
                and all(isinstance(p, str) and p for p in players)):
            raise ValueError("the players are missing")
        seed = data.get("agent_seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("the computer players' seed is missing")
        record = data.get("record")
        if not isinstance(record, dict):
            raise ValueError("the match record is missing")
        try:
            match = replay(record)
        except RecordError as e:
            raise ValueError(str(e)) from None
        return cls(match, (players[0], players[1], players[2], players[3]), seed)


def save_match(saved: SavedMatch, store: StoredFile | None = None) -> None:
    (store or save_file()).save(saved.to_dict())


def load_match(store: StoredFile | None = None) -> tuple[SavedMatch | None, str | None]:
    """The saved match, or None; a problem message when a bad save was moved aside."""
    store = store or save_file()
    result = store.load()
    if result.data is None:
        return None, result.problem
    try:
        saved = SavedMatch.from_dict(result.data)
    except ValueError as e:
        return None, store.quarantine(str(e)).problem
    if saved.match.is_over():
        store.delete()
        return None, None
    return saved, None
