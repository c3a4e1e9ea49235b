"""Hand-strength estimates and the rule-based calls (bids, doubling, lock) shared by the
HeuristicAgent and by the simulations that need the other seats' likely calls.

Strengths are in "tricks": roughly how many tricks the cards take by themselves.
`decide_call` needs only what the speaking seat knows: its own cards, the buying card, the
calls so far and the match score, so a simulation can call it straight from an engine state.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from game.actions import (
    ASHKAL,
    DOUBLE,
    FOUR,
    GAHWA,
    HOKUM,
    HOKUM_SUIT_BASE,
    KAWESH,
    LOCKED,
    OPEN,
    PASS,
    SUN,
    TRIPLE,
    Action,
)
from game.cards import ACE, JACK, KING, NINE, QUEEN, TEN, rank_of, suit_of, team_of
from game.contract import Contract
from game.projects import best_split, has_project

# Thresholds, in tricks. Tuned by self-play (see docs/strength.md).
HOKUM_BID = 2.55
SUN_BID = 2.8
SUN_OVER_PARTNER = 3.6
DOUBLE_HOKUM = 4.6
DOUBLE_SUN = 5.6
TRIPLE_AT = 5.8
FOUR_AT = 5.6
GAHWA_AT = 7.0
BELOTE_TAKE = 2.45
"""Classic Belote: take the buying card's suit (round 1) with this strength, another suit in round
2 with BELOTE_TAKE + 0.2. Tuned by self-play (docs/strength.md): bidding at 2.8 lost about 4 points a
hand to bidding at 2.25-2.55."""


def _ranks(hand: int, suit: int) -> int:
    return (hand >> (suit * 8)) & 0xFF


def hokum_strength(hand: int, trump: int) -> float:
    """Tricks the hand should take with `trump` as trump (hand of 5 to 8 cards)."""
    t = _ranks(hand, trump)
    n_tr = t.bit_count()
    s = 0.0
    if t >> JACK & 1:
        s += 1.0
    if t >> NINE & 1:
        s += 0.9 if (t >> JACK & 1 or n_tr >= 3) else 0.6
    if t >> ACE & 1:
        s += 0.8 if t >> JACK & 1 and t >> NINE & 1 else 0.6
    if t >> TEN & 1:
        s += 0.5
    for r in (KING, QUEEN, 1, 0):
        if t >> r & 1:
            s += 0.3
    if n_tr > 3:
        s += 0.5 * (n_tr - 3)
    n = hand.bit_count()
    for suit in range(4):
        if suit == trump:
            continue
        r = _ranks(hand, suit)
        k = r.bit_count()
        if r >> ACE & 1:
            s += 0.9
            if r >> TEN & 1:
                s += 0.6
                if r >> KING & 1:
                    s += 0.2
        elif r >> TEN & 1 and k >= 2:
            s += 0.25
        if n == 8 and n_tr >= 3:
            if k == 0:
                s += 0.4
            elif k == 1:
                s += 0.15
    return s


def sun_strength(hand: int) -> float:
    """Tricks the hand should take in Sun."""
    s = 0.0
    aces = 0
    for suit in range(4):
        r = _ranks(hand, suit)
        k = r.bit_count()
        if r >> ACE & 1:
            aces += 1
            s += 1.0
            if r >> TEN & 1:
                s += 0.9
                if r >> KING & 1:
                    s += 0.6
                    if r >> QUEEN & 1:
                        s += 0.4
            elif r >> KING & 1:
                s += 0.3
            if k > 3:
                s += 0.5 * (k - 3)
        elif r >> TEN & 1:
            if k >= 2:
                s += 0.35
            if r >> KING & 1 and k >= 3:
                s += 0.3
    if aces == 4:
        s += 1.0
    return s


@lru_cache(maxsize=1 << 16)  # pure in ints; the samplers' call model asks the same hands often
def project_bonus(hand: int, sun: bool, trump: int) -> float:
    """Projects in the hand, in tricks (a trick is worth about 2 game points in Hokum, 3.2 in Sun)."""
    if not has_project(hand):
        return 0.0
    v = sum(p.value(sun) for p in best_split(hand, sun, trump))
    return v / (3.2 if sun else 2.0)


@lru_cache(maxsize=1 << 16)
def hokum_value(hand: int, trump: int) -> float:
    return hokum_strength(hand, trump) + project_bonus(hand, False, trump)


@lru_cache(maxsize=1 << 16)
def sun_value(hand: int) -> float:
    return sun_strength(hand) + project_bonus(hand, True, -1)


def belote_value(hand: int, trump: int) -> float:
    """Classic Belote: no projects, but the King and Queen of trump are 20 points (about a trick)."""
    kq = (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
    return hokum_strength(hand, trump) + (0.8 if hand & kq == kq else 0.0)


def defense_strength(hand: int, contract: Contract) -> float:
    """Tricks an opponent of the declarer expects to take (8 cards)."""
    if contract.sun:
        return sun_strength(hand)
    return hokum_strength(hand, contract.trump)


def _standing_bidder(bids: Sequence[tuple[int, Action]]) -> int | None:
    """The seat of the last Hokum/Sun/Ashkal call made so far."""
    for seat, a in reversed(bids):
        if a in (HOKUM, SUN, ASHKAL):
            return seat
    return None


def decide_call(seat: int, hand: int, legal: Sequence[Action], buying_card: int,
                bids: Sequence[tuple[int, Action]], contract: Contract | None,
                match_scores: tuple[int, int], bidding_round: int, scale: float = 1.0,
                raise_scale: float = 1.0, belote: bool = False) -> Action:
    """A rule-based call for bidding or doubling (`scale` < 1 bids more, `raise_scale` < 1
    doubles more); `belote`: the calls of classic Belote."""
    ls = set(legal)
    buy_suit = suit_of(buying_card) if buying_card >= 0 else -1
    if belote:
        return _decide_belote(hand | (1 << buying_card), legal, buy_suit, scale)
    if DOUBLE in ls or TRIPLE in ls or FOUR in ls or GAHWA in ls or LOCKED in ls:
        assert contract is not None
        return _decide_raise(seat, hand, ls, contract, raise_scale)
    six = hand | (1 << buying_card) if buying_card >= 0 else hand
    if KAWESH in ls:
        return KAWESH
    sun_v = sun_value(six)
    if ls == {PASS, SUN}:  # offered a Sun overcall
        bidder = _standing_bidder(bids)
        partner_bid = bidder is not None and bidder != seat and team_of(bidder) == team_of(seat)
        need = SUN_OVER_PARTNER if partner_bid else SUN_BID + 0.2
        return SUN if sun_v >= need * scale else PASS
    if ls == {HOKUM, SUN}:  # keep Hokum or switch to Sun
        return SUN if sun_v >= SUN_BID * scale + 0.4 and sun_v > hokum_value(six, buy_suit) else HOKUM
    suit_calls = [a for a in legal if HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4]
    if suit_calls:  # round 2: name the trump suit, or switch to Sun
        best = max(suit_calls, key=lambda a: hokum_value(six, a - HOKUM_SUIT_BASE))
        if sun_v >= SUN_BID * scale + 0.4 and sun_v > hokum_value(six, best - HOKUM_SUIT_BASE):
            return SUN
        return best
    # the open stage: pass or bid
    if sun_v >= SUN_BID * scale:
        if ASHKAL in ls and rank_of(buying_card) == ACE and sun_value(hand) >= (SUN_BID - 0.6) * scale \
                and sun_value(hand) < SUN_BID * scale:
            return ASHKAL
        return SUN
    if HOKUM in ls:
        if bidding_round == 1:
            if hokum_value(six, buy_suit) >= HOKUM_BID * scale:
                return HOKUM
        else:
            best_v = max(hokum_value(six, s) for s in range(4) if s != buy_suit)
            if best_v >= (HOKUM_BID + 0.2) * scale:
                return HOKUM
    return PASS


def _decide_belote(six: int, legal: Sequence[Action], buy_suit: int, scale: float) -> Action:
    """Take the buying card's suit in round 1, or name the best other suit in round 2."""
    if HOKUM in legal:
        return HOKUM if belote_value(six, buy_suit) >= BELOTE_TAKE * scale else PASS
    suit_calls = [a for a in legal if HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4]
    if not suit_calls:
        return PASS
    best = max(suit_calls, key=lambda a: (belote_value(six, a - HOKUM_SUIT_BASE), -a))
    return best if belote_value(six, best - HOKUM_SUIT_BASE) >= (BELOTE_TAKE + 0.2) * scale else PASS


def _decide_raise(seat: int, hand: int, ls: set[Action], contract: Contract, scale: float) -> Action:
    trump = contract.trump
    if LOCKED in ls:  # the doubler chooses: lock unless holding the top trumps
        if trump >= 0:
            t = _ranks(hand, trump)
            if t >> JACK & 1 and t >> NINE & 1:
                return OPEN
        return LOCKED
    if DOUBLE in ls:
        d = defense_strength(hand, contract)
        need = DOUBLE_SUN if contract.sun else DOUBLE_HOKUM
        if trump >= 0 and not _ranks(hand, trump) >> JACK & 1 and _ranks(hand, trump).bit_count() < 3:
            need += 0.5
        return DOUBLE if d >= need * scale else PASS
    if TRIPLE in ls:
        return TRIPLE if hokum_value(hand, trump) >= TRIPLE_AT * scale else PASS
    if FOUR in ls:
        return FOUR if defense_strength(hand, contract) >= FOUR_AT * scale else PASS
    if GAHWA in ls:
        return GAHWA if hokum_value(hand, trump) >= GAHWA_AT * scale else PASS
    return PASS
