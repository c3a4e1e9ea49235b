"""The Expert's worlds: uniform deals (the prior) weighted by what the other seats did.

`PosteriorWorlds` draws `candidates` deals from the exact uniform sampler (ai/sampler.py, so
every one reproduces the observation exactly) and gives each the likelihood of the other seats'
public actions in that deal: their card plays under the play model (ai/playmodel.py) times their
calls under the rule-based call model (ai/inference.py). Each search iteration then takes one
deal with probability proportional to its weight (importance resampling), so the search sees
the deals in which the observed play looks natural more often.

A model is never exactly how the others play, and a posterior that rests on a handful of deals
overfits them; so the log-weights are tempered (multiplied by t <= 1, the largest t that keeps
the effective number of deals at least `min_ess` of the candidates). The cost is bounded: the
candidates are drawn once per decision and scored by one replay of the hand each.
"""

from __future__ import annotations

import bisect
import math
import random

from game.cardplay import CardPlay
from game.observation import Observation

from .inference import CallModel
from .playmodel import PlayLikelihood
from .sampler import SamplerError, WorldSampler


def effective_size(weights: list[float]) -> float:
    """(sum w)^2 / sum w^2: how many equally weighted deals the weights are worth."""
    s = 0.0
    s2 = 0.0
    for w in weights:
        s += w
        s2 += w * w
    return s * s / s2 if s2 > 0.0 else 0.0


def tempered(logw: list[float], min_ess: float) -> tuple[list[float], float]:
    """Weights exp(t * (logw - max)) for the largest t in [0, 1] (to 1/64) whose effective size is at
    least min_ess * len(logw); and that t."""
    top = max(logw)
    shifted = [x - top for x in logw]
    target = min_ess * len(logw)

    def weights(t: float) -> list[float]:
        return [math.exp(t * x) for x in shifted]

    full = weights(1.0)
    if effective_size(full) >= target:
        return full, 1.0
    lo, hi = 0.0, 1.0
    for _ in range(6):
        mid = (lo + hi) / 2.0
        if effective_size(weights(mid)) >= target:
            lo = mid
        else:
            hi = mid
    return weights(lo), lo


class PosteriorWorlds:
    """Weighted deals for one decision (their card plays); `world(rng)` is a copy of one, drawn
    by weight. `posterior_worlds` builds them from an observation."""

    def __init__(self, states: list[CardPlay], weights: list[float], temper: float = 1.0) -> None:
        self.states = states
        self.weights = weights
        self.temper = temper
        self.template = states[0]
        self.cum: list[float] = []
        total = 0.0
        for w in weights:
            total += w
            self.cum.append(total)
        self.total = total
        self.ess = effective_size(weights)

    @property
    def filling(self) -> bool:
        """False: the deals are all drawn up front (the interface of ismcts.WorldPool)."""
        return False

    def pick(self, rng: random.Random) -> int:
        """The index of a deal drawn in proportion to its weight."""
        k = bisect.bisect_right(self.cum, rng.random() * self.total)
        return min(k, len(self.states) - 1)

    def world(self, rng: random.Random) -> CardPlay:
        return self.states[self.pick(rng)].copy()


def posterior_worlds(obs: Observation, rng: random.Random, candidates: int, min_ess: float,
                     call_mismatch: float = 0.3, plays: bool = True,
                     calls: bool = True) -> PosteriorWorlds:
    """`candidates` uniform deals for `obs`, weighted by the other seats' plays and calls."""
    sampler = WorldSampler(obs)
    template = CardPlay.public(obs)
    play_model = PlayLikelihood(obs, template) if plays else None
    call_model = CallModel(obs, mismatch=call_mismatch) if calls else None
    states: list[CardPlay] = []
    logw: list[float] = []
    for _ in range(candidates):
        try:
            hands = sampler.sample(rng)[0]
        except SamplerError:
            if not states:
                raise
            break
        lw = 0.0
        if play_model is not None and play_model.active:
            lw += play_model.log_weight(hands)
        if call_model is not None and call_model.active:
            lw += math.log(call_model.weight(hands, rng))
        states.append(sampler.fast_state(template, hands))
        logw.append(lw)
    weights, temper = tempered(logw, min_ess)
    return PosteriorWorlds(states, weights, temper)
