"""Playout policies against each other on the same deals (not a test):

    python -m bench.policy_duel --variant model --deals 3000

The search (ai/ismcts.py) and the simulated calls finish every hand with the playout policy of
ai/policy.py, so a better policy would be a better judge of every move. This plays a variant
policy for one team and the shipped policy for the other on seeded contracts (the deals of
bench/rollout_calibration.py: a seat whose hand is worth Hokum or Sun declares it from the first
card), every deal twice with the teams swapped, no random moves unless `--eps`; printed: the
variant team's game points minus the other's per deal, Hokum and Sun apart, 95% intervals.

Variants:
- `model`: the play model's most likely card (ai/playmodel.py, fitted to Hard's decisions);
- `oracle-cash`: the policy, except that it never cashes a side-suit master that an opponent
  would ruff (it cashes another suit's master, or leads its cheapest plain card), read from the
  opponents' real hands — an upper bound on what tracking the others'
  voids could add to the policy's leads (it sees cards a player cannot; bench only).
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable

from ai.cardsense import CHEAP_ORDER, masters
from ai.playmodel import WEIGHTS, card_scores
from ai.policy import policy_card
from bench.call_regret import mean_interval
from bench.rollout_calibration import contracts
from game.cardplay import CardPlay
from game.cards import FULL_DECK, SUIT_MASKS, CardSet
from game.ranking import POINTS

Policy = Callable[[CardPlay, CardSet, float, float], int]


def model_card(st: CardPlay, legal: CardSet, rnd: float, eps: float) -> int:
    """The play model's most likely card (the first on a tie)."""
    if rnd < eps or not legal & (legal - 1):  # the policy's random move, or the only card
        return policy_card(st, legal, rnd, eps)
    cards, scores = card_scores(st, legal, WEIGHTS)
    return cards[scores.index(max(scores))]


def oracle_cash_card(st: CardPlay, legal: CardSet, rnd: float, eps: float) -> int:
    """The policy's card, except when it leads a master that an opponent really ruffs: then the
    master worth most among the suits no opponent ruffs (as the policy picks), else the cheapest
    plain card."""
    card = policy_card(st, legal, rnd, eps)
    trump = st.trump
    if st.trick or trump < 0 or rnd < eps or card >> 3 == trump:
        return card
    seat = st.to_move()
    out = FULL_DECK & ~st.played & ~st.hands[seat]
    cash = masters(legal, out, trump)
    if not cash >> card & 1:
        return card
    trumps = SUIT_MASKS[trump]
    ruffed = 0
    for opp in ((seat + 1) & 3, (seat + 3) & 3):
        hand = st.hands[opp]
        if hand & trumps:
            for s in range(4):
                if s != trump and not hand & SUIT_MASKS[s]:
                    ruffed |= SUIT_MASKS[s]
    if not ruffed >> card & 1:
        return card
    points = POINTS[trump]
    best, best_pts = -1, -1
    m = cash & ~ruffed
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if points[c] > best_pts:
            best, best_pts = c, points[c]
    if best >= 0:
        return best
    plain = legal & ~trumps
    return CHEAP_ORDER[trump].first(plain if plain else legal)


VARIANTS: dict[str, Policy] = {"model": model_card, "oracle-cash": oracle_cash_card}


def play(cp: CardPlay, policies: tuple[Policy, Policy], rng: random.Random, eps: float) -> list[int]:
    """Play the hand out, team t by policies[t]; the game points of both teams."""
    while cp.done < 8:
        seat = cp.to_move()
        cp.play(policies[seat & 1](cp, cp.legal(), rng.random(), eps))
    result = cp.outcome()
    return [result[0], result[1]]


def duel(variant: Policy, kind: str, deals: int, eps: float) -> list[float]:
    """Per deal, the variant team's game points minus the other's, mean of the two seatings."""
    rng = random.Random(8 if kind == "hokum" else 7)
    out = []
    for i, (st, _decl) in zip(range(deals), contracts(kind, rng), strict=False):
        base = st.card_play()
        d = 0.0
        for team in (0, 1):
            policies: tuple[Policy, Policy] = (variant, policy_card) if team == 0 \
                else (policy_card, variant)
            pts = play(base.copy(), policies, random.Random(i), eps)
            d += (pts[team] - pts[1 - team]) / 2.0
        out.append(d)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", choices=sorted(VARIANTS), default="model")
    ap.add_argument("--deals", type=int, default=3000, help="per kind of contract")
    ap.add_argument("--eps", type=float, default=0.0, help="share of random moves (both teams)")
    args = ap.parse_args(argv)
    for kind in ("hokum", "sun"):
        d = duel(VARIANTS[args.variant], kind, args.deals, args.eps)
        mu, half = mean_interval(d)
        same = sum(1 for x in d if x == 0)
        print(f"{kind}: {len(d)} deals ({same} scored the same), {args.variant} - policy "
              f"{mu:+.2f} ± {half:.2f} game points a deal")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
