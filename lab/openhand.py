"""What hidden information costs: a player that sees every card, against a level, same deals.

    python -m lab.openhand --against "ismcts:hard,iters=3000,worlds=400" --deals 300 \\
        --workers 2 --log openhand-hard.jsonl          # resumable; --report prints the figures

The open-hand player (`OpenHandAgent`, here in lab/ only: the registry cannot name it and the
game never offers it) makes every decision with the Expert's search and budget (`OPEN_BUDGET`), but its only
world is the true deal: the card play searches the real hands (the endgame is solved exactly in
that one world) and the calls simulate the real deal, the undealt cards in their real order
included. It plays no conventions (it has no partner to inform).

Every deal (a seeded hand from a score of 0-0, the dealer rotating) is played twice, the
open-hand team North-South and then East-West, against the agent under test in the other two
seats. The figure is the mean over deals of the open-hand team's game points minus the other
team's, averaged over the two seatings, with a 95% interval: the points per deal that the agent
loses to perfect information. Thrown-in hands count 0.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace

from ai.agent import plain_cards, with_announcement
from ai.calls import search_call
from ai.config import SearchConfig
from ai.ismcts import decision_rng, search_play
from ai.levels import level_config, parse_budget
from ai.posterior import PosteriorWorlds
from ai.registry import make_agent
from game.actions import DECLARE, NO_DECLARE, Action
from game.cards import team_of
from game.phase import Phase
from game.state import RoundState

OPEN_BUDGET = "expert,iters=3000,worlds=400,opp=0"
"""The Expert's strength-run budget (no time cap) with the session-13 Expert's search: pinned so
the yardstick stays put when the Expert changes (and in its one true world the other seats are
searched, not predicted by the play networks, `opp=0`). It starts from the Expert's level, so a
setting added there reaches it unless overridden here: the floor on doubles did (session 18, 3 of
600 hands changed); lab/tests/test_openhand.py pins the whole configuration."""


class OpenHandAgent:
    """Sees the whole RoundState; the Expert's search over the one true deal."""

    name = "open-hand"

    def __init__(self, config: SearchConfig, seed: int) -> None:
        self.config = replace(config, readable_margin=-1.0)
        self.seed = seed

    def decide(self, state: RoundState, seat: int, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        obs = state.observation(seat)
        rng = decision_rng(self.seed, obs)
        if state.phase is Phase.PLAYING:
            if NO_DECLARE in legal:
                return DECLARE
            cards = plain_cards(legal)
            if len(cards) == 1:
                return with_announcement(cards[0], legal)
            true = PosteriorWorlds([state.card_play()], [1.0])
            return with_announcement(search_play(obs, self.config, rng, known=true).action, legal)
        return search_call(obs, list(legal), self.config, rng, known=state).action


def play_deal(index: int, seed: int, against: str, open_team: int, budget: str,
              open_calls: bool = True) -> dict[str, object]:
    """One hand from deal `index`; the open-hand player holds the seats of `open_team` (its
    calls made by the agent under test instead when `open_calls` is False)."""
    state = RoundState.deal(random.Random(seed * 1_000_003 + index), dealer=index & 3)
    cfg = parse_budget(budget) if budget != "expert" else level_config("expert")
    agents: list[object] = []
    callers: list[object] = []
    for s in range(4):
        sub = (seed * 1_000_003 + index) * 4 + s
        tested = make_agent(against, sub, experiments=True)
        agents.append(OpenHandAgent(cfg, sub) if team_of(s) == open_team else tested)
        callers.append(tested if not open_calls else agents[-1])
    t0 = time.perf_counter()
    while not state.is_over():
        seat = state.to_move()
        assert seat is not None
        legal = state.legal_actions()
        agent = agents[seat] if state.phase is Phase.PLAYING else callers[seat]
        if isinstance(agent, OpenHandAgent):
            action = agent.decide(state, seat, legal)
        else:
            obs = state.observation(seat)
            action = agent.choose(obs, obs.legal_actions)  # type: ignore[attr-defined]
        if action not in legal:
            raise RuntimeError(f"illegal action {action} at seat {seat}, deal {index}")
        state.apply(action)
    diff = 0
    if state.result is not None:
        p = state.result.points
        diff = p[open_team] - p[1 - open_team]
    return {"index": index, "open_team": open_team, "diff": diff,
            "seconds": round(time.perf_counter() - t0, 2)}


def _run(job: tuple[int, int, str, int, str, bool]) -> dict[str, object]:
    return play_deal(*job)


def mean_ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0, 0.0)
    mu = sum(xs) / n
    var = sum((x - mu) ** 2 for x in xs) / (n - 1)
    return mu, 1.96 * math.sqrt(var / n)


def losses(rows: list[dict[str, object]]) -> dict[int, float]:
    """Per deal played both ways: the open-hand team's lead, averaged over the two seatings."""
    by: dict[int, dict[int, int]] = {}
    for r in rows:
        by.setdefault(int(str(r["index"])), {})[int(str(r["open_team"]))] = int(str(r["diff"]))
    return {i: (d[0] + d[1]) / 2.0 for i, d in by.items() if len(d) == 2}


def compare(rows: list[dict[str, object]], other: list[dict[str, object]]) -> str:
    """The two agents' losses to the open-hand player on the deals both logs hold."""
    a, b = losses(rows), losses(other)
    common = sorted(a.keys() & b.keys())
    mu_a, half_a = mean_ci([a[i] for i in common])
    mu_b, half_b = mean_ci([b[i] for i in common])
    mu_d, half_d = mean_ci([a[i] - b[i] for i in common])
    return (f"on the {len(common)} deals both logs hold: this agent loses {mu_a:+.2f} ± {half_a:.2f}, "
            f"the other {mu_b:+.2f} ± {half_b:.2f}; difference (this - other) {mu_d:+.2f} ± {half_d:.2f}")


def report(rows: list[dict[str, object]], against: str, budget: str) -> str:
    pairs = list(losses(rows).values())
    mu, half = mean_ci(pairs)
    won = sum(1 for r in rows if int(str(r["diff"])) > 0)
    return (f"open-hand ({budget}) vs {against}: {len(pairs)} deals played both ways\n"
            f"game points per deal lost to the open-hand player: {mu:+.2f} ± {half:.2f} (95%)\n"
            f"hands the open-hand team scored more in: {won}/{len(rows)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", required=True, help="the agent under test (registry spec)")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", default=OPEN_BUDGET, help="the open-hand player's budget")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--log", required=True, help="JSON lines, one per hand (resumable)")
    ap.add_argument("--report", action="store_true", help="only print the figures of --log")
    ap.add_argument("--hidden-calls", action="store_true",
                    help="the open-hand team's calls by the agent under test: only its card play "
                         "sees every card (what perfect information is worth in the play alone)")
    ap.add_argument("--compare", metavar="LOG",
                    help="with --report: also compare with another agent's log on the same deals")
    args = ap.parse_args(argv)
    make_agent(args.against, 0, experiments=True)  # a bad spec fails here
    header: dict[str, object] = {"against": args.against, "budget": args.budget, "seed": args.seed}
    if args.hidden_calls:
        header["calls"] = "hidden"
    rows: list[dict[str, object]] = []
    if os.path.exists(args.log):
        with open(args.log, encoding="utf-8") as f:
            lines = [json.loads(x) for x in f if x.strip()]
        if lines and lines[0] != header:
            ap.error(f"--log {args.log} holds another experiment: {lines[0]}")
        rows = lines[1:]
    if args.report:
        print(report(rows, args.against, args.budget))
        if args.compare:
            with open(args.compare, encoding="utf-8") as f:
                other = [json.loads(x) for x in f if x.strip()]
            if not other or other[0].get("seed") != args.seed or other[0].get("budget") != args.budget:
                ap.error(f"--compare {args.compare} was not played on the same deals and budget")
            print(compare(rows, other[1:]))
        return 0
    done = {(int(str(r["index"])), int(str(r["open_team"]))) for r in rows}
    todo = [(i, args.seed, args.against, t, args.budget, not args.hidden_calls)
            for i in range(args.deals) for t in (0, 1)
            if (i, t) not in done]
    start = time.perf_counter()
    with open(args.log, "a", encoding="utf-8") as log:
        if not rows:
            log.write(json.dumps(header) + "\n")
        with ProcessPoolExecutor(max_workers=max(1, args.workers)) as ex:
            futures = [ex.submit(_run, job) for job in todo]
            for k, fut in enumerate(as_completed(futures), start=1):
                r = fut.result()
                rows.append(r)
                log.write(json.dumps(r) + "\n")
                log.flush()
                print(f"\r{k}/{len(todo)} hands, {time.perf_counter() - start:.0f} s", end="",
                      file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(report(rows, args.against, args.budget))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
