"""Where a hand starts: a fresh deal (`DealBase`), or a fixture part-way through the card play
(`PlayBase`); and the shuffle that makes a deal."""

from __future__ import annotations

import random
from dataclasses import dataclass

from .cards import Card, CardSet, mask_of, seat_after
from .contract import Contract
from .projects import Project
from .rules import Rules


@dataclass(frozen=True)
class DealBase:
    """A hand at the moment the buying card is turned: five cards each, 11 in the stock."""
    rules: Rules
    dealer: int
    match_scores: tuple[int, int]
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    buying_card: Card
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class PlayBase:
    """A hand part-way through the card play, for fixtures: earlier tricks only as totals."""
    rules: Rules
    dealer: int
    match_scores: tuple[int, int]
    contract: Contract
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: int
    tricks_done: int
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    declared: tuple[tuple[Project, ...], ...]
    """Projects declared in the first trick per seat (all seats: () if none)."""
    project_team: int | None
    baloot_seat: int | None
    """A Baloot already called before this position."""


Base = DealBase | PlayBase


def deal_base(rules: Rules, dealer: int, match_scores: tuple[int, int],
              rng: random.Random) -> DealBase:
    """Shuffle, cut, deal 3 then 2 from the dealer's right, turn the 21st card."""
    deck = list(range(32))
    rng.shuffle(deck)
    cut = rng.randrange(1, 32)
    deck = deck[cut:] + deck[:cut]
    hands = [0, 0, 0, 0]
    pos = 0
    for packet in (3, 2):
        for i in range(4):
            seat = seat_after(dealer, 1 + i)
            hands[seat] |= mask_of(deck[pos:pos + packet])
            pos += packet
    return DealBase(rules, dealer, match_scores, (hands[0], hands[1], hands[2], hands[3]),
                    deck[20], tuple(deck[21:]))
