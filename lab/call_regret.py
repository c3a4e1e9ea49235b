"""Calls judged on the true deal (not a test): what each call policy chooses, and what its
choice is worth on the cards actually dealt.

    python -m lab.call_regret --policies "ismcts:expert,iters=3000,worlds=400" heuristic \\
        "ismcts:hard,iters=3000,worlds=400" --deals 200 --workers 2 --log calls.jsonl
    python -m lab.call_regret --report calls.jsonl        # the figures of a (partial) log

Each seeded deal (score 0-0, the dealer rotating) is bid by the driver (`--driver`, Hard at an
iteration budget) in every seat. At every call with more than one legal action each policy names
its call from that seat's observation. Where they disagree, each named call is valued on the
true deal: the call is made, the driver finishes the auction, and the hand is played out
`--rollouts` times by the playout policy of ai/policy.py (every seat playing from its own view;
`python -m lab.rollout_calibration` measures how well that predicts the search's own play).
A call's value is its team's game points minus the other team's (thrown in: 0), and its chance to
win the match from there (ai/equity.py; a Gahwa decides the match, which game points cannot say).

The figures, per policy against the first one: the mean value per deal of its choices minus the
first policy's (a deal's calls summed), with a 95% interval over deals, and how many decisions
differ. Everything runs on iteration budgets, so a log is the same on any machine; it resumes.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from ai.agent import Agent
from ai.equity import equity_after, match_equity
from ai.policy import rollout
from ai.registry import make_agent
from game.actions import Action, action_str
from game.cardplay import CardPlay
from game.cards import team_of
from game.phase import Phase
from game.scoring import HandScore, Settlement
from game.state import RoundState

DRIVER = "ismcts:hard,iters=3000,worlds=400"


def deal_state(index: int, seed: int) -> RoundState:
    return RoundState.deal(random.Random(seed * 1_000_003 + index), dealer=index & 3)


def in_auction(st: RoundState) -> bool:
    return not st.is_over() and st.phase in (Phase.BIDDING, Phase.DOUBLING)


def finish_auction(st: RoundState, driver: str, seed: int) -> None:
    """The driver makes the remaining calls (its decisions depend only on seed and position)."""
    agents = [make_agent(driver, seed * 4 + s, experiments=True) for s in range(4)]
    while in_auction(st):
        seat = st.to_move()
        assert seat is not None
        st.apply(agents[seat].choose(st.observation(seat), st.legal_actions()))


def play_hand(st: RoundState, agents: Sequence[Agent]) -> HandScore:
    """`st` played to the end of the hand, each seat by its agent from its own view."""
    while not st.is_over():
        seat = st.to_move()
        assert seat is not None
        legal = st.legal_actions()
        st.apply(legal[0] if len(legal) == 1 else agents[seat].choose(st.observation(seat), legal))
    assert st.result is not None
    return st.result


def playouts(base: CardPlay, count: int, first_seed: int) -> Iterator[Settlement]:
    """The outcomes of `count` policy playouts of `base`, seeded first_seed, first_seed + 1, ..."""
    for k in range(count):
        cp = base.copy()
        rollout(cp, random.Random(first_seed + k))
        yield cp.outcome()


def value(st: RoundState, action: Action, team: int, driver: str, seed: int,
          rollouts: int) -> tuple[float, float]:
    """After `action`, the driver's calls and the playouts: `team`'s game points minus the
    other's, and its chance to win the match (ai/equity.py; Gahwa decides it), both means."""
    s = st.clone()
    s.apply(action)
    finish_auction(s, driver, seed)
    if s.is_over():  # thrown in
        return 0.0, match_equity(s.match_scores[team], s.match_scores[1 - team], s.rules)
    points = equity = 0.0
    for o in playouts(s.card_play(), rollouts, seed * 7919):
        points += o[team] - o[1 - team]
        equity += equity_after(s.match_scores, team, (o[0], o[1]), o[3] if o[3] >= 0 else None,
                               s.rules)
    return points / rollouts, equity / rollouts


def play_deal(index: int, seed: int, policies: Sequence[str], driver: str,
              rollouts: int) -> dict[str, Any]:
    st = deal_state(index, seed)
    drivers = [make_agent(driver, seed * 4 + s, experiments=True) for s in range(4)]
    decisions: list[dict[str, Any]] = []
    while in_auction(st):
        seat = st.to_move()
        assert seat is not None
        obs = st.observation(seat)
        legal = st.legal_actions()
        if len(legal) > 1:
            choices = []
            for p in policies:
                agent = make_agent(p, seed * 4 + seat, experiments=True)
                choices.append(agent.choose(obs, legal))
            values, equities = {}, {}
            if len(set(choices)) > 1:
                for a in sorted(set(choices)):
                    values[action_str(a)], equities[action_str(a)] = value(
                        st, a, team_of(seat), driver, seed, rollouts)
            decisions.append({"seat": seat, "legal": [action_str(a) for a in legal],
                              "choices": [action_str(a) for a in choices], "values": values,
                              "equity": equities})
        st.apply(drivers[seat].choose(obs, legal))
    return {"index": index, "decisions": decisions}


def _job(args: tuple[int, int, tuple[str, ...], str, int]) -> dict[str, Any]:
    return play_deal(*args)


def _paired(rows: list[dict[str, Any]], k: int, key: str) -> tuple[float, float, int]:
    """Policy k minus policy 0 on `key` ("values" or "equity"): mean per deal, 95% half-width,
    and the number of calls where they differ."""
    per_deal, differ = [], 0
    for r in rows:
        d = 0.0
        for dec in r["decisions"]:
            mine, base = dec["choices"][k], dec["choices"][0]
            if mine != base:
                differ += 1
                d += dec[key][mine] - dec[key][base]
        per_deal.append(d)
    mu, half = mean_interval(per_deal)
    return mu, half, differ


def mean_interval(per_deal: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (0 for fewer than two values)."""
    n = len(per_deal)
    mu = sum(per_deal) / max(n, 1)
    se = math.sqrt(sum((x - mu) ** 2 for x in per_deal) / (n - 1) / n) if n > 1 else 0.0
    return mu, 1.96 * se


def report(rows: list[dict[str, Any]], policies: Sequence[str]) -> str:
    lines = [f"{len(rows)} deals, {sum(len(r['decisions']) for r in rows)} calls with a choice; "
             f"per deal, each policy's calls minus {policies[0]}'s (95% interval over deals):"]
    for k, p in enumerate(policies):
        mu, half, differ = _paired(rows, k, "values")
        emu, ehalf, _ = _paired(rows, k, "equity")
        lines.append(f"  {p}: {mu:+.2f} ± {half:.2f} game points, {100 * emu:+.2f} ± "
                     f"{100 * ehalf:.2f} points of match-win chance, {differ} calls differ")
    return "\n".join(lines)


def read_log(path: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    return json.loads(lines[0]), [json.loads(x) for x in lines[1:] if x.strip()]


def resume_log(path: str, header: dict[str, Any]) -> list[dict[str, Any]]:
    """The rows already in the log at `path`, which must have been written with `header`; a
    new log is started with it."""
    if not os.path.exists(path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(json.dumps(header) + "\n")
        return []
    old, rows = read_log(path)
    if old != header:
        raise SystemExit(f"{path} was written with other settings: {old}")
    return rows


def run_logged(job: Callable[[Any], dict[str, Any]], todo: Sequence[Any], workers: int,
               path: str, what: str) -> list[dict[str, Any]]:
    """`job` of every item of `todo` on `workers` processes, each row appended to the log as it
    comes (so a stopped run resumes); the new rows."""
    rows: list[dict[str, Any]] = []
    with open(path, "a", encoding="utf-8") as out, \
            ProcessPoolExecutor(max_workers=workers) as pool:
        for fut in as_completed([pool.submit(job, j) for j in todo]):
            row = fut.result()
            out.write(json.dumps(row) + "\n")
            out.flush()
            rows.append(row)
            print(f"\r{len(rows)}/{len(todo)} {what}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return rows


Header = dict[str, Any]
Rows = list[dict[str, Any]]


def logged_main(ap: argparse.ArgumentParser, argv: list[str] | None,
                header: Callable[[argparse.Namespace], Header],
                todo: Callable[[argparse.Namespace, Rows], Sequence[Any]],
                job: Callable[[Any], dict[str, Any]],
                report: Callable[[argparse.Namespace, Header, Rows], str], what: str) -> int:
    """The command line of a logged bench: `ap`'s own options plus `--workers`, `--log` (a run
    that resumes) and `--report LOG` (the figures of a log, partial or not). `header` names the
    run's settings (a log written with others is refused), `todo` the jobs its rows lack."""
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log")
    ap.add_argument("--report", metavar="LOG")
    args = ap.parse_args(argv)
    if args.report:
        head, rows = read_log(args.report)
        print(report(args, head, rows))
        return 0
    if not args.log:
        ap.error("give --log (or --report LOG)")
    head = header(args)
    rows = resume_log(args.log, head)
    rows += run_logged(job, todo(args, rows), args.workers, args.log, what)
    print(report(args, head, rows))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--policies", nargs="+", default=[])
    ap.add_argument("--driver", default=DRIVER)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rollouts", type=int, default=64)

    def header(args: argparse.Namespace) -> Header:
        if len(args.policies) < 2:
            ap.error("give two policies or more and --log (or --report LOG)")
        return {"policies": args.policies, "driver": args.driver, "seed": args.seed,
                "rollouts": args.rollouts}

    def todo(args: argparse.Namespace, rows: Rows) -> list[Any]:
        done = {r["index"] for r in rows}
        return [(i, args.seed, tuple(args.policies), args.driver, args.rollouts)
                for i in range(args.deals) if i not in done]

    return logged_main(ap, argv, header, todo, _job,
                       lambda _args, head, rows: report(rows, head["policies"]), "deals")


if __name__ == "__main__":
    raise SystemExit(main())
