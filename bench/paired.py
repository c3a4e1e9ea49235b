"""Two arena logs on the same deals, compared deal by deal (not a test):

    python -m bench.paired A.jsonl B.jsonl

Both logs must come from `python -m ai.arena ... --log` with the same `--seed` (and B's agent in
the same seats), e.g. one variant of a player and another, each against the same opponent. Match
i of both runs deals the same cards hand by hand, so hand k of match i is the same deal in both;
the figure is the mean over those deals of (A's game points minus its opponent's) minus (the same
for B), with a 95% interval: the luck of the deal cancels, leaving the difference of the players.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path


def deal_diffs(path: Path) -> tuple[dict[str, object], dict[int, list[int]]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    out: dict[int, list[int]] = {}
    for line in lines[1:]:
        row = json.loads(line)
        out[int(row["index"])] = [int(x) for x in row["deal_diffs"]]
    return header, out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    args = ap.parse_args(argv)
    ha, a = deal_diffs(args.a)
    hb, b = deal_diffs(args.b)
    if ha.get("seed") != hb.get("seed") or ha.get("duplicate") != hb.get("duplicate"):
        raise SystemExit("the logs were not played on the same deals (seed or --duplicate differ)")
    d: list[int] = []
    for i in sorted(a.keys() & b.keys()):
        d += [x - y for x, y in zip(a[i], b[i], strict=False)]  # the hands both matches reached
    n = len(d)
    if n < 2:
        raise SystemExit("fewer than two deals in common")
    mu = sum(d) / n
    se = math.sqrt(sum((x - mu) ** 2 for x in d) / (n - 1) / n)
    same = sum(1 for x in d if x == 0)
    print(f"A = {ha['ns']} vs {ha['ew']}\nB = {hb['ns']} vs {hb['ew']}\n"
          f"{len(a.keys() & b.keys())} matches, {n} deals in common ({same} scored the same)\n"
          f"A - B per deal: {mu:+.2f} ± {1.96 * se:.2f} (95%)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
