"""The Expert's worlds: uniform deals (the prior) weighted by what the other seats did.

`PosteriorWorlds` draws `candidates` deals from the exact uniform sampler (ai/sampler.py, so
every one reproduces the observation exactly) and gives each the likelihood of the other seats'
public actions in that deal: their card plays under the play networks (ai/playnet.py) times
their calls under the rule-based call model (ai/call_likelihood.py), times their silence in the first trick
(`SilentProjects`: a seat that declared nothing but holds projects in the deal chose not to).
Each search iteration then takes one deal with probability proportional to its weight
(importance resampling), so the search sees the deals in which the observed play looks natural
more often.

A model is never exactly how the others play, and a posterior that rests on a handful of deals
overfits them; so the log-weights are tempered (multiplied by t <= 1, the largest t that keeps
the effective number of deals at least `min_ess` of the candidates). The cost is bounded: the
candidates are drawn once per decision and scored by one replay of the hand each.
"""

from __future__ import annotations

import bisect
import math
import random
from dataclasses import dataclass

from game.cardplay import CardPlay
from game.observation import Observation

from .call_likelihood import CallModel
from .playnet import NetLikelihood, play_networks
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


class SilentProjects:
    """The other seats that played to the first trick without declaring: a deal in which such a
    seat holds projects is one where it kept them back, which the computer players never do and
    people seldom do. `silent` is that choice's likelihood (1: no inference)."""

    def __init__(self, obs: Observation, sampler: WorldSampler, silent: float) -> None:
        self.sampler = sampler
        self.log_silent = math.log(max(silent, 1e-12))
        self.seats = [] if silent >= 1.0 or obs.rules.belote else [
            s for s in range(4) if s != obs.seat and obs.declared[s] == ()]

    @property
    def active(self) -> bool:
        return bool(self.seats)

    def log_weight(self, hands: list[int]) -> float:
        return sum(self.log_silent for s in self.seats if self.sampler.projects_of(hands, s))


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
        self.evidence: list[list[float]] | None = None
        """Per seat, per play network: how well it explains the seat's plays."""

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


@dataclass
class Candidates:
    """Uniform deals for one observation and, per deal, the log-likelihood of each kind of
    public action of the other seats (0.0 where that model is off or has nothing to score)."""
    hands: list[list[int]]
    plays: list[float]
    calls: list[float]
    silence: list[float]
    evidence: list[list[float]] | None = None
    """Per seat, per play network: how well it explains the seat's plays."""


def play_scores(obs: Observation,
                worlds: list[list[int]]) -> tuple[list[float], list[list[float]] | None]:
    """Each world's log-likelihood of the other seats' card plays under the play networks (an
    even mixture of Hard's and the HeuristicAgent's, ai/playnet.py), and the evidence for each
    network per seat (NetLikelihood.evidence)."""
    net = NetLikelihood(obs, play_networks())
    if not net.active:
        return [0.0] * len(worlds), net.evidence
    return net.log_weights(worlds), net.evidence


def candidate_deals(obs: Observation, sampler: WorldSampler, rng: random.Random,
                    candidates: int, call_mismatch: float = 0.3, plays: bool = True,
                    calls: bool = True, silent: float = 1.0) -> Candidates:
    """`candidates` uniform deals from `sampler` (fewer if it runs dry after the first), each
    scored by the play networks (`play_scores`), the call model and the silence about
    projects."""
    call_model = CallModel(obs, mismatch=call_mismatch) if calls else None
    silence = SilentProjects(obs, sampler, silent)
    out = Candidates([], [], [], [])
    for _ in range(candidates):
        try:
            hands = sampler.sample(rng)[0]
        except SamplerError:
            if not out.hands:
                raise
            break
        out.hands.append(hands)
        out.calls.append(math.log(call_model.weight(hands, rng))
                         if call_model is not None and call_model.active else 0.0)
        out.silence.append(silence.log_weight(hands) if silence.active else 0.0)
    if plays:
        out.plays, out.evidence = play_scores(obs, out.hands)
    else:
        out.plays = [0.0] * len(out.hands)
    return out


def posterior_worlds(obs: Observation, rng: random.Random, candidates: int, min_ess: float,
                     call_mismatch: float = 0.3, plays: bool = True,
                     calls: bool = True, silent: float = 1.0) -> PosteriorWorlds:
    """`candidates` uniform deals for `obs`, weighted by the other seats' plays (under the play
    networks), calls and silence about projects."""
    sampler = WorldSampler(obs)
    template = CardPlay.public(obs)
    found = candidate_deals(obs, sampler, rng, candidates, call_mismatch, plays, calls, silent)
    states = [sampler.fast_state(template, hands) for hands in found.hands]
    logw = [p + c + q for p, c, q in zip(found.plays, found.calls, found.silence, strict=True)]
    weights, temper = tempered(logw, min_ess)
    post = PosteriorWorlds(states, weights, temper)
    post.evidence = found.evidence
    return post
