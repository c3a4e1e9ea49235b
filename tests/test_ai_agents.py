"""No agent ever makes an illegal move: hundreds of seeded hands of every kind, every decision."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ai.agent import Agent, RandomAgent
from ai.heuristic import HeuristicAgent
from ai.ismcts import ISMCTSAgent, SearchConfig
from bench.positions import KINDS, scripted_hand
from game.phase import Phase
from game.state import RoundState

TINY = SearchConfig("tiny", iterations=4, time_limit=None, call_worlds=2)


def _agents(seed: int) -> list[Agent]:
    """A table of mixed agents, rotated with the seed so each kind sits in every seat."""
    pool: list[Agent] = [ISMCTSAgent(TINY, seed=seed), HeuristicAgent(seed), RandomAgent(seed),
                         HeuristicAgent(seed + 1, noise=0.3)]
    k = seed % 4
    return pool[k:] + pool[:k]


def _play(state: RoundState, agents: list[Agent], decisions: Counter[str]) -> None:
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        legal = state.legal_actions()
        assert list(obs.legal_actions) == legal
        action = agents[seat].choose(obs, legal)
        assert action in legal, (agents[seat].name, action, legal, obs.phase)
        decisions[obs.phase.value] += 1
        state.apply(action)


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_agents_play_only_legal_cards_in_300_hands(kind: str) -> None:
    decisions: Counter[str] = Counter()
    hands = 0
    seed = 0
    while hands < 300:
        seed += 1
        state = scripted_hand(seed * 7 + KINDS.index(kind), kind)
        if state is None:
            continue
        _play(state, _agents(seed), decisions)
        assert state.result is not None
        hands += 1
    assert decisions["playing"] >= 300 * 32


def test_agents_make_only_legal_calls_in_300_hands() -> None:
    decisions: Counter[str] = Counter()
    contracts: Counter[str] = Counter()
    rng = random.Random(3)
    for seed in range(300):
        state = RoundState.deal(random.Random(seed), dealer=seed & 3,
                                match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        _play(state, _agents(seed), decisions)
        if state.contract is not None and state.result is not None:
            c = state.contract
            contracts["sun" if c.sun else "hokum"] += 1
            contracts["raised"] += c.raise_level > 1
    assert decisions["bidding"] > 1000 and decisions["doubling"] > 50
    assert contracts["sun"] > 20 and contracts["hokum"] > 20 and contracts["raised"] > 5


def test_every_agent_follows_the_protocol() -> None:
    for agent in (RandomAgent(1), HeuristicAgent(1), ISMCTSAgent(TINY, seed=1)):
        assert isinstance(agent, Agent)
        assert agent.name


def test_phase_values_used_above() -> None:
    assert {p.value for p in Phase} >= {"bidding", "doubling", "playing"}


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["riyadh", "belote"])
def test_agents_play_every_preset_legally_in_300_hands(preset: str) -> None:
    from game.rules import Rules
    rules = Rules.preset(preset)
    decisions: Counter[str] = Counter()
    announced = 0
    rng = random.Random(5)
    for seed in range(300):
        state = RoundState.deal(random.Random(seed), dealer=seed & 3, rules=rules,
                                match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        _play(state, _agents(seed), decisions)
        announced += sum(1 for s in state.belote_said if s == 2)
    assert decisions["playing"] > 300 * 10 and decisions["bidding"] > 600
    if rules.belote:
        assert announced > 5  # the computer players announce their belote-rebelote


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["riyadh", "belote"])
def test_easy_beats_random_on_every_preset(preset: str) -> None:
    from ai.arena import play_match
    from game.rules import Rules
    results = [play_match(i, 40 + i, "ismcts:easy", "random", i % 2, rules=Rules.preset(preset))
               for i in range(4)]
    assert sum(r.a_won for r in results) >= 3
    assert sum(sum(r.diffs) for r in results) > 0
