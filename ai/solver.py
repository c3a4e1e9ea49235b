"""Exact endgames: alpha-beta over the card-play kernel with a transposition table.

`Solver().value(st)` is the result of a fully known hand (a sampled world) under best play by
both teams, each seeing every card: the hand's final score as `game.scoring.settle` gives it
(rounding, Kaboot, projects, Baloot, the last-trick bonus, the raise), North-South minus
East-West in game points; under Gahwa (the hand decides the match) +-GAHWA_VALUE. North-South
maximise, East-West minimise. The Expert averages these values over its weighted worlds once
few cards are left (ai/endgame.py); docs/strength.md gives the nodes per second and the time per world
by cards left, which chose that depth.

Speed comes from three standard devices, none of which changes the value (a test compares
with plain enumeration on 500 positions):
- a transposition table at trick boundaries, keyed by everything the rest of the hand depends
  on (the four hands, the leader, North-South's points and tricks, Baloot), storing bounds;
- equivalent cards: two cards of one hand that are neighbours in strength among the cards still
  live (in a hand or on the table), worth the same points and not the K/Q of trump, lead to the
  same outcomes, so only one is searched (not for a lead that could be an Ekka);
- move ordering: the card the transposition table found best first, then the cards that take
  the trick, strongest first, then the rest, cheapest first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from game.cardplay import CardPlay

GAHWA_VALUE: Final = 1000
"""The value of winning the match by Gahwa (any hand result is far smaller)."""
INF: Final = 1 << 30
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2


def final_value(st: CardPlay) -> int:
    """North-South minus East-West in game points for a finished hand (+-GAHWA_VALUE for the
    match under Gahwa)."""
    r = st.outcome()
    if st.raise_level == 5:
        return GAHWA_VALUE if r[3] == 0 else -GAHWA_VALUE
    return r[0] - r[1]


def tt_key(st: CardPlay) -> int:
    """Everything the rest of the hand depends on at a trick boundary after the first trick
    (the contract, the projects and what blocks Baloot are fixed by then)."""
    h = st.hands
    kq = st.kq
    return (h[0] | h[1] << 32 | h[2] << 64 | h[3] << 96 | st.leader << 128
            | st.points[0] << 130 | st.tricks_won[0] << 139 | (st.baloot + 1) << 143
            | kq[0] << 146 | kq[1] << 148 | kq[2] << 150 | kq[3] << 152)


class Solver:
    """Alpha-beta with a transposition table; one Solver per world (the table is per hand).
    `utility`: the value of a finished hand for North-South in place of `final_value` (the
    puzzles' goals, ui/learn/puzzles.py; any function of the hand's result keeps the search exact:
    the table and the equivalent cards only assume that equal results have equal values)."""

    def __init__(self, utility: Callable[[CardPlay], int] | None = None) -> None:
        self.table: dict[int, tuple[int, int, int]] = {}
        """tt_key -> (flag, value, best card)."""
        self.nodes = 0
        self.utility = utility

    def value(self, st: CardPlay) -> int:
        """The exact value of `st` (North-South minus East-West, see the module doc)."""
        return self._search(st, -INF, INF)

    def move_values(self, st: CardPlay) -> dict[int, int]:
        """The exact value after each legal card of the seat to move."""
        out: dict[int, int] = {}
        m = st.legal()
        while m:
            low = m & -m
            m ^= low
            card = low.bit_length() - 1
            child = st.copy()
            child.play(card)
            out[card] = self._search(child, -INF, INF)
        return out

    def _search(self, st: CardPlay, alpha: int, beta: int) -> int:
        self.nodes += 1
        if st.done == 8:
            return final_value(st) if self.utility is None else self.utility(st)
        key = -1
        hint = -1
        a0, b0 = alpha, beta
        if not st.trick and st.done >= 1:
            key = tt_key(st)
            entry = self.table.get(key)
            if entry is not None:
                flag, v, hint = entry
                if flag == _EXACT:
                    return v
                if flag == _LOWER:
                    if v >= beta:
                        return v
                    if v > alpha:
                        alpha = v
                elif v <= alpha:
                    return v
                elif v < beta:
                    beta = v
        maximise = st.to_move() & 1 == 0
        best = -INF if maximise else INF
        best_card = -1
        for card in ordered_moves(st, hint):
            child = st.copy()
            child.play(card)
            v = self._search(child, alpha, beta)
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, card
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key >= 0:
            if best <= a0:
                flag = _UPPER
            elif best >= b0:
                flag = _LOWER
            else:
                flag = _EXACT
            self.table[key] = (flag, best, best_card)
        return best


def distinct_moves(st: CardPlay) -> int:
    """The legal cards of the seat to move, one of each set of equivalent cards (module doc)."""
    legal = st.legal()
    if legal & (legal - 1) == 0:
        return legal
    live = st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]
    for c in st.trick:
        live |= 1 << c
    stronger = st.stronger
    strength = st.strength
    values = st.values
    exclude = st.kq_cards
    if not st.trick:
        exclude |= st.ekka_cards
    keep = legal
    m = legal & ~exclude
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        up = stronger[c] & live
        if not up:
            continue
        # the weakest live card above c in its suit
        nxt, nxt_s = -1, 99
        u = up
        while u:
            lb = u & -u
            u ^= lb
            d = lb.bit_length() - 1
            if strength[d] < nxt_s:
                nxt, nxt_s = d, strength[d]
        if legal >> nxt & 1 and not exclude >> nxt & 1 and values[nxt] == values[c]:
            keep &= ~low
    return keep


def ordered_moves(st: CardPlay, hint: int) -> list[int]:
    """The distinct moves, the likely best first: the table's hint, then the cards that would
    win the trick now (strongest first), then the others (fewest points, weakest first)."""
    moves = distinct_moves(st)
    strength = st.strength
    values = st.values
    trick = st.trick
    winners: list[tuple[int, int]] = []
    losers: list[tuple[int, int]] = []
    if trick:
        best = trick[st.win_idx]
        led = trick[0] >> 3
        trump = st.trump
        m = moves
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if c == hint:
                continue
            suit = c >> 3
            wins = strength[c] > strength[best] and (suit == led or c >> 3 == trump)
            if wins:
                winners.append((-strength[c], c))
            else:
                losers.append((values[c] * 16 + strength[c], c))
    else:
        m = moves
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if c != hint:
                winners.append((-strength[c], c))
    winners.sort()
    losers.sort()
    out = [hint] if hint >= 0 and moves >> hint & 1 else []
    for _, c in winners:
        out.append(c)
    for _, c in losers:
        out.append(c)
    return out


def cards_left(st: CardPlay) -> int:
    """Cards still to be played in the hand (the current trick's cards not counted)."""
    return (st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]).bit_count()


__all__ = ["GAHWA_VALUE", "Solver", "cards_left", "distinct_moves", "final_value",
           "ordered_moves", "tt_key"]
