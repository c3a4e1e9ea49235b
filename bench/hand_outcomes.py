"""A hand's outcomes in real play, and the match-win chance built from them (not a test).

    python -m bench.hand_outcomes HH47.jsonl                # how well each table predicts
    python -m bench.hand_outcomes HH47.jsonl --table        # the fitted outcomes, as Python
    python -m bench.hand_outcomes HH48.jsonl --fresh        # fresh matches against FITTED

Every call is chosen for the chance to win the match after the hand (ai/equity.py): a dynamic
programme over one hand's outcomes, (points to us, points to them) with their weights. The
hand-made table (`OUTCOMES`) was written as "typical of play between equals"; an arena log
(`python -m ai.arena ... --log F`) holds each hand's points by team (`deal_points`), so the
outcomes of real play can be counted instead. The matches numbered 0, 2, 4, ... are counted
(each hand both ways round, so the table is symmetric; thrown-in hands and a hand a Gahwa decided
are left out: the programme has no Gahwa); the others are held out. For each held-out match, at
the start of every hand, each table predicts North-South's chance to win it from the score; the
report gives the log-loss and the Brier score of those predictions, per hand, and the fitted
table's minus the hand-made one's, with a 95% interval over matches (a match's hands are not
independent, its matches are). With `--fresh` every match is held out against ai/equity.py's
`FITTED`: the pooled log-loss a hand start, and each table's overconfidence where it gives the
leader at least 0.7, with 95% intervals by resampling the matches.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.arena import header_span, mean_ci, start_scores
from ai.equity import FITTED, OUTCOMES, Outcomes, match_equity, symmetric


@dataclass(frozen=True)
class Match:
    """One logged match: its hands' points by team, and who won it."""
    index: int
    start: tuple[int, int]
    points: tuple[tuple[int, int], ...]
    """Every scored hand in order (thrown-in hands left out); a hand a Gahwa decided is last."""
    gahwa: bool
    ns_won: bool


def read_matches(paths: Sequence[str]) -> list[Match]:
    """The matches of arena logs written with each hand's points (`deal_points`)."""
    out: list[Match] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            lines = [json.loads(ln) for ln in f if ln.strip()]
        header, rows = lines[0], lines[1:]
        span = header_span(header)
        if header.get("rules"):
            raise SystemExit(f"{path}: not a Baloot match log (rules {header['rules']})")
        for r in rows:
            if "deal_points" not in r:
                raise SystemExit(f"{path}: written before each hand's points were logged")
            pts = tuple((int(a), int(b)) for (a, b), c in zip(r["deal_points"],
                                                              r["deal_contracts"], strict=True)
                        if c)
            seed = int(r["seed"])
            out.append(Match(int(r["index"]), start_scores(seed, span),
                             pts, bool(r["gahwa"]), bool(r["a_won"]) == (int(r["a_team"]) == 0)))
    return out


def counted(matches: Sequence[Match]) -> tuple[tuple[int, int, int], ...]:
    """The hands' outcomes as (more points, fewer points, hands), a Gahwa's left out."""
    count: Counter[tuple[int, int]] = Counter()
    for m in matches:
        for a, b in m.points[:-1] if m.gahwa else m.points:
            count[(max(a, b), min(a, b))] += 1
    return tuple((a, b, n) for (a, b), n in sorted(count.items()))


def fitted(matches: Sequence[Match]) -> Outcomes:
    """The hands' outcomes, each both ways round, as weights adding up to 1."""
    return symmetric(counted(matches))


def spread(outcomes: Outcomes) -> tuple[float, float, float]:
    """Mean points a hand (both teams), mean |difference|, root-mean-square difference."""
    return (sum((a + b) * w for a, b, w in outcomes), sum(abs(a - b) * w for a, b, w in outcomes),
            math.sqrt(sum((a - b) ** 2 * w for a, b, w in outcomes)))


def starts(m: Match, outcomes: Outcomes | None) -> list[tuple[float, float]]:
    """North-South's predicted chance at the start of each of a match's hands, and 1 if it won."""
    a, b = m.start
    out = []
    for pa, pb in m.points:
        out.append((match_equity(a, b, None, outcomes), 1.0 if m.ns_won else 0.0))
        a, b = a + pa, b + pb
    return out


def log_loss(p: float, y: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return -(y * math.log(p) + (1 - y) * math.log(1 - p))


def scores(m: Match, outcomes: Outcomes | None) -> tuple[float, float, int]:
    """A match's log-loss and Brier score summed over the starts of its hands, and their number:
    North-South's chance to win predicted from the score before each hand."""
    pairs = starts(m, outcomes)
    return (sum(log_loss(p, y) for p, y in pairs), sum((p - y) ** 2 for p, y in pairs), len(pairs))


def reliability(matches: Sequence[Match], outcomes: Outcomes | None) -> list[str]:
    """The leader's predicted chance at every hand start, in bins of a tenth from one half: how
    many, the mean prediction, and how often the leader won the match."""
    bins: dict[int, list[tuple[float, float]]] = {}
    for m in matches:
        for p, y in starts(m, outcomes):
            lead, won = (p, y) if p >= 0.5 else (1 - p, 1 - y)
            bins.setdefault(min(int(lead * 10), 9), []).append((lead, won))
    return [f"{k / 10:.1f}-{(k + 1) / 10:.1f}: {len(v)} starts, predicted "
            f"{sum(x for x, _ in v) / len(v):.3f}, won {sum(y for _, y in v) / len(v):.3f}"
            for k, v in sorted(bins.items())]


def report(matches: Sequence[Match]) -> str:
    train = [m for m in matches if m.index % 2 == 0]
    held = [m for m in matches if m.index % 2 == 1]
    fit = fitted(train)
    lines = [f"{len(matches)} matches: {len(train)} counted ({sum(len(m.points) for m in train)} "
             f"hands, {len(fit) // 2} distinct outcomes), {len(held)} held out; "
             + ("the counted table is ai/equity.py's FITTED" if fit == FITTED
                else "ai/equity.py's FITTED is another table")]
    for name, o in (("hand-made", OUTCOMES), ("fitted", fit), ("held-out hands", fitted(held))):
        t, d, r = spread(o)
        lines.append(f"  {name:15s} points a hand {t:5.1f}, |difference| {d:5.1f}, rms {r:5.1f}")
    made = [scores(m, None) for m in held]
    new = [scores(m, fit) for m in held]
    hands = sum(x[2] for x in made)
    for k, what in ((0, "log-loss"), (1, "Brier score")):
        lines.append(f"  {what} a hand start ({hands} in {len(held)} held-out matches): "
                     f"hand-made {sum(x[k] for x in made) / hands:.4f}, "
                     f"fitted {sum(x[k] for x in new) / hands:.4f}")
        diff, half = mean_ci([(y[k] - x[k]) / x[2] for x, y in zip(made, new, strict=True)])
        lines.append(f"    fitted minus hand-made, a hand start, mean over matches: "
                     f"{diff:+.4f} ± {half:.4f}")
    for name, o in (("hand-made", OUTCOMES), ("fitted", fit)):
        lines.append(f"  the leader's chance by the {name} table, held out:")
        lines += ["    " + x for x in reliability(held, o)]
    for us, them in ((0, 0), (100, 80), (130, 100), (140, 120), (120, 140), (145, 60)):
        lines.append(f"  chance to win at {us}-{them}: hand-made "
                     f"{match_equity(us, them):.3f}, fitted {match_equity(us, them, None, fit):.3f}")
    return "\n".join(lines)


def bootstrap(items: Sequence[tuple[float, float]], stat: Callable[[Sequence[tuple[float, float]]],
              float], seed: int = 1, n: int = 2000) -> tuple[float, float, float]:
    """`stat` of the whole and its 95% interval by resampling matches (each item a match's sum
    and its count), seeded."""
    rng = random.Random(seed)
    draws = sorted(stat([items[rng.randrange(len(items))] for _ in items]) for _ in range(n))
    return stat(items), draws[int(0.025 * n)], draws[int(0.975 * n) - 1]


def ratio(items: Sequence[tuple[float, float]]) -> float:
    count = sum(c for _s, c in items)
    return sum(s for s, _c in items) / count if count else 0.0


def fresh_report(matches: Sequence[Match]) -> str:
    """Every match held out, against ai/equity.py's FITTED: (i) the pooled log-loss a hand start,
    FITTED minus the hand-made table; (ii) over the starts where a table gives the leader at
    least 0.7, its mean prediction minus how often the leader won (above 0: overconfident)."""
    made = [starts(m, OUTCOMES) for m in matches]
    new = [starts(m, FITTED) for m in matches]
    hands = sum(map(len, made))
    lines = [f"{len(matches)} matches, all held out ({hands} hand starts); the fitted table is "
             f"ai/equity.py's FITTED (95% intervals: 2,000 resamples of the matches)"]
    diff = [(sum(log_loss(*y) - log_loss(*x) for x, y in zip(mm, nn, strict=True)), float(len(mm)))
            for mm, nn in zip(made, new, strict=True)]
    for name, table in (("hand-made", made), ("fitted", new)):
        loss = ratio([(sum(log_loss(*x) for x in t), float(len(t))) for t in table])
        lines.append(f"  log-loss a hand start, {name}: {loss:.4f}")
    mid, lo, hi = bootstrap(diff, ratio)
    lines.append(f"  (i) fitted minus hand-made: {mid:+.4f} (95% {lo:+.4f} to {hi:+.4f})")
    for name, table in (("hand-made", made), ("fitted", new)):
        over = []
        for t in table:
            lead = [(p, y) if p >= 0.5 else (1 - p, 1 - y) for p, y in t]
            sure = [(p, y) for p, y in lead if p >= 0.7]
            over.append((sum(p - y for p, y in sure), float(len(sure))))
        mid, lo, hi = bootstrap(over, ratio)
        lines.append(f"  (ii) {name}, the {int(sum(c for _s, c in over))} starts where it gives "
                     f"the leader >= 0.7: predicted minus won {mid:+.3f} (95% {lo:+.3f} to {hi:+.3f})")
    return "\n".join(lines)


def table_source(half: tuple[tuple[int, int, int], ...]) -> str:
    """The counted outcomes as Python, for ai/equity.py's `_PLAYED`."""
    items = [f"({a}, {b}, {n})," for a, b, n in half]
    lines, line = [], "   "
    for item in items:
        if len(line) + 1 + len(item) > 96:
            lines.append(line)
            line = "   "
        line += " " + item
    return "(\n" + "\n".join([*lines, line]) + "\n)"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="+", help="arena logs with each hand's points")
    ap.add_argument("--table", action="store_true",
                    help="print the outcomes counted in the even-numbered matches, as Python")
    ap.add_argument("--fresh", action="store_true",
                    help="hold out every match and compare the hand-made table with FITTED")
    args = ap.parse_args(argv)
    matches = read_matches(args.logs)
    if args.fresh:
        print(fresh_report(matches))
    elif args.table:
        print(table_source(counted([m for m in matches if m.index % 2 == 0])))
    else:
        print(report(matches))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
