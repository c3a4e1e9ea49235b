"""Behaviour record (not a test): every agent's decision on seeded positions of every phase.

    python bench/decisions.py --out before.json            # record (run on the old code)
    python bench/decisions.py --compare before.json        # record again and diff (the new code)

A refactor that must not change behaviour is checked with this: for a fixed iteration budget
(no time cap) and seed, each agent must choose the same action, and a search must report the
same visit counts and means, on every position.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import replace
from typing import Any

from ai.agent import RandomAgent
from ai.heuristic import HeuristicAgent, heuristic_play
from ai.ismcts import LEVEL_CONFIGS, ISMCTSAgent
from game.actions import action_str
from game.notation import to_notation
from game.state import Phase, RoundState

PHASE_QUOTA = {"bidding": 50, "doubling": 30, "declare": 20, "playing": 100}


def positions(count: int) -> list[tuple[RoundState, int]]:
    """(state, seat to move) reached by seeded random play, in fixed phase quotas."""
    quota = {k: v * count // 200 for k, v in PHASE_QUOTA.items()}
    out: list[tuple[RoundState, int]] = []
    i = 0
    while any(quota.values()):
        rng = random.Random(7919 * i + 1)
        s = RoundState.deal(random.Random(i), dealer=i & 3,
                            match_scores=(rng.randrange(0, 150), rng.randrange(0, 150)))
        i += 1
        steps = rng.randrange(0, 50)
        for _ in range(steps):
            if s.is_over():
                break
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        if s.is_over():
            continue
        legal = s.legal_actions()
        if len(legal) < 2:
            continue
        kind = s.phase.value
        if s.phase is Phase.PLAYING and not all(a < 32 for a in legal):
            kind = "declare"
        if quota.get(kind, 0) <= 0:
            continue
        quota[kind] -= 1
        seat = s.to_move()
        assert seat is not None
        out.append((s, seat))
    return out


def record(count: int, levels: list[str]) -> list[dict[str, Any]]:
    rows = []
    for k, (s, seat) in enumerate(positions(count)):
        obs = s.observation(seat)
        legal = list(obs.legal_actions)
        row: dict[str, Any] = {"position": to_notation(s), "seat": seat}
        row["random"] = action_str(RandomAgent(k).choose(obs, legal))
        row["heuristic"] = action_str(HeuristicAgent(k).choose(obs, legal))
        if s.phase is Phase.PLAYING and all(a < 32 for a in legal):
            row["heuristic_reason"] = heuristic_play(obs, legal)[1]
        for lv in levels:
            agent = ISMCTSAgent(replace(LEVEL_CONFIGS[lv], time_limit=None), seed=k)
            res = agent.decide(obs, legal)
            row[lv] = {"action": action_str(res.action), "kind": str(res.kind),
                       "iterations": res.iterations,
                       "stats": {action_str(a): [v, round(m, 9)] for a, (v, m) in
                                 sorted(res.stats.items())}}
        rows.append(row)
        print(f"\r{k + 1} positions", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--levels", default="easy,medium,hard")
    ap.add_argument("--out", help="write the record to this JSON file")
    ap.add_argument("--compare", help="compare with a record written before")
    args = ap.parse_args()
    start = time.perf_counter()
    rows = record(args.positions, [x for x in args.levels.split(",") if x])
    print(f"{len(rows)} positions in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=0)
    if args.compare:
        with open(args.compare, encoding="utf-8") as f:
            before = json.load(f)
        diffs = 0
        for i, (a, b) in enumerate(zip(before, rows, strict=True)):
            for key in sorted(set(a) | set(b)):
                if a.get(key) != b.get(key):
                    diffs += 1
                    print(f"position {i} [{key}]: before {a.get(key)!r}\n    after {b.get(key)!r}")
        print(f"{len(rows)} positions compared: {diffs} difference(s)")
        return 1 if diffs else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
