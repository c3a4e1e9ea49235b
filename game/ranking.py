"""Trick strength and card points, as flat tables indexed by card, built once at import.

A contract is described by its trump suit, or NO_TRUMP for Sun.
"""

from __future__ import annotations

from .cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUITS, TEN, Card, CardSet, suit_of

NO_TRUMP = -1

# Index = rank (7 8 9 10 J Q K A).
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
_TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)  # strongest first
_PLAIN_ORDER = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)
TRUMP_STRENGTH = tuple(7 - _TRUMP_ORDER.index(r) for r in range(8))
PLAIN_STRENGTH = tuple(7 - _PLAIN_ORDER.index(r) for r in range(8))

HOKUM_TOTAL = 162
SUN_TOTAL = 130
LAST_TRICK_BONUS = 10


def _points_table(trump: int) -> tuple[int, ...]:
    return tuple(
        (TRUMP_POINTS if s == trump else PLAIN_POINTS)[r] for s in SUITS for r in range(8)
    )


def _strength_table(trump: int) -> tuple[int, ...]:
    # Trumps rank above every plain card (8 + strength); plain cards keep 0-7.
    return tuple(
        (8 + TRUMP_STRENGTH[r]) if s == trump else PLAIN_STRENGTH[r]
        for s in SUITS
        for r in range(8)
    )


# Tables keyed by trump (0-3) or NO_TRUMP.
POINTS: dict[int, tuple[int, ...]] = {t: _points_table(t) for t in (*SUITS, NO_TRUMP)}
STRENGTH: dict[int, tuple[int, ...]] = {t: _strength_table(t) for t in (*SUITS, NO_TRUMP)}


def card_points(card: Card, trump: int) -> int:
    return POINTS[trump][card]


def mask_points(mask: CardSet, trump: int) -> int:
    table = POINTS[trump]
    total = 0
    while mask:
        low = mask & -mask
        total += table[low.bit_length() - 1]
        mask ^= low
    return total


def _stronger_masks(trump: int) -> tuple[CardSet, ...]:
    """For each card, the mask of cards of its suit that beat it."""
    table = STRENGTH[trump]
    out = []
    for c in range(32):
        s = suit_of(c)
        m = 0
        for o in range(s * 8, s * 8 + 8):
            if table[o] > table[c]:
                m |= 1 << o
        out.append(m)
    return tuple(out)


STRONGER: dict[int, tuple[CardSet, ...]] = {t: _stronger_masks(t) for t in (*SUITS, NO_TRUMP)}
