"""Arena runs of the same two players on different deals, pooled into one figure (not a test):

    python -m lab.pooled SEED24.jsonl SEED29.jsonl [...]

Each log comes from `python -m ai.arena ... --duplicate --log`, every one with the same two
players (`--ns`, `--ew`) and its own `--seed`. For each log and pooled: A's match wins with their
95% (Wilson) interval, and the arena's per-deal figure, the same deal played both ways (the mean
of A's game points minus B's at the two tables, a thrown-in hand as 0), with its 95% interval;
only full pairs of matches count, as in the arena's own report, so a log cut mid-pair gives the
figure its report gives.

    python -m lab.pooled --same-player OLD.jsonl NEW.jsonl

pools logs whose players are spelled differently but play alike (a setting that moved into a
level, e.g. "expert,...,tgate=0.7" before and "expert,..." after session 28): you say so, and the
report names each log's players and the code that played them. The same spelling is no proof
either (a level changes with the code): the code lines say which code played.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ai.arena import MatchResult, code_line, deals_both_ways, full_pairs, mean_ci, read_log, wilson


def read(path: Path) -> tuple[dict[str, Any], list[MatchResult]]:
    """A log's header and its matches, read as the arena reads them."""
    with path.open(encoding="utf-8") as f:
        header: dict[str, Any] = json.loads(f.readline())
    return header, read_log(str(path), header)


def line(name: str, wins: int, matches: int, deals: list[float]) -> str:
    lo, hi = wilson(wins, matches)
    mu, half = mean_ci(deals)
    return (f"{name}: A won {wins}/{matches} = {wins / max(matches, 1):.1%} ({lo:.1%}-{hi:.1%}); "
            f"the same deal both ways {mu:+.2f} ± {half:.2f} a deal ({len(deals)} deals)")


def report(paths: list[Path], same_player: bool = False) -> str:
    logs = [(p, *read(p)) for p in paths]
    tables = {(h.get("rules"), h.get("start")) for _p, h, _rows in logs}
    players = {(h["ns"], h["ew"]) for _p, h, _rows in logs}
    if len(tables) != 1 or (len(players) != 1 and not same_player):
        raise SystemExit("the logs are not of the same two players under the same rules and "
                         "start: " + "; ".join(f"{p}: {h['ns']} vs {h['ew']}" for p, h, _ in logs))
    seeds = [h["seed"] for _p, h, _rows in logs]
    if len(set(seeds)) != len(seeds) or not all(h.get("duplicate") for _p, h, _ in logs):
        raise SystemExit("pooling wants duplicate runs on different seeds")
    spelled = len(players) > 1
    ns, ew = logs[0][1]["ns"], logs[0][1]["ew"]
    out = [f"A = {ns} vs B = {ew}" + ("  (the players as spelled in the first log; pooled as one "
                                      "by --same-player)" if spelled else "")]
    wins = matches = 0
    deals: list[float] = []
    for p, h, rows in logs:
        w = sum(r.a_won for r in rows)
        d = deals_both_ways(full_pairs(rows))
        out.append("  " + line(f"seed {h['seed']} ({p.name})", w, len(rows), d))
        if spelled:
            out.append(f"    players: {h['ns']} vs {h['ew']}")
        out.append("    " + code_line(r.code for r in rows))
        wins, matches, deals = wins + w, matches + len(rows), deals + d
    out.append("  " + line(f"pooled over {len(logs)} seeds", wins, matches, deals))
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("logs", nargs="+", type=Path)
    ap.add_argument("--same-player", action="store_true",
                    help="pool logs whose players are spelled differently (you say they play alike)")
    args = ap.parse_args(argv)
    print(report(args.logs, args.same_player))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
