"""Card play valued by the match (`SearchConfig.match_play`, the Expert's `meq=1` switch).

The card-play search values a finished hand by its game points, which is right while the match is
far from its end: there the chance of winning the match grows about evenly with the points. In a
hand that can end the match it does not: 20 points that take a team past the target are worth
more than 40 that leave it short. With the switch, such a hand is valued by North-South's chance
of winning the match after it (ai/equity.py, the table the calls use), and the search reports it
in game-point equivalents, (equity after - equity now) x 2 x the reward scale, so that the
margins measured in game points keep their meaning (a whole match swung from even is worth about
the largest result of the hand).
"""

from __future__ import annotations

from game.cardplay import CardPlay
from game.rules import Rules

from .equity import equity_after, match_equity

MICRO = 1_000_000
"""The solver's integer unit under match play: millionths of match equity."""


class MatchValue:
    """North-South's match equity after a finished hand, from the scores before it."""

    def __init__(self, scores: tuple[int, int], rules: Rules, scale: float) -> None:
        self.scores = scores
        self.rules = rules
        self.scale = scale
        self.now = match_equity(scores[0], scores[1], rules)
        self._seen: dict[tuple[int, int], float] = {}

    def equity(self, st: CardPlay) -> float:
        """North-South's match equity after the finished hand `st`."""
        r = st.outcome()
        key = (r[0], r[1])
        e = self._seen.get(key)
        if e is None:
            e = equity_after(self.scores, 0, key, None, self.rules)
            self._seen[key] = e
        return e

    def solver_value(self, st: CardPlay) -> int:
        """`equity` in the solver's integer unit (a `Solver` utility)."""
        return round(self.equity(st) * MICRO)

    def points(self, equity: float) -> float:
        """An equity for North-South as game-point equivalents for North-South."""
        return (equity - self.now) * 2.0 * self.scale


def match_value(scores: tuple[int, int], rules: Rules, scale: float, gahwa: bool,
                on: bool) -> MatchValue | None:
    """The match value for this hand when `on` and the hand can end the match (a team's score
    plus the hand's reward scale reaches the target); None where game points serve: the switch
    off, the match out of reach this hand, or Gahwa (already valued by the match)."""
    if not on or gahwa or max(scores) + scale < rules.target:
        return None
    return MatchValue(scores, rules, scale)


__all__ = ["MICRO", "MatchValue", "match_value"]
