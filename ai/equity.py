"""Match equity: the chance that a team wins the match from a given score.

Used to weigh calls whose stakes reach beyond the hand (doubling, and Gahwa, which decides the
match). Each table comes from a dynamic programme over a simple model of one hand's result: a
small symmetric distribution of (points to us, points to them) typical of play between equals —
one for Baloot (a match to 152), one for classic Belote (a match to 1000, counted in tens).
Both were written by hand. `FITTED` is Baloot's counted from Hard's self-play instead: real hands
swing about half as much again, yet it predicts fresh matches no better (docs/ai-record.md), so
every level keeps the hand-made one and `SearchConfig.equity_fit` switches.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from game.rules import Rules

TARGET = 152

# (points to team A, points to team B, weight) for one hand between equal teams; symmetric.
_BALOOT = (
    (16, 0, 10), (26, 0, 6), (9, 7, 8), (10, 6, 8), (8, 8, 6), (15, 11, 6), (16, 10, 6),
    (18, 8, 4), (20, 0, 3), (32, 0, 2), (52, 0, 1), (25, 0, 1),
)
# Classic Belote in tens of points: made contracts (9-7, 11-5, 10-8 with a belote), failed ones
# (0-16, 2-18), capots (25), 81-81 (0-8).
_BELOTE = (
    (9, 7, 12), (11, 5, 8), (10, 8, 5), (12, 6, 4), (16, 0, 6), (18, 2, 2), (25, 0, 1), (8, 0, 1),
)
# Hard against Hard, 0-0 to the end, the even-numbered matches of
# `python -m ai.arena --ns "ismcts:hard,iters=3000,worlds=400" --ew "ismcts:hard,iters=3000,worlds=400"
# --matches 160 --seed 47 --log F`: each scored hand (a Gahwa's left out) as (more, fewer points,
# hands); `python -m bench.hand_outcomes F --table` prints it.
_PLAYED = (
    (8, 8, 8), (9, 7, 12), (9, 9, 6), (10, 6, 16), (10, 8, 10), (10, 10, 3), (11, 5, 16),
    (11, 7, 19), (11, 9, 2), (12, 4, 21), (12, 6, 25), (12, 8, 8), (12, 9, 1), (13, 3, 17),
    (13, 5, 21), (13, 7, 8), (13, 8, 1), (13, 10, 1), (14, 2, 11), (14, 4, 16), (14, 6, 4),
    (14, 7, 3), (14, 8, 2), (14, 12, 4), (15, 1, 8), (15, 3, 23), (15, 5, 10), (15, 6, 1),
    (15, 8, 2), (15, 15, 1), (16, 0, 11), (16, 2, 8), (16, 4, 9), (16, 5, 4), (16, 6, 1),
    (16, 7, 1), (16, 10, 4), (16, 14, 7), (17, 1, 3), (17, 3, 2), (17, 4, 1), (17, 5, 1),
    (17, 6, 1), (17, 9, 2), (17, 13, 2), (17, 17, 1), (18, 0, 15), (18, 2, 6), (18, 3, 1),
    (18, 4, 2), (18, 5, 1), (18, 7, 2), (18, 8, 8), (18, 12, 6), (18, 16, 2), (19, 1, 2),
    (19, 3, 1), (19, 4, 4), (19, 6, 1), (19, 7, 1), (19, 11, 1), (20, 0, 4), (20, 1, 2),
    (20, 2, 1), (20, 3, 1), (20, 5, 2), (20, 6, 5), (20, 10, 8), (20, 14, 1), (20, 16, 3),
    (21, 0, 2), (21, 2, 4), (21, 4, 1), (21, 5, 2), (22, 0, 1), (22, 4, 3), (22, 8, 2),
    (22, 12, 1), (22, 14, 2), (22, 18, 1), (23, 0, 1), (23, 7, 1), (23, 17, 1), (24, 2, 3),
    (24, 6, 2), (24, 10, 1), (24, 12, 1), (24, 16, 1), (25, 0, 11), (25, 1, 2), (25, 5, 1),
    (26, 0, 9), (26, 4, 4), (26, 10, 1), (26, 14, 1), (27, 0, 7), (28, 2, 1), (28, 6, 1),
    (28, 8, 2), (29, 0, 2), (30, 0, 12), (30, 4, 1), (30, 6, 1), (30, 16, 1), (31, 0, 1),
    (31, 15, 1), (32, 0, 11), (32, 2, 1), (32, 4, 1), (32, 8, 1), (34, 0, 7), (34, 12, 1),
    (35, 11, 1), (36, 0, 21), (36, 10, 1), (37, 0, 1), (38, 0, 11), (38, 8, 1), (40, 0, 9),
    (42, 0, 9), (44, 0, 14), (44, 2, 1), (46, 0, 3), (48, 0, 4), (50, 0, 2), (52, 0, 4),
    (54, 0, 3), (58, 0, 6), (58, 8, 1), (60, 0, 2), (60, 6, 1), (61, 5, 1), (64, 0, 1),
    (64, 2, 1), (68, 0, 6), (70, 0, 1), (72, 0, 3), (74, 0, 2), (78, 0, 1), (84, 0, 1),
    (88, 0, 3),
)
Outcomes = tuple[tuple[int, int, float], ...]


def symmetric(half: tuple[tuple[int, int, int], ...]) -> Outcomes:
    """Outcomes (points to one team, to the other, count) as weights, each also the other way
    round: the table of a hand between equal teams."""
    total = 2.0 * sum(x[2] for x in half)
    return tuple((a, b, w / total) for a, b, w in half) + tuple((b, a, w / total) for a, b, w in half)


OUTCOMES = symmetric(_BALOOT)
BELOTE_OUTCOMES = symmetric(_BELOTE)
FITTED = symmetric(_PLAYED)
"""A Baloot hand's outcomes as counted in real play (bench/hand_outcomes.py) instead of written
by hand: the match-win chance of `SearchConfig.equity_fit`."""


@lru_cache(maxsize=4)
def _table(target: int, outcomes: Outcomes) -> list[list[float]]:
    """eq[a][b] for 0 <= a, b < target: chance that the team on a wins (a, b both below it)."""
    table: list[list[float]] = programme(target, (outcomes,))[:target, :target].tolist()
    return table


def programme(target: int, parts: Sequence[Outcomes], margin: int = 0) -> np.ndarray:
    """The chance that the first team wins from every score (a, b) below the target and past it.

    `parts`: one hand's outcomes everywhere, or three by the first team's lead a - b: behind by
    more than `margin`, within it, ahead by more (bench/match_edge.py). Filled one diagonal
    a + b at a time, from the last; each state's value sums its outcomes in their order, as a loop
    over them would (so a table does not depend on how it was computed)."""
    n = target
    size = n + max(max(da, db) for outcomes in parts for da, db, _w in outcomes)
    a_idx, b_idx = np.indices((size, size))
    # past the target: the higher score wins, a tie is even
    eq = np.where(a_idx > b_idx, 1.0, np.where(a_idx == b_idx, 0.5, 0.0))
    for total in range(2 * n - 2, -1, -1):
        a = np.arange(max(0, total - n + 1), min(n, total + 1))
        b = total - a
        part = (np.zeros(len(a), dtype=int) if len(parts) == 1
                else np.where(a - b > margin, 2, np.where(a - b < -margin, 0, 1)))
        v = np.zeros(len(a))
        for k, outcomes in enumerate(parts):
            at = part == k
            pa, pb = a[at], b[at]
            acc = np.zeros(len(pa))
            for da, db, w in outcomes:
                acc += w * eq[pa + da, pb + db]
            v[at] = acc
        eq[a, b] = v
    return eq


def match_equity(us: int, them: int, rules: Rules | None = None,
                 outcomes: Outcomes | None = None) -> float:
    """P(we win the match) with `us` and `them` points and no winner yet. `outcomes`: a Baloot
    hand's outcomes to build the table from (None: the hand-made `OUTCOMES`; see `FITTED`)."""
    target = rules.target if rules is not None else TARGET
    if us >= target or them >= target:
        if us == them:
            return 0.5
        return 1.0 if us > them else 0.0
    if rules is not None and rules.belote:  # in tens
        unit = 10
        return _table(target // unit, BELOTE_OUTCOMES)[max(us, 0) // unit][max(them, 0) // unit]
    return _table(target, outcomes or OUTCOMES)[max(us, 0)][max(them, 0)]


def equity_after(scores: tuple[int, int], team: int, points: tuple[int, int],
                 match_winner: int | None, rules: Rules | None = None,
                 outcomes: Outcomes | None = None) -> float:
    """Our equity after a hand that gave `points` (Gahwa: match_winner decides)."""
    if match_winner is not None:
        return 1.0 if match_winner == team else 0.0
    us = scores[team] + points[team]
    them = scores[1 - team] + points[1 - team]
    return match_equity(us, them, rules, outcomes)
