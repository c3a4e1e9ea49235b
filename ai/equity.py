"""Match equity: the chance that a team wins the match from a given score.

Used to weigh calls whose stakes reach beyond the hand (doubling, and Gahwa, which decides the
match). Each table comes from a dynamic programme over a simple model of one hand's result: a
small symmetric distribution of (points to us, points to them) typical of play between equals —
one for Baloot (a match to 152), one for classic Belote (a match to 1000, counted in tens).
Both were written by hand (one counted from Hard's self-play predicted fresh matches no better:
lab/ai-record.md, git tag pilot/equity-fit).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from game.rules import MATCH_TARGET, Rules

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
Outcomes = tuple[tuple[int, int, float], ...]


def symmetric(half: tuple[tuple[int, int, int], ...]) -> Outcomes:
    """Outcomes (points to one team, to the other, count) as weights, each also the other way
    round: the table of a hand between equal teams."""
    total = 2.0 * sum(x[2] for x in half)
    return tuple((a, b, w / total) for a, b, w in half) + tuple((b, a, w / total) for a, b, w in half)


OUTCOMES = symmetric(_BALOOT)
BELOTE_OUTCOMES = symmetric(_BELOTE)


@lru_cache(maxsize=4)
def _table(target: int, outcomes: Outcomes) -> list[list[float]]:
    """eq[a][b] for 0 <= a, b < target: chance that the team on a wins (a, b both below it)."""
    table: list[list[float]] = programme(target, outcomes)[:target, :target].tolist()
    return table


def programme(target: int, outcomes: Outcomes) -> np.ndarray:
    """The chance that the first team wins from every score (a, b) below the target and past it,
    one hand's outcomes everywhere. Filled one diagonal a + b at a time, from the last; each
    state's value sums its outcomes in their order, as a loop over them would (so a table does
    not depend on how it was computed)."""
    n = target
    size = n + max(max(da, db) for da, db, _w in outcomes)
    a_idx, b_idx = np.indices((size, size))
    # past the target: the higher score wins, a tie is even
    eq = np.where(a_idx > b_idx, 1.0, np.where(a_idx == b_idx, 0.5, 0.0))
    for total in range(2 * n - 2, -1, -1):
        a = np.arange(max(0, total - n + 1), min(n, total + 1))
        b = total - a
        acc = np.zeros(len(a))
        for da, db, w in outcomes:
            acc += w * eq[a + da, b + db]
        eq[a, b] = acc
    return eq


def match_equity(us: int, them: int, rules: Rules | None = None) -> float:
    """P(we win the match) with `us` and `them` points and no winner yet."""
    target = rules.target if rules is not None else MATCH_TARGET
    if us >= target or them >= target:
        if us == them:
            return 0.5
        return 1.0 if us > them else 0.0
    if rules is not None and rules.belote:  # in tens
        unit = 10
        return _table(target // unit, BELOTE_OUTCOMES)[max(us, 0) // unit][max(them, 0) // unit]
    return _table(target, OUTCOMES)[max(us, 0)][max(them, 0)]


def equity_after(scores: tuple[int, int], team: int, points: tuple[int, int],
                 match_winner: int | None, rules: Rules | None = None) -> float:
    """Our equity after a hand that gave `points` (Gahwa: match_winner decides)."""
    if match_winner is not None:
        return 1.0 if match_winner == team else 0.0
    us = scores[team] + points[team]
    them = scores[1 - team] + points[1 - team]
    return match_equity(us, them, rules)
