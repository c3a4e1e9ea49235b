"""Round-2 Hokum on J-8 or J-9 alone (not a test): how often each level overrides a rule-based pass.

    python -m bench.bare_trumps [--positions 25] [--levels hard,expert] [--budget "expert,margin=1"]

Seeded deals in which all four pass round 1 and the first speaker of round 2 holds exactly J-8
or J-9 of a suit other than the buying card's, and the rule-based call (ai/evaluate.py) is Pass.
Each level decides there without its time cap; the script prints each decision with the
simulated equities, and how many times each level bid Hokum.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

from ai.config import parse_budget
from ai.heuristic import heuristic_call
from ai.ismcts import ISMCTSAgent, level_config
from game.actions import HOKUM, PASS, action_str
from game.cards import EIGHT, JACK, NINE
from game.observation import Observation
from game.phase import Phase
from game.state import RoundState

BARE = ((1 << JACK) | (1 << EIGHT), (1 << JACK) | (1 << NINE))


def positions(count: int) -> list[Observation]:
    found: list[Observation] = []
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
            found.append(obs)
    return found


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=25)
    ap.add_argument("--levels", default="hard,expert")
    ap.add_argument("--budget", action="append", default=[],
                    help="also decide with this budget (ai.config.parse_budget), e.g. 'expert,margin=1'")
    args = ap.parse_args()
    configs = {lv: replace(level_config(lv), time_limit=None) for lv in args.levels.split(",")}
    configs.update({b: replace(parse_budget(b), time_limit=None) for b in args.budget})
    levels = list(configs)
    bids = dict.fromkeys(levels, 0)
    for obs in positions(args.positions):
        legal = list(obs.legal_actions)
        row = []
        for lv in levels:
            res = ISMCTSAgent(configs[lv], seed=obs.seat).decide(obs, legal)
            bids[lv] += res.action == HOKUM
            equities = ", ".join(f"{action_str(a)} {m:.3f}" for a, (_n, m) in sorted(res.stats.items()))
            row.append(f"{lv}: {action_str(res.action)} ({equities})")
        print(" | ".join(row), flush=True)
    print(f"{args.positions} positions where the rule-based call passes; Hokum bids: "
          + ", ".join(f"{lv} {n}" for lv, n in bids.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
