"""Counting and drawing the ways to split classes of interchangeable cards among places.

The samplers (ai/sampler.py) group the unseen cards into classes: cards that
may lie in the same places. Within a class the cards are interchangeable for counting, so the
number of complete deals depends only on how many cards of each class go to each place.
"""

from __future__ import annotations

from math import comb


class SamplerError(ValueError):
    """No consistent deal could be found (an inconsistent observation, or bad luck)."""


class SplitCounter:
    """The deals that split card classes of given sizes among their allowed places so that every
    place gets exactly its need: counted by a dynamic programme, and drawn uniformly."""

    def __init__(self, allowed: list[list[int]], sizes: list[int], need: tuple[int, ...]) -> None:
        self.allowed = allowed
        self.sizes = sizes
        self.need = need
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self.opts: dict[tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int], int]] = {}
        self.total = self._count(0, need) if min(need, default=0) >= 0 else 0

    def _splits(self, allowed: list[int], n: int, rem: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every way to give n cards to the allowed places, within rem (as full-length tuples)."""
        out: list[tuple[int, ...]] = []
        size = len(rem)

        def rec(k: int, left: int, acc: list[int]) -> None:
            if k == len(allowed) - 1:
                p = allowed[k]
                if left <= rem[p]:
                    acc[p] = left
                    out.append(tuple(acc))
                    acc[p] = 0
                return
            p = allowed[k]
            for x in range(min(left, rem[p]) + 1):
                acc[p] = x
                rec(k + 1, left - x, acc)
            acc[p] = 0

        rec(0, n, [0] * size)
        return out

    def _count(self, i: int, rem: tuple[int, ...]) -> int:
        if i == len(self.sizes):
            return 1 if not any(rem) else 0
        key = (i, rem)
        if key in self._ways:
            return self._ways[key]
        n_cards = self.sizes[i]
        total = 0
        opts: list[tuple[int, ...]] = []
        cum: list[int] = []
        for d in self._splits(self.allowed[i], n_cards, rem):
            after = tuple(r - x for r, x in zip(rem, d, strict=True))
            w = self._count(i + 1, after)
            if w:
                left = n_cards
                mult = 1
                for x in d:
                    if x:
                        mult *= comb(left, x)
                        left -= x
                total += mult * w
                opts.append(d)
                cum.append(total)
        self._ways[key] = total
        self.opts[key] = (opts, cum, total)
        return total
