"""What the seat to move may do now, worded for the player — read from its `Observation` alone."""

from __future__ import annotations

from game.actions import ASHKAL, DECLARE, LOCKED, NO_DECLARE, OPEN, PASS, Action, card_of
from game.cards import ACE, KING, QUEEN, CardSet, cards_in, rank_of, suit_of
from game.observation import Observation
from game.phase import Phase
from game.ranking import STRENGTH
from ui import i18n
from ui.text import call_label, card_label, project_name, tr

SUIT_DISPLAY_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: colours alternate


def display_key(card: int, trump: int) -> tuple[int, int]:
    """South's hand as drawn: by suit (♠ ♥ ♣ ♦, colours alternating), then strongest first in the
    contract (`trump`: a suit, or NO_TRUMP before a Hokum and in Sun)."""
    return (SUIT_DISPLAY_ORDER.index(suit_of(card)), -STRENGTH[trump][card])


def deciding(obs: Observation) -> bool:
    return obs.to_move == obs.seat and bool(obs.legal_actions)


def choosing_contract(obs: Observation) -> bool:
    """The Hokum bidder keeps Hokum or switches to Sun: the one stage of the bidding without Pass."""
    return obs.phase is Phase.BIDDING and PASS not in obs.legal_actions


def showing_late(obs: Observation) -> bool:
    """The second trick's question (docs/rules.md section 6): the partner's projects won and this seat,
    which declared none in the first trick, may still show its own."""
    return obs.phase is Phase.PLAYING and DECLARE in obs.legal_actions and bool(obs.tricks)


def call_labels(obs: Observation) -> list[tuple[Action, str]]:
    """The calls the panel offers (every legal action that is not a card), with their words."""
    legal = obs.legal_actions
    if obs.phase is Phase.PLAYING:
        late = showing_late(obs)
        words = {DECLARE: "call.show" if late else "call.declare",
                 NO_DECLARE: "call.no_show" if late else "call.no_declare"}
        return [(a, tr(words[a])) for a in legal if a in words]
    buy_suit = suit_of(obs.buying_card) if obs.buying_card >= 0 else None
    choice = choosing_contract(obs)
    belote, doubling = obs.rules.belote, obs.phase is Phase.DOUBLING
    return [(a, call_label(a, buy_suit, obs.bidding_round, choice, belote, doubling)) for a in legal]


def playable(obs: Observation) -> set[int] | None:
    """The cards the seat may play now (None: it is not choosing a card). A card is playable when
    it, or its announced form (belote / rebelote), is legal."""
    if obs.phase is not Phase.PLAYING or not deciding(obs) or DECLARE in obs.legal_actions:
        return None
    return {card_of(a) for a in obs.legal_actions if card_of(a) >= 0}


def display_order(cards: CardSet) -> list[int]:
    """Cards by suit, strongest rank first (for the projects and the hand read aloud)."""
    return sorted(cards_in(cards), key=lambda c: (suit_of(c), -rank_of(c)))


def own_projects(obs: Observation) -> list[tuple[str, CardSet]]:
    """The projects of the seat's hand as (kind, cards), in the first trick and for a late show."""
    return list(zip(obs.own_projects, obs.own_project_cards, strict=True))


def projects_line(obs: Observation) -> str:
    """'Sira (9♠ 8♠ 7♠), Fifty (…)' for the projects the seat holds."""
    parts = []
    for kind, cards in own_projects(obs):
        parts.append(f"{project_name(kind)} ({' '.join(card_label(c) for c in display_order(cards))})")
    return i18n.list_join(parts)


def panel_title(obs: Observation) -> str:
    if obs.phase is Phase.BIDDING:
        return tr("panel.your_call", round=obs.bidding_round)
    if obs.phase is Phase.DOUBLING:
        return tr("panel.your_call_raise")
    return tr("panel.show_title") if showing_late(obs) else tr("panel.projects_title")


def panel_note(obs: Observation) -> str:
    """The line under the panel's title: the projects, what Locked and Open mean, or what the calls
    of this bidding round are (classic Belote, the third round, Riyadh Ashkal)."""
    if obs.phase is Phase.PLAYING:
        return projects_line(obs)
    if LOCKED in obs.legal_actions or OPEN in obs.legal_actions:
        return tr("panel.locked_open")
    if obs.phase is not Phase.BIDDING or obs.buying_card < 0:
        return ""
    card = card_label(obs.buying_card)
    if obs.rules.belote:
        return tr("panel.belote_round1" if obs.bidding_round == 1 else "panel.belote_round2", card=card)
    if obs.bidding_round == 3:
        return tr("panel.round3", card=card)
    if obs.bidding_round == 2 and ASHKAL in obs.legal_actions:
        return tr("panel.riyadh_ashkal")
    return ""


def belote_cards(obs: Observation) -> tuple[int, int] | None:
    """Classic Belote: the King and Queen of trump, when the contract has a trump."""
    c = obs.contract
    if not obs.rules.belote or c is None or c.sun or not 0 <= c.trump < 4:
        return None
    return c.trump * 8 + KING, c.trump * 8 + QUEEN


def holds_belote(obs: Observation) -> bool:
    """The seat was dealt the King and Queen of trump and may still announce (belote, then
    rebelote): both in hand before the belote, the Queen in hand after it."""
    kq = belote_cards(obs)
    if kq is None or obs.phase is not Phase.PLAYING:
        return False
    king, queen = kq
    said = obs.belote_said[obs.seat]
    if said == 0:
        return bool(obs.hand >> king & 1 and obs.hand >> queen & 1)
    return said == 1 and bool(obs.hand >> queen & 1)


def is_ace(card: int) -> bool:
    return card >= 0 and rank_of(card) == ACE
