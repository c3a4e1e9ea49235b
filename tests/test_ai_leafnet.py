"""The search's learned leaf evaluation (ai/leafnet.py, a pilot switch `vnet=1`): its inputs say
the same of a position however the seats and the indistinct suits are named, its value is North-
South's, and the search that uses it stays legal and reproducible."""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

import numpy as np
import pytest

from ai.config import parse_budget
from ai.ismcts import ISMCTSAgent
from ai.leafnet import (
    LEAF_TRICKS,
    N_CARDS,
    N_INPUTS,
    N_SUITS,
    SUIT_FEATURES,
    applies,
    canonical,
    describe,
    inputs,
    leaf_value,
)
from ai.registry import check_spec
from bench.leafnet_fit import _perm_columns
from bench.positions import heuristic_hand
from game.cardplay import CardPlay
from game.phase import Phase
from tests.test_ai_expert import TINY


def _leaf_positions(n: int, seed: int = 3) -> list[CardPlay]:
    """Positions at the network's trick from HeuristicAgent hands."""
    out = []
    hand = 0
    while len(out) < n:
        hand += 1
        for s in heuristic_hand(seed, hand):
            if s.phase is Phase.PLAYING and s.cp is not None and s.cp.done == LEAF_TRICKS \
                    and not s.cp.trick:
                if applies(s.card_play()):
                    out.append(s.card_play())
                break
    return out


def _rotated(d: dict[str, Any], k: int) -> dict[str, Any]:
    """The same position with every seat moved on by k (teams swap when k is odd)."""
    def seats(xs: list[Any]) -> list[Any]:
        return [xs[(s - k) & 3] for s in range(4)]
    swap = k & 1
    out = dict(d)
    out.update(hands=seats(d["hands"]), kq=seats(d["kq"]), blocked=seats(d["blocked"]),
               leader=(d["leader"] + k) & 3, declarer=d["declarer"] ^ swap,
               points=d["points"][::-1] if swap else d["points"],
               tricks=d["tricks"][::-1] if swap else d["tricks"],
               projects=d["projects"][::-1] if swap else d["projects"],
               baloot=(d["baloot"] + k) & 3 if d["baloot"] >= 0 else -1)
    return out


def _suits_renamed(d: dict[str, Any], perm: tuple[int, ...]) -> dict[str, Any]:
    """The same position with suit s called perm[s]."""
    def cards(mask: int) -> int:
        out = 0
        for c in range(32):
            if mask >> c & 1:
                out |= 1 << (perm[c >> 3] * 8 + (c & 7))
        return out
    out = dict(d)
    out.update(hands=[cards(h) for h in d["hands"]],
               trump=perm[d["trump"]] if d["trump"] >= 0 else -1)
    return out


def test_canonical_card_index_is_a_permutation() -> None:
    for trump in (-1, 0, 1, 2, 3):
        assert sorted(canonical(trump)) == list(range(32))
    # the trump Jack is the strongest card of the first block; in Sun the Ace of each suit
    assert canonical(2)[2 * 8 + 4] == 7
    assert canonical(-1)[3 * 8 + 7] == 3 * 8 + 7


def test_inputs_are_relative_to_the_leader_and_the_value_to_north_south() -> None:
    positions = _leaf_positions(12)
    values = []
    for cp in positions:
        d = describe(cp)
        x = inputs(d)
        assert x.shape == (N_INPUTS,)
        # every card still in a hand is one input, each under one seat
        assert x[:N_CARDS].sum() == sum(h.bit_count() for h in cp.hands) == 20
        for k in (1, 2, 3):
            assert np.array_equal(inputs(_rotated(d, k)), x)
        values.append(leaf_value(cp))
    # the leader's team's value: North-South's when they lead, the negation otherwise
    cp = positions[0]
    turned = cp.copy()  # every seat moved on by one: the other team leads the same cards
    turned.leader = (cp.leader + 1) & 3
    turned.hands = [cp.hands[(s - 1) & 3] for s in range(4)]
    turned.kq = [cp.kq[(s - 1) & 3] for s in range(4)]
    turned.blocked = [cp.blocked[(s - 1) & 3] for s in range(4)]
    turned.proj_pts = [cp.proj_pts[(s - 1) & 3] for s in range(4)]
    turned.points = cp.points[::-1]
    turned.tricks_won = cp.tricks_won[::-1]
    turned.declarer_team ^= 1
    if cp.project_team >= 0:
        turned.project_team ^= 1
    if cp.baloot >= 0:
        turned.baloot = (cp.baloot + 1) & 3
    assert leaf_value(turned) == pytest.approx(-values[0])
    assert len(set(values)) > 6  # the positions are told apart


def test_suit_inputs() -> None:
    d = describe(_leaf_positions(1, seed=7)[0])
    x = inputs(d)
    per = x[N_CARDS:N_CARDS + N_SUITS].reshape(4, 4, len(SUIT_FEATURES))
    held = x[:N_CARDS].reshape(4, 8, 4)
    for suit in range(4):
        present = [k for k in range(8) if held[suit, k].any()]
        for rel in range(4):
            assert per[suit, rel, 0] == held[suit, :, rel].sum() / 8
        if present:
            top = int(held[suit, present[-1]].argmax())
            assert per[suit, top, 1] == 1.0 and per[suit, :, 1].sum() == 1.0
            run = 0
            for k in reversed(present):
                if held[suit, k, top] != 1.0:
                    break
                run += 1
            assert per[suit, top, 2] == run / 8


def test_renamed_suits_permute_the_inputs_as_the_fit_does() -> None:
    """bench/leafnet_fit.py multiplies its rows by permuting the indistinct suits' columns; that
    is the same as renaming the suits of the position."""
    checked = 0
    for cp in _leaf_positions(8, seed=11):
        d = describe(cp)
        x = inputs(d)
        trump = d["trump"]
        plain = [s for s in range(4) if s != trump]
        for names in itertools.permutations(plain):
            perm = list(range(4))
            for s, t in zip(plain, names, strict=True):
                perm[s] = t
            # where each canonical block goes once the suits are renamed
            order = [trump, *plain] if trump >= 0 else [0, 1, 2, 3]
            renamed = [trump, *sorted(perm[s] for s in plain)] if trump >= 0 else [0, 1, 2, 3]
            blocks = tuple(renamed.index(perm[s]) for s in order)
            assert np.array_equal(inputs(_suits_renamed(d, tuple(perm))), x[_perm_columns(blocks)])
            checked += 1
    assert checked >= 8 * 6


def test_applies_only_where_fitted() -> None:
    cp = _leaf_positions(1)[0]
    assert applies(cp)
    for change in ({"raise_level": 5}, {"classic": True}, {"variants": 1}, {"done": 4}):
        other = cp.copy()
        for k, v in change.items():
            setattr(other, k, v)
        assert not applies(other)


def test_budget_key_and_reproducible_search() -> None:
    assert parse_budget("expert,vnet=1").leaf_net
    assert not parse_budget("expert").leaf_net
    assert check_spec("ismcts:expert,vnet=1", experiments=True)
    cfg = dataclasses.replace(TINY, iterations=60, leaf_net=True)
    checked = 0
    for hand in range(1, 8):
        for s in heuristic_hand(21, hand):
            if s.phase is not Phase.PLAYING or s.cp is None or s.cp.done > 1:
                continue
            seat = s.to_move()
            assert seat is not None
            obs = s.observation(seat)
            if len(obs.legal_actions) < 2 or any(a >= 32 for a in obs.legal_actions):
                continue
            a = ISMCTSAgent(cfg, seed=4).decide(obs, list(obs.legal_actions))
            b = ISMCTSAgent(cfg, seed=4).decide(obs, list(obs.legal_actions))
            assert (a.action, a.stats) == (b.action, b.stats)
            assert a.action in obs.legal_actions
            checked += 1
    assert checked >= 10


def test_the_search_and_the_fit_compute_the_same_network() -> None:
    """leaf_value folds the linear term into the hidden layer's product; bench/leafnet_fit.py
    predicts with `forward`: the two agree."""
    from ai.config import points_scale
    from ai.leafnet import forward
    from ai.leafnet_weights import NET
    hidden, w1, b1, w2, b2, lin = NET
    for cp in _leaf_positions(10, seed=13):
        y = forward(inputs(describe(cp))[None, :], np.array(w1).reshape(N_INPUTS, hidden),
                    np.array(b1), np.array(w2), b2, np.array(lin))[0]
        sign = 1 if cp.leader & 1 == 0 else -1
        assert leaf_value(cp) == pytest.approx(sign * y * points_scale(cp.sun, cp.raise_level), abs=1e-9)
