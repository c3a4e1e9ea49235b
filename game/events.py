"""Frozen records returned by `apply()`: what just happened, for a UI to animate or a log to print.

Events carry only public information, except `CardsDealt`, whose `cards` a UI shows face up
only for its own seat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardSet
from .contract import Contract
from .projects import Project
from .scoring import HandScore


@dataclass(frozen=True)
class CardsDealt:
    seat: int
    cards: CardSet
    count: int
    buying_card: bool = False
    """True for the packet that includes the face-up buying card."""


@dataclass(frozen=True)
class BidMade:
    seat: int
    action: int
    round: int


@dataclass(frozen=True)
class ContractFixed:
    contract: Contract


@dataclass(frozen=True)
class HandThrownIn:
    reason: str


@dataclass(frozen=True)
class RaiseMade:
    seat: int
    action: int
    contract: Contract


@dataclass(frozen=True)
class ProjectsDeclared:
    seat: int
    kinds: tuple[str, ...]
    """Empty when the seat declines (or has nothing)."""


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: int
    ekka: bool = False


@dataclass(frozen=True)
class BalootCalled:
    seat: int


@dataclass(frozen=True)
class BeloteAnnounced:
    """Classic Belote: `seat` said "Belote" playing its King of trump, or "Rebelote" (`rebelote`)
    playing its Queen after it — the 20 points are then theirs."""
    seat: int
    card: int
    rebelote: bool


@dataclass(frozen=True)
class TrickWon:
    seat: int
    cards: tuple[int, ...]
    leader: int
    points: int
    number: int
    """1-8."""


@dataclass(frozen=True)
class ProjectsCompared:
    team: int | None
    """The team whose projects score, or None if nobody declared."""
    best: Project | None
    best_seat: int | None


@dataclass(frozen=True)
class ProjectsShown:
    seat: int
    projects: tuple[Project, ...]


@dataclass(frozen=True)
class ProjectsHidden:
    pass


@dataclass(frozen=True)
class HandScored:
    score: HandScore
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    projects: tuple[tuple[str, ...], tuple[str, ...]]
    baloot: tuple[bool, bool]
    contract: Contract


@dataclass(frozen=True)
class HeldPointsAwarded:
    """Classic Belote: the points held from 81-81 hands go to the team that won this hand."""
    team: int
    points: int


@dataclass(frozen=True)
class NewHand:
    number: int
    dealer: int
    match_scores: tuple[int, int]


@dataclass(frozen=True)
class MatchOver:
    winner: int
    scores: tuple[int, int]
    by_gahwa: bool


Event = (CardsDealt | BidMade | ContractFixed | HandThrownIn | RaiseMade
         | ProjectsDeclared | CardPlayed | BalootCalled | BeloteAnnounced | TrickWon | ProjectsCompared
         | ProjectsShown | ProjectsHidden | HandScored | HeldPointsAwarded | NewHand | MatchOver)
