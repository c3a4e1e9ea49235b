"""The other seats' tree moves by their play networks (ai/treemodel.py, an experiment switch):
the card is the one the fitting path's inputs give, the evidence says which network explains a
seat, and the search stays reproducible."""

from __future__ import annotations

import dataclasses
import math
import random

import numpy as np
import pytest

from ai.config import SearchConfig, parse_budget
from ai.ismcts import ISMCTSAgent, Node, _backup, _descend, tree_gate
from ai.playnet import N_INPUTS, NETWORKS, NetLikelihood, decision_inputs, scores
from ai.registry import AgentSpecError, check_spec
from ai.treemodel import SeatModels, mixture
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


def _network_card(state: RoundState, name: str) -> int:
    """The most likely card of the seat to move under the network, by the fitting path."""
    seat = state.to_move()
    assert seat is not None
    rows, cards = decision_inputs(state.observation(seat), list(state.card_play().hands))
    s = scores(np.array(rows, dtype=np.float64).reshape(-1, N_INPUTS), NETWORKS[name])
    return cards[int(np.argmax(s))]


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
        nets = [NETWORKS["hard"], NETWORKS["heuristic"]]
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


@pytest.mark.parametrize("name,which", [("heuristic", 4), ("hard", 3)])
def test_followers_play_the_networks_card_everywhere_in_the_tree(name: str, which: int) -> None:
    """Grown in the true deal, every node of a following seat has one child: the network's card
    computed from scratch at that point of the hand (the public facts carried down the tree
    agree with a full replay)."""
    checked = 0
    for state in _played_positions(50, seed=33)[:6]:
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        models = SeatModels(obs, which, [])
        world = state.card_play()
        follow = 15 & ~(1 << seat)
        root = Node(seat & 1)
        for _ in range(60):
            _backup(_descend(root, world.copy(), random.Random(2), 0.4, True, follow, 0.0, 0.0,
                             models), 0.5)
        paths: list[tuple[Node, RoundState]] = [(root, state.clone())]
        while paths:
            node, here = paths.pop()
            mover = here.to_move()
            if mover is None or here.phase is not Phase.PLAYING:
                continue
            if follow >> mover & 1 and node.children:
                assert list(node.children) == [_network_card(here, name)]
                checked += 1
            for card, child in node.children.items():
                nxt = here.clone()
                nxt.apply(card)
                paths.append((child, nxt))
    assert checked >= 20


def test_a_drawn_card_follows_the_networks_probabilities() -> None:
    """With `u` spread evenly over [0, 1), each card comes up as often as the network's
    probability for it (from the fitting path's inputs); without `u`, the most likely card."""
    checked = 0
    for state in _played_positions(40, seed=36)[:8]:
        mover = state.to_move()
        assert mover is not None
        observer = mover ^ 1  # an opponent's view: the mover's hand is hidden from it
        models = SeatModels(state.observation(observer), 4, [])
        models.begin(state.card_play())
        legal = state.card_play().legal()
        rows, cards = decision_inputs(state.observation(mover), list(state.card_play().hands))
        s = scores(np.array(rows, dtype=np.float64).reshape(-1, N_INPUTS), NETWORKS["heuristic"])
        p = np.exp(s - s.max())
        p /= p.sum()
        n = 4000
        counts = dict.fromkeys(cards, 0)
        for i in range(n):
            counts[models.card(7, legal, (i + 0.5) / n)] += 1
        for c, q in zip(cards, p, strict=True):
            assert counts[c] / n == pytest.approx(q, abs=2.0 / n)
        assert models.card(7, legal) == cards[int(np.argmax(p))]
        checked += 1
    assert checked >= 5


def _grow(state: RoundState, descents: int, gate: float = 0.0, soft: float = 0.0
          ) -> tuple[SeatModels, Node, int, CardPlay]:
    """A tree grown in the true deal with the opponents following their networks (with `soft`,
    searched with the networks as a prior): the models, the root, the followers' bit mask and
    the deal."""
    seat = state.to_move()
    assert seat is not None
    models = SeatModels(state.observation(seat), 5, [], gate=gate)
    root = Node(seat & 1)
    follow = 0b1010 if seat & 1 == 0 else 0b0101
    world = state.card_play()
    for _ in range(descents):
        _backup(_descend(root, world.copy(), random.Random(3), 0.4, True, follow, 0.0, 0.0,
                         models, soft=soft), 0.5)
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


def test_a_prior_expands_the_networks_card_first_and_lets_the_statistics_overrule() -> None:
    """With `soft`, a follower's node is searched: its first child is the networks' most likely
    card, its probabilities are the networks' (summing to 1), and other cards are tried too."""
    branched = firsts = 0
    for state in _played_positions(40, seed=36)[:6]:
        models, root, follow, world = _grow(state, 300, soft=1.0)
        for node, st in tree_nodes(root, world):
            key = (id(node), st.hands[st.to_move()])
            if not follow >> st.to_move() & 1 or key not in models.priors:
                continue
            prior = models.priors[key]
            assert sum(prior.values()) == pytest.approx(1.0)
            assert set(prior) == {c for c in range(32) if st.legal() >> c & 1}
            top = max(prior, key=prior.__getitem__)
            if node.children:
                assert next(iter(node.children)) == top
                firsts += 1
            branched += len(node.children) > 1
    assert firsts > 10 and branched > 0


def test_a_stronger_prior_keeps_more_visits_on_the_networks_card() -> None:
    """The bias favours the networks' card: over the followers' nodes, its share of the visits
    grows with `soft` (0.1 against 10) on the same deals and descents."""
    shares = []
    for soft in (0.1, 10.0):
        top_visits = total = 0
        for state in _played_positions(40, seed=38)[:5]:
            models, root, follow, world = _grow(state, 400, soft=soft)
            for node, st in tree_nodes(root, world):
                key = (id(node), st.hands[st.to_move()])
                if not follow >> st.to_move() & 1 or key not in models.priors \
                        or len(node.children) < 2:
                    continue
                prior = models.priors[key]
                top = max(prior, key=prior.__getitem__)
                visits = {c: ch.visits for c, ch in node.children.items()}
                top_visits += visits.get(top, 0)
                total += sum(visits.values())
        shares.append(top_visits / total)
    assert shares[1] > shares[0]


@pytest.mark.parametrize("cfg", [
    dataclasses.replace(SearchConfig("r", iterations=150, time_limit=None, call_worlds=12),
                        policy_seats=1, tree_net=5),
    dataclasses.replace(TINY, play_fit=5, policy_seats=1, tree_net=5),
    dataclasses.replace(TINY, policy_seats=2, tree_net=3),
    dataclasses.replace(TINY, play_fit=5, policy_seats=1, tree_net=5, tree_sample=True),
    dataclasses.replace(TINY, play_fit=5, policy_seats=1, tree_net=5, tree_gate=0.7),
    dataclasses.replace(TINY, play_fit=5, policy_seats=1, tree_net=5, tree_prior=1.0),
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
    assert parse_budget("hard,opp=1,tnet=4").tree_net == 4
    assert parse_budget("hard").tree_net == 0
    assert parse_budget("expert,tnet=0").tree_net == 0
    assert parse_budget("expert,tsample=1").tree_sample
    assert parse_budget("expert,tgate=0.7").tree_gate == 0.7
    assert parse_budget("expert").tree_gate == 0.7 and parse_budget("expert,tgate=0").tree_gate == 0
    assert check_spec("ismcts:expert,tgate=0.7", experiments=True)
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,tgate=2", experiments=True)
    assert parse_budget("expert,sgate=0.7").sun_tree_gate == 0.7
    assert parse_budget("expert").sun_tree_gate < 0
    assert parse_budget("expert,tprior=1.5").tree_prior == 1.5
    assert parse_budget("expert").tree_prior == 0.0
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,tprior=-1", experiments=True)
    with pytest.raises(AgentSpecError):
        check_spec("ismcts:expert,sgate=-1", experiments=True)


def test_the_sun_gate_is_the_gate_in_sun_only() -> None:
    """`sgate=F` gates the followers in Sun contracts and leaves Hokum at `tgate`; unset, Sun
    takes `tgate` too."""
    kinds = set()
    for state in _played_positions(60, seed=37):
        seat = state.to_move()
        assert seat is not None and state.contract is not None
        obs = state.observation(seat)
        sun = state.contract.sun
        kinds.add(sun)
        for tgate, sgate, expected in ((0.0, 0.7, 0.7 if sun else 0.0), (0.5, 0.0, 0.0 if sun else 0.5),
                                       (0.5, -1.0, 0.5)):
            cfg = dataclasses.replace(TINY, play_fit=5, policy_seats=1, tree_net=5, tree_gate=tgate,
                                      sun_tree_gate=sgate)
            assert tree_gate(obs, cfg) == expected
    assert kinds == {True, False}
