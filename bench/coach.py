"""The coach's time per decision (a benchmark, not a test): python bench/coach.py [--hands N]

Every decision of South's (two or more legal moves) in N hands of HeuristicAgent self-play with
fixed seeds, judged as the review judges it (`ai.coach.evaluate`, the coach's seed). South's move
is the HeuristicAgent's at even hands and a random legal move at odd ones, so both the verdicts that
agree with the engine (its search only) and those that do not (its search, then both moves valued
on shared deals) are timed. One process, one core; the review runs the coach in the worker.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import time
from collections import defaultdict

import game
from ai.coach import CALL_EVAL_DEALS, CARD_EVAL_ITERATIONS, COACH_CONFIG, COACH_LEVEL, evaluate
from ai.heuristic import HeuristicAgent
from game.state import RoundState

HUMAN = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=12)
    args = parser.parse_args()
    print(f"python {platform.python_version()} ({platform.python_implementation()}) on "
          f"{platform.machine()}, one process, kernel: {game.BUILD}")
    print(f"coach: ismcts:{COACH_LEVEL} with {COACH_CONFIG.iterations} iterations / "
          f"{COACH_CONFIG.call_worlds} deals per call, no time cap; then {CARD_EVAL_ITERATIONS} "
          f"forced-search iterations per card compared, {CALL_EVAL_DEALS} deals per call compared")
    times: dict[str, list[float]] = defaultdict(list)
    mistakes = 0
    for hand in range(args.hands):
        seed = 1000 + hand
        s = RoundState.deal(random.Random(seed), dealer=hand & 3)
        bots = [HeuristicAgent(seed * 4 + i) for i in range(4)]
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()
            assert seat is not None
            obs = s.observation(seat)
            legal = list(obs.legal_actions)
            move = bots[seat].choose(obs, legal)
            if seat == HUMAN and len(legal) > 1:
                if hand % 2:
                    move = legal[rng.randrange(len(legal))]
                start = time.perf_counter()
                v = evaluate(obs, move)
                dt = time.perf_counter() - start
                kind = v.kind if v.kind != "declare" else "card"
                times[f"{kind}, {'agrees' if v.agrees else 'differs'}"].append(dt)
                mistakes += v.mistake
            s.apply(move)
    n = sum(len(v) for v in times.values())
    print(f"{n} decisions in {args.hands} hands, {mistakes} marked as mistakes")
    print("| decision | verdict | decisions | mean | median | max |")
    print("|---|---|---|---|---|---|")
    for key in sorted(times):
        ts = times[key]
        kind, verdict = key.split(", ")
        print(f"| {kind} | {verdict} | {len(ts)} | {1000 * statistics.mean(ts):.0f} ms "
              f"| {1000 * statistics.median(ts):.0f} ms | {1000 * max(ts):.0f} ms |")
    every = [t for ts in times.values() for t in ts]
    print(f"all: mean {1000 * statistics.mean(every):.0f} ms, max {1000 * max(every):.0f} ms; "
          f"a hand's review: {sum(every) / args.hands:.1f} s of the worker on average")


if __name__ == "__main__":
    main()
