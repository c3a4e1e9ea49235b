"""Computer-player speed figures (not a test): python bench/players.py [--positions N]

1. sampler draws, kernel playouts (random and heuristic policy) per second;
2. ISMCTS iterations per second and decision time per difficulty, at the first card of a hand
   and mid-hand (after four tricks), on one core;
3. decision time of a bid (by simulation) per difficulty.
Positions come from HeuristicAgent self-play with fixed seeds.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time

import game
from ai.heuristic import HeuristicAgent
from ai.ismcts import ISMCTSAgent
from ai.levels import LEVEL_CONFIGS
from ai.policy import random_rollout, rollout
from ai.sampler import WorldSampler
from game.actions import is_card
from game.cardplay import CardPlay
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState


def positions(count: int, tricks: int) -> list[Observation]:
    """Observations of the seat to play a card (with a real choice) after `tricks` tricks."""
    out: list[Observation] = []
    seed = 0
    while len(out) < count:
        seed += 1
        s = RoundState.deal(random.Random(seed), dealer=seed & 3)
        bots = [HeuristicAgent(seed * 4 + i) for i in range(4)]
        while not s.is_over():
            seat = s.to_move()
            assert seat is not None
            legal = s.legal_actions()
            if (s.phase is Phase.PLAYING and s.tricks_done == tricks and len(legal) > 1
                    and all(is_card(a) for a in legal)):
                out.append(s.observation(seat))
                break
            s.apply(bots[seat].choose(s.observation(seat), legal))
    return out


def bid_positions(count: int) -> list[Observation]:
    out = []
    for seed in range(1, count + 1):
        s = RoundState.deal(random.Random(seed), dealer=seed & 3)
        seat = s.to_move()
        assert seat is not None
        out.append(s.observation(seat))
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=20)
    ap.add_argument("--levels", default="easy,medium,hard")
    args = ap.parse_args()
    print(f"python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.machine()}, one process; modules: {game.BUILD}")
    starts = positions(args.positions, 0)
    mids = positions(args.positions, 4)
    rng = random.Random(1)

    samplers = [WorldSampler(o) for o in starts + mids]
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < 2.0:
        for sm in samplers:
            sm.sample(rng)
        n += len(samplers)
    print(f"sampler: {n / (time.perf_counter() - t0):9.0f} deals/s")
    states = []
    for sm in samplers:
        states.append(sm.fast_state(CardPlay.public(sm.obs), sm.sample(rng)[0]))
    for label, fn in (("random", random_rollout), ("heuristic", rollout)):
        n, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < 2.0:
            for st in states:
                g = st.copy()
                fn(g, rng)
                g.outcome()
            n += len(states)
        print(f"playouts ({label} policy, from first card or mid-hand): "
              f"{n / (time.perf_counter() - t0):7.0f} /s")

    levels = args.levels.split(",")
    print()
    print("| level | position | iterations (mean) | iterations/s | decision time mean | max |")
    print("|---|---|---|---|---|---|")
    for level in levels:
        cfg = LEVEL_CONFIGS[level]
        for label, obs_list in (("first card", starts), ("mid-hand (after 4 tricks)", mids)):
            times, iters = [], []
            for i, obs in enumerate(obs_list):
                agent = ISMCTSAgent(cfg, seed=i)
                res = agent.decide(obs, list(obs.legal_actions))
                times.append(res.seconds)
                iters.append(res.iterations)
            ips = sum(iters) / sum(times)
            print(f"| {level} | {label} | {statistics.mean(iters):.0f} | {ips:.0f} | "
                  f"{statistics.mean(times) * 1000:.0f} ms | {max(times) * 1000:.0f} ms |")
    print()
    print("| level | decision | simulated deals (mean) | decision time mean | max |")
    print("|---|---|---|---|---|")
    bids = bid_positions(args.positions)
    for level in levels:
        cfg = LEVEL_CONFIGS[level]
        times, worlds = [], []
        for i, obs in enumerate(bids):
            res = ISMCTSAgent(cfg, seed=i).decide(obs, list(obs.legal_actions))
            times.append(res.seconds)
            worlds.append(res.iterations)
        print(f"| {level} | first bid of a hand | {statistics.mean(worlds):.0f} | "
              f"{statistics.mean(times) * 1000:.0f} ms | {max(times) * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
