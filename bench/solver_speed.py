"""Endgame solver speed (not a test): nodes per second and time per world by cards left.

    python -m bench.solver_speed [--positions 40] [--cards 8,12,16,20,24]

Positions come from HeuristicAgent self-play (seeded deals, the bots' own calls), taken at the
first moment at most N cards are left in the hands; each is solved as the Expert's endgame solves
a world: the exact value of every legal card (`Solver.move_values`, one transposition table per
world). Prints a Markdown table; the load average says how busy the machine was.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

import game
from ai.solver import Solver, cards_left
from bench.positions import heuristic_hand
from game.cardplay import CardPlay
from game.phase import Phase


def positions(max_cards: int, count: int, seed: int) -> list[CardPlay]:
    out: list[CardPlay] = []
    h = 0
    while len(out) < count:
        h += 1
        for s in heuristic_hand(seed, h):
            if s.phase is Phase.PLAYING and all(a < 32 for a in s.legal_actions()):
                cp = s.card_play()
                if cards_left(cp) <= max_cards:
                    out.append(cp)
                    break
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--cards", default="8,12,16,20,24")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print(f"modules: {game.BUILD}; load before: {os.getloadavg()}")
    print("| cards left (at most) | positions | nodes per world (mean) | time per world: mean | "
          "p95 | max | nodes/s |")
    print("|---|---|---|---|---|---|---|")
    for k in (int(x) for x in args.cards.split(",")):
        times, nodes = [], []
        for cp in positions(k, args.positions, args.seed):
            solver = Solver()
            t0 = time.perf_counter()
            solver.move_values(cp)
            times.append(time.perf_counter() - t0)
            nodes.append(solver.nodes)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {k} | {len(times)} | {statistics.mean(nodes):,.0f} | "
              f"{statistics.mean(times) * 1000:.2f} ms | {p95 * 1000:.2f} ms | "
              f"{max(times) * 1000:.1f} ms | {sum(nodes) / sum(times):,.0f} |", flush=True)
    print(f"load after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
