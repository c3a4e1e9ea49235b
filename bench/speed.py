"""Speed figures of the card play and the search (not a test), as one JSON line.

    python bench/speed.py [--seconds S] [--positions N]

Measured on hands at their first card (full rules: projects, Baloot, Ekka, the last trick and
the score): random playouts per second, playouts with the playout policy per second, and ISMCTS
iterations per second at the Hard settings with a fixed iteration budget (no time cap); and, on
the same hands after nine more cards (the others' plays weigh the Expert's worlds), the Expert's
card decisions per second with its parts and a fixed budget (no time cap, no early stop). The
script also runs on the code before the card-play kernel existed (it looks for either API), so
`bench/compare.py` can time old and new side by side in one run.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import ai
from ai.heuristic import HeuristicAgent
from ai.ismcts import ISMCTSAgent

if (Path(ai.__file__).parent / "levels.py").exists():  # the levels as named objects (issue 52)
    from ai.levels import LEVEL_CONFIGS
else:  # before: ai/ismcts.py (checked by file: an editable install finds ai.levels elsewhere)
    from ai.ismcts import LEVEL_CONFIGS  # type: ignore[attr-defined,no-redef]
from game.phase import Phase
from game.state import RoundState

try:  # the card-play kernel
    from ai.policy import random_rollout, rollout

    def start_of(state: RoundState) -> Any:
        return state.card_play()
    KERNEL = "game.cardplay"
except ImportError:  # before it: ai/fast.py
    from ai.fast import FastState, random_rollout, rollout  # type: ignore[no-redef]

    def start_of(state: RoundState) -> Any:
        return FastState.from_round(state)
    KERNEL = "ai.fast"


def first_cards(count: int) -> list[tuple[RoundState, int]]:
    """Hands at their first card after HeuristicAgent calls, with the seat to move."""
    out: list[tuple[RoundState, int]] = []
    seed = 0
    while len(out) < count:
        seed += 1
        s = RoundState.deal(random.Random(seed), dealer=seed & 3)
        bots = [HeuristicAgent(seed * 4 + i) for i in range(4)]
        while s.phase in (Phase.BIDDING, Phase.DOUBLING) or (
                s.phase is Phase.PLAYING and len(s.legal_actions()) > 0
                and all(a >= 32 for a in s.legal_actions())):
            seat = s.to_move()
            assert seat is not None
            s.apply(bots[seat].choose(s.observation(seat), s.legal_actions()))
        if s.phase is Phase.PLAYING and len(s.legal_actions()) > 1:
            seat = s.to_move()
            assert seat is not None
            out.append((s, seat))
    return out


def nine_cards_later(positions: list[tuple[RoundState, int]]) -> list[tuple[RoundState, int]]:
    """The same hands after nine more cards by the HeuristicAgent, with the seat to move."""
    out = []
    for k, (s0, _) in enumerate(positions):
        s = s0.clone()
        bots = [HeuristicAgent(k * 4 + i) for i in range(4)]
        for _ in range(9):
            seat = s.to_move()
            assert seat is not None
            s.apply(bots[seat].choose(s.observation(seat), s.legal_actions()))
        seat = s.to_move()
        if seat is not None and s.phase is Phase.PLAYING and len(s.legal_actions()) > 1:
            out.append((s, seat))
    return out


def rate(seconds: float, body: Callable[[], int]) -> float:
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        n += body()
    return n / (time.perf_counter() - t0)


def fixed_work(kind: str, repeats: int, positions: list[tuple[RoundState, int]],
               iterations: int) -> None:
    """A fixed amount of one workload and nothing else (bench/instructions.py counts it)."""
    rng = random.Random(1)
    if kind == "search":
        cfg = replace(LEVEL_CONFIGS["hard"], time_limit=None, iterations=iterations,
                      early_stop=False)
        for _ in range(repeats):
            for i, (s, seat) in enumerate(positions):
                obs = s.observation(seat)
                ISMCTSAgent(cfg, seed=i).decide(obs, list(obs.legal_actions))
        return
    if kind == "expert":
        cfg = replace(LEVEL_CONFIGS["expert"], time_limit=None, iterations=iterations,
                      early_stop=False)
        later = nine_cards_later(positions)
        for _ in range(repeats):
            for i, (s, seat) in enumerate(later):
                obs = s.observation(seat)
                ISMCTSAgent(cfg, seed=i).decide(obs, list(obs.legal_actions))
        return
    policy = random_rollout if kind == "random" else rollout
    starts = [start_of(s) for s, _ in positions]
    for _ in range(repeats):
        for st in starts:
            g = st.copy()
            policy(g, rng)
            g.outcome()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--fixed", nargs=2, metavar=("KIND", "REPEATS"),
                    help="only do REPEATS rounds of one workload (random, policy, search or expert)")
    args = ap.parse_args()
    positions = first_cards(args.positions)
    if args.fixed:
        fixed_work(args.fixed[0], int(args.fixed[1]), positions, args.iterations)
        return
    starts = [start_of(s) for s, _ in positions]
    rng = random.Random(1)

    def playouts(policy: Callable[..., None]) -> Callable[[], int]:
        def body() -> int:
            for st in starts:
                g = st.copy()
                policy(g, rng)
                g.outcome()
            return len(starts)
        return body

    out: dict[str, Any] = {"kernel": KERNEL, "python": platform.python_version()}
    out["random_playouts_per_s"] = round(rate(args.seconds, playouts(random_rollout)))
    out["policy_playouts_per_s"] = round(rate(args.seconds, playouts(rollout)))
    cfg = replace(LEVEL_CONFIGS["hard"], time_limit=None, iterations=args.iterations,
                  early_stop=False)
    iters, secs = 0, 0.0
    for i, (s, seat) in enumerate(positions):
        obs = s.observation(seat)
        t0 = time.perf_counter()
        res = ISMCTSAgent(cfg, seed=i).decide(obs, list(obs.legal_actions))
        secs += time.perf_counter() - t0
        iters += res.iterations
    out["hard_iterations_per_s"] = round(iters / secs)
    expert = replace(LEVEL_CONFIGS["expert"], time_limit=None, iterations=args.iterations // 2,
                     early_stop=False)
    later = nine_cards_later(positions)
    t0 = time.perf_counter()
    for i, (s, seat) in enumerate(later):
        obs = s.observation(seat)
        ISMCTSAgent(expert, seed=i).decide(obs, list(obs.legal_actions))
    out["expert_decisions_per_s"] = round(len(later) / (time.perf_counter() - t0), 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
