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
                   deadline: float | None = None) -> dict[int, list[float]]:
    """The exact value of each legal card for the seat's team in each of `count` worlds drawn
    by weight (game points; under Gahwa 1 for winning the match, 0 for losing it), the worlds in
    the same order for every card (fewer worlds once `deadline` has passed)."""
    sign = 1 if team_of(seat) == 0 else -1
    gahwa = worlds.template.raise_level == 5
    samples: dict[int, list[float]] = {}
    solved: dict[int, dict[int, int]] = {}
    for i in range(count):
        if deadline is not None and i >= 8 and time.perf_counter() > deadline:
            break
        k = worlds.pick(rng)
        values = solved.get(k)
        if values is None:
            values = Solver().move_values(worlds.states[k].copy())
            solved[k] = values
        for card, v in values.items():
            x = float(sign * v)
            if gahwa:
                x = (x / GAHWA_VALUE + 1.0) / 2.0
            samples.setdefault(card, []).append(x)
    return samples


def paired_advantage(a: list[float], b: list[float]) -> tuple[float, float]:
    """Mean of a - b over the same worlds, and its standard error."""
    n = len(a)
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean, (var / n) ** 0.5
