"""Doubling decisions judged by real play (not a test).

    python -m lab.doubles --policies "ismcts:hard,iters=3000,worlds=400" \\
        "ismcts:expert,iters=3000,worlds=400" --deals 400 --workers 2 --log doubles.jsonl
    python -m lab.doubles --report doubles.jsonl
    python -m lab.doubles --raises double triple four gahwa --policies ... --log raises.jsonl

A match's game points per deal charge every double that fails: the doubled side scores nothing
and the declarers twice the hand. The computer players choose their calls for the chance to win
the match (ai/calls.py), which may be worth a double that loses points on average (a team behind
near the end). This bench asks whether their doubles are right by either measure. Each seeded
deal gets a random match score (each team 0-140, so Sun doubles occur too) and is bid by the
driver (Hard) in every seat. Wherever a seat is offered Double, each policy and the rule-based
call (ai/heuristic.py) choose; where one of them doubles, Double and Pass are both valued by real
play: the call made, the driver finishing the auction (lock or open, Triple, Four, Gahwa), the
hand played `--hands` times by four copies of `--judge`, each seat from its own view (the same
seeds for both calls). Per policy, over the offers it doubles: Double minus Pass in game points
and in points of match-win chance (ai/equity.py; a Gahwa decides the match), 95% intervals over
those offers, the doubler's share of the doubled hands won, and the simulation's own estimate of
the same difference; and each policy after the first against the first, over the offers where
one of the two doubles and the other passes (a changed call). `--raises` names the raises offered
(default: Double only): Triple, Four and Gahwa are offered the same way wherever the driver's
auction reaches them, and reported each on its own. Iteration budgets only, so a log is the same
on any machine; it resumes.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from statistics import fmean
from typing import Any

from ai.equity import equity_after, match_equity
from ai.heuristic import heuristic_call
from ai.ismcts import ISMCTSAgent
from ai.registry import make_agent
from game.actions import DOUBLE, FOUR, GAHWA, PASS, TRIPLE, Action, action_str
from game.cards import team_of
from game.state import RoundState
from lab.call_regret import (
    DRIVER,
    Header,
    Rows,
    finish_auction,
    in_auction,
    logged_main,
    mean_interval,
    play_hand,
)

RULE = "rule"
"""The rule-based call's name among the choices."""

RAISES = {action_str(a): a for a in (DOUBLE, TRIPLE, FOUR, GAHWA)}
"""The raises the bench can offer, by name, in the order of the auction."""

_VERBS = {"double": "doubles", "triple": "triples", "four": "calls Four", "gahwa": "calls Gahwa"}


def deal_state(index: int, seed: int) -> RoundState:
    """Deal `index` of the run, at a random match score (each team 0-140)."""
    rng = random.Random(seed * 1_000_003 + index)
    scores = (rng.randrange(0, 141), rng.randrange(0, 141))
    return RoundState.deal(rng, dealer=index & 3, match_scores=scores)


def value(st: RoundState, action: Action, team: int, driver: str, judge: str, seed: int,
          hands: int) -> dict[str, list[float]]:
    """`team`'s game points minus the other's and its chance to win the match after `action`,
    for each of `hands` real plays of the hand."""
    pts: list[float] = []
    eq: list[float] = []
    for h in range(hands):
        s = st.clone()
        s.apply(action)
        finish_auction(s, driver, seed * 31 + h)
        if s.is_over():  # thrown in: nothing scored
            pts.append(0.0)
            eq.append(match_equity(s.match_scores[team], s.match_scores[1 - team], s.rules))
            continue
        judges = [make_agent(judge, (seed * 97 + h) * 4 + k, experiments=True) for k in range(4)]
        r = play_hand(s, judges)
        pts.append(float(r.points[team] - r.points[1 - team]))
        eq.append(equity_after(st.match_scores, team, r.points, r.match_winner, s.rules))
    return {"pts": pts, "eq": eq}


def play_deal(index: int, seed: int, policies: Sequence[str], driver: str, judge: str,
              hands: int, raises: Sequence[str] = ("double",)) -> dict[str, Any]:
    st = deal_state(index, seed)
    offered = [RAISES[r] for r in raises]
    drivers = [make_agent(driver, seed * 4 + s, experiments=True) for s in range(4)]
    offers: list[dict[str, Any]] = []
    while in_auction(st):
        seat = st.to_move()
        assert seat is not None
        obs = st.observation(seat)
        legal = st.legal_actions()
        raise_ = next((r for r in offered if r in legal), None)
        if raise_ is not None and PASS in legal:
            choices = {RULE: action_str(heuristic_call(obs, legal))}
            sim: dict[str, dict[str, float]] = {}
            for p in policies:
                agent = make_agent(p, seed * 4 + seat, experiments=True)
                if isinstance(agent, ISMCTSAgent):
                    res = agent.decide(obs, legal)
                    choices[p] = action_str(res.action)
                    sim[p] = {action_str(a): v[1] for a, v in (res.stats or {}).items()}
                else:
                    choices[p] = action_str(agent.choose(obs, legal))
            offer: dict[str, Any] = {"seat": seat, "scores": list(st.match_scores),
                                     "sun": bool(st.contract and st.contract.sun),
                                     "raise": action_str(raise_), "choices": choices, "sim": sim}
            if action_str(raise_) in choices.values():
                team = team_of(seat)
                offer["values"] = {action_str(a): value(st, a, team, driver, judge, seed, hands)
                                   for a in (raise_, PASS)}
            offers.append(offer)
        st.apply(drivers[seat].choose(obs, legal))
    return {"index": index, "offers": offers}


def _job(args: tuple[int, int, tuple[str, ...], str, str, int, tuple[str, ...]]
         ) -> dict[str, Any]:
    return play_deal(*args)


def report(rows: Rows, policies: Sequence[str]) -> str:
    """Each raise offered, on its own: every policy over the offers where it raises, and each
    policy after the first against the first. (A log from before `--raises` offered Double.)"""
    by_raise: dict[str, list[dict[str, Any]]] = {}
    for o in (o for r in rows for o in r["offers"]):
        by_raise.setdefault(o.get("raise", "double"), []).append(o)
    lines: list[str] = []
    for name in [name for name in RAISES if name in by_raise] or ["double"]:
        lines += _raise_report(len(rows), by_raise.get(name, []), name, policies)
    return "\n".join(lines)


def _raise_report(deals: int, offers: list[dict[str, Any]], name: str, policies: Sequence[str]
                  ) -> list[str]:
    pas, verb = action_str(PASS), _VERBS[name]
    lines = [f"{deals} deals, {len(offers)} offers to {name}; over the offers each {verb}, "
             f"{name.capitalize()} minus Pass by real play (95% interval over offers):"]
    for p in (RULE, *policies):
        mine = [o for o in offers if o["choices"].get(p) == name]
        if not mine:
            lines.append(f"  {p}: never {verb}")
            continue
        pts = [fmean(o["values"][name]["pts"]) - fmean(o["values"][pas]["pts"]) for o in mine]
        eq = [100 * (fmean(o["values"][name]["eq"]) - fmean(o["values"][pas]["eq"])) for o in mine]
        # A Gahwa hand scores no game points (the match goes to its winner): count matches won.
        won = (sum(x == 1.0 for o in mine for x in o["values"][name]["eq"]) if name == "gahwa"
               else sum(x > 0 for o in mine for x in o["values"][name]["pts"]))
        played = sum(len(o["values"][name]["pts"]) for o in mine)
        mu, half = mean_interval(pts)
        emu, ehalf = mean_interval(eq)
        line = (f"  {p}: {verb} {len(mine)} ({sum(o['sun'] for o in mine)} in Sun): "
                f"{mu:+.2f} ± {half:.2f} game points, {emu:+.2f} ± {ehalf:.2f} points of match-win "
                f"chance; the side that raised won {won} of {played} hands so raised")
        sims = [100 * (o["sim"][p][name] - o["sim"][p][pas]) for o in mine if p in o["sim"]]
        if sims:
            line += f"; the simulation's own estimate {fmean(sims):+.2f} points of chance"
        lines.append(line)
    for p in policies[1:]:
        lines.append(_versus(offers, name, policies[0], p))
    return lines


def _versus(offers: list[dict[str, Any]], name: str, first: str, other: str) -> str:
    """`other`'s call minus `first`'s, by real play, over the offers where one raises (`name`)
    and the other passes."""
    pts: list[float] = []
    eq: list[float] = []
    for o in offers:
        a, b = o["choices"].get(first), o["choices"].get(other)
        if a == b or a is None or b is None:
            continue
        v = o["values"]
        pts.append(fmean(v[b]["pts"]) - fmean(v[a]["pts"]))
        eq.append(100 * (fmean(v[b]["eq"]) - fmean(v[a]["eq"])))
    if not pts:
        return f"  {other} minus {first}: the same call at every offer"
    mu, half = mean_interval(pts)
    emu, ehalf = mean_interval(eq)
    return (f"  {other} minus {first}, over the {len(pts)} offers where one of them {_VERBS[name]} "
            f"({sum(o['choices'].get(first) == name for o in offers)} against "
            f"{sum(o['choices'].get(other) == name for o in offers)}): {mu:+.2f} ± {half:.2f} game "
            f"points, {emu:+.2f} ± {ehalf:.2f} points of match-win chance a changed call")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--policies", nargs="+", default=[])
    ap.add_argument("--driver", default=DRIVER)
    ap.add_argument("--judge", default=DRIVER)
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hands", type=int, default=2)
    ap.add_argument("--raises", nargs="+", choices=list(RAISES), default=["double"])

    def header(args: argparse.Namespace) -> Header:
        if not args.policies:
            ap.error("give one policy or more and --log (or --report LOG)")
        return {"policies": args.policies, "driver": args.driver, "judge": args.judge,
                "seed": args.seed, "hands": args.hands, "raises": args.raises}

    def todo(args: argparse.Namespace, rows: Rows) -> list[Any]:
        done = {r["index"] for r in rows}
        return [(i, args.seed, tuple(args.policies), args.driver, args.judge, args.hands,
                 tuple(args.raises)) for i in range(args.deals) if i not in done]

    return logged_main(ap, argv, header, todo, _job,
                       lambda _args, head, rows: report(rows, head["policies"]), "deals")


if __name__ == "__main__":
    raise SystemExit(main())
