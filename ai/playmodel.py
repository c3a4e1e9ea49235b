"""How a seat chooses its cards, as a probability: the play model behind the Expert's inference.

P(card | the mover's own hand and the public state) is a softmax over a few features of each
legal card: whether it is the playout policy's card (ai/policy.py), its points, trump, whether
it takes the trick now, whether it is a master, whether it is the lowest or highest card of its
suit in the hand — the last six each with its own weight when leading, when the partner is
winning the trick and when an opponent is. The weights were fitted by maximum likelihood to the
card decisions of Hard in self-play (bench/playdata.py, then bench/playmodel_fit.py, which
prints the fit; docs/ai.md has the figures).

`PlayLikelihood` replays the card play of the hand so far in one world (a deal of the hidden
cards) and sums the log-probabilities of the cards the other seats actually played: a world in
which those plays look natural weighs more than one in which they look odd. The observer's own
plays are not scored (they do not depend on the hidden cards).
"""

from __future__ import annotations

import math
from typing import Final

from game.actions import card_of
from game.cardplay import CardPlay
from game.cards import FULL_DECK, SUIT_MASKS
from game.observation import Observation

from .policy import policy_card

FEATURES: Final = (
    "policy",
    "points_lead", "points_partner", "points_opponent",
    "trump_lead", "trump_partner", "trump_opponent",
    "wins_partner", "wins_opponent",
    "master_lead", "master_partner", "master_opponent",
    "lowest_lead", "lowest_partner", "lowest_opponent",
    "highest_lead", "highest_partner", "highest_opponent",
)
"""The features of a legal card (`_lead`, `_partner`, `_opponent`: who is winning the trick)."""

WEIGHTS: tuple[float, ...] = (
    0.304,
    -0.115, 0.288, -0.822,
    -0.158, -1.922, -3.868,
    0.844, 2.350,
    0.539, -0.563, -0.088,
    0.523, 0.480, 0.224,
    0.434, 0.416, 0.114,
)
"""Fitted by bench/playmodel_fit.py to 2,461 card decisions of Hard in 115 self-play hands
(see docs/ai.md). Not `Final`: compiled by mypyc, such a tuple read in PlayLikelihood was found
unset at run time (NameError) once PlayHistory joined this module."""

LEAD: Final = 0
PARTNER: Final = 1
OPPONENT: Final = 2


def situation(st: CardPlay) -> int:
    """Who is winning the trick for the seat to move: LEAD (nobody yet), PARTNER or OPPONENT."""
    n = len(st.trick)
    if n == 0:
        return LEAD
    return PARTNER if n - st.win_idx == 2 else OPPONENT


def card_features(st: CardPlay, card: int, policy: int, out: int, hand: int, ctx: int) -> list[float]:
    """The feature vector of `card` (FEATURES order) for the seat to move."""
    f = [0.0] * 18
    if card == policy:
        f[0] = 1.0
    f[1 + ctx] = st.values[card] / 10.0
    suit = card >> 3
    if suit == st.trump:
        f[4 + ctx] = 1.0
    if ctx != LEAD:
        trick = st.trick
        best = trick[st.win_idx]
        if st.strength[card] > st.strength[best] and (suit == trick[0] >> 3 or suit == st.trump):
            f[6 + ctx] = 1.0
    stronger = st.stronger[card]
    if not stronger & out:
        f[9 + ctx] = 1.0
    same = hand & SUIT_MASKS[suit]
    if not same & ~stronger & ~(1 << card):  # nothing weaker of its suit in the hand
        f[12 + ctx] = 1.0
    if not same & stronger:
        f[15 + ctx] = 1.0
    return f


def card_scores(st: CardPlay, legal: int, weights: tuple[float, ...]) -> tuple[list[int], list[float]]:
    """The legal cards of the seat to move, in card order, and each one's score (the model's
    log-odds up to a constant)."""
    seat = st.to_move()
    hand = st.hands[seat]
    out = FULL_DECK & ~st.played & ~hand
    policy = policy_card(st, legal, 1.0, 0.0)
    ctx = situation(st)
    cards: list[int] = []
    scores: list[float] = []
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        f = card_features(st, c, policy, out, hand, ctx)
        s = 0.0
        for i in range(18):
            s += weights[i] * f[i]
        cards.append(c)
        scores.append(s)
    return cards, scores


def log_prob(st: CardPlay, legal: int, card: int, weights: tuple[float, ...]) -> float:
    """log P(card) for the seat to move among `legal` (more than one card; `card` among them)."""
    cards, scores = card_scores(st, legal, weights)
    top = max(scores)
    total = 0.0
    for s in scores:
        total += math.exp(s - top)
    return scores[cards.index(card)] - top - math.log(total)


class PlayHistory:
    """The card play of the hand so far as one seat saw it, to be replayed in a world (a deal of
    the hidden cards): the contract, the first leader, and every card in order with its seat."""

    def __init__(self, obs: Observation) -> None:
        c = obs.contract
        assert c is not None
        self.seat = obs.seat
        self.trump, self.locked = c.trump, c.locked
        self.declarer_team, self.raise_level = c.declarer_team, c.raise_level
        self.classic = obs.rules.belote
        pb = obs.play_base
        if pb is not None:
            self.leader = pb.leader
        else:
            self.leader = obs.tricks[0][0] if obs.tricks else obs.trick_leader
        self.played_by = obs.played_by
        self.plays = [(seat, card_of(a)) for seat, a in obs.history if card_of(a) >= 0]
        self.scored = sum(1 for seat, _ in self.plays if seat != obs.seat)

    @property
    def active(self) -> bool:
        """Some other seat has played a card."""
        return self.scored > 0

    def start(self, hands: list[int]) -> CardPlay:
        """The card play from its first card in the world `hands` (the current holdings; the
        cards played are added back)."""
        start = [hands[s] | self.played_by[s] for s in range(4)]
        return CardPlay.start(self.trump, self.locked, self.declarer_team, self.raise_level,
                              self.leader, start, classic=self.classic)


class PlayLikelihood:
    """The log-likelihood of the other seats' card plays so far, in a world."""

    def __init__(self, obs: Observation, weights: tuple[float, ...] | None = None) -> None:
        self.history = PlayHistory(obs)
        self.weights = WEIGHTS if weights is None else weights

    @property
    def active(self) -> bool:
        """Some other seat has played a card."""
        return self.history.active

    def log_weight(self, hands: list[int]) -> float:
        """Sum of log P(card) over the other seats' plays with a choice, in the world `hands`
        (the current holdings; the cards played are added back)."""
        h = self.history
        st = h.start(hands)
        total = 0.0
        for seat, card in h.plays:
            if seat != h.seat:
                legal = st.legal()
                if legal & (legal - 1):
                    total += log_prob(st, legal, card, self.weights)
            st.play(card)
        return total
