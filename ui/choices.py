"""What the seat to move may do now, worded for the player — read from its `Observation` alone."""

from __future__ import annotations

from game.actions import DECLARE, NO_DECLARE, PASS, Action, is_card
from game.cards import CardSet, cards_in, rank_of, suit_of
from game.observation import Observation
from game.phase import Phase

from . import i18n
from .text import call_label, card_label, project_name, tr


def deciding(obs: Observation) -> bool:
    return obs.to_move == obs.seat and bool(obs.legal_actions)


def choosing_contract(obs: Observation) -> bool:
    """The Hokum bidder keeps Hokum or switches to Sun: the one stage of the bidding without Pass."""
    return obs.phase is Phase.BIDDING and PASS not in obs.legal_actions


def call_labels(obs: Observation) -> list[tuple[Action, str]]:
    """The calls the panel offers (every legal action that is not a card), with their words."""
    legal = obs.legal_actions
    if obs.phase is Phase.PLAYING:
        return [(a, tr("call.declare") if a == DECLARE else tr("call.no_declare"))
                for a in legal if a in (DECLARE, NO_DECLARE)]
    buy_suit = suit_of(obs.buying_card) if obs.buying_card >= 0 else None
    choice = choosing_contract(obs)
    return [(a, call_label(a, buy_suit, obs.bidding_round, choice)) for a in legal]


def playable(obs: Observation) -> set[int] | None:
    """The cards the seat may play now (None: it is not choosing a card)."""
    if obs.phase is not Phase.PLAYING or not deciding(obs) or DECLARE in obs.legal_actions:
        return None
    return {a for a in obs.legal_actions if is_card(a)}


def display_order(cards: CardSet) -> list[int]:
    """Cards by suit, strongest rank first (for the projects and the hand read aloud)."""
    return sorted(cards_in(cards), key=lambda c: (suit_of(c), -rank_of(c)))


def projects_line(obs: Observation) -> str:
    """'Sira (9♠ 8♠ 7♠), Fifty (…)' for the projects the seat holds."""
    parts = []
    for kind, cards in zip(obs.own_projects, obs.own_project_cards, strict=False):
        parts.append(f"{project_name(kind)} ({' '.join(card_label(c) for c in display_order(cards))})")
    return i18n.list_join(parts)


def panel_title(obs: Observation) -> str:
    if obs.phase is Phase.BIDDING:
        return tr("panel.your_call", round=obs.bidding_round)
    if obs.phase is Phase.DOUBLING:
        return tr("panel.your_call_raise")
    return tr("panel.projects_title")


def panel_note(obs: Observation) -> str:
    """The line under the panel's title: the projects, or what Locked and Open mean."""
    from game.actions import LOCKED, OPEN
    if obs.phase is Phase.PLAYING:
        return projects_line(obs)
    if LOCKED in obs.legal_actions or OPEN in obs.legal_actions:
        return tr("panel.locked_open")
    return ""
