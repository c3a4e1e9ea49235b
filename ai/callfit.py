"""A model of the other seats' calls fitted to a search player's own calls (Baloot rules).

The call model of ai/inference.py says a seat makes the rule-based call (ai/evaluate.py) and
otherwise any call with one fixed chance. A search player departs from the rules where its
simulation says so, which is more likely near a threshold than far from it, and some calls
(Hard's doubles) follow the match score as much as the cards. Here each legal call gets a score,
a weighted sum of a few features of the call and the caller's cards, and P(call) is the softmax
over the legal calls. The features are the rule-based call, one bias per kind of call, and for
each kind the hand's strength for it less the rules' threshold (so the weight says how sharply the
player follows the rule), plus the caller's team's deficit for a raise. The weights were fitted
to Hard's calls in self-play by bench/callfit_fit.py and live in ai/callfit_weights.py.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from game.actions import (
    ASHKAL,
    DOUBLE,
    FOUR,
    GAHWA,
    HOKUM,
    HOKUM_SUIT_BASE,
    OPEN,
    SUN,
    TRIPLE,
    Action,
)
from game.cards import suit_of, team_of
from game.contract import Contract

from .callfit_weights import WEIGHTS
from .evaluate import (
    DOUBLE_HOKUM,
    DOUBLE_SUN,
    FOUR_AT,
    GAHWA_AT,
    HOKUM_BID,
    SUN_BID,
    TRIPLE_AT,
    decide_call,
    defense_strength,
    hokum_value,
    sun_value,
)

FEATURES = (
    "rule", "hokum", "hokum_value", "hokum_round2", "sun", "sun_value", "ashkal", "ashkal_value",
    "double", "double_strength", "triple_gahwa", "triple_gahwa_value", "four", "four_strength",
    "open", "raise_behind", "double_sun",
)
"""The features of a call, in the order of the weights."""
NF = len(FEATURES)


def call_features(seat: int, hand: int, legal: Sequence[Action], buying_card: int,
                  before: Sequence[tuple[int, Action]], contract: Contract | None,
                  match_scores: tuple[int, int], bidding_round: int) -> list[list[float]]:
    """One feature row per legal call (in `legal`'s order) for a seat holding `hand` (its five
    cards while bidding, its eight when raising)."""
    rule = decide_call(seat, hand, legal, buying_card, before, contract, match_scores,
                       bidding_round)
    six = hand | (1 << buying_card) if buying_card >= 0 else hand
    buy_suit = suit_of(buying_card) if buying_card >= 0 else -1
    team = team_of(seat)
    behind = (match_scores[1 - team] - match_scores[team]) / 100.0
    rows = []
    for a in legal:
        f = [0.0] * NF
        f[0] = 1.0 if a == rule else 0.0
        if a == HOKUM or HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4:
            f[1] = 1.0
            if a != HOKUM:
                v = hokum_value(six, a - HOKUM_SUIT_BASE) - HOKUM_BID
            elif bidding_round == 1 or buy_suit < 0:
                v = hokum_value(six, buy_suit) - HOKUM_BID if buy_suit >= 0 else 0.0
            else:  # round 2: Hokum in the best suit other than the buying card's
                v = max(hokum_value(six, s) for s in range(4) if s != buy_suit) - HOKUM_BID - 0.2
                f[3] = 1.0
            f[2] = v
        elif a == SUN:
            f[4] = 1.0
            f[5] = sun_value(six) - SUN_BID
        elif a == ASHKAL:
            f[6] = 1.0
            f[7] = sun_value(hand) - SUN_BID
        elif a == DOUBLE and contract is not None:
            f[8] = 1.0
            f[9] = defense_strength(hand, contract) - (DOUBLE_SUN if contract.sun else DOUBLE_HOKUM)
            f[15] = behind
            f[16] = 1.0 if contract.sun else 0.0
        elif a in (TRIPLE, GAHWA) and contract is not None:
            f[10] = 1.0
            f[11] = hokum_value(hand, contract.trump) - (TRIPLE_AT if a == TRIPLE else GAHWA_AT)
            f[15] = behind
        elif a == FOUR and contract is not None:
            f[12] = 1.0
            f[13] = defense_strength(hand, contract) - FOUR_AT
            f[15] = behind
        elif a == OPEN:
            f[14] = 1.0
        rows.append(f)
    return rows


def call_probabilities(rows: Sequence[Sequence[float]],
                       weights: Sequence[float] = WEIGHTS) -> list[float]:
    """The softmax over the rows' scores."""
    scores = [sum(w * x for w, x in zip(weights, r, strict=True)) for r in rows]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return [e / total for e in exps]


def call_probability(seat: int, hand: int, legal: Sequence[Action], action: Action,
                     buying_card: int, before: Sequence[tuple[int, Action]],
                     contract: Contract | None, match_scores: tuple[int, int],
                     bidding_round: int) -> tuple[float, bool]:
    """P(`action` | the caller's hand and the auction) under the fitted weights, and whether it
    is the rule-based call."""
    rows = call_features(seat, hand, legal, buying_card, before, contract, match_scores,
                         bidding_round)
    k = list(legal).index(action)
    return call_probabilities(rows)[k], rows[k][0] == 1.0
