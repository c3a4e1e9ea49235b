"""Which cards may be played (docs/rules.md sections 5 and 8), as a cascade of tiers of masks.

This is the readable specification of `game.cardplay.legal_mask` (a property test ties the two
together); it also gives the reason a card is refused and what a play reveals.

A player must play from the first tier that meets their hand; the last tier is the whole deck.
The same tiers tell what a play reveals: a card from tier k proves the player held nothing
in tiers 0..k-1 (a void, no trump, no higher trump).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from .cardplay import winner_index
from .cards import ACE, FULL_DECK, SUIT_MASKS, SUIT_SYMBOLS, Card, CardSet, rank_of, suit_of
from .ranking import NO_TRUMP, STRONGER


class Refusal(StrEnum):
    """What a tier demands, and so why a card outside it is refused (a UI translates it)."""
    NONE = ""
    NOT_HELD = "not_held"
    FOLLOW = "follow"
    OVERTRUMP = "overtrump"
    TRUMP = "trump"
    NOT_TRUMP_LEAD = "no_trump_lead"
    ANY = "any"
    """The last tier: anything (never a refusal)."""


Tier = tuple[CardSet, Refusal]
_ANY: Tier = (FULL_DECK, Refusal.ANY)


def play_tiers(trick: Sequence[Card], trump: int, locked: bool, ekka: bool,
               classic: bool = False) -> tuple[Tier, ...]:
    n = len(trick)
    if n == 0:
        if locked and trump != NO_TRUMP:
            return ((FULL_DECK ^ SUIT_MASKS[trump], Refusal.NOT_TRUMP_LEAD), _ANY)
        return (_ANY,)
    led = suit_of(trick[0])
    follow: Tier = (SUIT_MASKS[led], Refusal.FOLLOW)
    if trump == NO_TRUMP:
        return (follow, _ANY)
    trumps: Tier = (SUIT_MASKS[trump], Refusal.TRUMP)
    w = winner_index(trick, trump)
    best = trick[w]
    overtrump: Tier = (STRONGER[trump][best], Refusal.OVERTRUMP)
    partner_winning = (n - w) == 2
    if led == trump:
        # Baloot: no need to beat a partner's trump; classic Belote: beat it whoever wins.
        if partner_winning and not classic:
            return (follow, _ANY)
        return (overtrump, follow, _ANY)
    if n == 1:
        return (follow, trumps, _ANY)
    if partner_winning:
        # 3rd seat with the leader winning: free only after an Ace or Ekka; 4th seat: free.
        # Classic Belote: free whenever the partner is winning.
        if n == 2 and not classic and not (ekka or rank_of(trick[0]) == ACE):
            return (follow, trumps, _ANY)
        return (follow, _ANY)
    if suit_of(best) != trump:
        return (follow, trumps, _ANY)
    if classic:  # cannot overtrump an opponent: still trump (undertrump)
        return (follow, overtrump, trumps, _ANY)
    return (follow, overtrump, _ANY)


def revealed_absent(card: Card, trick: Sequence[Card], trump: int, locked: bool,
                    ekka: bool, classic: bool = False) -> CardSet:
    """Cards the player is now known not to hold, from having played `card` legally."""
    absent = 0
    for mask, _ in play_tiers(trick, trump, locked, ekka, classic):
        if mask >> card & 1:
            return absent
        absent |= mask
    return absent


_SENTENCES = {
    Refusal.NOT_HELD: "You do not hold that card",
    Refusal.FOLLOW: "You must follow {suit}",
    Refusal.OVERTRUMP: "You must play a higher trump ({suit}) if you can",
    Refusal.TRUMP: "You must trump ({suit})",
    Refusal.NOT_TRUMP_LEAD: "Locked: you may not lead trump while you hold other suits",
}


def illegal_reason(card: Card, hand: CardSet, trick: Sequence[Card], trump: int, locked: bool,
                   ekka: bool, classic: bool = False) -> tuple[Refusal, int]:
    """Why `card` may not be played, as (code, suit): a UI translates the code.

    Suit: the suit led for FOLLOW, the trump for OVERTRUMP and TRUMP, else -1;
    (Refusal.NONE, -1) when the card is legal.
    """
    if not hand >> card & 1:
        return Refusal.NOT_HELD, -1
    for mask, reason in play_tiers(trick, trump, locked, ekka, classic):
        if hand & mask:
            if mask >> card & 1:
                return Refusal.NONE, -1
            suit = suit_of(trick[0]) if reason is Refusal.FOLLOW else trump
            return reason, suit
    return Refusal.NONE, -1


def reason_sentence(code: Refusal, suit: int) -> str:
    """The English sentence for an `illegal_reason` code."""
    if code in (Refusal.NONE, Refusal.ANY):
        return ""
    return _SENTENCES[code].format(suit=SUIT_SYMBOLS[suit] if suit >= 0 else "")
