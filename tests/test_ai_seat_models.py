"""The Expert's opponents in the tree, by the play networks (ai/seat_models.py): the card is the
one the fitting path's inputs give, the evidence says which network explains a seat, the gate
leaves unsure nodes to the search, and the search stays reproducible."""

from __future__ import annotations

import dataclasses
import math
import random

import numpy as np
import pytest

from ai.config import SearchConfig
from ai.ismcts import ISMCTSAgent, Node, _backup, _descend
from ai.levels import parse_budget
from ai.playnet import N_INPUTS, NetLikelihood, decision_inputs, play_networks, scores
from ai.registry import AgentSpecError, check_spec
from ai.seat_models import SeatModels, mixture
from bench.positions import random_positions
from game.cardplay import CardPlay
from game.phase import Phase
from game.state import RoundState
from tests.test_ai_expert import TINY
from tests.test_ai_ismcts import tree_nodes


def _played_positions(n: int, seed: int) -> list[RoundState]:
    """Card plays with a choice after at least one trick."""
    out = []
    for state, _ in random_positions(n, seed=seed):
        if state.phase is Phase.PLAYING and state.cp is not None and state.card_play().done >= 1 \
                and state.card_play().legal().bit_count() >= 2:
            out.append(state)
    return out


def _network_card(state: RoundState) -> int:
    """The most likely card of the seat to move under the even mixture of the networks, by the
    fitting path."""
    seat = state.to_move()
    assert seat is not None
    rows, cards = decision_inputs(state.observation(seat), list(state.card_play().hands))
    x = np.array(rows, dtype=np.float64).reshape(-1, N_INPUTS)
    p = np.zeros(len(cards))
    for net in play_networks():
        s = scores(x, net)
        e = np.exp(s - s.max())
        p += e / e.sum()
    return cards[int(np.argmax(p))]


def test_mixture_weighs_networks_by_evidence() -> None:
    assert mixture([0.0, 0.0]) == pytest.approx([0.5, 0.5])
    w = mixture([-3.0, -3.0 - math.log(3.0)])
    assert w == pytest.approx([0.75, 0.25])
    assert sum(mixture([-700.0, -2.0])) == pytest.approx(1.0)


def test_evidence_of_one_world_sums_to_its_log_likelihood() -> None:
    """In one world, a seat's evidence is the log-likelihood of its own plays: the seats'
    evidence adds up to the world's weight."""
    checked = 0
    for state in _played_positions(60, seed=31)[:10]:
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        nets = play_networks()
        hands = list(state.card_play().hands)
        for k, net in enumerate(nets):
            alone = NetLikelihood(obs, [net])
            total = alone.log_weights([hands])[0]
            assert sum(e[0] for e in alone.evidence) == pytest.approx(total)
            both = NetLikelihood(obs, nets)
            both.log_weights([hands])
            assert [e[k] for e in both.evidence] == pytest.approx([e[0] for e in alone.evidence])
        assert both.evidence[seat] == [0.0, 0.0]  # the observer's own plays are not scored
        checked += 1
    assert checked >= 5


def test_followers_play_the_networks_card_everywhere_in_the_tree() -> None:
    """Grown in the true deal, every node of a following seat has one child: the network's card
    computed from scratch at that point of the hand (the public facts carried down the tree
    agree with a full replay)."""
    checked = 0
    for state in _played_positions(50, seed=33)[:6]:
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        follow = 15 & ~(1 << seat)
        models = SeatModels(obs, follow, [])
        world = state.card_play()
        root = Node(seat & 1)
        for _ in range(60):
            _backup(_descend(root, world.copy(), random.Random(2), 0.4, True, models), 0.5)
        paths: list[tuple[Node, RoundState]] = [(root, state.clone())]
        while paths:
            node, here = paths.pop()
            mover = here.to_move()
            if mover is None or here.phase is not Phase.PLAYING:
                continue
            if follow >> mover & 1 and node.children:
                assert list(node.children) == [_network_card(here)]
                checked += 1
            for card, child in node.children.items():
                nxt = here.clone()
                nxt.apply(card)
                paths.append((child, nxt))
    assert checked >= 20


def _grow(state: RoundState, descents: int, gate: float = 0.0
          ) -> tuple[SeatModels, Node, int, CardPlay]:
    """A tree grown in the true deal with the opponents following their networks: the models,
    the root, the followers' bit mask and the deal."""
    seat = state.to_move()
    assert seat is not None
    follow = 0b1010 if seat & 1 == 0 else 0b0101
    models = SeatModels(state.observation(seat), follow, [], gate=gate)
    root = Node(seat & 1)
    world = state.card_play()
    for _ in range(descents):
        _backup(_descend(root, world.copy(), random.Random(3), 0.4, True, models), 0.5)
    return models, root, follow, world


def test_tree_net_followers_do_not_branch() -> None:
    _models, root, follow, world = _grow(_played_positions(40, seed=34)[0], 100)
    for node, st in tree_nodes(root, world):
        if follow >> st.to_move() & 1:
            assert len(node.children) <= 1


def test_gate_follows_only_confident_predictions() -> None:
    """With a gate, a follower's node has at most the networks' card where that card's
    probability reaches the gate, and is searched (branches) where it does not."""
    gate = 0.7
    followed = searched = 0
    for state in _played_positions(40, seed=36)[:6]:
        models, root, follow, world = _grow(state, 300, gate)
        for node, st in tree_nodes(root, world):
            key = (id(node), st.hands[st.to_move()])
            if not follow >> st.to_move() & 1 or key not in models.memo:
                continue
            cards, probs, _total = models.memo[key]
            if probs[0] >= gate * sum(probs):
                assert set(node.children) <= {cards[0]}
                followed += 1
            elif len(node.children) > 1:
                searched += 1
    assert followed > 0 and searched > 0


@pytest.mark.parametrize("cfg", [
    dataclasses.replace(SearchConfig("r", iterations=150, time_limit=None, call_worlds=12),
                        model_opponents=True),
    dataclasses.replace(TINY, model_opponents=True),
    dataclasses.replace(TINY, model_opponents=True, tree_gate=0.7),
])
def test_same_seed_and_budget_give_the_same_decision(cfg: SearchConfig) -> None:
    checked = 0
    for state in _played_positions(40, seed=35):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        a = ISMCTSAgent(cfg, seed=5).decide(obs, list(obs.legal_actions))
        other = ISMCTSAgent(cfg, seed=5)
        other.decide(obs, list(obs.legal_actions))
        b = other.decide(obs, list(obs.legal_actions))
        assert (a.action, a.stats, a.iterations) == (b.action, b.stats, b.iterations)
        assert a.action in obs.legal_actions
        checked += 1
    assert checked > 8


def test_budget_key() -> None:
    assert parse_budget("hard,opp=1").model_opponents
    assert not parse_budget("hard").model_opponents
    assert not parse_budget("expert,opp=0").model_opponents
    assert parse_budget("expert,tgate=0.5").tree_gate == 0.5
    assert parse_budget("expert").tree_gate == 0.7 and parse_budget("expert,tgate=0").tree_gate == 0
    assert check_spec("ismcts:expert,tgate=0.7", experiments=True)
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,tgate=2", experiments=True)
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,tnet=3", experiments=True)  # a retired pilot's key
