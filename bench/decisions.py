"""Behaviour record (not a test): every agent's decision on seeded positions of every phase.

    python bench/decisions.py --out before.jsonl                 # record (run on the old code)
    python bench/decisions.py --compare before.jsonl             # record again and diff (the new code)
    python bench/decisions.py --out after.jsonl; python bench/decisions.py --diff before.jsonl after.jsonl

A refactor that must not change behaviour is checked with this: for a fixed iteration budget
(no time cap) and seed, each agent (random, heuristic, every level) must choose the same action,
and a search must report the same visit counts and means, on every position of every rule preset.
The coach's values of two moves (a small budget) are recorded too. Run it under both builds
(BALOOT_PURE_PYTHON=1 for the pure one). The record is one JSON line per position, written as it
goes, so a partial record compares on the positions it has.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
import time
from dataclasses import replace
from typing import Any, TextIO

from ai.agent import RandomAgent
from ai.coach import COACH_CONFIG, call_values, forced_values
from ai.heuristic import HeuristicAgent, heuristic_play
from ai.ismcts import ISMCTSAgent
from ai.levels import LEVEL_CONFIGS
from game import BUILD
from game.actions import action_str
from game.notation import to_notation
from game.rules import PRESETS, Rules
from game.state import Phase, RoundState

PHASE_QUOTA = {"bidding": 50, "doubling": 30, "declare": 20, "playing": 100}
COACH_EVERY = 4
"""The coach's values are recorded on every fourth position (they cost a search each)."""


def positions(count: int, rules: Rules) -> list[tuple[RoundState, int]]:
    """(state, seat to move) reached by seeded random play, in fixed phase quotas."""
    quota = {k: v * count // 200 for k, v in PHASE_QUOTA.items()}
    if rules.belote:  # no projects to declare, and random play seldom doubles
        del quota["declare"], quota["doubling"]
    quota["playing"] += count - sum(quota.values())
    out: list[tuple[RoundState, int]] = []
    i = 0
    while any(quota.values()):
        rng = random.Random(7919 * i + 1)
        s = RoundState.deal(random.Random(i), dealer=i & 3, rules=rules,
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


def _search(res: Any) -> dict[str, Any]:
    return {"action": action_str(res.action), "kind": str(res.kind), "iterations": res.iterations,
            "stats": {action_str(a): [v, round(m, 9)] for a, (v, m) in sorted(res.stats.items())}}


def record_one(preset: str, k: int, s: RoundState, seat: int, levels: list[str]) -> dict[str, Any]:
    obs = s.observation(seat)
    legal = list(obs.legal_actions)
    row: dict[str, Any] = {"preset": preset, "index": k, "position": to_notation(s), "seat": seat}
    row["random"] = action_str(RandomAgent(k).choose(obs, legal))
    heuristic = HeuristicAgent(k).choose(obs, legal)
    row["heuristic"] = action_str(heuristic)
    cards = s.phase is Phase.PLAYING and all(a < 32 for a in legal)
    if cards:
        row["heuristic_reason"] = heuristic_play(obs, legal)[1]
    for lv in levels:
        agent = ISMCTSAgent(replace(LEVEL_CONFIGS[lv], time_limit=None), seed=k)
        row[lv] = _search(agent.decide(obs, legal))
    if k % COACH_EVERY == 0:
        other = next(a for a in legal if a != heuristic)
        try:
            if s.phase is Phase.PLAYING:
                values = forced_values(obs, (heuristic, other), 120, COACH_CONFIG, k)
            else:
                values = call_values(obs, legal, 24, COACH_CONFIG, k)
            row["coach"] = {action_str(a): [round(e.points, 9), round(e.equity, 9), e.samples]
                            for a, e in sorted(values.items())}
        except Exception as e:  # recorded, so that the same failure compares equal
            row["coach"] = f"{type(e).__name__}: {e}"
    return row


def read_record(path: str) -> dict[tuple[str, int], dict[str, Any]]:
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.endswith("\n"):  # a line still being written is left out
                row = json.loads(line)
                rows[row["preset"], row["index"]] = row
    return rows


def diff_records(before_path: str, after_path: str) -> int:
    before, after = read_record(before_path), read_record(after_path)
    both = sorted(set(before) & set(after))
    diffs = 0
    for key in both:
        a, b = before[key], after[key]
        for field in sorted(set(a) | set(b)):
            if a.get(field) != b.get(field):
                diffs += 1
                print(f"{key[0]} position {key[1]} [{field}]: before {a.get(field)!r}\n"
                      f"    after {b.get(field)!r}")
    per = {p: sum(1 for k in both if k[0] == p) for p in sorted({k[0] for k in both})}
    print(f"{len(both)} positions compared ({', '.join(f'{p} {n}' for p, n in per.items())}): "
          f"{diffs} difference(s)")
    return 1 if diffs or not both else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=100, help="positions per preset")
    ap.add_argument("--presets", default=",".join(PRESETS))
    ap.add_argument("--levels", default=",".join(LEVEL_CONFIGS))
    ap.add_argument("--out", help="write the record to this file (one JSON line a position)")
    ap.add_argument("--compare", help="compare with a record written before")
    ap.add_argument("--diff", nargs=2, metavar=("BEFORE", "AFTER"),
                    help="compare two records on the positions both have (records nothing)")
    args = ap.parse_args()
    if args.diff:
        return diff_records(*args.diff)
    levels = [x for x in args.levels.split(",") if x]
    before: dict[tuple[str, int], dict[str, Any]] = {}
    if args.compare:
        before = read_record(args.compare)
    print(f"build: {BUILD}", file=sys.stderr)
    with contextlib.ExitStack() as stack:
        out = stack.enter_context(open(args.out, "w", encoding="utf-8")) if args.out else None
        return run(args, levels, before, out)


def run(args: argparse.Namespace, levels: list[str], before: dict[tuple[str, int], dict[str, Any]],
        out: TextIO | None) -> int:
    start = time.perf_counter()
    done = compared = diffs = 0
    presets = [x for x in args.presets.split(",") if x]
    lists = {p: positions(args.positions, Rules.preset(p)) for p in presets}
    for k in range(args.positions):  # the presets in turn, so a partial record covers them all
        for preset in presets:
            s, seat = lists[preset][k]
            if args.compare and (preset, k) not in before:
                continue
            row = record_one(preset, k, s, seat, levels)
            done += 1
            if out is not None:
                out.write(json.dumps(row) + "\n")
                out.flush()
            if args.compare:
                compared += 1
                old = before[preset, k]
                for key in sorted(set(old) | set(row)):
                    if old.get(key) != row.get(key):
                        diffs += 1
                        print(f"{preset} position {k} [{key}]: before {old.get(key)!r}\n"
                              f"    after {row.get(key)!r}")
        if done and done % len(presets) == 0:
            print(f"\r{done} positions ({time.perf_counter() - start:.0f} s)", end="",
                  file=sys.stderr, flush=True)
    print(f"\n{done} positions in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    if args.compare:
        print(f"{compared} positions compared ({len(before)} in the record): {diffs} difference(s)")
        return 1 if diffs or compared == 0 else 0
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
