"""Single-observer ISMCTS for the card play, and the ISMCTSAgent that plays every decision.

Each iteration draws one deal of the unseen cards uniformly from what the seat knows
(ai/sampler.py), walks the one tree of the observer's information set choosing among the moves
legal in that deal (UCB1 with availability counts), adds one node, plays the hand out with the
cheap heuristic policy (ai/fast.py) and backs up the result: the hand's game-point difference
scaled to [0, 1] for the side that moved (Gahwa: the match). The move played is the most visited.

Calls (bids, doubling, lock, Triple/Four/Gahwa) are chosen by simulation in ai/calls.py.
Budgets are iterations and seconds; a decision is driven by a random.Random seeded from the
agent's seed and the position, so a fixed iteration budget gives the same decision every time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.actions import DECLARE, NO_DECLARE, Action, is_card
from game.contract import Contract
from game.observation import Observation
from game.phase import Phase

from .fast import FastState, nth_card, policy_card, rollout
from .heuristic import heuristic_call, heuristic_play
from .inference import CallModel, sample_posterior
from .sampler import SamplerError, WorldSampler


@dataclass(frozen=True)
class SearchConfig:
    name: str = "custom"
    iterations: int = 1000
    """Iterations of the card-play search (and the cap on simulated deals for a call x 4)."""
    time_limit: float | None = None
    """Seconds per decision (None: iterations only, fully reproducible)."""
    exploration: float = 0.4
    rollout_eps: float = 0.1
    call_worlds: int = 100
    """Deals sampled to evaluate each possible call."""
    sim_calls: bool = True
    """False: make calls by the rules of ai/evaluate.py instead of by simulation."""
    search_cards: bool = True
    """False: play cards by the HeuristicAgent's rules instead of by search."""
    prior: bool = True
    """Expand the playout policy's move first at every new node."""
    call_margin: float = 1.0
    """A call other than the rule-based one must win by this many standard errors (0: best mean)."""
    infer: bool = True
    """Weigh deals by what the other seats' calls say about their hands (ai/inference.py)."""
    early_stop: bool = True
    """Stop once the remaining iterations cannot change the most visited move (same decision)."""


LEVEL_CONFIGS = {
    "easy": SearchConfig("easy", iterations=120, time_limit=0.2, call_worlds=24),
    "medium": SearchConfig("medium", iterations=700, time_limit=0.5, call_worlds=100),
    "hard": SearchConfig("hard", iterations=3000, time_limit=0.95, call_worlds=400),
}


def level_config(level: str) -> SearchConfig:
    try:
        return LEVEL_CONFIGS[level]
    except KeyError:
        raise ValueError(f"unknown level {level!r}: easy, medium or hard") from None


def parse_budget(text: str) -> SearchConfig:
    """'iters=500', 'time=0.5', 'iters=2000,time=1', 'hard,iters=100', ..."""
    cfg = SearchConfig()
    for part in text.split(","):
        key, eq, val = part.strip().partition("=")
        key = key.lower()
        if not eq and key in LEVEL_CONFIGS:
            cfg = LEVEL_CONFIGS[key]
        elif key in ("iters", "iterations"):
            limit = None if "time=" not in text else cfg.time_limit
            cfg = replace(cfg, iterations=int(val), time_limit=limit, call_worlds=max(8, int(val) // 8))
        elif key == "time":
            cfg = replace(cfg, time_limit=float(val))
        elif key in ("worlds", "call_worlds"):
            cfg = replace(cfg, call_worlds=int(val))
        elif key in ("c", "exploration"):
            cfg = replace(cfg, exploration=float(val))
        elif key == "eps":
            cfg = replace(cfg, rollout_eps=float(val))
        elif key == "prior" and val in ("0", "1"):
            cfg = replace(cfg, prior=val == "1")
        elif key == "margin":
            cfg = replace(cfg, call_margin=float(val))
        elif key == "stop" and val in ("0", "1"):
            cfg = replace(cfg, early_stop=val == "1")
        elif key == "infer" and val in ("0", "1"):
            cfg = replace(cfg, infer=val == "1")
        elif key == "calls" and val in ("sim", "rules"):
            cfg = replace(cfg, sim_calls=val == "sim")
        elif key == "play" and val in ("search", "rules"):
            cfg = replace(cfg, search_cards=val == "search")
        else:
            raise ValueError(f"bad ISMCTS budget {text!r} (e.g. 'iters=500' or 'time=0.5')")
    return replace(cfg, name=text)


def reward_scale(contract: Contract) -> float:
    level = min(max(contract.raise_level, 1), 4)
    return (44.0 if contract.sun else 26.0) * level + 10.0


class Node:
    __slots__ = ("avail", "children", "team", "total", "tried", "visits")

    def __init__(self, team: int) -> None:
        self.team = team
        self.children: dict[int, Node] = {}
        self.tried = 0
        self.visits = 0
        self.total = 0.0
        self.avail = 0


@dataclass
class SearchResult:
    action: Action
    stats: dict[Action, tuple[int, float]] = field(default_factory=dict)
    """Per root move: (visits, mean result for the observer's side in game points)."""
    iterations: int = 0
    seconds: float = 0.0
    kind: str = "play"


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator that depends only on the agent's seed and the position."""
    return random.Random(f"{seed}|{obs.seat}|{obs.dealer}|{obs.match_scores}|{obs.history}|{obs.hand}")


def search_play(obs: Observation, cfg: SearchConfig, rng: random.Random) -> SearchResult:
    """ISMCTS over the card play from the observer's position (the observer is to play a card)."""
    start = time.perf_counter()
    contract = obs.contract
    assert contract is not None
    sampler = WorldSampler(obs)
    template = sampler.fast_template()
    scale = reward_scale(contract)
    c_explore = cfg.exploration
    deadline = None if cfg.time_limit is None else start + cfg.time_limit
    eps = cfg.rollout_eps
    prior = cfg.prior
    gahwa = contract.raise_level == 5
    root = Node(obs.seat & 1)
    pool: list[FastState] = []
    model = CallModel(obs) if cfg.infer else None
    if model is not None and not model.active:
        model = None
    pool_size = max(24, cfg.iterations // 6) if model is not None else 256
    log = math.log
    sqrt = math.sqrt
    it = 0
    root_children = root.children
    while it < cfg.iterations:
        if deadline is not None and it and (it & 15 == 0 or len(pool) < pool_size) \
                and time.perf_counter() > deadline:
            break
        if cfg.early_stop and it & 15 == 0 and it and _decided(root_children, cfg.iterations - it):
            break
        it += 1
        st = None
        if model is not None and len(pool) >= pool_size:
            st = pool[int(rng.random() * len(pool))].copy()
        elif model is None and pool and sampler.tries > 200 and sampler.accepted * 10 < sampler.tries:
            st = pool[int(rng.random() * len(pool))].copy()  # rare projects: reuse accepted deals
        else:
            # deals weighed by the calls are dear: a pool of them is drawn, then reused
            try:
                hands = sample_posterior(sampler, model, rng, deadline=deadline)[0]
            except SamplerError:
                if not pool:
                    raise
                pool_size = len(pool)
                st = pool[int(rng.random() * len(pool))].copy()
            if st is None:
                st = sampler.fast_state(template, hands)
                if (model is not None or sampler.needs_rejection) and len(pool) < pool_size:
                    pool.append(st.copy())
        node = root
        path = []
        while st.done < 8:
            legal = st.legal()
            children = node.children
            untried = legal & ~node.tried
            if untried:
                card = -1
                if prior and not node.tried:  # the playout policy's choice is tried first
                    card = policy_card(st, legal, 1.0, 0.0)
                if card < 0 or not untried >> card & 1:
                    card = nth_card(untried, int(rng.random() * untried.bit_count()))
                child = Node(st.to_move() & 1)
                children[card] = child
                node.tried |= 1 << card
                m = legal & node.tried
                while m:
                    low = m & -m
                    m ^= low
                    children[low.bit_length() - 1].avail += 1
                st.play(card)
                path.append(child)
                break
            best_card, best_u = -1, -1.0
            m = legal
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                ch = children[c]
                ch.avail += 1
                u = ch.total / ch.visits + c_explore * sqrt(log(ch.avail) / ch.visits)
                if u > best_u:
                    best_card, best_u = c, u
            node = children[best_card]
            st.play(best_card)
            path.append(node)
        if st.done < 8:
            rollout(st, rng, eps)
        p0, p1, _w, mw = st.outcome()
        if gahwa:
            r0 = 1.0 if mw == 0 else 0.0
        else:
            r0 = 0.5 + (p0 - p1) / (2.0 * scale)
            r0 = 0.0 if r0 < 0.0 else (1.0 if r0 > 1.0 else r0)
        for n in path:
            n.visits += 1
            n.total += r0 if n.team == 0 else 1.0 - r0
    stats = {}
    for c, ch in root.children.items():
        mean = ch.total / ch.visits if ch.visits else 0.5
        stats[c] = (ch.visits, (mean - 0.5) * 2.0 * scale if not gahwa else mean)
    best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total, -kv[0]))[0]
    return SearchResult(best, stats, it, time.perf_counter() - start, "play")


def _decided(children: dict[int, Node], remaining: int) -> bool:
    """True when no root move can catch the most visited one in `remaining` iterations.

    Each iteration adds one visit to one root move, so a lead above `remaining` is final and
    stopping there returns the very move the full budget would have returned.
    """
    first = second = 0
    for ch in children.values():
        v = ch.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


class ISMCTSAgent:
    """Plays every decision: cards by ISMCTS, calls by simulation, projects always declared."""

    def __init__(self, config: SearchConfig | None = None, seed: int = 0) -> None:
        self.config = config or LEVEL_CONFIGS["medium"]
        self.seed = seed
        self.name = f"ismcts:{self.config.name}"
        self.last: SearchResult | None = None

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        return self.decide(observation, legal).action

    def decide(self, obs: Observation, legal: list[Action]) -> SearchResult:
        rng = decision_rng(self.seed, obs)
        try:
            if obs.phase is Phase.PLAYING:
                if NO_DECLARE in legal:
                    res = SearchResult(DECLARE, kind="declare")
                elif all(is_card(a) for a in legal) and self.config.search_cards:
                    res = search_play(obs, self.config, rng)
                else:
                    res = SearchResult(heuristic_play(obs, legal)[0], kind="fallback")
            elif self.config.sim_calls:
                from .calls import search_call
                res = search_call(obs, legal, self.config, rng)
            else:
                res = SearchResult(heuristic_call(obs, legal), kind="fallback")
        except SamplerError:
            if obs.phase is Phase.PLAYING:
                res = SearchResult(heuristic_play(obs, legal)[0], kind="fallback")
            else:
                res = SearchResult(heuristic_call(obs, legal), kind="fallback")
        if res.action not in legal:  # never happens; a guard for a bot that must not break the game
            res = SearchResult(legal[0], kind="fallback")
        self.last = res
        return res


def fast_from_observation(obs: Observation, hands: list[int]) -> FastState:
    """The FastState of a deal drawn for this observation (for tests and tools)."""
    s = WorldSampler(obs)
    return s.fast_state(s.fast_template(), hands)
