"""The Expert under its time cap on this build (not a test): seconds per search, the iterations it
reached, and how often the cap cut it short. A slower build (pure Python, Windows under Wine)
reaches fewer iterations before the same cap, so it plays weaker: this measures by how much.

    python -m bench.expert_cap --hands 3 --seed 1        # docs/packaging.md runs it per build

The Expert plays `--hands` seeded hands in all four seats (one process), as
bench/decision_times.py does. A search is "cut by the cap" when it ran to the level's time limit
(ai/config.py); card searches stop earlier at their iteration budget or when the remaining
iterations cannot change the move. Seconds depend on the machine's load: compare builds side by
side, in the same minutes.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

import game
from ai.config import LEVEL_CONFIGS, SearchKind
from ai.ismcts import ISMCTSAgent
from game.state import RoundState


def load() -> str:
    return str(os.getloadavg()) if hasattr(os, "getloadavg") else "n/a on this system"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="expert", choices=sorted(LEVEL_CONFIGS))
    args = ap.parse_args()
    cfg = LEVEL_CONFIGS[args.level]
    print(f"{args.level}: cap {cfg.time_limit} s, {cfg.iterations} iterations, {cfg.call_worlds} call "
          f"worlds; modules: {game.BUILD}; Python {platform.python_version()} on {sys.platform}; "
          f"load before: {load()}")
    agents = [ISMCTSAgent(cfg, seed=args.seed * 4 + s) for s in range(4)]
    rows: dict[str, list[tuple[float, int]]] = {SearchKind.PLAY: [], SearchKind.CALL: []}
    started = time.perf_counter()
    for h in range(args.hands):
        rng = random.Random(args.seed * 100_000 + h)
        state = RoundState.deal(random.Random(args.seed * 100_000 + h), dealer=h & 3,
                                match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        while not state.is_over():
            seat = state.to_move()
            assert seat is not None
            obs = state.observation(seat)
            legal = list(obs.legal_actions)
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            res = agents[seat].decide(obs, legal)
            if res.kind in rows:
                rows[res.kind].append((res.seconds, res.iterations))
            state.apply(res.action)
    print("| searches | n | mean s | max s | mean iterations | cut by the cap |")
    print("|---|---|---|---|---|---|")
    cap = cfg.time_limit or float("inf")
    for kind, xs in rows.items():
        if not xs:
            continue
        cut = sum(1 for s, _ in xs if s >= cap)
        print(f"| {kind} | {len(xs)} | {sum(s for s, _ in xs) / len(xs):.2f} | {max(s for s, _ in xs):.2f} | "
              f"{sum(i for _, i in xs) / len(xs):.0f} | {cut} ({100 * cut / len(xs):.0f}%) |")
    print(f"{time.perf_counter() - started:.0f} s in all; load after: {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
