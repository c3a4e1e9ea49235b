"""How long the solver takes to check one of the player's moves in a puzzle (not a test).

    python -m bench.puzzle_checks

For every shipped puzzle (assets/learn/puzzles.json), at each of South's turns along its solution,
the time of `PuzzleGame.values()`: every legal card valued exactly (what a click on a card waits
for). Prints the count, the mean, the 95th percentile and the maximum, by rule set.
"""

from __future__ import annotations

import os
import statistics
import time

import game
from game.cards import SOUTH
from ui.learn.data import load_puzzles
from ui.learn.puzzles import PuzzleGame


def main() -> int:
    puzzles, problems = load_puzzles()
    print(f"modules: {game.BUILD}; load before: {os.getloadavg()}; {len(puzzles)} puzzles; "
          f"problems: {len(problems)}")
    print("| rule set | checks | mean | p95 | max |")
    print("|---|---|---|---|---|")
    for belote in (False, True):
        times: list[float] = []
        for p in puzzles:
            if p.belote != belote:
                continue
            g = PuzzleGame(p)
            while not g.solved():
                if g.to_move() == SOUTH:
                    t0 = time.perf_counter()
                    g.values()
                    times.append(time.perf_counter() - t0)
                    g.play_south(g.next_card())
                else:
                    g.play_other()
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        print(f"| {'Classic Belote' if belote else 'Saudi Baloot'} | {len(times)} | "
              f"{statistics.mean(times) * 1000:.1f} ms | {p95 * 1000:.1f} ms | {times[-1] * 1000:.1f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
