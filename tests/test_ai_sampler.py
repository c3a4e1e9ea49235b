"""The sampler deals only worlds that reproduce the observation, and deals them uniformly."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator

from ai.sampler import WorldSampler
from bench.positions import random_positions
from game.cards import cards_in
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState
from game.worlds import InconsistentWorld, build_world


def test_every_sampled_world_reproduces_the_observation() -> None:
    rng = random.Random(1)
    phases: Counter[str] = Counter()
    with_projects = 0
    for state, seat in random_positions(500, seed=1):
        obs = state.observation(seat)
        sampler = WorldSampler(obs)
        with_projects += sampler.needs_rejection
        for _ in range(3):
            hands, stock = sampler.sample(rng)
            world = build_world(obs, hands, stock)  # raises InconsistentWorld if anything is off
            assert world.observation(seat) == obs
        phases[obs.phase.value] += 1
    assert phases["bidding"] > 30 and phases["playing"] > 200 and phases["doubling"] > 0
    assert with_projects > 10


def test_bidding_counts_every_deal_of_the_stock() -> None:
    s = RoundState.deal(random.Random(4))
    seat = s.to_move()
    assert seat is not None
    sampler = WorldSampler(s.observation(seat))
    # 26 unseen cards: 5 to each other seat, 11 to the stock (whose order is then shuffled)
    assert sampler.total == math.comb(26, 5) * math.comb(21, 5) * math.comb(16, 5)
    hands, stock = sampler.sample(random.Random(0))
    assert len(stock) == 11 and all(h.bit_count() == 5 for h in hands)


def _late_positions(seed: int, tricks: int) -> Iterator[Observation]:
    rng = random.Random(seed)
    i = 0
    while True:
        s = RoundState.deal(random.Random(seed * 1000 + i), dealer=i & 3)
        i += 1
        while not s.is_over() and not (s.phase is Phase.PLAYING and s.tricks_done == tricks and not s.trick):
            s.apply(rng.choice(s.legal_actions()))
        if not s.is_over():
            yield s.observation(rng.randrange(4))


def _exact_worlds(obs: Observation) -> list[tuple[int, ...]]:
    """Every placement of the unseen cards that build_world accepts and that reproduces obs."""
    unseen = cards_in(obs.unseen)
    others = [s for s in range(4) if s != obs.seat]
    out = []
    for a in itertools.combinations(unseen, obs.hand_sizes[others[0]]):
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, obs.hand_sizes[others[1]]):
            hands = [0, 0, 0, 0]
            hands[obs.seat] = obs.hand
            hands[others[0]] = sum(1 << c for c in a)
            hands[others[1]] = sum(1 << c for c in b)
            hands[others[2]] = sum(1 << c for c in rest if c not in b)
            try:
                world = build_world(obs, hands)
            except InconsistentWorld:
                continue
            if world.observation(obs.seat) == obs:
                out.append(tuple(hands))
    return out


def _chi_square_critical(df: int, z: float = 3.09) -> float:
    """Upper 0.1% point of chi-square (Wilson-Hilferty approximation)."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _pick(tricks: int, want_projects: bool, lo: int, hi: int) -> Observation:
    for obs in _late_positions(7, tricks):
        sm = WorldSampler(obs)
        if sm.needs_rejection == want_projects and lo <= sm.total <= hi:
            return obs
    raise AssertionError("unreachable")


def _check_uniform(obs: Observation, per_cell: int, seed: int) -> None:
    exact = _exact_worlds(obs)
    sampler = WorldSampler(obs)
    if not sampler.needs_rejection:
        assert sampler.total == len(exact)  # the count is exact, not just the support
    rng = random.Random(seed)
    n = per_cell * len(exact)
    counts = Counter(tuple(sampler.sample(rng)[0]) for _ in range(n))
    assert set(counts) <= set(exact), "a sampled world is not consistent"
    expected = n / len(exact)
    chi2 = sum((counts.get(w, 0) - expected) ** 2 / expected for w in exact)
    assert chi2 < _chi_square_critical(len(exact) - 1), (chi2, len(exact))


def test_uniform_against_exact_enumeration_with_voids() -> None:
    obs = _pick(6, want_projects=False, lo=12, hi=40)
    assert obs.absent != (0, 0, 0, 0)
    _check_uniform(obs, per_cell=150, seed=3)


def test_uniform_against_exact_enumeration_with_declared_projects() -> None:
    obs = _pick(6, want_projects=True, lo=8, hi=40)
    _check_uniform(obs, per_cell=150, seed=4)


def test_uniform_on_a_larger_position() -> None:
    obs = _pick(5, want_projects=False, lo=100, hi=400)
    _check_uniform(obs, per_cell=40, seed=5)


def _first_trick_with_declared(seed: int, kinds: set[str]) -> Observation:
    """The first card play of the first trick, in a HeuristicAgent hand, after another seat
    declared a project of one of `kinds` (not yet shown)."""
    from ai.heuristic import HeuristicAgent
    s = RoundState.deal(random.Random(seed), dealer=seed & 3)
    bots = [HeuristicAgent(seed * 4 + i) for i in range(4)]
    while not s.is_over():
        seat = s.to_move()
        assert seat is not None
        obs = s.observation(seat)
        if (s.phase is Phase.PLAYING and s.tricks_done == 0 and len(obs.legal_actions) > 1
                and all(a < 32 for a in obs.legal_actions)
                and any(set(obs.declared[x] or ()) & kinds for x in range(4) if x != seat)):
            return obs
        s.apply(bots[seat].choose(obs, obs.legal_actions))
    raise AssertionError("no such position in this hand")


def test_declared_projects_cost_a_few_tries_where_rejection_failed() -> None:
    """A declared Hundred and Sira: uniform deals never agree (the old rejection sampler gave
    up after 20,000), the corrected proposal needs a few tries per deal."""
    obs = _first_trick_with_declared(157, {"hundred"})
    sampler = WorldSampler(obs)
    rng = random.Random(2)
    assert not any(sampler.projects_ok(sampler.draw(rng)[0]) for _ in range(3000))
    for _ in range(20):
        hands, stock = sampler.sample(rng)
        assert build_world(obs, hands, stock).observation(obs.seat) == obs
    assert sampler.accepted == 20 and sampler.tries <= 200
