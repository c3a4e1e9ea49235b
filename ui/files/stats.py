"""Statistics kept between runs: matches, hands, contracts, Al-Kaboot, Gahwa, best and worst hands;
per rule set — Saudi Baloot (with any of its variants) in the top-level counts, as files written
before rule sets had them, and classic Belote apart in `belote` (other contracts, scores to 1000)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from game.match import HandRecord
from game.scoring import BELOTE_MADE
from ui.files import schemas
from ui.files.storage import StoredFile, stats_file

HUMAN_TEAM = 0


def result_line(winner: int, scores: tuple[int, int]) -> str:
    """'152-98 won', as the file keeps a match's result."""
    won = winner == HUMAN_TEAM
    return f"{scores[HUMAN_TEAM]}-{scores[1 - HUMAN_TEAM]} {'won' if won else 'lost'}"


@dataclass
class BeloteStats:
    """Classic Belote's totals."""
    matches_played: int = 0
    matches_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    hands_redealt: int = 0
    """All passed twice: dealt again."""
    taken: int = 0
    made: int = 0
    """Contracts we took that reached the 82 (our belote included) or took every trick."""
    capot_for: int = 0
    capot_against: int = 0
    belote_for: int = 0
    belote_against: int = 0
    held_hands: int = 0
    """81-81 hands (the takers' points held for the next hand's winner)."""
    best_hand: int | None = None
    """Largest margin of a hand for Us in points (ours minus theirs, held points won included)."""
    worst_hand: int | None = None
    recent: list[str] = field(default_factory=list)

    def record_hand(self, hand: HandRecord) -> None:
        if hand.score is None:
            self.hands_redealt += 1
            return
        s = hand.score
        self.hands_played += 1
        self.hands_won += s.winner == HUMAN_TEAM
        takers = s.counting_team  # in Belote the engine names the takers so
        if takers == HUMAN_TEAM:
            self.taken += 1
            if s.kaboot:
                self.made += s.winner == takers
            else:
                self.made += not s.held and s.counted_points + s.project_points[takers] >= BELOTE_MADE
        if s.kaboot:
            self.capot_for += s.winner == HUMAN_TEAM
            self.capot_against += s.winner != HUMAN_TEAM
        self.belote_for += s.project_points[HUMAN_TEAM] > 0
        self.belote_against += s.project_points[1 - HUMAN_TEAM] > 0
        self.held_hands += s.held > 0
        won = hand.held_awarded
        margin = s.points[HUMAN_TEAM] + won[HUMAN_TEAM] - s.points[1 - HUMAN_TEAM] - won[1 - HUMAN_TEAM]
        if self.best_hand is None or margin > self.best_hand:
            self.best_hand = margin
        if self.worst_hand is None or margin < self.worst_hand:
            self.worst_hand = margin

    def record_match(self, winner: int, scores: tuple[int, int]) -> None:
        self.matches_played += 1
        self.matches_won += winner == HUMAN_TEAM
        self.recent = [result_line(winner, scores), *self.recent][:RECENT]


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
    belote: BeloteStats = field(default_factory=BeloteStats)
    """Classic Belote's totals (the counts above are Saudi Baloot's)."""
    # issue 51: the puzzles (ui/learn/progress.py keeps them)
    puzzles_solved: int = 0
    puzzle_streak: int = 0
    """Days in a row with a puzzle solved, up to puzzle_day."""
    puzzle_best_streak: int = 0
    puzzle_day: int = 0
    """The last day a puzzle was solved (date.toordinal(); 0: never)."""

    def record_hand(self, hand: HandRecord, belote: bool = False) -> None:
        """Count one finished hand of the match (`belote`: a hand of classic Belote)."""
        if belote:
            self.belote.record_hand(hand)
            return
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

    def record_match(self, winner: int, scores: tuple[int, int], belote: bool = False) -> None:
        if belote:
            self.belote.record_match(winner, scores)
            return
        self.matches_played += 1
        self.matches_won += winner == HUMAN_TEAM
        self.recent = [result_line(winner, scores), *self.recent][:RECENT]

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
            if f.name == "belote":
                s.belote = _filled(BeloteStats(), data.get("belote", {}))
            elif f.name in data:
                setattr(s, f.name, list(data[f.name]) if f.name == "recent" else data[f.name])
        for where, part, pairs in (("", s, PARTS), ("belote/", s.belote, BELOTE_PARTS)):
            for part_name, whole_name in pairs:
                if getattr(part, part_name) > getattr(part, whole_name):
                    raise ValueError(f"it counts more in {where}{part_name} than in {where}{whole_name}")
        return s


def _filled(b: BeloteStats, data: dict[str, Any]) -> BeloteStats:
    for f in fields(b):
        if f.name in data:
            setattr(b, f.name, list(data[f.name]) if f.name == "recent" else data[f.name])
    return b


RECENT = 10
PARTS = (("matches_won", "matches_played"), ("hands_won", "hands_played"), ("hokum_made", "hokum_taken"),
         ("sun_made", "sun_taken"), ("gahwa_won", "gahwa_played"))
"""Counts that are part of another (a file saying otherwise would show rates over 100%)."""
BELOTE_PARTS = (("matches_won", "matches_played"), ("hands_won", "hands_played"), ("made", "taken"))
MARGIN: dict[str, Any] = {"type": ["integer", "null"], "minimum": -100_000, "maximum": 100_000}
RECENT_SCHEMA: dict[str, Any] = {
    "type": "array", "maxItems": RECENT,
    "items": {"type": "string", "pattern": "^[0-9]{1,6}-[0-9]{1,6} (won|lost)$"}}
_NOT_COUNTS = ("best_hand", "worst_hand", "recent", "belote")
BELOTE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{f.name: schemas.COUNT for f in fields(BeloteStats) if f.name not in _NOT_COUNTS},
        "best_hand": MARGIN, "worst_hand": MARGIN, "recent": RECENT_SCHEMA,
    },
}
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{f.name: schemas.COUNT for f in fields(Statistics) if f.name not in _NOT_COUNTS},
        "best_hand": MARGIN,
        "worst_hand": MARGIN,
        "recent": RECENT_SCHEMA,
        "belote": BELOTE_SCHEMA,
    },
}
"""What a statistics file may hold: bounded counts, and the recent results as '152-98 won';
classic Belote's under "belote" (absent from files written before rule sets: all zero)."""


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
