"""ISMCTS: reproducible decisions, sensible play in the positions players complain about,
a short match against RandomAgent, and no way to reach the hidden cards."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from ai.agent import RandomAgent
from ai.heuristic import HeuristicAgent
from ai.ismcts import (
    ISMCTSAgent,
    Node,
    SearchConfig,
    SearchKind,
)
from ai.levels import level_config, parse_budget
from ai.sampler import WorldSampler
from bench.positions import random_positions
from game.actions import Action
from game.cardplay import CardPlay
from game.cards import FULL_DECK, card_str, parse_card, parse_cards
from game.match import MatchState
from game.notation import from_notation
from game.observation import Observation
from game.phase import Phase
from game.ranking import mask_points
from game.rules import Rules
from game.state import RoundState
from game.worlds import build_world

SMALL = SearchConfig("small", iterations=300, time_limit=None, call_worlds=30)


def fixture(contract: str, hands: dict[str, str], lead: str, done: int, moves: str,
            rules: Rules | None = None) -> RoundState:
    """A position in the card play with `done` tricks already taken (their points to N-S), under
    `rules` (default: Saudi Baloot)."""
    masks = {s: parse_cards(h) for s, h in hands.items()}
    played = FULL_DECK
    for m in masks.values():
        played ^= m
    trump = -1 if contract.startswith("sun") else "SHDC".index(contract.split("/")[1])
    won = f"{done - done // 2}-{done // 2}"
    body = " ".join(f"{s}={hands[s].replace(' ', '.')}" for s in "SENW")
    flags = (rules or Rules()).flags()
    text = (f"play rules={flags} dealer=S score=0-0 contract={contract} {body} lead={lead} done={done} "
            f"won={won} points={mask_points(played, trump)}-0 projects=- pteam=- baloot=- moves={moves}")
    return from_notation(text)


def decide(agent: ISMCTSAgent | HeuristicAgent, state: RoundState) -> Action:
    seat = state.to_move()
    assert seat is not None
    obs = state.observation(seat)
    return agent.choose(obs, obs.legal_actions)


# ----- reproducibility ---------------------------------------------------------------------------

@pytest.mark.parametrize("switches", [{}, {"model_opponents": True, "tree_gate": 0.7}])
def test_same_seed_and_iterations_give_the_same_decision(switches: dict[str, Any]) -> None:
    cfg = dataclasses.replace(SearchConfig("r", iterations=150, time_limit=None, call_worlds=12),
                              **switches)
    checked = 0
    for state, _ in random_positions(40, seed=21):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        if len(obs.legal_actions) < 2:
            continue
        a = ISMCTSAgent(cfg, seed=5).decide(obs, list(obs.legal_actions))
        other = ISMCTSAgent(cfg, seed=5)
        other.decide(obs, list(obs.legal_actions))  # an agent's earlier decisions do not matter
        b = other.decide(obs, list(obs.legal_actions))
        assert (a.action, a.stats, a.iterations) == (b.action, b.stats, b.iterations)
        assert a.action in obs.legal_actions
        checked += 1
    assert checked > 20


def test_stopping_early_returns_the_full_budgets_move() -> None:
    """The early stop only skips iterations that could not change the most visited move."""
    full = SearchConfig("full", iterations=400, time_limit=None, call_worlds=8, early_stop=False)
    early = dataclasses.replace(full, name="early", early_stop=True)
    checked = saved = 0
    for state, _ in random_positions(60, seed=33):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        if obs.phase is not Phase.PLAYING or len(obs.legal_actions) < 2:
            continue
        a = ISMCTSAgent(full, seed=2).decide(obs, list(obs.legal_actions))
        b = ISMCTSAgent(early, seed=2).decide(obs, list(obs.legal_actions))
        if a.kind != "play":
            continue
        assert b.action == a.action
        assert b.iterations <= a.iterations == 400
        saved += b.iterations < a.iterations
        checked += 1
    assert checked > 15
    assert saved > 0  # the stop does fire


def test_budgets_and_levels() -> None:
    assert parse_budget("iters=500").iterations == 500 and parse_budget("iters=500").time_limit is None
    assert parse_budget("time=0.5").time_limit == 0.5
    hard_cap = level_config("hard").time_limit
    assert hard_cap is not None and hard_cap <= 1.0
    with pytest.raises(ValueError):
        parse_budget("bogus=1")
    with pytest.raises(ValueError):
        level_config("impossible")


class FakeClock:
    """`time.perf_counter` that moves 10 ms at every read: the time cap is tested on a clock the
    machine's load cannot move."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 0.01
        return self.now


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_time_budget_is_respected(level: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cap = 20_000
    base = level_config(level)
    limit = 0.15
    cfg = dataclasses.replace(base, iterations=cap, time_limit=limit, call_worlds=cap)
    monkeypatch.setattr(time, "perf_counter", FakeClock())
    kinds = set()
    for state, _ in random_positions(40, seed=2):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        if len(obs.legal_actions) > 1:
            res = ISMCTSAgent(cfg, seed=1).decide(obs, list(obs.legal_actions))
            kinds.add(res.kind)
            # stopped by the clock (a few reads past the cap), long before the iteration budget
            assert res.seconds < limit + 0.1
            assert res.iterations < cap
    assert {SearchKind.PLAY, SearchKind.CALL} <= kinds


# ----- scenarios ---------------------------------------------------------------------------------

# South is last to play; North's A♠ is sure to win the trick. Trumping with J♥ wastes the trump
# that later takes East's clubs: South must throw a club.
PARTNER_SURE = ("hokum/H/S/S/x1/open/-", {"S": "JH 7C 8C", "E": "KS AC 10C", "N": "AS 9D 8D",
                                          "W": "7S KC QC"}, "E", 5, "KS,AS,7S")
# South leads to the last two tricks holding A♠ (unbeatable) and 7♦: cash the Ace now.
CASH_LAST = ("sun/-/N/N/x1/open/-", {"S": "AS 7D", "E": "KD 8C", "N": "8S 7C", "W": "10D 9C"},
             "S", 6, "-")
# South cannot follow spades and North wins the trick; keep the A♦ (a sure trick when
# diamonds are led: it catches East's 10♦), throw the 7♣ or 8♥.
KEEP_WINNER = ("sun/-/N/N/x1/open/-", {"S": "AD 7C 8H", "E": "7S 10D QC", "N": "AS 7D 8D",
                                       "W": "8S KH JC"}, "E", 5, "7S,AS,8S")


@pytest.mark.parametrize("agent_kind", ["heuristic", "ismcts"])
def test_does_not_trump_a_trick_partner_is_sure_to_win(agent_kind: str) -> None:
    state = fixture(*PARTNER_SURE)
    assert parse_card("JH") in state.legal_actions()  # trumping would be legal
    for seed in range(3):
        agent = HeuristicAgent(seed) if agent_kind == "heuristic" else ISMCTSAgent(SMALL, seed=seed)
        assert card_str(decide(agent, state)) in ("7C", "8C")


@pytest.mark.parametrize("agent_kind", ["heuristic", "ismcts"])
def test_leads_the_unbeatable_card_before_the_last_trick(agent_kind: str) -> None:
    state = fixture(*CASH_LAST)
    for seed in range(3):
        agent = HeuristicAgent(seed) if agent_kind == "heuristic" else ISMCTSAgent(SMALL, seed=seed)
        assert card_str(decide(agent, state)) == "AS"


@pytest.mark.parametrize("agent_kind", ["heuristic", "ismcts"])
def test_does_not_discard_a_sure_winner(agent_kind: str) -> None:
    state = fixture(*KEEP_WINNER)
    for seed in range(3):
        agent = HeuristicAgent(seed) if agent_kind == "heuristic" else ISMCTSAgent(SMALL, seed=seed)
        assert card_str(decide(agent, state)) in ("7C", "8H")


# ----- a short match -----------------------------------------------------------------------------

def test_easy_beats_random_in_a_short_match() -> None:
    easy = dataclasses.replace(level_config("easy"), iterations=60, time_limit=None, call_worlds=10)
    for seed, easy_team in ((1, 0), (2, 1)):
        m = MatchState(seed)
        agents = [ISMCTSAgent(easy, seed=s) if s & 1 == easy_team else RandomAgent(s) for s in range(4)]
        while not m.is_over():
            seat = m.to_move()
            assert seat is not None
            obs = m.observation(seat)
            m.apply(agents[seat].choose(obs, obs.legal_actions))
        assert m.winner == easy_team
        assert m.scores[easy_team] > m.scores[1 - easy_team]


# ----- no way to the hidden cards ----------------------------------------------------------------

def _reachable_ints(obs: Observation) -> set[int]:
    """Every card mask held by the observation (hands of other seats would show up here)."""
    found: set[int] = set()

    def walk(x: object) -> None:
        if isinstance(x, bool) or x is None or isinstance(x, (str, float, Phase)):
            return
        if isinstance(x, int):
            found.add(x)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            for f in dataclasses.fields(x):
                walk(getattr(x, f.name))
        else:
            raise AssertionError(f"unexpected object in an observation: {type(x)}")

    walk(obs)
    return found


def test_a_bot_cannot_reach_hidden_cards() -> None:
    rng = random.Random(9)
    cfg = SearchConfig("h", iterations=80, time_limit=None, call_worlds=8)
    checked = 0
    for state, _ in random_positions(60, seed=13):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        # The observation is plain data (no engine state inside it), and the agents get nothing else.
        _reachable_ints(obs)
        assert obs.play_base is None or obs.play_base.hands == (0, 0, 0, 0)
        # Different worlds with the same observation get the same decision: a choice is a function
        # of the observation alone.
        sampler = WorldSampler(obs)
        worlds = [build_world(obs, *sampler.sample(rng)) for _ in range(3)]
        assert len({tuple(w.hands) for w in worlds}) >= 1
        by_agent: dict[str, set[Action]] = {"ismcts": set(), "heuristic": set()}
        for w in worlds:
            o = w.observation(seat)
            assert o == obs
            by_agent["ismcts"].add(ISMCTSAgent(cfg, seed=3).choose(o, o.legal_actions))
            by_agent["heuristic"].add(HeuristicAgent(3).choose(o, o.legal_actions))
        assert all(len(v) == 1 for v in by_agent.values())
        checked += 1
    assert checked == 60


# ----- trees grown in one deal -------------------------------------------------------------------

def early_worlds(seed: int, max_done: int) -> Iterator[tuple[int, CardPlay]]:
    """(seat to move, its deal) at card plays with a choice within the first tricks."""
    for state, _ in random_positions(40, seed=seed):
        if state.phase is not Phase.PLAYING or state.cp is None or state.card_play().done > max_done:
            continue
        seat = state.to_move()
        assert seat is not None
        world = state.card_play()
        if world.legal().bit_count() >= 2:
            yield seat, world


def tree_nodes(root: Node, world: CardPlay) -> Iterator[tuple[Node, CardPlay]]:
    """Every node of a search tree grown in the one deal `world`, with the deal at that node."""
    stack = [(root, world.copy())]
    while stack:
        node, st = stack.pop()
        yield node, st
        for card, child in node.children.items():
            assert st.legal() >> card & 1
            nxt = st.copy()
            nxt.play(card)
            stack.append((child, nxt))


