"""Positions for the search's learned leaf evaluation (ai/leafnet.py), each with its exact value
(not a test; bench/leafnet_fit.py fits the network to them).

    python -m bench.valuedata --hands 40000 --seed 900 --workers 2 --out leaf-900.jsonl

Hands are bid and played by four HeuristicAgents (Baloot's default rules); each gives the one
position at the start of the trick after `--tricks` tricks (the depth ai/leafnet.py evaluates),
unless the hand is under Gahwa (its value is the match) or ended in a Kawesh. Each position is
solved exactly on its true deal (ai/solver.py: both teams seeing every card, the hand's game
points as the engine settles them, North-South minus East-West), and, to compare with what the
network replaces, played out once as the search's playout does (the rule-based policy with 10%
random cards until 8 cards are left, then solved).
"""

from __future__ import annotations

import argparse
import json
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai.leafnet import LEAF_TRICKS, describe
from ai.policy import policy_card
from ai.solver import Solver, cards_left
from bench.positions import heuristic_hand
from game.cardplay import CardPlay
from game.phase import Phase


def playout_value(cp: CardPlay, rng: random.Random, solve_at: int = 8) -> int:
    """One playout as the search's (policy with 10% random cards), solved from `solve_at` cards."""
    st = cp.copy()
    while st.done < 8 and cards_left(st) > solve_at:
        st.play(policy_card(st, st.legal(), rng.random(), 0.1))
    return Solver().value(st)


def position(seed: int, hand: int, tricks: int) -> dict[str, Any] | None:
    for s in heuristic_hand(seed, hand):
        if s.phase is not Phase.PLAYING or s.contract is None or s.contract.raise_level >= 5:
            continue
        cp = s.cp
        if cp is None or cp.done < tricks:
            continue
        if cp.done > tricks or cp.trick:
            return None
        cp = s.card_play()
        row = describe(cp)
        row.update(hand=hand, value=Solver().value(cp),
                   playout=playout_value(cp, random.Random(seed * 1_000_003 + hand)))
        return row
    return None


def _batch(args: tuple[int, int, int, int]) -> list[dict[str, Any]]:
    seed, lo, hi, tricks = args
    return [r for h in range(lo, hi) if (r := position(seed, h, tricks)) is not None]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--tricks", type=int, default=LEAF_TRICKS)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    step = 200
    jobs = [(args.seed, lo, min(lo + step, args.hands), args.tricks)
            for lo in range(0, args.hands, step)]
    n = 0
    with open(args.out, "w", encoding="utf-8") as f, ProcessPoolExecutor(args.workers) as ex:
        for rows in ex.map(_batch, jobs):
            for r in rows:
                f.write(json.dumps(r) + "\n")
            n += len(rows)
            f.flush()
    print(f"{n} positions from {args.hands} hands -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
