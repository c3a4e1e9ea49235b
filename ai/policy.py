"""The playout policy: a cheap heuristic card choice from the mover's own view (its hand, the
cards played, the trick), and the playouts that use it. The search (ai/ismcts.py) and the
simulated calls (ai/calls.py) finish every hand with it.

The policy, in three cases: leading (draw trumps with the top trump when declaring, cash a
master, else lead the cheapest plain card); partner winning (on a sure trick throw points but
keep masters of other suits, else play cheap); an opponent winning (take the trick with the
weakest sure winner, or in last seat with the weakest winner, or when it holds 10 points or
more; else discard the cheapest card that is not a master).
"""

from __future__ import annotations

import random

from game.cardplay import CardPlay, legal_mask
from game.cards import FULL_DECK, SUIT_MASKS, CardSet, nth_card
from game.ranking import POINTS, STRONGER

from .cardsense import CHEAP_ORDER, RICH_ORDER, WEAK_ORDER, masters, strongest


def policy_card(st: CardPlay, legal: CardSet, rnd: float, eps: float) -> int:
    """The policy's card for the seat to move; with probability `eps` (rnd < eps) a random one."""
    n_legal = legal.bit_count()
    if n_legal == 1:
        return legal.bit_length() - 1
    if rnd < eps:
        return nth_card(legal, int(rnd / eps * n_legal) % n_legal)
    trick = st.trick
    seat = (st.leader + len(trick)) & 3
    out = FULL_DECK & ~st.played & ~st.hands[seat]  # cards in the other hands
    if not trick:
        return _lead(st, legal, seat, out)
    if len(trick) - st.win_idx == 2:
        return _partner_winning(st, legal, out)
    return _opponent_winning(st, legal, out)


def _lead(st: CardPlay, legal: CardSet, seat: int, out: CardSet) -> int:
    trump = st.trump
    stronger = STRONGER[trump]
    out_trumps = 0
    if trump >= 0:
        tsuit = SUIT_MASKS[trump]
        mytr = legal & tsuit
        out_trumps = out & tsuit
        if mytr and out_trumps and (seat & 1) == st.declarer_team:
            top = strongest(mytr, trump)
            if not stronger[top] & out:
                return top  # draw trumps
    # cash the master worth most (on a tie, the lowest card); not into a ruff
    best, best_pts = -1, -1
    pts_t = POINTS[trump]
    m = masters(legal, out, trump)
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if (c >> 3 == trump or not out_trumps or out & SUIT_MASKS[c >> 3]) and pts_t[c] > best_pts:
            best, best_pts = c, pts_t[c]
    if best >= 0:
        return best
    if trump >= 0:
        plain = legal & ~SUIT_MASKS[trump]
        if plain:
            return CHEAP_ORDER[trump].first(plain)
    return CHEAP_ORDER[trump].first(legal)


def _partner_winning(st: CardPlay, legal: CardSet, out: CardSet) -> int:
    trump = st.trump
    trick = st.trick
    plain = legal & ~SUIT_MASKS[trump] if trump >= 0 else legal
    if len(trick) == 3 or not STRONGER[trump][trick[st.win_idx]] & out:  # a sure trick
        pool = plain if plain else legal
        # throw points, but keep masters of other suits
        keep = masters(pool, out, trump) & ~SUIT_MASKS[trick[0] >> 3]
        give = pool & ~keep
        return RICH_ORDER[trump].first(give if give else pool)
    return CHEAP_ORDER[trump].first(plain if plain else legal)


def _opponent_winning(st: CardPlay, legal: CardSet, out: CardSet) -> int:
    trump = st.trump
    trick = st.trick
    win_card = trick[st.win_idx]
    stronger = STRONGER[trump]
    led = trick[0] >> 3
    if trump >= 0 and win_card >> 3 == trump:
        beaters = legal & stronger[win_card]
    else:
        beaters = legal & stronger[win_card] & SUIT_MASKS[led]
        if trump >= 0 and not legal & SUIT_MASKS[led]:
            beaters |= legal & SUIT_MASKS[trump]
    if beaters:
        if len(trick) == 3:
            return WEAK_ORDER[trump].first(beaters)
        sure = masters(beaters, out, trump)
        if sure:
            return WEAK_ORDER[trump].first(sure)
        tp = POINTS[trump]
        if sum(tp[c] for c in trick) >= 10:
            return WEAK_ORDER[trump].first(beaters)
    # cannot (or will not) win: discard cheaply, keeping masters
    pool = legal & ~masters(legal, out, trump)
    return CHEAP_ORDER[trump].first(pool if pool else legal)


def rollout(st: CardPlay, rng: random.Random, eps: float = 0.1) -> None:
    """Play the hand to its end with the policy (eps: share of random moves)."""
    rand = rng.random
    hands = st.hands
    while st.done < 8:
        legal = legal_mask(hands[(st.leader + len(st.trick)) & 3], st.trick, st.trump, st.locked,
                           st.ekka, st.win_idx, st.classic)
        st.play(policy_card(st, legal, rand(), eps))


def random_rollout(st: CardPlay, rng: random.Random) -> None:
    """Play the hand to its end uniformly at random among the legal cards."""
    rand = rng.random
    hands = st.hands
    while st.done < 8:
        legal = legal_mask(hands[(st.leader + len(st.trick)) & 3], st.trick, st.trump, st.locked,
                           st.ekka, st.win_idx, st.classic)
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        st.play((legal & -legal).bit_length() - 1)
