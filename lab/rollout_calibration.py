"""Does the playout policy predict the search's own play? (not a test)

    python -m lab.rollout_calibration --kind sun --hands 60 --agent "ismcts:hard,iters=3000,worlds=400"

The simulated calls (ai/calls.py) value a contract by playing it out with the cheap policy of
ai/policy.py. This checks that estimate against real play: random deals where one seat's hand is
worth the contract by the rule-based strengths of ai/call_rules.py (Sun 3.6 tricks, Hokum 3.0 in
its best suit), that seat declaring it from trick one (no projects, no raise); the hand is played
out `--rollouts` times by the policy (each seat from its own view) and once by four copies of
`--agent`. Printed: the declaring team's game points minus the other's, mean of the playouts and
of the real play, their difference with a 95% interval, the correlation, and the slope of real on
estimated (1 means the estimate's differences between hands are right).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Iterator

from ai.call_rules import hokum_strength, sun_strength
from ai.registry import make_agent
from game.cards import SEAT_LETTERS, SUIT_LETTERS, cards_str
from game.notation import from_notation
from game.state import RoundState
from lab.call_regret import play_hand, playouts

SUN_AT, HOKUM_AT = 3.6, 3.0


def contracts(kind: str, rng: random.Random) -> Iterator[tuple[RoundState, int]]:
    """Deals with a declarer worth `kind`, as positions at the first card, and the declarer."""
    while True:
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[8 * i:8 * i + 8]) for i in range(4)]
        if kind == "sun":
            sun = [sun_strength(h) for h in hands]
            decl = max(range(4), key=lambda i: sun[i])
            if sun[decl] < SUN_AT:
                continue
            contract = f"sun/-/{SEAT_LETTERS[decl]}/{SEAT_LETTERS[decl]}/x1/open/-"
        else:
            best, decl, trump = max((hokum_strength(h, t), i, t) for i, h in enumerate(hands)
                                    for t in range(4))
            if best < HOKUM_AT:
                continue
            contract = f"hokum/{SUIT_LETTERS[trump]}/{SEAT_LETTERS[decl]}/{SEAT_LETTERS[decl]}/x1/open/-"
        lead = (decl + 1) & 3
        yield from_notation(
            f"play rules=- dealer={SEAT_LETTERS[decl]} score=0-0 contract={contract} "
            + " ".join(f"{SEAT_LETTERS[i]}={cards_str(hands[i], sep='.')}" for i in range(4))
            + f" lead={SEAT_LETTERS[lead]} done=0 won=0-0 points=0-0 projects=- pteam=- "
              "baloot=- moves=-"), decl


def estimate(st: RoundState, team: int, rollouts: int) -> float:
    return sum(o[team] - o[1 - team] for o in playouts(st.card_play(), rollouts, 0)) / rollouts


def played(st: RoundState, team: int, agent: str, seed: int) -> int:
    result = play_hand(st.clone(), [make_agent(agent, seed + i, experiments=True) for i in range(4)])
    return result.points[team] - result.points[1 - team]


def summary(pairs: list[tuple[float, int]]) -> str:
    xs = [float(a) for a, _ in pairs]
    ys = [float(b) for _, b in pairs]
    d = [y - x for x, y in zip(xs, ys, strict=True)]
    n = len(d)
    mx, my = statistics.mean(xs), statistics.mean(ys)
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / \
        sum((x - mx) ** 2 for x in xs)
    return (f"{n} hands: playouts {mx:+.1f}, real play {my:+.1f}; real - playouts "
            f"{statistics.mean(d):+.2f} ± {1.96 * statistics.stdev(d) / math.sqrt(n):.2f}; "
            f"correlation {statistics.correlation(xs, ys):.2f}, slope {slope:.2f}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kind", choices=("sun", "hokum"), default="sun")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--agent", default="ismcts:hard,iters=3000,worlds=400")
    ap.add_argument("--rollouts", type=int, default=64)
    args = ap.parse_args(argv)
    rng = random.Random(7 if args.kind == "sun" else 8)
    pairs: list[tuple[float, int]] = []
    for i, (st, decl) in zip(range(args.hands), contracts(args.kind, rng), strict=False):
        team = decl & 1
        pairs.append((estimate(st, team, args.rollouts), played(st, team, args.agent, 1000 * i)))
        print(f"{args.kind} {pairs[-1][0]:.2f} {pairs[-1][1]}", flush=True)
    print(summary(pairs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
