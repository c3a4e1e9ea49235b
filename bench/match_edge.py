"""How a per-hand edge turns into matches won (not a test).

    python -m bench.match_edge --curve                       # the chance to win by the edge
    python -m bench.match_edge H44.jsonl H45.jsonl           # the runs against that curve
    python -m bench.match_edge H44.jsonl --margin 30         # and the edge by the score

Issue 14 asks the Expert for two things against Hard: +1.5 game points a deal and 60% of the
matches. A model of a match says how the two relate: its hands are independent draws of real
play's outcomes (ai/equity.py `FITTED`, Hard against itself), tilted so that A's mean
difference a hand is the edge `e` (each outcome's weight times exp(l * (a - b)), `l` chosen for
that mean), and a match is played to 152 from its starting score with no Gahwa. `--curve` prints
the chance to win from 0-0 by the edge, and the edges for 60% and 90%. Given arena logs, each
run's edge a scored hand (a hand a Gahwa decided left out: it scores no points) gives a predicted
number of matches won, set beside the matches A won; the model's hands do not depend on the
score, real players' calls do, and the last part shows where: A's edge a hand by A's lead before
it (within `--margin` points, or more ahead or behind).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ai.arena import (
    MatchResult,
    contract_part,
    contract_split,
    full_pairs,
    header_span,
    mean_ci,
    start_scores,
    wilson,
)
from ai.equity import FITTED, OUTCOMES, TARGET, Outcomes, match_equity, programme
from bench.pooled import read


def tilted(outcomes: Outcomes, edge: float) -> Outcomes:
    """`outcomes` reweighted by exp(l * (a - b)) so that the mean of a - b is `edge`."""
    def mean(lam: float) -> float:
        ws = [w * math.exp(lam * (a - b)) for a, b, w in outcomes]
        return sum(x * (a - b) for x, (a, b, _w) in zip(ws, outcomes, strict=True)) / sum(ws)

    lo, hi = -1.0, 1.0
    if not mean(lo) < edge < mean(hi):
        raise ValueError(f"an edge of {edge} a hand is outside what these outcomes can give")
    for _ in range(50):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if mean(mid) < edge else (lo, mid)
    lam = (lo + hi) / 2
    ws = [w * math.exp(lam * (a - b)) for a, b, w in outcomes]
    total = sum(ws)
    return tuple((a, b, x / total) for (a, b, _w), x in zip(outcomes, ws, strict=True))


def win_chance(edge: float, start: tuple[int, int] = (0, 0),
               outcomes: Outcomes = FITTED) -> float:
    """A's chance to win a match from `start` (A's points, B's) with this edge a hand."""
    return match_equity(start[0], start[1], None, tilted(outcomes, edge))


def win_chance_by_lead(edges: tuple[float, float, float], margin: int,
                       outcomes: Outcomes = FITTED) -> float:
    """A's chance to win a match from 0-0 when its edge a hand depends on its lead before the
    hand: `edges` behind by more than `margin`, within it, ahead by more (ai/equity.py's
    programme with the outcomes tilted to each part's edge)."""
    tables = [tilted(outcomes, e) for e in edges]
    return float(programme(TARGET, tables, margin)[0, 0])


def edge_for(rate: float, outcomes: Outcomes = FITTED) -> float:
    """The edge a hand that wins `rate` of the matches from 0-0."""
    lo, hi = 0.0, 20.0
    for _ in range(24):  # to a millionth of a point or so
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if win_chance(mid, (0, 0), outcomes) < rate else (lo, mid)
    return (lo + hi) / 2


@dataclass(frozen=True)
class Run:
    """One arena log: its matches, and each one's starting points for A and B."""
    name: str
    results: tuple[MatchResult, ...]
    starts: tuple[tuple[int, int], ...]

    def scored(self, r: MatchResult) -> list[int]:
        """A's difference in each scored hand of a match (a hand a Gahwa decided left out)."""
        return list(r.diffs[:-1] if r.gahwa else r.diffs)

    @property
    def edge(self) -> float:
        hands = [d for r in self.results for d in self.scored(r)]
        return sum(hands) / len(hands)


def read_run(path: str) -> Run:
    """An arena log (`python -m ai.arena ... --log F`), read as the arena reads it."""
    try:
        header, results = read(Path(path))
    except (OSError, ValueError) as e:
        raise SystemExit(f"{path}: {e}") from None
    if header.get("rules"):
        raise SystemExit(f"{path}: not a Baloot match log (rules {header['rules']})")
    if not results:
        raise SystemExit(f"{path}: no matches in it")
    span = header_span(header)
    starts = []
    for r in results:
        s = start_scores(r.seed, span)
        starts.append((s[r.a_team], s[1 - r.a_team]))
    return Run(path, tuple(results), tuple(starts))


def predicted(run: Run) -> list[float]:
    """Each match's chance for A by the model, at the run's own edge a hand."""
    table = tilted(FITTED, run.edge)
    return [match_equity(a, b, None, table) for a, b in run.starts]


def _close(lead: int, margin: int) -> str:
    return "ahead" if lead > margin else "behind" if lead < -margin else "close"


def by_lead(runs: Sequence[Run], margin: int) -> dict[str, list[float]]:
    """A's difference in each scored hand, by A's lead in the match before it."""
    parts: dict[str, list[float]] = {"behind": [], "close": [], "ahead": []}
    for run in runs:
        for (a, b), r in zip(run.starts, run.results, strict=True):
            lead = a - b
            for d in run.scored(r):
                parts[_close(lead, margin)].append(float(d))
                lead += d
    return parts


def close_deals(runs: Sequence[Run], margin: int) -> dict[bool, list[tuple[str, float]]]:
    """The deals played both ways as (`contract_part`, A - B a deal both ways), by whether A's
    lead was within `margin` at both tables before the deal (thrown-in deals count 0, as in the
    arena's per-deal figure)."""
    out: dict[bool, list[tuple[str, float]]] = {True: [], False: []}
    for run in runs:
        start = dict(zip((r.seed * 2 + r.a_team for r in run.results), run.starts, strict=True))
        for a, b in full_pairs(list(run.results)):
            la = start[a.seed * 2 + a.a_team][0] - start[a.seed * 2 + a.a_team][1]
            lb = start[b.seed * 2 + b.a_team][0] - start[b.seed * 2 + b.a_team][1]
            for x, y, ka, kb in zip(a.deal_diffs, b.deal_diffs, a.deal_contracts,
                                    b.deal_contracts, strict=False):
                both = _close(la, margin) == _close(lb, margin) == "close"
                out[both].append((contract_part(a, ka, kb), (x + y) / 2.0))
                la, lb = la + x, lb + y
    return out


def curve_report() -> str:
    lines = ["A's chance to win a match from 0-0 by its mean edge a hand (game points), hands "
             "drawn from real play (FITTED) tilted to that edge; the hand-made table beside it:"]
    for e in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0):
        lines.append(f"  {e:+.1f} a hand: {win_chance(e):.3f}   (hand-made "
                     f"{win_chance(e, (0, 0), OUTCOMES):.3f})")
    for rate in (0.6, 0.9):
        lines.append(f"  {rate:.0%} of the matches needs {edge_for(rate):+.2f} a hand "
                     f"(hand-made {edge_for(rate, OUTCOMES):+.2f})")
    return "\n".join(lines)


def runs_report(runs: Sequence[Run], margin: int) -> str:
    lines = []
    exp_total = var = 0.0
    won_total = n_total = 0
    for run in runs:
        p = predicted(run)
        won, n = sum(r.a_won for r in run.results), len(run.results)
        lo, hi = wilson(won, n)
        g = sum(r.gahwa for r in run.results)
        gw = sum(r.gahwa and r.a_won for r in run.results)
        hands = sum(len(run.scored(r)) for r in run.results)
        lines.append(f"{run.name}: {hands} scored hands, edge {run.edge:+.2f} a hand;"
                     f" predicted {sum(p):.1f} of {n} matches ({sum(p) / n:.1%}), won "
                     f"{won} ({won / n:.1%}, 95% {lo:.1%}-{hi:.1%}); Gahwa ended {g}, A won {gw}")
        exp_total += sum(p)
        var += sum(x * (1 - x) for x in p)
        won_total += won
        n_total += n
    if len(runs) > 1:
        lines.append(f"all: predicted {exp_total:.1f} of {n_total} matches, won {won_total}: "
                     f"{(won_total - exp_total) / n_total:+.1%} of the matches "
                     f"(z {(won_total - exp_total) / math.sqrt(var):+.2f} as if independent)")
    lines.append(f"A's difference a hand by A's lead before it (margin {margin}):")
    parts = by_lead(runs, margin)
    for key, xs in parts.items():
        mu, half = mean_ci(xs)
        lines.append(f"  {key:6s} {len(xs):5d} hands  {mu:+.2f} ± {half:.2f}")
    if all(len(xs) > 1 for xs in parts.values()):
        edges = tuple(sum(xs) / len(xs) for xs in parts.values())
        e3 = (edges[0], edges[1], edges[2])
        whole = sum(map(sum, parts.values())) / sum(map(len, parts.values()))
        at = win_chance_by_lead(e3, margin)
        more = [win_chance_by_lead((e3[0] + (k == 0), e3[1] + (k == 1), e3[2] + (k == 2)),
                                   margin) - at for k in range(3)]
        lines.append(f"  the model with these edges by the lead: {at:.1%} of the matches (the "
                     f"same mean, {whole:+.2f} a hand, spread evenly: {win_chance(whole):.1%}); "
                     f"a game point more a hand while behind, close, ahead: "
                     + ", ".join(f"{100 * x:+.2f}" for x in more) + " points of it")
    deals = close_deals(runs, margin)
    for both, rows in deals.items():
        if rows:
            mu, half = mean_ci([d for _p, d in rows])
            lines.append(f"the deals played both ways with A's lead within {margin} at "
                         f"{'both tables' if both else 'one table or neither'}: {len(rows)}, "
                         f"A - B {mu:+.2f} ± {half:.2f} a deal")
            lines += contract_split(rows)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("logs", nargs="*", help="arena logs (python -m ai.arena ... --log F)")
    ap.add_argument("--curve", action="store_true", help="print the chance to win by the edge")
    ap.add_argument("--margin", type=int, default=30,
                    help="a lead within this many points counts as close (default 30)")
    args = ap.parse_args(argv)
    if not args.curve and not args.logs:
        ap.error("give arena logs, or --curve")
    if args.curve:
        print(curve_report())
    if args.logs:
        print(runs_report([read_run(p) for p in args.logs], args.margin))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
