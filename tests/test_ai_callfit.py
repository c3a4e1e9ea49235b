"""The call model fitted to a search player's calls (ai/callfit.py, `cfit=1`)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from ai.callfit import NF, call_features, call_probabilities
from ai.config import parse_budget
from ai.inference import CallModel
from ai.ismcts import ISMCTSAgent
from ai.posterior import posterior_worlds
from ai.registry import AgentSpecError, check_spec
from bench.calldata import deal_state
from bench.callfit_fit import Calls, fit
from bench.positions import random_positions
from game.actions import KAWESH, PASS
from game.phase import Phase
from game.state import RoundState

RULE_TENFOLD = (math.log(10.0),) + (0.0,) * (NF - 1)


def random_auction(index: int, seed: int) -> tuple[RoundState, list[tuple[int, int, list[list[float]]]]]:
    """A deal bid by random legal calls (Pass twice as likely, so auctions run to the raises
    too), to the start of the card play; for every call with a choice the caller, the call and
    the features from the caller's own view."""
    rng = random.Random(seed * 7919 + index)
    st = deal_state(index, seed)
    seen = []
    while not st.is_over() and st.phase in (Phase.BIDDING, Phase.DOUBLING):
        seat = st.to_move()
        assert seat is not None
        obs = st.observation(seat)
        legal = [a for a in obs.legal_actions if a != KAWESH]
        a = rng.choice(legal + [PASS] * (PASS in legal))
        if len(legal) > 1:
            seen.append((seat, a, call_features(seat, obs.hand, legal, obs.buying_card,
                                                tuple(obs.bids) + tuple(obs.raises), obs.contract,
                                                obs.match_scores, obs.bidding_round)))
        st.apply(a)
    return st, seen


def test_the_features_of_a_past_call_are_those_its_caller_saw() -> None:
    """What the fit reads (the caller's own observation) and what the weights of a deal use (the
    call model's replay of the public auction with the caller's cards in that deal) agree: the
    true deal gives every call of every other seat the features its caller had."""
    compared = raises = 0
    for index in range(150):
        st, seen = random_auction(index, seed=5)
        if st.is_over():
            continue
        for observer in range(4):
            model = CallModel(st.observation(observer), fitted=1)
            mine = [(s, a, f) for s, a, f in seen if s != observer]
            assert len(model.calls) == len(mine)
            for c, (seat, action, feats) in zip(model.calls, mine, strict=True):
                assert (c.seat, c.action) == (seat, action)
                hand = st.base.hands[seat] if not c.raise_phase else (
                    st.card_play().hands[seat])
                got = call_features(c.seat, hand, c.legal, st.base.buying_card, c.before,
                                    c.contract, st.base.match_scores, c.round)
                assert got == feats
                compared += 1
                raises += c.raise_phase
    assert compared > 500 and raises > 20


def test_probabilities_are_a_softmax_and_the_rule_weight_is_a_likelihood_ratio() -> None:
    """With only the rule-based call weighted (log 10), the model is the mismatch model with
    0.1: the rule's call ten times as likely as each other call."""
    for index in range(40):
        _st, seen = random_auction(index, seed=9)
        for _seat, _a, feats in seen:
            p = call_probabilities(feats, RULE_TENFOLD)
            assert sum(p) == pytest.approx(1.0)
            rule = [row[0] for row in feats]
            assert sum(rule) == 1.0
            k = rule.index(1.0)
            for i, q in enumerate(p):
                if i != k:
                    assert p[k] / q == pytest.approx(10.0)


def test_the_fit_recovers_the_weights_that_made_the_calls() -> None:
    """Newton's method on calls drawn from a known model gets its weights back."""
    rng = np.random.default_rng(3)
    true_w = np.array([1.5, -0.5, 2.0, 0.3] + [0.0] * (NF - 4))
    data = Calls()
    for i in range(3000):
        n = int(rng.integers(2, 5))
        X = np.zeros((n, NF))
        X[int(rng.integers(n)), 0] = 1.0
        X[:, 1] = rng.integers(0, 2, n)
        X[:, 2] = rng.normal(0.0, 1.0, n) * X[:, 1]
        X[:, 3] = rng.integers(0, 2, n)
        s = X @ true_w
        p = np.exp(s - s.max())
        p /= p.sum()
        data.X.append(X)
        data.y.append(int(rng.choice(n, p=p)))
        data.deal.append(f"x:{i}")
    w = fit(data, list(range(3000)), l2=1e-6)
    assert np.abs(w[:4] - true_w[:4]).max() < 0.25
    assert np.abs(w[4:]).max() < 1e-6  # features never on keep a zero weight


def test_fitted_weights_of_a_deal_are_the_product_of_the_call_probabilities() -> None:
    """The fitted call model's weight of the true deal during the auction is the product of the
    callers' probabilities of their calls (each from its own view); the mixture's (`fitted=2`)
    is, seat by seat, the mean of that product and the rules' (the rule-based call 1/eps times
    as likely as each other call, normalised)."""
    checked = 0
    eps = 0.1
    for index in range(200):
        rng = random.Random(index)
        st = deal_state(index, 13)
        probs: list[tuple[int, float, float]] = []
        while not st.is_over() and st.phase is Phase.BIDDING:
            seat = st.to_move()
            assert seat is not None
            obs = st.observation(seat)
            legal = [a for a in obs.legal_actions if a != KAWESH]
            a = rng.choice(legal + [PASS] * 3 * (PASS in legal))
            if len(legal) > 1:
                feats = call_features(seat, obs.hand, legal, obs.buying_card, obs.bids,
                                      obs.contract, obs.match_scores, obs.bidding_round)
                k = legal.index(a)
                by_rule = (1.0 if feats[k][0] else eps) / (1.0 + eps * (len(legal) - 1))
                probs.append((seat, call_probabilities(feats)[k], by_rule))
            if st.phase is Phase.BIDDING and len(probs) >= 3:
                observer = (seat + 1) & 3
                st.apply(a)
                if st.phase is not Phase.BIDDING or st.to_move() != observer:
                    break
                hands = list(st.base.hands)
                one = CallModel(st.observation(observer), mismatch=eps, fitted=1)
                assert one.weight(hands, rng) == pytest.approx(
                    math.prod(p for s, p, _r in probs if s != observer))
                two = CallModel(st.observation(observer), mismatch=eps, fitted=2)
                want = math.prod(
                    0.5 * (math.prod(p for s, p, _r in probs if s == seat_)
                           + math.prod(r for s, _p, r in probs if s == seat_))
                    for seat_ in {s for s, _p, _r in probs if s != observer})
                assert two.weight(hands, rng) == pytest.approx(want)
                checked += 1
                break
            st.apply(a)
    assert checked > 40


def test_the_switch_reproduces_and_leaves_the_default_alone() -> None:
    """`cfit=1` turns the fitted model on; the same seed and budget give the same decision, and
    it weighs the Expert's worlds differently from the mismatch model on some position."""
    assert parse_budget("expert,cfit=2").call_fit == 2 and parse_budget("expert").call_fit == 0
    assert check_spec("ismcts:expert,cfit=1", experiments=True)
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,cfit=3", experiments=True)
    differ = 0
    for state, _ in random_positions(40, seed=11):
        seat = state.to_move()
        if state.phase is not Phase.PLAYING or state.tricks_done > 2 or seat is None:
            continue
        obs = state.observation(seat)
        legal = list(obs.legal_actions)
        on = [ISMCTSAgent(parse_budget("expert,iters=150,worlds=30,cfit=1"), seed=4).decide(obs, legal)
              for _ in range(2)]
        assert on[0].action == on[1].action and on[0].stats == on[1].stats
        a = posterior_worlds(obs, random.Random(1), 60, 0.0, call_fit=2)
        b = posterior_worlds(obs, random.Random(1), 60, 0.0, call_fit=0)
        differ += a.weights != b.weights
    assert differ > 3
