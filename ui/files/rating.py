"""The player's rating against the computer players: Elo, one update per match, and the record
against each level. Kept in its own file (rating.json), checked like every file of the game.

The levels' ratings are fixed, from the arena's match win rates (docs/strength.md, 100-200 matches on
duplicate deals each): a win rate p between two players is an Elo difference of
400·log10(p / (1 − p)). Medium, the default level, is anchored at 1500, the rating a new player
starts with, so a new player is taken to be as strong as the default computer players:

    Medium − Easy      60.0% → +70      Medium       1500
    Hard − Easy        69.0% → +139     Easy         1430   (1500 − 70)
    Hard − Heuristic   80.0% → +241     Hard         1569   (1430 + 139)
    Heuristic − Random 99.5% → +920     Heuristic    1328   (1569 − 241)
    Expert − Hard      57.3% → +51      Random        408   (1328 − 920)
                                        Expert       1619   (1568.6 + 50.9)

A match is two against two: the player's side is rated as the mean of the player and the partner
(North, a computer player), the other side as the mean of East and West. The expected score is
E = 1 / (1 + 10^((R_them − R_us) / 400)) and after the match R_player += K · (S − E), S being 1 for
a match won and 0 for a match lost, with K = 32. Practice hands are never rated (the table's
recorder only sees the window's match); matches against custom players (`ismcts:iters=…`) are not
rated.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ui.files import schemas
from ui.files.storage import StoredFile, data_dir

START = 1500.0
K = 32.0
MIXED = "mixed"
"""The record of matches against two opponents of different levels."""


def elo_gap(win_rate: float) -> float:
    """The Elo difference that makes `win_rate` the expected score."""
    return 400.0 * math.log10(win_rate / (1.0 - win_rate))


_MEDIUM = START
_EASY = _MEDIUM - elo_gap(0.600)
_HARD = _EASY + elo_gap(0.690)
_HEURISTIC = _HARD - elo_gap(0.800)
_RANDOM = _HEURISTIC - elo_gap(0.995)
_EXPERT = _HARD + elo_gap(189 / 330)  # the Expert with the gate, its fresh runs pooled (docs/strength.md)
LEVEL_RATINGS: dict[str, int] = {
    "ismcts:easy": round(_EASY), "ismcts:medium": round(_MEDIUM), "ismcts:hard": round(_HARD),
    "ismcts:expert": round(_EXPERT), "heuristic": round(_HEURISTIC), "random": round(_RANDOM),
}
"""Each computer player's fixed rating (from the arena figures above)."""


def expected(us: float, them: float) -> float:
    """The expected score of a side rated `us` against a side rated `them`."""
    return float(1.0 / (1.0 + 10.0 ** ((them - us) / 400.0)))


@dataclass
class Rating:
    rating: float = START
    matches: int = 0
    """Rated matches played."""
    record: dict[str, list[int]] = field(default_factory=dict)
    """Against each level (the opponents' spec, or 'mixed'): [won, lost]."""

    def opponents(self, players: tuple[str, str, str, str]) -> str | None:
        """The record's key for the opponents of South (None: not rated)."""
        east, west = players[1], players[3]
        if east not in LEVEL_RATINGS or west not in LEVEL_RATINGS or players[2] not in LEVEL_RATINGS:
            return None
        return east if east == west else MIXED

    def record_match(self, players: tuple[str, str, str, str], won: bool) -> float | None:
        """Rate a finished match of South's; the change in the rating (None: not rated)."""
        key = self.opponents(players)
        if key is None:
            return None
        us = (self.rating + LEVEL_RATINGS[players[2]]) / 2
        them = (LEVEL_RATINGS[players[1]] + LEVEL_RATINGS[players[3]]) / 2
        change = K * ((1.0 if won else 0.0) - expected(us, them))
        self.rating = max(0.0, min(4000.0, self.rating + change))
        self.matches += 1
        w, lost = self.record.get(key, [0, 0])
        self.record[key] = [w + won, lost + (not won)]
        return change

    def to_dict(self) -> dict[str, Any]:
        return {"rating": round(self.rating, 3), "matches": self.matches,
                "record": {k: list(v) for k, v in self.record.items()}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rating:
        problem = schemas.first_problem(SCHEMA, data)
        if problem:
            raise ValueError(problem)
        rating = cls(float(data.get("rating", START)), int(data.get("matches", 0)),
                     {str(k): [int(v[0]), int(v[1])] for k, v in data.get("record", {}).items()})
        if sum(map(sum, rating.record.values())) > rating.matches:
            raise ValueError("it records more matches against the levels than it has rated")
        return rating


KEYS = (*LEVEL_RATINGS, MIXED)
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "rating": {"type": "number", "minimum": 0, "maximum": 4000},
        "matches": schemas.COUNT,
        "record": {"type": "object", "maxProperties": len(KEYS),
                   "propertyNames": {"enum": list(KEYS)},
                   "additionalProperties": {"type": "array", "minItems": 2, "maxItems": 2,
                                            "items": schemas.COUNT}},
    },
}
"""What rating.json may hold: a bounded rating, counts, and [won, lost] per known level."""


def rating_file() -> StoredFile:
    return StoredFile(data_dir() / "rating.json", "baloot-rating", 1, "rating")


def load_rating(store: StoredFile | None = None) -> tuple[Rating, str | None]:
    store = store or rating_file()
    result = store.load(SCHEMA)
    if result.data is None:
        return Rating(), result.problem
    try:
        return Rating.from_dict(result.data), None
    except ValueError as e:
        return Rating(), store.quarantine(str(e)).problem


def save_rating(rating: Rating, store: StoredFile | None = None) -> None:
    (store or rating_file()).save(rating.to_dict())
