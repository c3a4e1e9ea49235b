"""Which cards may be played (RULES.md section 5), as a cascade of tiers of masks.

A player must play from the first tier that meets their hand; the last tier is the whole deck.
The same tiers tell what a play reveals: a card from tier k proves the player held nothing
in tiers 0..k-1 (a void, no trump, no higher trump).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import ACE, FULL_DECK, SUIT_MASKS, SUIT_SYMBOLS, Card, CardSet
from .ranking import NO_TRUMP, STRENGTH, STRONGER

FOLLOW, OVERTRUMP, TRUMP, NOT_TRUMP_LEAD, ANY = "follow", "overtrump", "trump", "no_trump_lead", "any"

Tier = tuple[CardSet, str]


def winner_index(trick: Sequence[Card], trump: int) -> int:
    table = STRENGTH[trump]
    led = trick[0] >> 3
    best, best_key = 0, table[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if (c >> 3 == led or c >> 3 == trump) and table[c] > best_key:
            best, best_key = i, table[c]
    return best


def is_ekka(card: Card, trump: int, played: CardSet) -> bool:
    """A non-trump lead that is the highest card of its suit not yet played (Hokum only)."""
    if trump == NO_TRUMP or card >> 3 == trump:
        return False
    stronger = STRONGER[trump][card]
    return stronger & played == stronger


def play_tiers(trick: Sequence[Card], trump: int, locked: bool, ekka: bool) -> tuple[Tier, ...]:
    n = len(trick)
    if n == 0:
        if locked and trump != NO_TRUMP:
            return ((FULL_DECK ^ SUIT_MASKS[trump], NOT_TRUMP_LEAD), (FULL_DECK, ANY))
        return ((FULL_DECK, ANY),)
    led = trick[0] >> 3
    follow: Tier = (SUIT_MASKS[led], FOLLOW)
    if trump == NO_TRUMP:
        return (follow, (FULL_DECK, ANY))
    trumps = SUIT_MASKS[trump]
    w = winner_index(trick, trump)
    best = trick[w]
    partner_winning = (n - w) == 2
    if led == trump:
        if partner_winning:
            return (follow, (FULL_DECK, ANY))
        return ((STRONGER[trump][best], OVERTRUMP), follow, (FULL_DECK, ANY))
    beat: Tier = ((STRONGER[trump][best], OVERTRUMP) if best >> 3 == trump
                  else (trumps, TRUMP))
    if n == 1:
        return (follow, (trumps, TRUMP), (FULL_DECK, ANY))
    if partner_winning:
        # 3rd seat with the leader winning: free only after an Ace or Ekka; 4th seat: free.
        if n == 2 and not (ekka or trick[0] & 7 == ACE):
            return (follow, (trumps, TRUMP), (FULL_DECK, ANY))
        return (follow, (FULL_DECK, ANY))
    return (follow, beat, (FULL_DECK, ANY))


def legal_mask(hand: CardSet, trick: Sequence[Card], trump: int, locked: bool,
               ekka: bool) -> CardSet:
    for mask, _ in play_tiers(trick, trump, locked, ekka):
        m = hand & mask
        if m:
            return m
    return 0


def revealed_absent(card: Card, trick: Sequence[Card], trump: int, locked: bool,
                    ekka: bool) -> CardSet:
    """Cards the player is now known not to hold, from having played `card` legally."""
    absent = 0
    for mask, _ in play_tiers(trick, trump, locked, ekka):
        if mask >> card & 1:
            return absent
        absent |= mask
    return absent


NOT_HELD = "not_held"

_SENTENCES = {
    NOT_HELD: "You do not hold that card",
    FOLLOW: "You must follow {suit}",
    OVERTRUMP: "You must play a higher trump ({suit}) if you can",
    TRUMP: "You must trump ({suit})",
    NOT_TRUMP_LEAD: "Locked: you may not lead trump while you hold other suits",
}


def illegal_reason(card: Card, hand: CardSet, trick: Sequence[Card], trump: int, locked: bool,
                   ekka: bool) -> tuple[str, int]:
    """Why `card` may not be played, as (code, suit): a UI translates the code.

    Codes: NOT_HELD, FOLLOW (suit = the suit led), OVERTRUMP and TRUMP (suit = trump),
    NOT_TRUMP_LEAD; ('', -1) when the card is legal.
    """
    if not hand >> card & 1:
        return NOT_HELD, -1
    for mask, reason in play_tiers(trick, trump, locked, ekka):
        if hand & mask:
            if mask >> card & 1:
                return "", -1
            suit = trick[0] >> 3 if reason == FOLLOW else trump
            return reason, suit
    return "", -1


def reason_sentence(code: str, suit: int) -> str:
    """The English sentence for an `illegal_reason` code."""
    if not code:
        return ""
    return _SENTENCES[code].format(suit=SUIT_SYMBOLS[suit] if suit >= 0 else "")


def why_illegal(card: Card, hand: CardSet, trick: Sequence[Card], trump: int, locked: bool,
                ekka: bool) -> str:
    """A sentence a player understands, for a card that may not be played now."""
    return reason_sentence(*illegal_reason(card, hand, trick, trump, locked, ekka))
