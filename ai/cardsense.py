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


class Order:
    """A ranking of the 32 cards; `first(mask)` is the first card of the ranking in the mask."""

    __slots__ = ("cards", "position")

    def __init__(self, cards: Sequence[int]) -> None:
        self.cards = tuple(cards)
        pos = [0] * 32
        for i, c in enumerate(self.cards):
            pos[c] = i
        self.position = tuple(pos)

    def first(self, mask: CardSet) -> int:
        """-1 for an empty mask."""
        position = self.position
        best, best_pos = -1, 32
        while mask:
            low = mask & -mask
            mask ^= low
            c = low.bit_length() - 1
            if position[c] < best_pos:
                best, best_pos = c, position[c]
        return best


def _order(t: int, kind: str) -> Order:
    def key(c: int) -> tuple[int, int, int]:
        if kind == "cheap":
            return (POINTS[t][c], STRENGTH[t][c], c)
        if kind == "weak":
            return (STRENGTH[t][c], 0, c)
        return (-POINTS[t][c], -STRENGTH[t][c], c)
    return Order(sorted(range(32), key=key))


CHEAP_ORDER = {t: _order(t, "cheap") for t in TRUMPS}
"""Fewest points first, then weakest (trumps rank above every plain card)."""
WEAK_ORDER = {t: _order(t, "weak") for t in TRUMPS}
"""Weakest first (trumps after every plain card)."""
RICH_ORDER = {t: _order(t, "rich") for t in TRUMPS}
"""Most points first, then strongest."""


def cheapest(mask: CardSet, trump: int) -> int:
    return CHEAP_ORDER[trump].first(mask)


def weakest(mask: CardSet, trump: int) -> int:
    return WEAK_ORDER[trump].first(mask)


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
