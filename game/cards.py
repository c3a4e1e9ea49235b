"""Cards as ints 0-31 and hands as 32-bit masks.

card = suit * 8 + rank, with ranks in natural sequence order 7 8 9 10 J Q K A (0-7),
so a run of consecutive rank indexes in one suit is a sequence project.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Card = int
CardSet = int

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS = (SPADES, HEARTS, DIAMONDS, CLUBS)
SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")

SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
RANKS = tuple(range(8))
RANK_LABELS = ("7", "8", "9", "10", "J", "Q", "K", "A")

FULL_DECK: CardSet = (1 << 32) - 1
SUIT_MASKS = tuple(0xFF << (8 * s) for s in SUITS)


def make_card(rank: int, suit: int) -> Card:
    return suit * 8 + rank


def suit_of(card: Card) -> int:
    return card >> 3


def rank_of(card: Card) -> int:
    return card & 7


def bit(card: Card) -> CardSet:
    return 1 << card


def cards_in(mask: CardSet) -> list[Card]:
    """Cards of a mask in ascending order."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def iter_cards(mask: CardSet) -> Iterator[Card]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def nth_card(mask: CardSet, n: int) -> Card:
    """The n-th lowest card of a mask (0-based)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def mask_of(cards: Iterable[Card]) -> CardSet:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def card_str(card: Card, symbols: bool = False) -> str:
    """'KC' / '10H' (ASCII) or 'K♣' / '10♥' (symbols)."""
    suit = SUIT_SYMBOLS[card >> 3] if symbols else SUIT_LETTERS[card >> 3]
    return RANK_LABELS[card & 7] + suit


_RANK_PARSE = {"7": SEVEN, "8": EIGHT, "9": NINE, "10": TEN, "T": TEN,
               "J": JACK, "Q": QUEEN, "K": KING, "A": ACE}
_SUIT_PARSE = {"S": SPADES, "H": HEARTS, "D": DIAMONDS, "C": CLUBS,
               "♠": SPADES, "♥": HEARTS, "♦": DIAMONDS, "♣": CLUBS,
               "♤": SPADES, "♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS}


def parse_card(text: str) -> Card:
    """Parse 'KC', 'K♣', '10H', 'TH' (case-insensitive letters)."""
    t = text.strip().upper()
    if len(t) < 2 or t[-1] not in _SUIT_PARSE or t[:-1] not in _RANK_PARSE:
        raise ValueError(f"not a card: {text!r} (expected e.g. 'KC', 'K♣', '10H')")
    return make_card(_RANK_PARSE[t[:-1]], _SUIT_PARSE[t[-1]])


def parse_cards(text: str) -> CardSet:
    """Parse cards separated by spaces, commas or dots; '-' or '' is the empty set."""
    t = text.strip()
    if t in ("", "-"):
        return 0
    mask = 0
    for tok in t.replace(",", " ").replace(".", " ").split():
        c = parse_card(tok)
        if mask >> c & 1:
            raise ValueError(f"card {tok!r} appears twice")
        mask |= 1 << c
    return mask


def cards_str(mask: CardSet, symbols: bool = False, sep: str = " ") -> str:
    return sep.join(card_str(c, symbols) for c in cards_in(mask)) if mask else "-"


# Seats in playing order (counter-clockwise): South, East, North, West.
SOUTH, EAST, NORTH, WEST = 0, 1, 2, 3
SEATS = (SOUTH, EAST, NORTH, WEST)
SEAT_LETTERS = "SENW"
SEAT_NAMES = ("South", "East", "North", "West")


def team_of(seat: int) -> int:
    """0 = North-South, 1 = East-West."""
    return seat & 1


def partner_of(seat: int) -> int:
    return (seat + 2) & 3


def next_seat(seat: int) -> int:
    return (seat + 1) & 3


def seat_after(seat: int, steps: int) -> int:
    """The seat `steps` places after `seat` in playing order (counter-clockwise)."""
    return (seat + steps) & 3


def parse_seat(text: str) -> int:
    t = text.strip().upper()
    if len(t) == 1 and t in SEAT_LETTERS:
        return SEAT_LETTERS.index(t)
    raise ValueError(f"not a seat: {text!r} (expected one of S, E, N, W)")
