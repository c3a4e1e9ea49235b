"""What one seat may know, and nothing more: the only view the computer players get."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from .actions import NO_DECLARE, Action
from .cards import FULL_DECK, CardSet
from .contract import Contract
from .phase import Phase
from .rules import Rules

if TYPE_CHECKING:
    from .state import PlayBase, RoundState


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
    """The projects in this seat's own hand (card play, first trick only)."""
    history: tuple[tuple[int, Action], ...]
    """Every public action in order as (seat, action): calls, project declarations, cards."""
    play_base: PlayBase | None
    """For a position that starts in the card play (a fixture): its public part, hands empty."""
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
        return m & ~self.played


def observe(state: RoundState, seat: int) -> Observation:
    s = state
    legal = tuple(s.legal_actions()) if s.to_move() == seat else ()
    # Declining to declare is private: others see () only once the seat has played its card.
    in_trick = {(s.leader + i) & 3 for i in range(len(s.trick))}
    declared = tuple(
        None if d is None or (not d and seat != o and s.tricks_done == 0 and o not in in_trick)
        else tuple(p.kind for p in d)
        for o, d in enumerate(s.declared))
    history = tuple(x for x in s.log if not (x[1] == NO_DECLARE and x[0] != seat))
    from .state import PlayBase

    play_base = None
    b = s.base
    if isinstance(b, PlayBase):
        pt = b.project_team
        play_base = replace(b, hands=(0, 0, 0, 0), declared=tuple(
            d if pt is not None and o & 1 == pt else () for o, d in enumerate(b.declared)))
    return Observation(
        seat=seat, rules=s.rules, dealer=s.dealer, match_scores=s.match_scores, phase=s.phase,
        to_move=s.to_move(), hand=s.hands[seat],
        hand_sizes=(s.hand_size(0), s.hand_size(1), s.hand_size(2), s.hand_size(3)),
        buying_card=s.buying_card, buyer=s.buyer,
        bids=tuple(s.bidding.history),
        raises=tuple(s.doubling.history) if s.doubling else (),
        contract=s.contract, bidding_round=s.bidding.round,
        tricks=tuple(s.tricks_log), trick_leader=s.leader, trick=tuple(s.trick), ekka=s.ekka,
        played=s.played, points=(s.points[0], s.points[1]),
        tricks_won=(s.tricks_won[0], s.tricks_won[1]),
        declared=declared, project_team=s.project_team,
        shown=(s.shown[0], s.shown[1], s.shown[2], s.shown[3]),
        showing=s.tricks_done == 1 and s.project_team is not None,
        baloot_seat=s.baloot_seat,
        absent=(s.absent[0], s.absent[1], s.absent[2], s.absent[3]),
        legal_actions=legal,
        own_projects=tuple(p.kind for p in s.available[seat]) if s.tricks_done == 0 else (),
        history=history, play_base=play_base,
        own_project_cards=tuple(p.cards for p in s.available[seat]) if s.tricks_done == 0 else (),
    )
