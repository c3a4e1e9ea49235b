"""What one seat may know, and nothing more: the only view the computer players get.

`RoundState.observation(seat)` builds it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action
from .cards import FULL_DECK, QUEEN, CardSet
from .contract import Contract
from .deal import PlayBase
from .phase import Phase
from .rules import Rules


@dataclass(frozen=True)
class Observation:
    seat: int
    rules: Rules
    dealer: int
    match_scores: tuple[int, int]
    phase: Phase
    to_move: int | None
    hand: CardSet
    hand_sizes: tuple[int, int, int, int]
    buying_card: int
    """-1 in a fixture that starts in the card play."""
    buyer: int | None
    """Who took the buying card (None while bidding)."""
    bids: tuple[tuple[int, Action], ...]
    raises: tuple[tuple[int, Action], ...]
    contract: Contract | None
    bidding_round: int
    tricks: tuple[tuple[int, tuple[int, ...]], ...]
    """Completed tricks as (leader, cards in play order)."""
    trick_leader: int
    trick: tuple[int, ...]
    ekka: bool
    played: CardSet
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    declared: tuple[tuple[str, ...] | None, ...]
    """Project kinds each seat declared in the first trick (None: not yet decided)."""
    project_team: int | None
    shown: tuple[CardSet, CardSet, CardSet, CardSet]
    """Cards each seat has shown face up as projects (public for the rest of the hand)."""
    showing: bool
    """The projects are on the table right now (second trick)."""
    baloot_seat: int | None
    absent: tuple[CardSet, CardSet, CardSet, CardSet]
    """Cards each seat is publicly known not to hold (voids, refused trumps or overtrumps)."""
    legal_actions: tuple[Action, ...]
    """The seat's legal actions when it is to move, else ()."""
    own_projects: tuple[str, ...]
    """The projects in this seat's own hand (card play: the first trick, and the second while the
    seat may still show them late, docs/rules.md section 6)."""
    history: tuple[tuple[int, Action], ...]
    """Every public action in order as (seat, action): calls, project declarations, cards."""
    played_by: tuple[CardSet, CardSet, CardSet, CardSet]
    """The cards each seat has played in this hand (from `history`)."""
    play_base: PlayBase | None
    """For a position that starts in the card play (a fixture): its public part, hands empty."""
    belote_said: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Classic Belote: 1 once a seat announced belote with its King of trump (so it holds the
    Queen), 2 once it announced rebelote."""
    own_project_cards: tuple[CardSet, ...] = ()
    """The cards of each of `own_projects`, in the same order (what the seat would show)."""

    @property
    def unseen(self) -> CardSet:
        """Cards whose place this seat does not see: not in its hand, not played."""
        return FULL_DECK & ~self.hand & ~self.played & ~self._table_card()

    def _table_card(self) -> CardSet:
        if self.phase is Phase.BIDDING and self.buying_card >= 0:
            return 1 << self.buying_card
        return 0

    def known_held(self, seat: int) -> CardSet:
        """Cards another seat is publicly known to hold right now."""
        m = self.shown[seat]
        if self.buyer == seat and self.buying_card >= 0 and self.phase is not Phase.BIDDING:
            m |= 1 << self.buying_card
        if self.belote_said[seat] == 1 and self.contract is not None:  # belote said: the Queen
            m |= 1 << (self.contract.trump * 8 + QUEEN)
        return m & ~self.played
