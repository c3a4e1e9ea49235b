"""The disputed calls of a `lab.call_regret` log judged again, by real play (not a test).

    python -m lab.call_judge calls.jsonl --judge "ismcts:hard,iters=3000,worlds=400" \\
        --hands 4 --workers 2 --log judged.jsonl
    python -m lab.call_judge calls.jsonl --report judged.jsonl

`lab.call_regret` values each disputed call by policy playouts of the true deal. The policies
under test choose their calls by simulating the same kind of playouts, so an error of the
playouts can favour a policy that trusts them (it picks the calls the playouts overrate, and
the judge agrees with it). Here each disputed call (between `--pair A B`, the policies' indices
in the log) is valued again: the same auction is replayed to that call by the log's driver, the
call is made, the driver finishes the auction, and the hand is played `--hands` times by four
copies of `--judge`, each seat from its own view (the same agent seeds for every call of a
dispute). Printed per deal, B's calls minus A's with 95% intervals over deals: by the log's
playouts, by real play, and the difference of the two on the same disputes (the playouts' bias
for B). Iteration budgets only, so a log is the same on any machine; it resumes, and a larger
`--hands` adds hands to it.
"""

from __future__ import annotations

import argparse
import functools
from typing import Any

from ai.equity import equity_after, match_equity
from ai.registry import make_agent
from game.actions import action_str
from game.cards import team_of
from game.state import RoundState
from lab.call_regret import (
    Header,
    Rows,
    deal_state,
    finish_auction,
    logged_main,
    mean_interval,
    play_hand,
    read_log,
)

JUDGE = "ismcts:hard,iters=3000,worlds=400"


def disputes(rows: list[dict[str, Any]], a: int, b: int) -> list[tuple[int, int, list[str]]]:
    """(deal index, number of the call with a choice, the two calls) where A and B differ."""
    out = []
    for r in rows:
        for k, dec in enumerate(r["decisions"]):
            ca, cb = dec["choices"][a], dec["choices"][b]
            if ca != cb:
                out.append((r["index"], k, [ca, cb]))
    return out


def position(index: int, seed: int, driver: str, number: int) -> RoundState:
    """The auction of deal `index` replayed by the driver up to its `number`-th call with a
    choice (numbered from 0), as `lab.call_regret` bid it."""
    st = deal_state(index, seed)
    drivers = [make_agent(driver, seed * 4 + s, experiments=True) for s in range(4)]
    seen = 0
    while True:
        seat = st.to_move()
        assert seat is not None and not st.is_over()
        legal = st.legal_actions()
        if len(legal) > 1:
            if seen == number:
                return st
            seen += 1
        st.apply(drivers[seat].choose(st.observation(seat), legal))


def judge_dispute(index: int, number: int, calls: list[str], hand: int, seed: int, driver: str,
                  judge: str) -> dict[str, Any]:
    """Each call of one dispute valued by one hand of real play (the hand's agent seeds shared)."""
    st = position(index, seed, driver, number)
    seat = st.to_move()
    assert seat is not None
    team = team_of(seat)
    by_name = {action_str(x): x for x in st.legal_actions()}
    values, equities = {}, {}
    for call in calls:
        s = st.clone()
        s.apply(by_name[call])
        finish_auction(s, driver, seed)
        if s.is_over():  # thrown in
            values[call] = 0.0
            equities[call] = match_equity(s.match_scores[team], s.match_scores[1 - team], s.rules)
            continue
        scores = s.match_scores
        agents = [make_agent(judge, (seed * 1_000 + hand) * 4 + i, experiments=True)
                  for i in range(4)]
        result = play_hand(s, agents)
        pts = result.points
        values[call] = float(pts[team] - pts[1 - team])
        equities[call] = equity_after(scores, team, pts, result.match_winner, s.rules)
    return {"index": index, "number": number, "hand": hand, "values": values, "equity": equities}


def _job(args: tuple[int, int, list[str], int, int, str, str]) -> dict[str, Any]:
    return judge_dispute(*args)


def report(rows: list[dict[str, Any]], judged: list[dict[str, Any]], a: int, b: int,
           policies: list[str]) -> str:
    """B minus A per deal, over the deals whose every dispute has been judged at least once."""
    hands: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for j in judged:
        hands.setdefault((j["index"], j["number"]), []).append(j)
    wanted = disputes(rows, a, b)
    by_deal: dict[int, list[tuple[int, int, list[str]]]] = {}
    for d in wanted:
        by_deal.setdefault(d[0], []).append(d)
    playout_d, real_d, playout_e, real_e = [], [], [], []
    complete = n_disp = 0
    for r in rows:
        mine = by_deal.get(r["index"], [])
        if any((i, k) not in hands for i, k, _ in mine):
            continue
        complete += 1
        n_disp += len(mine)
        p = q = pe = qe = 0.0
        for i, k, (ca, cb) in mine:
            dec = r["decisions"][k]
            p += dec["values"][cb] - dec["values"][ca]
            pe += dec["equity"][cb] - dec["equity"][ca]
            hs = hands[(i, k)]
            q += sum(h["values"][cb] - h["values"][ca] for h in hs) / len(hs)
            qe += sum(h["equity"][cb] - h["equity"][ca] for h in hs) / len(hs)
        playout_d.append(p)
        real_d.append(q)
        playout_e.append(pe)
        real_e.append(qe)
    if complete < 2:
        return f"{complete} deals judged completely: too few to report"
    n_hands = len(judged)
    lines = [f"{complete} deals ({n_disp} disputed calls, {n_hands} judged hands): "
             f"{policies[b]} minus {policies[a]}, per deal (95% interval over deals):"]
    for name, xs, es in (("playouts (the log)", playout_d, playout_e),
                         ("real play", real_d, real_e),
                         ("playouts - real play", [x - y for x, y in zip(playout_d, real_d,
                                                                        strict=True)],
                          [x - y for x, y in zip(playout_e, real_e, strict=True)])):
        mu, half = mean_interval(xs)
        emu, ehalf = mean_interval(es)
        lines.append(f"  {name}: {mu:+.2f} ± {half:.2f} game points, "
                     f"{100 * emu:+.2f} ± {100 * ehalf:.2f} points of match-win chance")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("calls", help="a lab.call_regret log")
    ap.add_argument("--pair", type=int, nargs=2, default=[0, 1], metavar=("A", "B"))
    ap.add_argument("--judge", default=JUDGE)
    ap.add_argument("--hands", type=int, default=4)

    calls_log = functools.lru_cache(maxsize=1)(read_log)  # the calls log, read once

    def header(args: argparse.Namespace) -> Header:
        head = calls_log(args.calls)[0]
        return {"calls": head["policies"], "driver": head["driver"], "seed": head["seed"],
                "pair": list(args.pair), "judge": args.judge}

    def todo(args: argparse.Namespace, judged: Rows) -> list[Any]:
        head, rows = calls_log(args.calls)
        done = {(j["index"], j["number"], j["hand"]) for j in judged}
        disputed = disputes(rows, *args.pair)
        # hand by hand over all disputes, so a stopped run has judged every dispute about equally
        return [(i, k, calls, h, head["seed"], head["driver"], args.judge)
                for h in range(args.hands) for i, k, calls in disputed if (i, k, h) not in done]

    def report_of(args: argparse.Namespace, head: Header, judged: Rows) -> str:
        calls_head, rows = calls_log(args.calls)
        return report(rows, judged, head["pair"][0], head["pair"][1], calls_head["policies"])

    return logged_main(ap, argv, header, todo, _job, report_of, "judged hands")


if __name__ == "__main__":
    raise SystemExit(main())
