"""Match equity: the chance that a team wins the match from a given score (a match to 152).

Used to weigh calls whose stakes reach beyond the hand (doubling, and Gahwa, which decides the
match). The table comes from a dynamic programme over a simple model of one hand's result: a
small symmetric distribution of (points to us, points to them) typical of play between equals.
"""

from __future__ import annotations

from functools import lru_cache

TARGET = 152

# (points to team A, points to team B, weight) for one hand between equal teams; symmetric.
_HALF = (
    (16, 0, 10), (26, 0, 6), (9, 7, 8), (10, 6, 8), (8, 8, 6), (15, 11, 6), (16, 10, 6),
    (18, 8, 4), (20, 0, 3), (32, 0, 2), (52, 0, 1), (25, 0, 1),
)
OUTCOMES: tuple[tuple[int, int, float], ...] = tuple(
    (a, b, w / (2.0 * sum(x[2] for x in _HALF))) for a, b, w in _HALF
) + tuple((b, a, w / (2.0 * sum(x[2] for x in _HALF))) for a, b, w in _HALF)


@lru_cache(maxsize=1)
def _table() -> list[list[float]]:
    """eq[a][b] for 0 <= a, b < TARGET: chance that the team on a wins (a, b both below 152)."""
    n = TARGET
    eq = [[0.5] * n for _ in range(n)]
    for total in range(2 * n - 2, -1, -1):
        for a in range(max(0, total - n + 1), min(n, total + 1)):
            b = total - a
            v = 0.0
            for da, db, w in OUTCOMES:
                v += w * _value(eq, a + da, b + db)
            eq[a][b] = v
    return eq


def _value(eq: list[list[float]], a: int, b: int) -> float:
    if a >= TARGET or b >= TARGET:
        if a == b:
            return 0.5
        return 1.0 if a > b else 0.0
    return eq[a][b]


def match_equity(us: int, them: int) -> float:
    """P(we win the match) with `us` and `them` points and no winner yet."""
    if us >= TARGET or them >= TARGET:
        if us == them:
            return 0.5
        return 1.0 if us > them else 0.0
    return _table()[max(us, 0)][max(them, 0)]


def equity_after(scores: tuple[int, int], team: int, points: tuple[int, int],
                 match_winner: int | None) -> float:
    """Our equity after a hand that gave `points` (Gahwa: match_winner decides)."""
    if match_winner is not None:
        return 1.0 if match_winner == team else 0.0
    us = scores[team] + points[team]
    them = scores[1 - team] + points[1 - team]
    return match_equity(us, them)
