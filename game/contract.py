"""The contract a hand is played in, fixed by bidding and then by doubling."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from .cards import SEAT_NAMES, SUIT_SYMBOLS, team_of
from .ranking import NO_TRUMP


class ContractKind(StrEnum):
    HOKUM = "hokum"
    SUN = "sun"


@dataclass(frozen=True)
class Contract:
    kind: ContractKind
    trump: int
    """Trump suit 0-3, or NO_TRUMP (-1) in Sun."""
    declarer: int
    """The seat that takes the buying card."""
    bidder: int
    """The seat that made the winning call (differs from the declarer after Ashkal)."""
    raise_level: int = 1
    """1 none, 2 double, 3 triple, 4 four, 5 gahwa."""
    locked: bool = False
    doubler: int | None = None

    @property
    def sun(self) -> bool:
        return self.kind == ContractKind.SUN

    @property
    def declarer_team(self) -> int:
        return team_of(self.declarer)

    def raised(self, level: int, locked: bool, doubler: int | None) -> Contract:
        return replace(self, raise_level=level, locked=locked, doubler=doubler)

    def label(self) -> str:
        name = "Sun" if self.sun else f"Hokum {SUIT_SYMBOLS[self.trump]}"
        extra = {1: "", 2: " ×2", 3: " ×3", 4: " ×4", 5: " Gahwa"}[self.raise_level]
        lock = " locked" if self.locked else ""
        return f"{name} by {SEAT_NAMES[self.declarer]}{extra}{lock}"


def sun_contract(declarer: int, bidder: int) -> Contract:
    return Contract(ContractKind.SUN, NO_TRUMP, declarer, bidder)


def hokum_contract(trump: int, declarer: int) -> Contract:
    return Contract(ContractKind.HOKUM, trump, declarer, declarer)
