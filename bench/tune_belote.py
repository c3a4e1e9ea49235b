"""Classic Belote's bidding threshold by self-play (not a test): the HeuristicAgent with its
strength thresholds scaled by 1/boldness against the default one, on the same deal sequences
played both ways.

    python bench/tune_belote.py 0.8 0.9 1.1 1.25 1.4 1.6 [--pairs 300]

Prints, per boldness, the matches won of 2 x pairs and the mean points per hand (A - B) with a 95%
interval over the pairs.
"""

from __future__ import annotations

import argparse
import statistics

from ai.heuristic import HeuristicAgent
from game import MatchState, Rules

RULES = Rules.preset("belote")


def match(seed: int, boldness: float, a_team: int) -> tuple[bool, float]:
    m = MatchState(seed, RULES)
    agents = [HeuristicAgent(seed * 4 + s, boldness=boldness if s % 2 == a_team else 1.0)
              for s in range(4)]
    while not m.is_over():
        seat = m.to_move()
        assert seat is not None
        m.apply(agents[seat].choose(m.observation(seat), m.legal_actions()))
    hands = [h.score.points for h in m.sheet if h.score]
    diff = sum(p[a_team] - p[1 - a_team] for p in hands) / max(1, len(hands))
    return m.winner == a_team, diff


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("boldness", type=float, nargs="+")
    ap.add_argument("--pairs", type=int, default=300)
    args = ap.parse_args()
    for bold in args.boldness:
        wins, diffs = 0, []
        for i in range(args.pairs):
            w0, d0 = match(1000 + i, bold, 0)
            w1, d1 = match(1000 + i, bold, 1)
            wins += w0 + w1
            diffs.append((d0 + d1) / 2)
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
        print(f"boldness {bold}: match wins {wins}/{2 * args.pairs} = {wins / args.pairs / 2:.1%}, "
              f"per hand {statistics.mean(diffs):+.2f} ± {half:.2f}", flush=True)


if __name__ == "__main__":
    main()
