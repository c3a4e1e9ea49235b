"""Rebuild a complete state from one seat's observation plus a guess at the hidden cards.

This is how computer players get a world to simulate: a sampler proposes where the unseen cards
are; `build_world` replays the public history on that deal through the real engine, so a world
that contradicts anything public (a void, a refused trump, a declared project) is rejected.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .actions import DECLARE, NO_DECLARE
from .cards import FULL_DECK, Card, CardSet, cards_in, seat_after
from .deal import DealBase
from .errors import IllegalActionError, InconsistentWorld
from .observation import Observation
from .phase import Phase
from .state import RoundState

__all__ = ["InconsistentWorld", "build_world"]


def build_world(obs: Observation, hands: Sequence[CardSet], stock: Sequence[Card] = ()) -> RoundState:
    """A state whose hidden cards are `hands` (current holdings) and `stock` (undealt, in order).

    `hands[obs.seat]` must be the observer's own hand.
    """
    if hands[obs.seat] != obs.hand:
        raise InconsistentWorld("the observer's own hand must stay as it is")
    played_by = obs.played_by
    everything = obs.played
    for s in range(4):
        if hands[s].bit_count() != obs.hand_sizes[s]:
            raise InconsistentWorld(f"seat {s} must hold {obs.hand_sizes[s]} cards")
        if everything & hands[s]:
            raise InconsistentWorld("a card is placed twice")
        everything |= hands[s]
    for c in stock:
        everything |= 1 << c
    if obs.phase is Phase.BIDDING:
        everything |= 1 << obs.buying_card
    if everything != FULL_DECK and obs.play_base is None:
        raise InconsistentWorld("the world must place all 32 cards exactly once")

    if obs.play_base is not None:
        base_hands = tuple(hands[s] | played_by[s] for s in range(4))
        state = RoundState(replace(obs.play_base, hands=base_hands))  # type: ignore[arg-type]
    elif obs.phase is Phase.BIDDING or obs.buyer is None:
        state = RoundState(DealBase(obs.rules, obs.dealer, obs.match_scores,
                                    (hands[0], hands[1], hands[2], hands[3]), obs.buying_card,
                                    tuple(stock)))
    else:
        state = RoundState(_completed_deal(obs, [hands[s] | played_by[s] for s in range(4)]))
    _replay(state, obs)
    return state


def _completed_deal(obs: Observation, full: list[CardSet]) -> DealBase:
    """A deal that completes to these eight-card holdings; which five came first is immaterial."""
    assert obs.buyer is not None
    first = [0, 0, 0, 0]
    stock: list[Card] = []
    for i in range(4):
        seat = seat_after(obs.dealer, 1 + i)
        pool = full[seat] & ~(1 << obs.buying_card)
        cards = cards_in(pool)
        if len(cards) != (7 if seat == obs.buyer else 8):
            raise InconsistentWorld("the buying card must be with the player who took it")
        first[seat] = sum(1 << c for c in cards[:5])
        stock += cards[5:]
    return DealBase(obs.rules, obs.dealer, obs.match_scores,
                    (first[0], first[1], first[2], first[3]), obs.buying_card, tuple(stock))


def _replay(state: RoundState, obs: Observation) -> None:
    try:
        for seat, action in obs.history:
            _settle_declarations(state, obs, next_public=(seat, action))
            if state.to_move() != seat:
                raise InconsistentWorld("the public history does not replay on this deal")
            state.apply(action)
        _settle_declarations(state, obs, next_public=None)
    except IllegalActionError as e:
        raise InconsistentWorld(str(e)) from None
    for s in range(4):
        d = state.declared[s]
        public = obs.declared[s]
        if public is not None and d is not None and tuple(p.kind for p in d) != public:
            raise InconsistentWorld("the declared projects are not in this hand")
    if state.project_team != obs.project_team or tuple(state.shown) != obs.shown:
        raise InconsistentWorld("the projects shown differ from those on the table")


def _settle_declarations(state: RoundState, obs: Observation,
                         next_public: tuple[int, int] | None) -> None:
    """Apply the private 'no declaration' a seat must have made before its public action."""
    seat = state.to_move()
    if seat is None or not state.must_decide_projects(seat):
        return
    if next_public is None or next_public in ((seat, DECLARE), (seat, NO_DECLARE)):
        return  # the decision is still to come, or is itself in the history
    state.apply(NO_DECLARE)
