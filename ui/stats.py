"""Statistics kept between runs: matches, hands, contracts, Al-Kaboot, Gahwa, best and worst hands."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.match import HandRecord

from . import schemas
from .storage import StoredFile, stats_file

HUMAN_TEAM = 0


@dataclass
class Statistics:
    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    hands_thrown_in: int = 0
    hokum_taken: int = 0
    hokum_made: int = 0
    sun_taken: int = 0
    sun_made: int = 0
    kaboot_for: int = 0
    kaboot_against: int = 0
    gahwa_played: int = 0
    gahwa_won: int = 0
    best_hand: int | None = None
    """Largest game-point margin of a hand for Us (ours minus theirs)."""
    worst_hand: int | None = None
    recent: list[str] = field(default_factory=list)
    """The last few match results, e.g. '152-98 won'."""

    def record_hand(self, hand: HandRecord) -> None:
        """Count one finished hand of the match."""
        if hand.score is None:
            self.hands_thrown_in += 1
            return
        s = hand.score
        self.hands_played += 1
        us, them = s.points[HUMAN_TEAM], s.points[1 - HUMAN_TEAM]
        if s.winner == HUMAN_TEAM:
            self.hands_won += 1
        c = hand.contract
        if c is not None and c.declarer_team == HUMAN_TEAM:
            sun = c.sun
            made = s.winner == HUMAN_TEAM
            if sun:
                self.sun_taken += 1
                self.sun_made += made
            else:
                self.hokum_taken += 1
                self.hokum_made += made
        if s.kaboot:
            if s.winner == HUMAN_TEAM:
                self.kaboot_for += 1
            else:
                self.kaboot_against += 1
        if s.match_winner is not None:
            self.gahwa_played += 1
            self.gahwa_won += s.match_winner == HUMAN_TEAM
        margin = us - them
        if self.best_hand is None or margin > self.best_hand:
            self.best_hand = margin
        if self.worst_hand is None or margin < self.worst_hand:
            self.worst_hand = margin

    def record_match(self, winner: int, scores: tuple[int, int]) -> None:
        self.matches_played += 1
        won = winner == HUMAN_TEAM
        self.matches_won += won
        line = f"{scores[HUMAN_TEAM]}-{scores[1 - HUMAN_TEAM]} {'won' if won else 'lost'}"
        self.recent = [line, *self.recent][:RECENT]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Statistics:
        """From data that matches SCHEMA (ValueError saying what does not); missing counts are 0."""
        problem = schemas.first_problem(SCHEMA, data)
        if problem:
            raise ValueError(problem)
        s = cls()
        for f in fields(cls):
            if f.name in data:
                setattr(s, f.name, list(data[f.name]) if f.name == "recent" else data[f.name])
        return s


RECENT = 10
MARGIN: dict[str, Any] = {"type": ["integer", "null"], "minimum": -100_000, "maximum": 100_000}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{f.name: schemas.COUNT for f in fields(Statistics)
           if f.name not in ("best_hand", "worst_hand", "recent")},
        "best_hand": MARGIN,
        "worst_hand": MARGIN,
        "recent": {"type": "array", "maxItems": RECENT,
                   "items": {"type": "string", "pattern": "^[0-9]{1,6}-[0-9]{1,6} (won|lost)$"}},
    },
}
"""What a statistics file may hold: bounded counts, and the recent results as '152-98 won'."""


def load_stats(store: StoredFile | None = None) -> tuple[Statistics, str | None]:
    store = store or stats_file()
    result = store.load(SCHEMA)
    if result.data is None:
        return Statistics(), result.problem
    try:
        return Statistics.from_dict(result.data), None
    except ValueError as e:
        return Statistics(), store.quarantine(str(e)).problem


def save_stats(stats: Statistics, store: StoredFile | None = None) -> None:
    (store or stats_file()).save(stats.to_dict())
