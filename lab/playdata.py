"""Card decisions of an agent in self-play, as data for fitting the play model (not a test).

    python lab/playdata.py --agent ismcts:hard --hands 60 --out plays.jsonl

Every hand is dealt from a seed and played by four copies of the agent; each card decision with
more than one legal card is written as one JSON line: the position (game.notation, the hand
up to that decision), the seat and the card chosen. The play networks (ai/playnet.py) are fitted
on such lines (lab/playnet_fit.py; `make playnet-weights` runs both).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterator, Sequence

from ai.registry import make_agent
from game.actions import is_card
from game.notation import from_notation, to_notation
from game.phase import Phase
from game.state import RoundState


def recorded(paths: Sequence[str]) -> Iterator[tuple[str, RoundState, int]]:
    """Every decision in the files: its hand (the deal, as text), the position, the card played."""
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                state = from_notation(row["position"])
                assert state.to_move() == row["seat"]
                yield row["position"].split(" moves=")[0], state, row["card"]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--agent", default="ismcts:hard")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    with open(args.out, "a", encoding="utf-8") as out:
        for h in range(args.hands):
            seed = args.seed * 100_000 + h
            s = RoundState.deal(random.Random(seed), dealer=h & 3)
            agents = [make_agent(args.agent, seed * 4 + i, experiments=True) for i in range(4)]
            while not s.is_over():
                seat = s.to_move()
                assert seat is not None
                obs = s.observation(seat)
                legal = obs.legal_actions
                a = agents[seat].choose(obs, legal)
                if s.phase is Phase.PLAYING and len(legal) > 1 and all(is_card(x) for x in legal):
                    out.write(json.dumps({"position": to_notation(s), "seat": seat, "card": a}) + "\n")
                s.apply(a)
            out.flush()
            print(f"\r{h + 1} hands", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
