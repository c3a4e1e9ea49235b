"""Projects (Mashaari): detection with the best split, values, and the first-trick comparison."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from .cards import ACE, KING, QUEEN, SUITS, TEN, CardSet, cards_str


class ProjectKind(StrEnum):
    SIRA = "sira"
    FIFTY = "fifty"
    HUNDRED = "hundred"
    FOUR_HUNDRED = "four_hundred"


SIRA, FIFTY = ProjectKind.SIRA, ProjectKind.FIFTY
HUNDRED, FOUR_HUNDRED = ProjectKind.HUNDRED, ProjectKind.FOUR_HUNDRED
KINDS = tuple(ProjectKind)

# Game points per kind: (Hokum, Sun).
_VALUES: dict[str, tuple[int, int]] = {SIRA: (2, 4), FIFTY: (5, 10), HUNDRED: (10, 20), FOUR_HUNDRED: (0, 40)}


def project_value(kind: str, sun: bool) -> int:
    """Game points of a project kind (a ProjectKind or its value)."""
    if kind not in _VALUES:
        raise ValueError(f"unknown project {kind!r} (known: {', '.join(KINDS)})")
    return _VALUES[kind][1 if sun else 0]


@dataclass(frozen=True, order=True)
class Project:
    kind: ProjectKind
    cards: CardSet
    top: int
    """Natural rank index of the top card (A=7 highest); for four of a kind, that rank."""
    quad: bool
    """Four of a kind (beats a 5-card sequence of equal value)."""
    suit: int
    """Suit of a sequence, -1 for four of a kind."""

    def value(self, sun: bool) -> int:
        return project_value(self.kind, sun)

    def __str__(self) -> str:
        return f"{self.kind}({cards_str(self.cards, sep='.')})"


def _kind_for_length(n: int) -> ProjectKind:
    return {3: SIRA, 4: FIFTY, 5: HUNDRED}[n]


def candidate_projects(hand: CardSet, sun: bool) -> list[Project]:
    """Every single project the cards could form (sequences of 3-5 inside longer runs too)."""
    out: list[Project] = []
    for rank in range(TEN, ACE + 1):
        quad = 0
        for s in SUITS:
            quad |= 1 << (s * 8 + rank)
        if hand & quad == quad:
            kind = FOUR_HUNDRED if (rank == ACE and sun) else HUNDRED
            out.append(Project(kind, quad, rank, True, -1))
    for s in SUITS:
        ranks = (hand >> (s * 8)) & 0xFF
        for length in (3, 4, 5):
            run = (1 << length) - 1
            for low in range(0, 9 - length):
                if (ranks >> low) & run == run:
                    out.append(Project(_kind_for_length(length), run << (low + s * 8),
                                       low + length - 1, False, s))
    return out


def compare_key(p: Project, sun: bool, trump: int, trump_wins_ties: bool) -> tuple[int, ...]:
    """Higher key wins: value, four-of-a-kind over sequence, top card, (variant) trump suit."""
    trump_bonus = 1 if (trump_wins_ties and not sun and not p.quad and p.suit == trump) else 0
    return (p.value(sun), 1 if p.quad else 0, p.top, trump_bonus)


def best_split(hand: CardSet, sun: bool, trump: int = -1,
               trump_wins_ties: bool = False) -> tuple[Project, ...]:
    """The disjoint set of projects (at most two) worth most; ties go to stronger projects."""
    cands = candidate_projects(hand, sun)
    best: tuple[Project, ...] = ()
    best_key: tuple[object, ...] = (0,)
    for i, a in enumerate(cands):
        options: list[tuple[Project, ...]] = [(a,)]
        options += [(a, b) for b in cands[i + 1:] if not a.cards & b.cards]
        for combo in options:
            keys = sorted((compare_key(p, sun, trump, trump_wins_ties) for p in combo),
                          reverse=True)
            key = (sum(p.value(sun) for p in combo), *keys)
            if key > best_key:
                best, best_key = combo, key
    return tuple(sorted(best, key=lambda p: compare_key(p, sun, trump, trump_wins_ties),
                        reverse=True))


QUADS = tuple(sum(1 << (s * 8 + r) for s in SUITS) for r in range(TEN, ACE + 1))


def has_project(hand: CardSet) -> bool:
    """Quick test: does the hand hold any sequence of three or four of a kind (10 and up)?"""
    for s in SUITS:
        r = (hand >> (s * 8)) & 0xFF
        if r & (r >> 1) & (r >> 2):
            return True
    return any(hand & q == q for q in QUADS)


@lru_cache(maxsize=1 << 14)  # pure: the same hands recur over a search's deals
def projects_in(hand: CardSet, sun: bool, trump: int, tie_rule: bool) -> tuple[Project, ...]:
    """`best_split`, with a fast exit for the many hands that hold none."""
    if not has_project(hand):
        return ()
    return best_split(hand, sun, trump, tie_rule)


def contains_baloot(p: Project, trump: int) -> bool:
    k, q = trump * 8 + KING, trump * 8 + QUEEN
    return bool(p.cards >> k & 1) and bool(p.cards >> q & 1)


def blocks_baloot(p: Project, trump: int) -> bool:
    """A shown Hundred sequence with K+Q of trump, or four Kings/Queens, cancels Baloot."""
    if p.quad:
        return p.top in (KING, QUEEN)
    return p.kind == HUNDRED and contains_baloot(p, trump)


def project_from_cards(kind: str, cards: CardSet, sun: bool) -> Project:
    """Rebuild a declared project from its cards (used by the notation), checking it."""
    for p in candidate_projects(cards, sun):
        if p.cards == cards and p.kind == kind:
            return p
    raise ValueError(f"{cards_str(cards)} is not a {kind}")
