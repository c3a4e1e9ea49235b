"""Round-2 Hokum on J-8 or J-9 alone (not a test): how often each level overrides a rule-based pass.

    python -m bench.bare_trumps [--positions 25] [--levels hard,expert] [--budget "expert,margin=1"] [--value]

Seeded deals in which all four pass round 1 and the first speaker of round 2 holds exactly J-8
or J-9 of a suit other than the buying card's, and the rule-based call (ai/evaluate.py) is Pass.
Each level decides there without its time cap; the script prints each decision with the
simulated equities, and how many times each level bid Hokum. `--value` also values Pass and Hokum
on the true deal as bench/call_regret.py does (its driver finishes the auction, 64 playouts):
what each level's choices are worth against always passing.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import replace

from ai.config import parse_budget
from ai.heuristic import heuristic_call
from ai.ismcts import ISMCTSAgent, level_config
from bench.call_regret import DRIVER, value
from game.actions import HOKUM, PASS, action_str
from game.cards import EIGHT, JACK, NINE, team_of
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState

BARE = ((1 << JACK) | (1 << EIGHT), (1 << JACK) | (1 << NINE))


def positions(count: int) -> list[tuple[RoundState, Observation]]:
    found: list[tuple[RoundState, Observation]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        s = RoundState.deal(random.Random(seed), dealer=seed & 3)
        while s.phase is Phase.BIDDING and s.bidding.round == 1 and PASS in s.legal_actions():
            s.apply(PASS)
        if s.phase is not Phase.BIDDING or s.bidding.round != 2:
            continue
        seat = s.to_move()
        assert seat is not None
        hand = s.hands[seat]
        if not any((hand >> (8 * suit)) & 0xFF in BARE for suit in range(4)
                   if suit != s.buying_card >> 3):
            continue
        obs = s.observation(seat)
        legal = list(obs.legal_actions)
        if HOKUM in legal and heuristic_call(obs, legal) == PASS:
            found.append((s, obs))
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--budget", action="append", default=[],
                    help="also decide with this budget (ai.config.parse_budget), e.g. 'expert,margin=1'")
    ap.add_argument("--value", action="store_true", help="value Pass and Hokum on the true deal")
    args = ap.parse_args()
    configs = {lv: replace(level_config(lv), time_limit=None) for lv in args.levels.split(",")}
    configs.update({b: replace(parse_budget(b), time_limit=None) for b in args.budget})
    levels = list(configs)
    bids = dict.fromkeys(levels, 0)
    gain = dict.fromkeys(levels, 0.0)  # game points of the level's choices over always passing
    hokum_minus_pass: list[float] = []
    for state, obs in positions(args.positions):
        legal = list(obs.legal_actions)
        row = []
        if args.value:
            team = team_of(obs.seat)
            diff = value(state, HOKUM, team, DRIVER, 1, 64)[0] - value(state, PASS, team, DRIVER, 1, 64)[0]
            hokum_minus_pass.append(diff)
            row.append(f"on the true deal Hokum - Pass {diff:+.1f}")
        for lv in levels:
            res = ISMCTSAgent(configs[lv], seed=obs.seat).decide(obs, legal)
            bids[lv] += res.action == HOKUM
            if args.value and res.action == HOKUM:
                gain[lv] += hokum_minus_pass[-1]
            equities = ", ".join(f"{action_str(a)} {m:.3f}" for a, (_n, m) in sorted(res.stats.items()))
            row.append(f"{lv}: {action_str(res.action)} ({equities})")
        print(" | ".join(row), flush=True)
    print(f"{args.positions} positions where the rule-based call passes; Hokum bids: "
          + ", ".join(f"{lv} {n}" for lv, n in bids.items()))
    if args.value:
        n = len(hokum_minus_pass)
        mu = statistics.mean(hokum_minus_pass)
        half = 1.96 * statistics.stdev(hokum_minus_pass) / n ** 0.5
        print(f"on the true deals, Hokum - Pass: {mu:+.2f} ± {half:.2f} game points per position; "
              "each level's choices against always passing, in total: "
              + ", ".join(f"{lv} {g:+.1f}" for lv, g in gain.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
