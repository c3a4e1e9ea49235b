"""How well a leaf evaluation orders the moves of one node (not a test): the network of
ai/leafnet.py against the search's playouts, judged by the exact solver.

    python -m bench.leaf_order --positions 1000 --seed 960 [--playouts 1,4,16]

Positions come from HeuristicAgent self-play (Baloot's default rules, not Gahwa) at the last card
of the third trick, where the mover has at least two cards to choose from: each card ends the
trick and leads straight to the network's position, the start of the fourth trick. Each card is
valued there by the exact solver (both teams seeing every card), by the network, and by the mean
of N playouts as the search's (the policy with 10% random cards, solved from 8 cards). Each
estimate picks the card it values best for the mover's team; its regret is the exact value of
the exact solver's best card minus that of its pick, in game points. A search's leaf only has to
tell a node's moves apart, so this, not the error on single positions, is what it is judged by.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence

from ai.leafnet import LEAF_TRICKS, applies, leaf_value
from ai.policy import policy_card
from ai.solver import Solver, cards_left
from bench.positions import heuristic_hand
from game.cardplay import CardPlay
from game.cards import team_of
from game.phase import Phase


def positions(count: int, seed: int) -> list[CardPlay]:
    """The last card of the third trick, with a choice, from HeuristicAgent hands."""
    out: list[CardPlay] = []
    hand = 0
    while len(out) < count:
        hand += 1
        for s in heuristic_hand(seed, hand):
            cp = s.cp
            if s.phase is not Phase.PLAYING or cp is None or cp.done < LEAF_TRICKS - 1:
                continue
            if cp.done == LEAF_TRICKS - 1 and len(cp.trick) == 3:
                play = s.card_play()
                if play.legal().bit_count() >= 2 and play.raise_level < 5 and not play.classic \
                        and play.variants == 0:
                    out.append(play)
                break
            if cp.done >= LEAF_TRICKS:
                break
    return out


def playout_mean(cp: CardPlay, n: int, rng: random.Random) -> float:
    """North-South's mean over n playouts as the search's."""
    total = 0
    for _ in range(n):
        st = cp.copy()
        while st.done < 8 and cards_left(st) > 8:
            st.play(policy_card(st, st.legal(), rng.random(), 0.1))
        total += Solver().value(st)
    return total / n


def regrets(cp: CardPlay, playouts: Sequence[int], rng: random.Random) -> list[float]:
    """The regret of the network's pick, then of each playout count's, for the mover's team."""
    sign = 1 if team_of((cp.leader + len(cp.trick)) & 3) == 0 else -1
    exact: dict[int, float] = {}
    net: dict[int, float] = {}
    means: list[dict[int, float]] = [{} for _ in playouts]
    legal = cp.legal()
    for card in range(32):
        if not legal >> card & 1:
            continue
        st = cp.copy()
        st.play(card)
        assert applies(st)
        exact[card] = sign * Solver().value(st)
        net[card] = sign * leaf_value(st)
        for k, n in enumerate(playouts):
            means[k][card] = sign * playout_mean(st, n, rng)
    best = max(exact.values())
    return [best - exact[max(est, key=lambda c: (est[c], -c))] for est in (net, *means)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=960)
    ap.add_argument("--playouts", default="1,4,16")
    args = ap.parse_args()
    counts = [int(x) for x in args.playouts.split(",")]
    rng = random.Random(args.seed)
    rows = [regrets(cp, counts, rng) for cp in positions(args.positions, args.seed)]
    names = ["the network of ai/leafnet.py"] + [f"the mean of {n} playout(s)" for n in counts]
    print(f"{len(rows)} positions (the last card of the third trick, a choice of cards)")
    print("| the card picked by | regret a position, game points (95%) | picks the best card |")
    print("|---|---|---|")
    for k, name in enumerate(names):
        xs = [r[k] for r in rows]
        m = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (len(xs) - 1))
        hit = sum(1 for x in xs if x == 0) / len(xs)
        print(f"| {name} | {m:.2f} ± {1.96 * sd / math.sqrt(len(xs)):.2f} | {hit:.1%} |")
    diff = [r[0] - r[-1] for r in rows]
    m = sum(diff) / len(diff)
    sd = math.sqrt(sum((x - m) ** 2 for x in diff) / (len(diff) - 1))
    print(f"network minus {names[-1]}: {m:+.2f} ± {1.96 * sd / math.sqrt(len(diff)):.2f} a position")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
