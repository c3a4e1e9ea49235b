"""What the calls say about the hands: a soft likelihood of the other seats' public calls.

The sampler deals uniformly among the deals that agree with the hard facts. A seat's calls
also say something: a Hokum bidder usually holds trumps, four passes mean weak hands. Under the
rule-based call model of ai/call_rules.py a call agreeing with the model has likelihood 1 and one
that does not has likelihood `mismatch`; a deal's weight is the product over the calls.
`weighted_deals` draws deals from that posterior at a bounded cost: a fixed number of uniform
deals, resampled in proportion to their weights (importance resampling; keeping each deal with
probability equal to its weight instead, as before, needed a hundred draws or more per deal when
no deal fits every call).

For calls made during the bidding the model needs the seat's first five cards; once the deal is
completed they are unknown, so each deal draws them uniformly from the seat's cards (for the
taker, among the cards other than the buying card) — under a uniform deal every such split is
equally likely, so this keeps the draw exact.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from game.actions import KAWESH, Action
from game.bidding import Bidding
from game.cards import cards_in
from game.contract import Contract
from game.doubling import Doubling
from game.observation import Observation
from game.phase import Phase

from .call_rules import decide_call
from .sampler import SamplerError, WorldSampler

_NOT_KAWESH = 1 << 7  # any hand holding an Ace: Kawesh is never among its calls


@dataclass(frozen=True)
class PastCall:
    seat: int
    legal: tuple[Action, ...]
    before: tuple[tuple[int, Action], ...]
    contract: Contract | None
    round: int
    action: Action
    raise_phase: bool


class CallModel:
    """The likelihood of the other seats' calls in a deal: each call the rule-based call would
    have made counts 1, each other `mismatch`."""

    def __init__(self, obs: Observation, mismatch: float = 0.3) -> None:
        self.obs = obs
        self.mismatch = mismatch
        self.calls: list[PastCall] = []
        if obs.buying_card < 0:
            return
        b = Bidding(obs.dealer, obs.buying_card, obs.rules)
        hist: list[tuple[int, Action]] = []
        for seat, a in obs.bids:
            legal = tuple(b.legal(_NOT_KAWESH))
            if seat != obs.seat and len(legal) > 1 and a != KAWESH:
                self.calls.append(PastCall(seat, legal, tuple(hist), None, b.round, a, False))
            b.apply(a, 0 if a == KAWESH else _NOT_KAWESH)
            hist.append((seat, a))
        if obs.raises and b.contract is not None:
            d = Doubling.start(b.contract, obs.match_scores, obs.rules)
            for seat, a in obs.raises:
                legal = tuple(d.legal())
                if seat != obs.seat and len(legal) > 1:
                    self.calls.append(PastCall(seat, legal, tuple(hist), d.contract, b.round, a, True))
                d.apply(a)
                hist.append((seat, a))
        self.played_by = obs.played_by

    @property
    def active(self) -> bool:
        return bool(self.calls)

    def weight(self, hands: list[int], rng: random.Random, floor: float = 0.0) -> float:
        """The chance to keep this deal (the likelihood of the calls, scaled to at most 1);
        stops early, returning 0, once it falls to `floor` or below (the rule-based model only)."""
        obs = self.obs
        fives: dict[int, int] = {}
        w = 1.0
        for c in self.calls:
            hand = self._hand(c, hands, fives, rng)
            pred = decide_call(c.seat, hand, c.legal, obs.buying_card, c.before, c.contract,
                               obs.match_scores, c.round, belote=obs.rules.belote)
            if pred != c.action:
                w *= self.mismatch
                if w <= floor:
                    return 0.0
        return w

    def _hand(self, c: PastCall, hands: list[int], fives: dict[int, int],
              rng: random.Random) -> int:
        """The caller's cards when it made call `c` in this deal: while bidding its first five,
        drawn once per deal and seat when the deal is complete."""
        full = hands[c.seat] | self.played_by[c.seat]
        if c.raise_phase or self.obs.phase is Phase.BIDDING:
            return full
        hand = fives.get(c.seat, -1)
        if hand < 0:
            obs = self.obs
            hand = _first_five(full, obs.buying_card if obs.buyer == c.seat else -1, rng)
            fives[c.seat] = hand
        return hand


def _first_five(full: int, buying_card: int, rng: random.Random) -> int:
    pool = full & ~(1 << buying_card) if buying_card >= 0 else full
    cards = cards_in(pool)
    m = 0
    for c in rng.sample(cards, 5):
        m |= 1 << c
    return m


def weighted_deals(sampler: WorldSampler, model: CallModel | None, rng: random.Random, count: int,
                   oversample: int = 2, deadline: float | None = None) -> list[tuple[list[int], list[int]]]:
    """`count` deals from the posterior of the calls, at a bounded cost: count * oversample
    uniform deals weighted by the model (fewer once time.perf_counter() passes `deadline`), then
    resampled in proportion to their weights (systematic resampling). Without an active model:
    `count` uniform deals."""
    if model is None or not model.active:
        return [sampler.sample(rng) for _ in range(count)]
    deals: list[tuple[list[int], list[int]]] = []
    cum: list[float] = []
    total = 0.0
    for i in range(count * oversample):
        if deadline is not None and i & 15 == 15 and time.perf_counter() > deadline:
            break
        try:
            deal = sampler.sample(rng)
        except SamplerError:
            if not deals:
                raise
            break
        total += model.weight(deal[0], rng)
        deals.append(deal)
        cum.append(total)
    out: list[tuple[list[int], list[int]]] = []
    step = total / count
    u = rng.random() * step
    k = 0
    for _ in range(count):
        while k < len(deals) - 1 and cum[k] <= u:
            k += 1
        out.append(deals[k])
        u += step
    return out
