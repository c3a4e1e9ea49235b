"""Decision time per level (not a test): mean, p95, p99 and max by kind of decision.

    python -m bench.decision_times --levels easy,medium,hard,expert --hands 100 [--nocap] [--out F]
    python -m bench.decision_times --levels expert --spec "expert,cands=3000" --hands 10 --nocap

Each level plays `--hands` seeded hands against itself in all four seats (one process, so each
decision has one core), and every decision with a real choice is timed: the first card of the
hand, a card mid-hand (tricks 2 to 6), the last cards (tricks 7 and 8), and the calls (bids,
doubling, lock, Triple/Four/Gahwa). `--nocap` removes the levels' time caps (their iteration and
world budgets stay), which is how the strength runs play and how a pathological decision shows.
`--declared N` instead times N card plays of the first trick after another seat declared
projects (positions from HeuristicAgent self-play): the decisions whose worlds are the hardest
to deal. The load average is printed before and after: the machine's load changes every figure.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from dataclasses import replace

import game
from ai.config import SearchConfig
from ai.ismcts import ISMCTSAgent
from ai.levels import LEVEL_CONFIGS, parse_budget
from bench.positions import heuristic_hand
from game.actions import is_card
from game.phase import Phase
from game.state import RoundState

KINDS = ("first card", "mid-hand", "last tricks", "calls")


def kind_of(state: RoundState) -> str | None:
    if state.phase is not Phase.PLAYING:
        return "calls"
    if not all(is_card(a) for a in state.legal_actions()):
        return None  # project declarations: always declared, nothing to time
    done = state.tricks_done
    if done == 0 and not state.trick:
        return "first card"
    return "mid-hand" if done < 6 else "last tricks"


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, math.ceil(q * len(s)) - 1)]


def config_of(level: str, nocap: bool) -> SearchConfig:
    """A level by name, or a budget (`--spec`, e.g. 'expert,cands=3000'); without its time cap
    with `nocap`."""
    cfg = LEVEL_CONFIGS[level] if level in LEVEL_CONFIGS else parse_budget(level)
    return replace(cfg, time_limit=None) if nocap else cfg


def time_level(level: str, hands: int, seed: int, nocap: bool) -> dict[str, list[float]]:
    cfg = config_of(level, nocap)
    agents = [ISMCTSAgent(cfg, seed=seed * 4 + s) for s in range(4)]
    out: dict[str, list[float]] = {k: [] for k in KINDS}
    for h in range(hands):
        rng = random.Random(seed * 100_000 + h)
        state = RoundState.deal(random.Random(seed * 100_000 + h), dealer=h & 3,
                                match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            obs = state.observation(seat)
            legal = list(obs.legal_actions)
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            kind = kind_of(state)
            t0 = time.perf_counter()
            action = agents[seat].choose(obs, legal)
            dt = time.perf_counter() - t0
            if kind is not None:
                out[kind].append(dt)
            state.apply(action)
    return out


def declared_positions(count: int, seed: int) -> list[RoundState]:
    """First-trick card plays (with a choice) after another seat declared projects."""
    out: list[RoundState] = []
    h = 0
    while len(out) < count:
        h += 1
        for state in heuristic_hand(seed, h):
            if state.phase is Phase.PLAYING and state.tricks_done > 0:
                break
            seat = state.to_move()
            assert seat is not None
            if (state.phase is Phase.PLAYING and kind_of(state) is not None
                    and len(state.legal_actions()) > 1
                    and any(state.observation(seat).declared[s] for s in range(4) if s != seat)):
                out.append(state.clone())
    return out[:count]


def time_declared(level: str, count: int, seed: int, nocap: bool) -> list[float]:
    cfg = config_of(level, nocap)
    times = []
    for i, state in enumerate(declared_positions(count, seed)):
        seat = state.to_move()
        assert seat is not None
        obs = state.observation(seat)
        t0 = time.perf_counter()
        ISMCTSAgent(cfg, seed=i).choose(obs, obs.legal_actions)
        times.append(time.perf_counter() - t0)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", default="easy,medium,hard,expert")
    ap.add_argument("--spec", action="append", default=[], metavar="BUDGET",
                    help="also time this budget (e.g. 'expert,cands=3000'); repeatable")
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--nocap", action="store_true", help="remove the levels' time caps")
    ap.add_argument("--out", help="also write every time to this JSON file")
    ap.add_argument("--declared", type=int, default=0, metavar="N",
                    help="time N first-trick card plays after declared projects instead")
    args = ap.parse_args()
    print(f"modules: {game.BUILD}; load before: {os.getloadavg()}")
    if args.declared:
        print("| level | first-trick card after declared projects | n | mean | p95 | p99 | max |")
        print("|---|---|---|---|---|---|---|")
        for level in [*args.levels.split(","), *args.spec]:
            xs = time_declared(level, args.declared, args.seed, args.nocap)
            print(f"| {level}{' (no cap)' if args.nocap else ''} | | {len(xs)} | "
                  f"{sum(xs) / len(xs) * 1000:.0f} ms | {percentile(xs, 0.95) * 1000:.0f} ms | "
                  f"{percentile(xs, 0.99) * 1000:.0f} ms | {max(xs) * 1000:.0f} ms |", flush=True)
        print(f"load after: {os.getloadavg()}")
        return 0
    print("| level | decision | n | mean | p95 | p99 | max |")
    print("|---|---|---|---|---|---|---|")
    everything: dict[str, dict[str, list[float]]] = {}
    for level in [*args.levels.split(","), *args.spec]:
        times = time_level(level, args.hands, args.seed, args.nocap)
        everything[level] = times
        for kind in KINDS:
            xs = times[kind]
            if not xs:
                continue
            print(f"| {level}{' (no cap)' if args.nocap else ''} | {kind} | {len(xs)} | "
                  f"{sum(xs) / len(xs) * 1000:.0f} ms | {percentile(xs, 0.95) * 1000:.0f} ms | "
                  f"{percentile(xs, 0.99) * 1000:.0f} ms | {max(xs) * 1000:.0f} ms |", flush=True)
    print(f"load after: {os.getloadavg()}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(everything, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
