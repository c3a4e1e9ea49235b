"""Calls of an agent in self-play, as data for fitting the call model (not a test).

    python -m bench.calldata --agent "ismcts:hard,iters=3000,worlds=400" --deals 600 --seed 51 \\
        --out calls.jsonl

Every deal is dealt from a seed with a random match score (each team 0-140, as bench.doubles, so
the doubles that need a team behind occur too) and bid by four copies of the agent, through the
auction and the raises; the card play is not needed and not played. Each call with a choice
(Kawesh aside) is one JSON line: the position before it (game.notation), the seat and the call.
ai/callfit.py's weights were fitted on such lines (`python -m bench.callfit_fit FILES`).
The file resumes: deals already in it are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys

from ai.registry import make_agent
from bench.doubles import deal_state
from game.actions import KAWESH
from game.notation import to_notation
from game.phase import Phase


def done_deals(path: str) -> set[int]:
    try:
        with open(path, encoding="utf-8") as f:
            return {json.loads(line)["deal"] for line in f}
    except FileNotFoundError:
        return set()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agent", default="ismcts:hard,iters=3000,worlds=400")
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--seed", type=int, default=51)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    done = done_deals(args.out)
    with open(args.out, "a", encoding="utf-8") as out:
        for d in range(args.deals):
            if d in done:
                continue
            s = deal_state(d, args.seed)
            agents = [make_agent(args.agent, args.seed * 10_000 + d * 4 + i, experiments=True)
                      for i in range(4)]
            lines = []
            while not s.is_over() and s.phase in (Phase.BIDDING, Phase.DOUBLING):
                seat = s.to_move()
                assert seat is not None
                obs = s.observation(seat)
                a = agents[seat].choose(obs, obs.legal_actions)
                if a != KAWESH and sum(x != KAWESH for x in obs.legal_actions) > 1:
                    lines.append({"deal": d, "position": to_notation(s), "seat": seat, "call": a})
                s.apply(a)
            # A deal without a call with a choice still marks the deal done.
            for row in lines or [{"deal": d, "position": None, "seat": -1, "call": -1}]:
                out.write(json.dumps(row) + "\n")
            out.flush()
            print(f"\r{d + 1} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
