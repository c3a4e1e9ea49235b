"""The Expert's endgame: every legal card valued exactly in each of many weighted worlds.

Once few cards are left (`SearchConfig.solve_cards`), the Expert stops sampling playouts: it
draws worlds from its posterior (ai/posterior.py) in proportion to their weights, solves each
one exactly for every legal card (ai/solver.py: best play by both teams, every card seen), and
plays the card with the best mean. This is perfect-information Monte Carlo; its known flaw
(each world's solution assumes the hidden cards will be known) costs little this close to the
end, when nearly every card is placed by the play so far, and it removes the noise and the
misjudgements of the playout policy where they cost most (tricks with the last-trick bonus,
Kaboot, Baloot).
"""

from __future__ import annotations

import random
import time

from game.cards import team_of

from .posterior import PosteriorWorlds
from .solver import GAHWA_VALUE, Solver


def endgame_values(worlds: PosteriorWorlds, seat: int, count: int, rng: random.Random,
                   deadline: float | None = None) -> tuple[dict[int, float], int]:
    """Mean exact value of each legal card for the seat's team (game points; under Gahwa the
    chance to win the match) over `count` worlds drawn by weight; and the worlds solved."""
    sign = 1 if team_of(seat) == 0 else -1
    gahwa = worlds.template.raise_level == 5
    sums: dict[int, float] = {}
    solved: dict[int, dict[int, int]] = {}
    n = 0
    for _ in range(count):
        if deadline is not None and n >= 8 and time.perf_counter() > deadline:
            break
        k = worlds.pick(rng)
        values = solved.get(k)
        if values is None:
            values = Solver().move_values(worlds.states[k].copy())
            solved[k] = values
        for card, v in values.items():
            sums[card] = sums.get(card, 0.0) + sign * v
        n += 1
    means: dict[int, float] = {}
    for card, s in sums.items():
        m = s / n
        means[card] = (m / GAHWA_VALUE + 1.0) / 2.0 if gahwa else m
    return means, n
