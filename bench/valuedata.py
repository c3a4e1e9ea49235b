"""Positions for the search's learned leaf evaluation (ai/leafnet.py), each with its exact value
(not a test; bench/leafnet_fit.py fits the network to them).

    python -m bench.valuedata --hands 60000 --seed 900 --workers 2 --out leaf-900.jsonl
    python -m bench.valuedata --players "ismcts:hard,iters=3000,worlds=400" --hands 300 \
        --seed 950 --workers 2 --out leaf-hard.jsonl
    python -m bench.valuedata --report leaf-hard.jsonl

Hands are bid and played by four HeuristicAgents or by four `--players` (Baloot's default
rules); each gives the one
position at the start of the trick after `--tricks` tricks (the depth ai/leafnet.py evaluates),
unless the hand is under Gahwa (its value is the match) or ended in a Kawesh. Each position is
solved exactly on its true deal (ai/solver.py: both teams seeing every card, the hand's game
points as the engine settles them, North-South minus East-West), and, to compare with what the
network replaces, played out once as the search's playout does (the rule-based policy with 10%
random cards until 8 cards are left, then solved), and the result the players' own play reached
from there (`played`). `--report` says which estimate is closest to that real play: the exact
value, the network of ai/leafnet.py, the one playout, or the mean.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ai.leafnet import LEAF_TRICKS, describe, described_value
from ai.policy import policy_card
from ai.registry import make_agent
from ai.solver import Solver, cards_left
from bench.positions import heuristic_hand, played_hand
from game.cardplay import CardPlay
from game.phase import Phase
from game.state import RoundState

HEURISTIC = "heuristic"


def playout_value(cp: CardPlay, rng: random.Random, solve_at: int = 8) -> int:
    """One playout as the search's (policy with 10% random cards), solved from `solve_at` cards."""
    st = cp.copy()
    while st.done < 8 and cards_left(st) > solve_at:
        st.play(policy_card(st, st.legal(), rng.random(), 0.1))
    return Solver().value(st)


def hand_states(seed: int, hand: int, players: str) -> Iterator[RoundState]:
    """The live state before each move of a hand bid and played by four `players`."""
    if players == HEURISTIC:
        return heuristic_hand(seed, hand)
    return played_hand(seed, hand, [make_agent(players, hand * 4 + s, experiments=True)
                                    for s in range(4)])


def position(seed: int, hand: int, tricks: int, players: str = HEURISTIC) -> dict[str, Any] | None:
    states = hand_states(seed, hand, players)
    for s in states:
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
        if players != HEURISTIC:
            for _ in states:  # the players finish the hand
                pass
            assert s.cp is not None and s.is_over()
            r = s.cp.outcome()
            row["played"] = r[0] - r[1]
        return row
    return None


def _batch(args: tuple[int, int, int, int, str]) -> list[dict[str, Any]]:
    seed, lo, hi, tricks, players = args
    return [r for h in range(lo, hi) if (r := position(seed, h, tricks, players)) is not None]


def report(path: str) -> None:
    """Each estimate's distance from the result the players reached (game points)."""
    with open(path, encoding="utf-8") as f:
        rows = [r for line in f if "played" in (r := json.loads(line))]
    nets = [described_value(r) for r in rows]
    mean = sum(r["played"] for r in rows) / len(rows)
    print(f"{len(rows)} positions; the result the players reached from there, North-South minus "
          f"East-West, against each estimate (game points, 95%):")
    print("| estimate | RMSE | mean error for the team to lead (estimate - played) |")
    print("|---|---|---|")
    estimates = {"the exact value (both teams seeing every card)": [float(r["value"]) for r in rows],
                 "the network of ai/leafnet.py": nets,
                 "one playout (policy, solved from 8 cards)": [float(r["playout"]) for r in rows],
                 "the mean result": [mean] * len(rows)}
    for name, est in estimates.items():
        err = [(e - r["played"]) * (1 if r["leader"] & 1 == 0 else -1)
               for e, r in zip(est, rows, strict=True)]
        mse = sum(e * e for e in err) / len(err)
        m = sum(err) / len(err)
        sd = math.sqrt(sum((e - m) ** 2 for e in err) / (len(err) - 1))
        sq_sd = math.sqrt(sum((e * e - mse) ** 2 for e in err) / (len(err) - 1))
        half = 1.96 * sq_sd / math.sqrt(len(err)) / (2 * math.sqrt(mse))
        bias = 1.96 * sd / math.sqrt(len(err))
        print(f"| {name} | {math.sqrt(mse):.2f} ± {half:.2f} | {m:+.2f} ± {bias:.2f} |")
    names = list(estimates)
    for a, b in ((names[2], names[1]), (names[1], names[0])):
        d = [(ea - r["played"]) ** 2 - (eb - r["played"]) ** 2
             for ea, eb, r in zip(estimates[a], estimates[b], rows, strict=True)]
        m = sum(d) / len(d)
        sd = math.sqrt(sum((x - m) ** 2 for x in d) / (len(d) - 1))
        print(f"squared error, {a} minus {b}: {m:+.1f} ± {1.96 * sd / math.sqrt(len(d)):.1f} a position")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=900)
    ap.add_argument("--tricks", type=int, default=LEAF_TRICKS)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--players", default=HEURISTIC, help="the agent spec that bids and plays")
    ap.add_argument("--out")
    ap.add_argument("--report", help="compare the estimates with real play in this file")
    args = ap.parse_args()
    if args.report:
        report(args.report)
        return 0
    if not args.out:
        ap.error("--out is required")
    step = 200 if args.players == HEURISTIC else 2
    jobs = [(args.seed, lo, min(lo + step, args.hands), args.tricks, args.players)
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
