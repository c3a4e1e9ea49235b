"""Single-observer ISMCTS for the card play, and the ISMCTSAgent that plays every decision.

Each iteration draws one deal of the unseen cards uniformly from what the seat knows
(ai/sampler.py; a pool of deals when they are dear), walks the one tree of the observer's
information set choosing among the moves legal in that deal (UCB1 with availability counts),
adds one node, plays the hand out with the playout policy (ai/policy.py) and backs up the
result: the hand's game-point difference scaled to [0, 1] for the side that moved (Gahwa: the
match). The move played is the most visited. One tree per seat (multiple-observer ISMCTS)
would search the same: every card is played face up, so each seat's tree would branch and update
alike (checked once; the script is kept at git tag pilot/observer-trees).

The search is assembled from three parts: how the worlds are drawn and weighed (`draw_worlds`:
uniform, or the Expert's posterior), how a leaf is valued (`LeafValue`: a playout, finished
exactly from a few cards for the Expert) and how the other seats move in the tree
(`other_seats`: by UCB1, or the Expert's opponents by the play networks).

Calls (bids, doubling, lock, Triple/Four/Gahwa) are chosen by simulation in ai/calls.py.
Budgets are iterations and seconds; a decision is driven by a random.Random seeded from the
agent's seed and the position, so a fixed iteration budget gives the same decision every time.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.actions import DECLARE, NO_DECLARE, Action
from game.cardplay import CardPlay
from game.cards import nth_card, team_of
from game.contract import Contract
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules

from .agent import RULE_SETS, plain_cards, with_announcement
from .call_likelihood import CallModel, weighted_deals
from .calls import search_call
from .config import SearchConfig, SearchKind, SearchResult, points_scale
from .conventions import readable
from .endgame import endgame_values, paired_advantage
from .heuristic import heuristic_call, heuristic_play
from .levels import MEDIUM
from .policy import policy_card, rollout
from .posterior import PosteriorWorlds, posterior_worlds
from .sampler import SamplerError, WorldSampler
from .seat_models import SeatModels
from .solver import Solver, cards_left

__all__ = ["ISMCTSAgent", "SearchConfig", "SearchKind", "SearchResult", "decision_rng",
           "search_play"]


def reward_scale(contract: Contract, rules: Rules, belote_scale: float = 200.0) -> float:
    """About the largest game-point difference a hand of this contract gives."""
    if rules.belote:  # 162 + a belote to nothing; a capot (272) is clipped
        return belote_scale
    return points_scale(contract.sun, contract.raise_level)


class Node:
    __slots__ = ("avail", "children", "team", "total", "tried", "visits")

    def __init__(self, team: int) -> None:
        self.team = team
        self.children: dict[int, Node] = {}
        self.tried = 0
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """A generator that depends only on the agent's seed and the position."""
    return random.Random(f"{seed}|{obs.seat}|{obs.dealer}|{obs.match_scores}|{obs.history}|{obs.hand}")


MAX_POOL = 1024
"""At most this many deals weighed by the calls are kept for one search."""


class WorldPool:
    """Deals for the search: a fresh one per iteration while they are cheap; when the calls
    weigh them, a pool drawn once from their posterior (ai/call_likelihood.py) and reused; under
    declared projects, the deals drawn so far are reused once they grow dear."""

    def __init__(self, obs: Observation, cfg: SearchConfig, deadline: float | None) -> None:
        self.sampler = WorldSampler(obs)
        self.template = CardPlay.public(obs)
        model = CallModel(obs) if cfg.infer else None
        self.model = model if model is not None and model.active else None
        self.size = min(max(24, cfg.iterations // 6), MAX_POOL) if self.model is not None else 256
        self.pool: list[CardPlay] = []
        self.deadline = deadline

    @property
    def filling(self) -> bool:
        return len(self.pool) < self.size

    def world(self, rng: random.Random) -> CardPlay:
        pool, sampler = self.pool, self.sampler
        if self.model is not None:
            if not pool:
                for hands, _stock in weighted_deals(sampler, self.model, rng, self.size,
                                                    deadline=self.deadline):
                    pool.append(sampler.fast_state(self.template, hands))
            return pool[int(rng.random() * len(pool))].copy()
        if pool and sampler.tries > 200 and sampler.accepted * 10 < sampler.tries:
            return pool[int(rng.random() * len(pool))].copy()  # rare projects: reuse accepted deals
        try:
            hands = sampler.sample(rng, self.deadline)[0]
        except SamplerError:
            if not pool:
                raise
            self.size = len(pool)
            return pool[int(rng.random() * len(pool))].copy()
        st = sampler.fast_state(self.template, hands)
        if sampler.needs_rejection and len(pool) < self.size:
            pool.append(st.copy())
        return st


def _descend(root: Node, st: CardPlay, rng: random.Random, c_explore: float,
             expand_prior: bool, others: SeatModels | None = None) -> list[Node]:
    """Walk the tree by UCB1 over the moves legal in this world, adding one new node; the path.
    With `others`, the seats it models play the card it finds most likely (no new node is
    counted for them; where it declines, below its gate, they are searched like the others)."""
    node = root
    path: list[Node] = []
    log, sqrt = math.log, math.sqrt
    if others is not None:
        others.begin(st)
    while st.done < 8:
        legal = st.legal()
        children = node.children
        if others is not None and others.follows >> st.to_move() & 1:
            card = others.card(id(node), legal)
            if card >= 0:
                child = children.get(card)
                if child is None:
                    child = children[card] = Node(team_of(st.to_move()))
                    node.tried |= 1 << card
                node = child
                others.play(card)
                path.append(node)
                continue
        untried = legal & ~node.tried
        if untried:
            path.append(_expand(node, st, legal, untried, rng, expand_prior))
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
        if others is not None:
            others.play(best_card)
        else:
            st.play(best_card)
        path.append(node)
    return path


def _expand(node: Node, st: CardPlay, legal: int, untried: int, rng: random.Random,
            prior: bool) -> Node:
    card = -1
    if prior and not node.tried:  # the playout policy's choice is tried first
        card = policy_card(st, legal, 1.0, 0.0)
    if card < 0 or not untried >> card & 1:
        card = nth_card(untried, int(rng.random() * untried.bit_count()))
    child = Node(team_of(st.to_move()))
    node.children[card] = child
    node.tried |= 1 << card
    m = legal & node.tried
    while m:
        low = m & -m
        m ^= low
        node.children[low.bit_length() - 1].avail += 1
    st.play(card)
    return child


def _points_reward(v: float, scale: float) -> float:
    """North-South's game-point difference as a reward in [0, 1]."""
    r0 = 0.5 + v / (2.0 * scale)
    return 0.0 if r0 < 0.0 else (1.0 if r0 > 1.0 else r0)


def _reward(st: CardPlay, scale: float, gahwa: bool) -> float:
    """The finished hand's result for North-South, in [0, 1]."""
    r = st.outcome()
    if gahwa:
        return 1.0 if r[3] == 0 else 0.0
    return _points_reward(r[0] - r[1], scale)


def _backup(path: list[Node], r0: float) -> None:
    for n in path:
        n.visits += 1
        n.total += r0 if n.team == 0 else 1.0 - r0


class LeafValue:
    """How a leaf is valued: the hand played out by the playout policy (ai/policy.py) and, once
    at most `solve_at` cards are left (0: never), finished exactly (ai/solver.py); the result for
    North-South in [0, 1]."""

    __slots__ = ("eps", "gahwa", "scale", "solve_at")

    def __init__(self, eps: float, solve_at: int, scale: float, gahwa: bool) -> None:
        self.eps = eps
        self.solve_at = solve_at
        self.scale = scale
        self.gahwa = gahwa

    def value(self, st: CardPlay, rng: random.Random) -> float:
        if self.solve_at and st.done < 8:
            hands = st.hands
            while st.done < 8 and (hands[0] | hands[1] | hands[2] | hands[3]).bit_count() > self.solve_at:
                st.play(policy_card(st, st.legal(), rng.random(), self.eps))
            if st.done < 8:
                v = Solver().value(st)
                if self.gahwa:
                    return 1.0 if v > 0 else 0.0
                return _points_reward(v, self.scale)
        elif st.done < 8:
            rollout(st, rng, self.eps)
        return _reward(st, self.scale, self.gahwa)


Worlds = WorldPool | PosteriorWorlds
"""How the worlds are drawn and weighed: uniformly from what the seat knows (WorldPool, the
prior) or from the posterior of what the other seats did (ai/posterior.py, the Expert's)."""


def draw_worlds(obs: Observation, cfg: SearchConfig, rng: random.Random,
                deadline: float | None) -> Worlds:
    if cfg.play_model:
        return posterior_worlds(obs, rng, cfg.candidates, cfg.min_ess, cfg.call_mismatch,
                                silent=cfg.silent_projects)
    return WorldPool(obs, cfg, deadline)


def other_seats(obs: Observation, cfg: SearchConfig, worlds: Worlds) -> SeatModels | None:
    """How the other seats move in the tree: all searched by UCB1 (None), or the opponents
    playing the play networks' likely card (the Expert; with the evidence about each seat from
    the posterior's deals where there are some)."""
    if not cfg.model_opponents:
        return None
    follows = 1 << (obs.seat + 1 & 3) | 1 << (obs.seat + 3 & 3)
    if isinstance(worlds, PosteriorWorlds):
        return SeatModels(obs, follows, [w.hands for w in worlds.states], worlds.evidence,
                          gate=cfg.tree_gate)
    return SeatModels(obs, follows, [], gate=cfg.tree_gate)  # no weighed deals: even mix


def search_play(obs: Observation, cfg: SearchConfig, rng: random.Random,
                known: PosteriorWorlds | None = None) -> SearchResult:
    """ISMCTS over the card play from the observer's position (the observer is to play a card),
    assembled from its parts: the worlds (`draw_worlds`), the other seats' moves (`other_seats`)
    and the leaf value (`LeafValue`); with weighed worlds, the endgame solved exactly (the
    Expert). `known`: search these worlds instead (lab/openhand.py: the one true deal)."""
    start = time.perf_counter()
    contract = obs.contract
    assert contract is not None
    deadline = None if cfg.time_limit is None else start + cfg.time_limit
    scale = reward_scale(contract, obs.rules, cfg.belote_scale)
    gahwa = contract.raise_level == 5
    worlds = known if known is not None else draw_worlds(obs, cfg, rng, deadline)
    if isinstance(worlds, PosteriorWorlds) and cfg.solve_cards \
            and cards_left(worlds.states[0]) <= cfg.solve_cards:
        samples = endgame_values(worlds, obs.seat, cfg.solve_worlds, rng, deadline)
        stats = {c: (len(xs), sum(xs) / len(xs)) for c, xs in samples.items()}
        best = max(stats, key=lambda c: (stats[c][1], -c))
        res = SearchResult(best, stats, stats[best][0], time.perf_counter() - start,
                           SearchKind.PLAY)
        return _readable_choice(obs, cfg, res, samples)
    root = Node(team_of(obs.seat))
    others = other_seats(obs, cfg, worlds)
    leaf = LeafValue(cfg.rollout_eps, cfg.leaf_solve, scale, gahwa)
    it = 0
    while it < cfg.iterations:
        if deadline is not None and it and (it & 15 == 0 or worlds.filling) \
                and time.perf_counter() > deadline:
            break
        if cfg.early_stop and it & 15 == 0 and it and _decided(root.children, cfg.iterations - it):
            break
        it += 1
        st = worlds.world(rng)
        path = _descend(root, st, rng, cfg.exploration, cfg.prior, others)
        _backup(path, leaf.value(st, rng))
    res = root_result(root, obs.seat, scale, gahwa)
    res.iterations, res.seconds = it, time.perf_counter() - start
    return _readable_choice(obs, cfg, res, None) if cfg.readable_margin >= 0 else res


def root_result(root: Node, seat: int, scale: float, gahwa: bool) -> SearchResult:
    """The most visited root move, and every root move's visits and mean (game points for
    `seat`'s side; Gahwa: the chance to win it)."""
    stats: dict[Action, tuple[int, float]] = {}
    for c, ch in root.children.items():
        mean = ch.total / ch.visits if ch.visits else 0.5
        value = (mean - 0.5) * 2.0 * scale if not gahwa else mean
        stats[c] = (ch.visits, value)
    best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total, -kv[0]))[0]
    return SearchResult(best, stats, kind=SearchKind.PLAY)


def _readable_choice(obs: Observation, cfg: SearchConfig, res: SearchResult,
                     samples: dict[int, list[float]] | None) -> SearchResult:
    """Keep the conventions (ai/conventions.py) unless the searched card is better than the
    best card they allow by more than `cfg.readable_margin` game points: in the mean of the
    search, or for the exact endgame (`samples`: values per world) in the paired mean over the
    same worlds by more than the margin plus two standard errors."""
    if cfg.readable_margin < 0:
        return res
    stats = res.stats
    legal = 0
    for c in stats:
        legal |= 1 << c
    allowed, _rules = readable(obs, legal)
    if allowed >> res.action & 1:
        return res
    gahwa = obs.contract is not None and obs.contract.raise_level == 5
    margin = cfg.readable_margin / 100.0 if gahwa else cfg.readable_margin
    options = [c for c in stats if allowed >> c & 1]
    if not options:
        return res
    if samples is not None:
        alt = max(options, key=lambda c: (stats[c][1], -c))
        gain, se = paired_advantage(samples[res.action], samples[alt])
        if gain <= margin + 2.0 * se:
            res.action = alt
        return res
    alt = max(options, key=lambda c: (stats[c][0], stats[c][1], -c))
    if stats[alt][1] >= stats[res.action][1] - margin:
        res.action = alt
    return res


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

    rule_sets = RULE_SETS

    def __init__(self, config: SearchConfig | None = None, seed: int = 0) -> None:
        self.config = config or MEDIUM.config
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
                cards = plain_cards(legal)
                if NO_DECLARE in legal:
                    res = SearchResult(DECLARE, kind=SearchKind.DECLARE)
                elif len(cards) == 1:
                    res = SearchResult(cards[0], kind=SearchKind.PLAY)
                elif cards and self.config.search_cards:
                    res = search_play(obs, self.config, rng)
                else:
                    res = SearchResult(heuristic_play(obs, legal)[0], kind=SearchKind.FALLBACK)
                res.action = with_announcement(res.action, legal)
            elif self.config.sim_calls:
                res = search_call(obs, legal, self.config, rng)
            else:
                res = SearchResult(heuristic_call(obs, legal), kind=SearchKind.FALLBACK)
        except SamplerError:
            if obs.phase is Phase.PLAYING:
                res = SearchResult(heuristic_play(obs, legal)[0], kind=SearchKind.FALLBACK)
            else:
                res = SearchResult(heuristic_call(obs, legal), kind=SearchKind.FALLBACK)
        if res.action not in legal:  # never happens; a guard for a bot that must not break the game
            res = SearchResult(legal[0], kind=SearchKind.FALLBACK)
        self.last = res
        return res
