"""A fast, rule-exact random playout of the card play, on plain ints.

Used by benchmarks and simulations that need many playouts per second; the general interface
(RoundState.apply) is the reference and a test checks this against it card by card.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import ACE, SUIT_MASKS, CardSet
from .ranking import LAST_TRICK_BONUS, POINTS, STRENGTH, STRONGER
from .state import RoundState

Trace = list[tuple[CardSet, int]]


def legal_mask_fast(hand: int, trick: Sequence[int], trump: int, locked: bool, ekka: bool,
                    win_idx: int) -> int:
    """game.play.legal_mask unrolled for speed (win_idx = index of the card winning the trick)."""
    n = len(trick)
    if n == 0:
        if locked and trump >= 0:
            m = hand & ~SUIT_MASKS[trump]
            return m if m else hand
        return hand
    led = trick[0] >> 3
    follow = hand & SUIT_MASKS[led]
    if trump < 0:
        return follow if follow else hand
    partner_winning = n - win_idx == 2
    if led == trump:
        if follow and not partner_winning:
            over = hand & STRONGER[trump][trick[win_idx]]
            return over if over else follow
        return follow if follow else hand
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if n == 1:
        return trumps if trumps else hand
    if partner_winning:
        if n == 2 and not (ekka or trick[0] & 7 == ACE) and trumps:
            return trumps
        return hand
    best = trick[win_idx]
    beat = hand & STRONGER[trump][best] if best >> 3 == trump else trumps
    return beat if beat else hand


def random_playout(hands: list[CardSet], leader: int, trick: list[int], trump: int, locked: bool,
                   ekka: bool, played: CardSet, points: list[int], tricks_won: list[int],
                   tricks_done: int, rand: Callable[[], float],
                   trace: Trace | None = None) -> tuple[int, int, int, int]:
    """Play the hand out uniformly at random among legal cards.

    Mutates `hands`, `trick`, `points`, `tricks_won`. Returns (points N-S, points E-W,
    tricks N-S, tricks E-W). `trace`, when given, receives (legal mask, card) per play.
    """
    strength = STRENGTH[trump]
    value = POINTS[trump]
    stronger = STRONGER[trump]
    hokum = trump >= 0
    n = len(trick)
    seat = (leader + n) & 3
    led = trick[0] >> 3 if n else -1
    best_i = 0
    for i in range(1, n):
        c = trick[i]
        if (c >> 3 == led or c >> 3 == trump) and strength[c] > strength[trick[best_i]]:
            best_i = i
    while tricks_done < 8:
        h = hands[seat]
        legal = legal_mask_fast(h, trick, trump, locked, ekka, best_i)
        k = int(rand() * legal.bit_count())
        bits = legal
        while k:
            bits &= bits - 1
            k -= 1
        low = bits & -bits
        card = low.bit_length() - 1
        if trace is not None:
            trace.append((legal, card))
        hands[seat] = h ^ low
        if n == 0:
            led = card >> 3
            best_i = 0
            ekka = hokum and led != trump and stronger[card] & played == stronger[card]
        elif (card >> 3 == led or card >> 3 == trump) and strength[card] > strength[trick[best_i]]:
            best_i = n
        played |= low
        trick.append(card)
        n += 1
        if n == 4:
            winner = (seat + 1 + best_i) & 3
            pts = value[trick[0]] + value[trick[1]] + value[trick[2]] + value[trick[3]]
            tricks_done += 1
            if tricks_done == 8:
                pts += LAST_TRICK_BONUS
            points[winner & 1] += pts
            tricks_won[winner & 1] += 1
            trick.clear()
            n = 0
            seat = winner
        else:
            seat = (seat + 1) & 3
    return points[0], points[1], tricks_won[0], tricks_won[1]


def playout_from(state: RoundState, rand: Callable[[], float],
                 trace: Trace | None = None) -> tuple[int, int, int, int]:
    """Random playout of a RoundState in the card play (projects not yet decided are ignored)."""
    c = state.contract
    assert c is not None
    return random_playout(list(state.hands), state.leader, list(state.trick), c.trump, c.locked,
                          state.ekka, state.played, list(state.points), list(state.tricks_won),
                          state.tricks_done, rand, trace)
