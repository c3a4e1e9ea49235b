"""Bids, doubling, lock and Triple/Four/Gahwa chosen by simulation.

For each sampled deal of the unseen cards (the other hands and, during the bidding, the 11
undealt cards in their order) every call the seat may make is tried on the same deal: the rest
of the bidding and doubling follows the rule-based calls of ai/call_rules.py for every seat, the
deal is completed, and the hand is played out with the fast playout policy. A call's value is
our match-winning chance after the hand (ai/equity.py), so Gahwa and the late-match score count
as they should; the call with the best mean wins. All calls share the deals and the playout
seeds (common random numbers), so their differences are measured with little noise.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from game.actions import DOUBLE, PASS, Action
from game.cards import team_of
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState
from game.worlds import InconsistentWorld, build_world

from .call_likelihood import CallModel, weighted_deals
from .call_rules import decide_call
from .config import SearchConfig, SearchKind, SearchResult
from .equity import equity_after, match_equity
from .heuristic import heuristic_call
from .policy import rollout
from .sampler import WorldSampler

MAX_CALL_DEALS = 4096
"""Distinct deals drawn for one call (a larger budget reuses them)."""


def finish_calls(st: RoundState) -> None:
    """Play the remaining bidding and doubling with the rule-based calls."""
    while st.phase is Phase.BIDDING or st.phase is Phase.DOUBLING:
        seat = st.to_move()
        assert seat is not None
        legal = st.legal_actions()
        if len(legal) == 1:
            st.apply(legal[0])
            continue
        hist = list(st.bidding.history)
        if st.doubling is not None:
            hist += st.doubling.history
        st.apply(decide_call(seat, st.hands[seat], legal, st.buying_card, hist, st.contract,
                             st.match_scores, st.bidding.round, belote=st.rules.belote))


def hand_value(st: RoundState, team: int, rng: random.Random, eps: float) -> float:
    """Our match equity after finishing this hand from `st` (calls by rule, play by playout)."""
    finish_calls(st)
    scores = st.match_scores
    if st.is_over():  # thrown in
        return match_equity(scores[team], scores[1 - team], st.rules)
    cp = st.card_play()
    rollout(cp, rng, eps)
    r = cp.outcome()
    return equity_after(scores, team, (r[0], r[1]), r[3] if r[3] >= 0 else None, st.rules)


def search_call(obs: Observation, legal: Sequence[Action], cfg: SearchConfig,
                rng: random.Random, known: RoundState | None = None) -> SearchResult:
    """The call with the best mean match equity over simulated deals (`known`: always this
    deal, for lab/openhand.py's player that sees every card)."""
    start = time.perf_counter()
    deadline = None if cfg.time_limit is None else start + cfg.time_limit
    sampler = WorldSampler(obs)
    team = team_of(obs.seat)
    model = CallModel(obs, mismatch=cfg.call_mismatch) if cfg.infer else None
    values: dict[Action, list[float]] = {a: [] for a in legal}
    n = 0
    deals = [] if known is not None else weighted_deals(
        sampler, model, rng, min(cfg.call_worlds, MAX_CALL_DEALS), deadline=deadline)
    for i in range(cfg.call_worlds):
        if deadline is not None and n >= 4 and time.perf_counter() > deadline:
            break
        if known is not None:
            base = known
        else:
            hands, stock = deals[i % len(deals)]
            try:
                base = build_world(obs, hands, stock)
            except InconsistentWorld:  # cannot happen for a sampled deal; skip it if it ever did
                continue
        sub = rng.getrandbits(32)
        for a in legal:
            st = base.clone()
            st.apply(a)
            values[a].append(hand_value(st, team, random.Random(sub), cfg.rollout_eps))
        n += 1
    stats = {a: (n, sum(values[a]) / max(n, 1)) for a in legal}
    best = max(legal, key=lambda a: (stats[a][1], -legal.index(a)))
    if cfg.call_margin > 0 and n > 1:
        # Keep the rule-based call unless the simulations show clearly that another is better:
        # the paired difference must exceed call_margin standard errors.
        rule = heuristic_call(obs, legal)
        if best != rule and rule in values:
            diffs = [x - y for x, y in zip(values[best], values[rule], strict=True)]
            if not clearly_better(diffs, cfg.call_margin):
                best = rule
    if (best == DOUBLE and cfg.double_floor > 0 and PASS in values and n > 0
            and stats[DOUBLE][1] - stats[PASS][1] <= cfg.double_floor):
        best = PASS
    return SearchResult(best, stats, n, time.perf_counter() - start, SearchKind.CALL)


def clearly_better(diffs: Sequence[float], margin: float) -> bool:
    """Paired differences (another call minus the rule-based one, deal by deal): is their mean
    above `margin` standard errors of itself, and above 0?"""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * (var / n) ** 0.5 and mean > 0.0
