"""Bids, doubling, lock and Triple/Four/Gahwa chosen by simulation.

For each sampled deal of the unseen cards (the other hands and, during the bidding, the 11
undealt cards in their order) every call the seat may make is tried on the same deal: the rest
of the bidding and doubling follows the rule-based calls of ai/evaluate.py for every seat, the
deal is completed, and the hand is played out with the fast playout policy. A call's value is
our match-winning chance after the hand (ai/equity.py), so Gahwa and the late-match score count
as they should; the call with the best mean wins. All calls share the deals and the playout
seeds (common random numbers), so their differences are measured with little noise.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.actions import DOUBLE, PASS, TRIPLE, Action
from game.cards import team_of
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState
from game.worlds import InconsistentWorld, build_world

from .config import SearchConfig, SearchKind, SearchResult
from .equity import FITTED, Outcomes, equity_after, match_equity
from .evaluate import decide_call
from .heuristic import heuristic_call
from .inference import CallModel, weighted_deals
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


def hand_value(st: RoundState, team: int, rng: random.Random, eps: float,
               bonus: float = 0.0, sun_bonus: float | None = None,
               outcomes: Outcomes | None = None) -> float:
    """Our match equity after finishing this hand from `st` (calls by rule, play by playout).

    `bonus`: game points added to the declaring team's result (twice as many in Sun, whose points
    count double), for the playouts' bias against declarers (bench/rollout_calibration.py: real
    play gives them 1.4 more in Hokum, 2.6 in Sun). `sun_bonus`: the game points added in Sun
    instead (None: twice `bonus`). Baloot only: that is where it was measured. `outcomes`: the
    hand outcomes the match-win chance is built from (ai/equity.py; None: the hand-made ones)."""
    finish_calls(st)
    scores = st.match_scores
    if st.is_over():  # thrown in
        return match_equity(scores[team], scores[1 - team], st.rules, outcomes)
    cp = st.card_play()
    rollout(cp, rng, eps)
    r = cp.outcome()
    winner = r[3] if r[3] >= 0 else None
    if cp.sun:
        extra = 2 * bonus if sun_bonus is None else sun_bonus
    else:
        extra = bonus
    if extra <= 0 or winner is not None or st.rules.belote:
        return equity_after(scores, team, (r[0], r[1]), winner, st.rules, outcomes)
    whole = math.floor(extra)
    frac = extra - whole
    # The equity table counts whole points: interpolate between the two neighbours.
    lo = [r[0], r[1]]
    lo[cp.declarer_team] += whole
    hi = list(lo)
    hi[cp.declarer_team] += 1
    return ((1 - frac) * equity_after(scores, team, (lo[0], lo[1]), None, st.rules, outcomes)
            + frac * equity_after(scores, team, (hi[0], hi[1]), None, st.rules, outcomes))


def search_call(obs: Observation, legal: Sequence[Action], cfg: SearchConfig,
                rng: random.Random, known: RoundState | None = None) -> SearchResult:
    """The call with the best mean match equity over simulated deals (`known`: always this
    deal, for bench/openhand.py's player that sees every card)."""
    start = time.perf_counter()
    deadline = None if cfg.time_limit is None else start + cfg.time_limit
    sampler = WorldSampler(obs)
    team = team_of(obs.seat)
    model = CallModel(obs, mismatch=cfg.call_mismatch, fitted=cfg.call_fit) if cfg.infer else None
    values: dict[Action, list[float]] = {a: [] for a in legal}
    sun_bonus = None if cfg.sun_bonus < 0 else cfg.sun_bonus
    outcomes = FITTED if cfg.equity_fit else None
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
            values[a].append(hand_value(st, team, random.Random(sub), cfg.rollout_eps,
                                        cfg.declarer_bonus, sun_bonus, outcomes))
        n += 1
    stats = {a: (n, sum(values[a]) / max(n, 1)) for a in legal}
    best = max(legal, key=lambda a: (stats[a][1], -legal.index(a)))
    if cfg.call_margin > 0 and n > 1:
        # Keep the rule-based call unless the simulations show clearly that another is better:
        # the paired difference must exceed call_margin standard errors, and call_floor.
        rule = heuristic_call(obs, legal)
        if best != rule and rule in values:
            diffs = [x - y for x, y in zip(values[best], values[rule], strict=True)]
            if not clearly_better(diffs, cfg.call_margin, cfg.call_floor):
                best = rule
    if (best == DOUBLE and cfg.double_floor > 0 and PASS in values and n > 0
            and stats[DOUBLE][1] - stats[PASS][1] <= cfg.double_floor):
        best = PASS
    if (cfg.triple_floor > 0 and TRIPLE in values and PASS in values and n > 0
            and stats[PASS][1] - stats[TRIPLE][1] <= cfg.triple_floor):
        best = TRIPLE
    return SearchResult(best, stats, n, time.perf_counter() - start, SearchKind.CALL)


def clearly_better(diffs: Sequence[float], margin: float, floor: float) -> bool:
    """Paired differences (another call minus the rule-based one, deal by deal): is their mean
    above `margin` standard errors of itself, and above `floor`?"""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > margin * (var / n) ** 0.5 and mean > floor
