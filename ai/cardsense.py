"""What a player can tell about cards from their own seat: which cards are masters, which card
is the cheapest to give up or the weakest to win with. Shared by the playout policy
(ai/policy.py) and the HeuristicAgent, so their choices and tie-breaks agree by design.

Orders are tables of the 32 cards built once per contract (trump suit, or -1 for Sun).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.cards import SUITS, CardSet
from game.ranking import NO_TRUMP, POINTS, STRENGTH, STRONGER

TRUMPS = (NO_TRUMP, *SUITS)


def _order(t: int, kind: str) -> tuple[int, ...]:
    def key(c: int) -> tuple[int, int, int]:
        if kind == "cheap":
            return (POINTS[t][c], STRENGTH[t][c], c)
        if kind == "weak":
            return (STRENGTH[t][c], 0, c)
        return (-POINTS[t][c], -STRENGTH[t][c], c)
    return tuple(sorted(range(32), key=key))


CHEAP_ORDER = {t: _order(t, "cheap") for t in TRUMPS}
"""Fewest points first, then weakest (trumps rank above every plain card)."""
WEAK_ORDER = {t: _order(t, "weak") for t in TRUMPS}
"""Weakest first (trumps after every plain card)."""
RICH_ORDER = {t: _order(t, "rich") for t in TRUMPS}
"""Most points first, then strongest."""


def first_in(order: Sequence[int], mask: CardSet) -> int:
    """The first card of `order` in `mask` (-1 if none)."""
    for c in order:
        if mask >> c & 1:
            return c
    return -1


def cheapest(mask: CardSet, trump: int) -> int:
    return first_in(CHEAP_ORDER[trump], mask)


def weakest(mask: CardSet, trump: int) -> int:
    return first_in(WEAK_ORDER[trump], mask)


def strongest(mask: CardSet, trump: int) -> int:
    """The strongest card of the mask (trumps above plain cards); -1 for an empty mask."""
    table = STRENGTH[trump]
    best, key = -1, -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if table[c] > key:
            best, key = c, table[c]
    return best


def masters(mask: CardSet, out: CardSet, trump: int) -> CardSet:
    """The cards of `mask` that no card in `out` beats in their suit."""
    stronger = STRONGER[trump]
    keep = 0
    m = mask
    while m:
        low = m & -m
        m ^= low
        if not stronger[low.bit_length() - 1] & out:
            keep |= low
    return keep
