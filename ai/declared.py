"""Deals under declared projects, exactly uniform at a bounded cost: a proposal and a correction.

A seat that declared projects must hold exactly those projects (its cards played so far
included); once the first trick is over, the comparison must also come out as it did and the
winning team's shown cards must be its projects. Uniform deals rarely agree (under an unshown
Hundred fewer than one in 20,000), so drawing until one does has no useful bound.

Proposal. A *witness* of a seat is a set of cards it may hold that forms projects of the
declared kinds (the three cards of one Sira, say). A joint witness W (one per declaring seat,
disjoint) is drawn with probability proportional to N(W), the number of deals under the linear
constraints in which every seat holds its witness; the rest of the deal is then drawn uniformly
among those N(W) deals (a SplitCounter with the witness cards placed). A deal x is thus proposed
with probability m(x) / Z, where m(x) >= 1 is the number of joint witnesses x contains.

Correction. x is kept with probability 1 / m(x) and then checked exactly
(`WorldSampler.projects_ok`). Every deal that agrees with the observation contains its own
projects, which are a witness, so the kept deals are exactly uniform over the deals that agree.
A try now fails only when the rest of a hand forms more projects or the comparison goes the
other way, so a deal costs a few tries instead of thousands.

N(W) depends only on how many witness cards come from each class of interchangeable cards,
so the counts are shared between witnesses; the joint witnesses are enumerated once per
observation (at most JOINT_LIMIT of them: seats beyond that are left to the exact check alone).
"""

from __future__ import annotations

import bisect
import random
from typing import TYPE_CHECKING

from game.cardplay import compare_projects
from game.cards import team_of
from game.projects import Project, best_split, candidate_projects, compare_key

from .splits import SamplerError, SplitCounter

if TYPE_CHECKING:
    from .sampler import WorldSampler

JOINT_LIMIT = 4096
"""At most this many joint witnesses are enumerated (seats with the fewest witnesses first)."""


class NoWitness(SamplerError):
    """No set of cards a seat may hold forms the projects it declared."""


class DeclaredProjects:
    """The proposal for one WorldSampler whose observation has declared projects."""

    def __init__(self, sampler: WorldSampler) -> None:
        self.sampler = sampler
        self.free = sampler.free
        self.class_masks = [sum(1 << c for c in cards) for _, cards in sampler.classes]
        self.place_of = {p: i for i, p in enumerate(sampler.places)}
        cands = {s: self._witnesses(s) for s in sampler.proj_seats}
        for s, ws in cands.items():
            if not ws:
                raise NoWitness(f"no cards seat {s} may hold form its declared projects")
        seats: list[int] = []
        size = 1
        for s in sorted(cands, key=lambda s: (len(cands[s]), s)):
            if seats and size * len(cands[s]) > JOINT_LIMIT:
                break
            seats.append(s)
            size *= len(cands[s])
        self.seats = seats
        self.cands = [cands[s] for s in seats]
        joints: list[tuple[int, ...]] = [()]
        for ws in self.cands:
            joints = [(*j, w) for j in joints for w in ws if not any(w & x for x in j)]
        self.counters: dict[tuple[tuple[int, ...], tuple[int, ...]], SplitCounter] = {}
        self.joints: list[tuple[int, ...]] = []
        self.keys: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.cum: list[int] = []
        total = 0
        allowed = [a for a, _ in sampler.classes]
        for j in joints:
            key = self._signature(j)
            counter = self.counters.get(key)
            if counter is None:
                counter = SplitCounter(allowed, list(key[0]), key[1])
                self.counters[key] = counter
            if counter.total:
                total += counter.total
                self.joints.append(j)
                self.keys.append(key)
                self.cum.append(total)
        if not total:
            raise NoWitness("no deal holds the declared projects")
        self.total = total

    def _witnesses(self, s: int) -> list[int]:
        """Card sets seat s may hold that form projects of exactly its declared kinds (and, after
        the first trick, agree with the comparison and the cards shown)."""
        sm = self.sampler
        obs = sm.obs
        kinds = sorted(str(k) for k in obs.declared[s] or ())
        avail = (sm.free & ~obs.absent[s]) | sm.fixed[s] | sm.played_by[s]
        projs = candidate_projects(avail, sm.sun)
        combos: list[tuple[Project, ...]] = []
        if len(kinds) == 1:
            combos = [(p,) for p in projs if p.kind == kinds[0]]
        elif len(kinds) == 2:
            combos = [(a, b) for i, a in enumerate(projs) for b in projs[i + 1:]
                      if not a.cards & b.cards and sorted((str(a.kind), str(b.kind))) == kinds]
        rivals = self._winning_projects(s)
        out: set[int] = set()
        for combo in combos:
            cards = 0
            for p in combo:
                cards |= p.cards
            if rivals is not None and not self._agrees(s, combo, cards, rivals):
                continue
            out.add(cards)
        return sorted(out)

    def _winning_projects(self, s: int) -> list[tuple[Project, ...]] | None:
        """After the comparison: the known projects of every seat of the winning team (for a
        seat of the losing team), or [] (for a seat of the winning team); None before it."""
        sm = self.sampler
        obs = sm.obs
        team = obs.project_team
        if not sm.compared_here or team is None:
            return None
        if team_of(s) == team:
            return []
        known: list[tuple[Project, ...]] = [(), (), (), ()]
        for t in (team, team + 2):
            if t == obs.seat:
                if obs.declared[t]:
                    known[t] = sm.projects_of([obs.hand] * 4, t)
            elif obs.shown[t]:
                known[t] = best_split(obs.shown[t], sm.sun, sm.trump, sm.tie_rule)
        return known

    def _agrees(self, s: int, combo: tuple[Project, ...], cards: int,
                rivals: list[tuple[Project, ...]]) -> bool:
        sm = self.sampler
        if not rivals:  # the winning team shows exactly its projects
            return cards == sm.obs.shown[s]
        decl = list(rivals)
        decl[s] = tuple(sorted(combo, key=lambda p: compare_key(p, sm.sun, sm.trump, sm.tie_rule),
                               reverse=True))
        best_seat, _ = compare_projects(decl, sm.first_leader, sm.sun, sm.trump, sm.tie_rule)
        return best_seat >= 0 and team_of(best_seat) == sm.obs.project_team

    def _signature(self, joint: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Class sizes and needs once the joint witness's unplaced cards are placed."""
        sizes = list(self.sampler.counter.sizes)
        need = list(self.sampler.need)
        for s, w in zip(self.seats, joint, strict=True):
            wf = w & self.free
            if not wf:
                continue
            need[self.place_of[s]] -= wf.bit_count()
            for i, cm in enumerate(self.class_masks):
                sizes[i] -= (wf & cm).bit_count()
        return tuple(sizes), tuple(need)

    def propose(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """One corrected proposal: a deal (hands, stock), or None when the correction drops it.
        The caller still checks the projects exactly."""
        sm = self.sampler
        k = bisect.bisect_right(self.cum, rng.randrange(self.total))
        joint = self.joints[k]
        hands = [sm.fixed[0], sm.fixed[1], sm.fixed[2], sm.fixed[3]]
        hands[sm.obs.seat] = sm.obs.hand
        placed = 0
        for s, w in zip(self.seats, joint, strict=True):
            wf = w & self.free
            hands[s] |= wf
            placed |= wf
        class_cards = [[c for c in cards if not placed >> c & 1] for _, cards in sm.classes]
        stock = sm.deal(rng, self.counters[self.keys[k]], class_cards, hands)
        m = 1
        for s, ws in zip(self.seats, self.cands, strict=True):
            full = hands[s] | sm.played_by[s]
            m *= sum(1 for w in ws if w & full == w)
        if m > 1 and rng.random() * m >= 1.0:
            return None
        return hands, stock
