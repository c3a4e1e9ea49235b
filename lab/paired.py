"""Arena logs on the same deals, compared deal by deal (not a test):

    python -m lab.paired A.jsonl B.jsonl [A2.jsonl B2.jsonl ...]

Each pair of logs must come from `python -m ai.arena ... --log` with the same `--seed` (and B's
agent in the same seats), e.g. one variant of a player and another, each against the same
opponent. Match i of both runs deals the same cards hand by hand, so hand k of match i is the same
deal in both; the figure is the mean over those deals of (A's game points minus its opponent's)
minus (the same for B), with a 95% interval: the luck of the deal cancels, leaving the difference
of the players. Further pairs (other seeds, the same two players) are pooled into one figure.
The matches are paired too, where the logs say who won (`a_won`): each common match counts +1
where only A won, -1 where only B won, 0 where both or neither did, so the mean is A's match
win rate minus B's on the same deal sequences, with its 95% interval.

`--close M` keeps only the deals before which A's lead was within M points in both matches:
a match is won or lost where it is close (bench/match_edge.py, git tag pilot/equity-fit), and
a side far behind gambles, so the deals of decided matches say more about the loser's gambles
than the players.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from ai.arena import code_line, header_span, start_scores


def deal_diffs(path: Path) -> tuple[dict[str, object], dict[int, list[int]]]:
    """The log's header (with "code": which code played its matches) and each match's deals."""
    header, out, _leads = deals_and_leads(path)
    return header, out


def deals_and_leads(path: Path) -> tuple[dict[str, object], dict[int, list[int]],
                                          dict[int, list[int]]]:
    """As `deal_diffs`, and A's lead in the match before each deal."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    span = header_span(header)
    out: dict[int, list[int]] = {}
    leads: dict[int, list[int]] = {}
    codes: list[str] = []
    for line in lines[1:]:
        row = json.loads(line)
        i = int(row["index"])
        out[i] = [int(x) for x in row["deal_diffs"]]
        s = start_scores(int(row.get("seed", 0)), span)
        t = int(row.get("a_team", 0))
        lead = s[t] - s[1 - t]
        leads[i] = []
        for x in out[i]:
            leads[i].append(lead)
            lead += x
        codes.append(str(row.get("code", "")))
    header["code"] = code_line(codes)
    return header, out, leads


def match_wins(path: Path) -> dict[int, bool]:
    """Whether A won each match of the log (matches logged without it are left out)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines[1:]]
    return {int(r["index"]): bool(r["a_won"]) for r in rows if "a_won" in r}


def paired_wins(path_a: Path, path_b: Path) -> list[int]:
    """Per common match: +1 where only A won, -1 where only B won, else 0."""
    a, b = match_wins(path_a), match_wins(path_b)
    return [int(a[i]) - int(b[i]) for i in sorted(a.keys() & b.keys())]


def paired_diffs(path_a: Path, path_b: Path, close: int | None = None) -> tuple[str, int, list[int]]:
    """The per-deal differences A - B of one pair of logs, with its description and match count
    (`close`: only the deals before which A's lead was within this many points in both)."""
    ha, a, la = deals_and_leads(path_a)
    hb, b, lb = deals_and_leads(path_b)
    if any(ha.get(k) != hb.get(k) for k in ("seed", "duplicate", "rules", "start")):
        raise SystemExit(f"{path_a} and {path_b} were not played on the same deals "
                         "(seed, --duplicate, --rules or --start differ)")
    d: list[int] = []
    common = sorted(a.keys() & b.keys())
    for i in common:  # the hands both matches reached
        d += [x - y for x, y, u, v in zip(a[i], b[i], la[i], lb[i], strict=False)
              if close is None or max(abs(u), abs(v)) <= close]
    return (f"A = {ha['ns']} vs {ha['ew']} ({ha['code']})\nB = {hb['ns']} vs {hb['ew']} "
            f"({hb['code']})", len(common), d)


def summary(d: list[int]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(d)
    mu = sum(d) / n
    se = math.sqrt(sum((x - mu) ** 2 for x in d) / (n - 1) / n)
    return mu, 1.96 * se


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", type=Path, nargs="+", help="pairs of logs: A B [A2 B2 ...]")
    ap.add_argument("--close", type=int, metavar="M",
                    help="only the deals before which A's lead was within M points in both matches")
    args = ap.parse_args(argv)
    if len(args.logs) % 2:
        raise SystemExit("give the logs in pairs: A B [A2 B2 ...]")
    pooled: list[int] = []
    wins: list[int] = []
    for k in range(0, len(args.logs), 2):
        who, matches, d = paired_diffs(args.logs[k], args.logs[k + 1], args.close)
        if len(d) < 2:
            raise SystemExit(f"fewer than two deals in common in {args.logs[k]} and {args.logs[k + 1]}")
        mu, half = summary(d)
        same = sum(1 for x in d if x == 0)
        which = "" if args.close is None else f", A's lead within {args.close} in both"
        print(f"{who}\n{matches} matches, {len(d)} deals in common{which} ({same} scored the same)\n"
              f"A - B per deal: {mu:+.2f} ± {half:.2f} (95%)")
        pooled += d
        w = paired_wins(args.logs[k], args.logs[k + 1])
        print_wins(w)
        wins += w
    if len(args.logs) > 2:
        mu, half = summary(pooled)
        same = sum(1 for x in pooled if x == 0)
        print(f"pooled over {len(args.logs) // 2} pairs: {len(pooled)} deals ({same} scored the "
              f"same), A - B per deal: {mu:+.2f} ± {half:.2f} (95%)")
        print_wins(wins)
    return 0


def print_wins(w: list[int]) -> None:
    if len(w) < 2:
        return
    mu, half = summary(w)
    print(f"matches: A alone won {w.count(1)}, B alone {w.count(-1)} of {len(w)}; A - B match "
          f"win rate {100 * mu:+.1f} ± {100 * half:.1f} points (95%, paired over matches)")


if __name__ == "__main__":
    raise SystemExit(main())
