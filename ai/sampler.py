"""Deal the unseen cards consistently with one seat's knowledge, uniformly (a counting method).

Every unseen card falls into an equivalence class: the set of places that may hold it (the
other seats that are not known to lack it, and the undealt stock during the bidding). Cards
publicly known to be in a hand (shown projects, the buying card with its taker) are placed
first. A dynamic programme over the classes (`SplitCounter`) counts, for every way of splitting
each class among its places, the number of complete deals that agree with the hand sizes; a
split is drawn with probability proportional to that count and the cards of a class are then
shuffled into it. The result is exactly uniform over all deals that satisfy these constraints.

One constraint is not of that form: a seat that declared projects must hold exactly those
projects (and the first-trick comparison must come out as it did). Drawing uniform deals until
one agrees can take millions of draws (an unshown Hundred), so such deals come from
`DeclaredProjects` below: a proposal that places a set of cards forming the declared projects,
corrected so that the accepted deals are again exactly uniform; its cost per deal is bounded.
"""

from __future__ import annotations

import bisect
import random
import time

from game.cardplay import CardPlay, compare_projects
from game.cards import partner_of, team_of
from game.observation import Observation
from game.phase import Phase
from game.projects import Project, best_split, candidate_projects, compare_key, projects_in

from .splits import SamplerError, SplitCounter

STOCK = 4

__all__ = ["STOCK", "SamplerError", "WorldSampler"]


class WorldSampler:
    """Uniform sampler of the hidden cards for one Observation."""

    _declared: DeclaredProjects | None
    """The proposal under declared projects, built when first needed."""

    def __init__(self, obs: Observation, max_tries: int = 20000) -> None:
        self.obs = obs
        self.max_tries = max_tries
        self.tries = 0
        self.accepted = 0
        seat = obs.seat
        self.bidding = obs.phase is Phase.BIDDING
        unseen = obs.unseen
        self.places = [s for s in range(4) if s != seat] + ([STOCK] if self.bidding else [])
        fixed = [0, 0, 0, 0]
        for s in range(4):
            if s != seat:
                fixed[s] = obs.known_held(s) & unseen
        self.fixed = fixed
        need = []
        for p in self.places:
            if p == STOCK:
                need.append(11)
            else:
                need.append(obs.hand_sizes[p] - fixed[p].bit_count())
        free = unseen & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3])
        self.free = free
        groups: dict[int, list[int]] = {}
        m = free
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            key = 0
            for i, p in enumerate(self.places):
                if p == STOCK or not obs.absent[p] >> c & 1:
                    key |= 1 << i
            if not key:
                raise SamplerError(f"card {c} can be nowhere")
            groups.setdefault(key, []).append(c)
        self.classes = [([i for i in range(len(self.places)) if key >> i & 1], cards)
                        for key, cards in sorted(groups.items())]
        self.need = tuple(need)
        if any(x < 0 for x in need) or sum(need) != free.bit_count():
            raise SamplerError("the hand sizes do not match the unseen cards")
        self.counter = SplitCounter([a for a, _ in self.classes], [len(c) for _, c in self.classes],
                                    self.need)
        self.total = self.counter.total
        if self.total == 0:
            raise SamplerError("no deal agrees with what this seat knows")
        self._init_projects()

    # ----- drawing ----------------------------------------------------------------------------

    def draw(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """A uniform deal for the linear constraints (hands as masks, stock in deal order)."""
        hands = [self.fixed[0], self.fixed[1], self.fixed[2], self.fixed[3]]
        hands[self.obs.seat] = self.obs.hand
        return hands, self.deal(rng, self.counter, [c for _, c in self.classes], hands)

    def deal(self, rng: random.Random, counter: SplitCounter, class_cards: list[list[int]],
             hands: list[int]) -> list[int]:
        """Add a uniform split of the classes' cards (as `counter` counts them) to `hands`;
        the stock, in a uniformly random order."""
        stock: list[int] = []
        rem = counter.need
        for i, cards in enumerate(class_cards):
            opts, cum, total = counter.opts[(i, rem)]
            j = bisect.bisect_right(cum, rng.randrange(total))
            d = opts[j]
            pool = cards[:]
            rng.shuffle(pool)
            k = 0
            for idx, x in enumerate(d):
                if not x:
                    continue
                place = self.places[idx]
                part = pool[k:k + x]
                k += x
                if place == STOCK:
                    stock += part
                else:
                    m = 0
                    for c in part:
                        m |= 1 << c
                    hands[place] |= m
            rem = tuple(r - x for r, x in zip(rem, d, strict=True))
        if stock:
            rng.shuffle(stock)
        return stock

    def sample(self, rng: random.Random, deadline: float | None = None) -> tuple[list[int], list[int]]:
        """A uniform deal for every constraint. Under declared projects each try is a corrected
        proposal (`DeclaredProjects`); raises SamplerError after max_tries failed tries, or once
        time.perf_counter() passes `deadline`."""
        if not self.proj_seats:
            self.tries += 1
            self.accepted += 1
            return self.draw(rng)
        if self._declared is None:
            self._declared = DeclaredProjects(self)
        for i in range(self.max_tries):
            if deadline is not None and i & 31 == 31 and time.perf_counter() > deadline:
                break
            self.tries += 1
            found = self._declared.propose(rng)
            if found is not None and self.projects_ok(found[0]):
                self.accepted += 1
                return found
        raise SamplerError("no deal with the declared projects was found")

    @property
    def needs_rejection(self) -> bool:
        """Some seat declared projects (deals are then drawn by a corrected proposal)."""
        return bool(self.proj_seats)

    # ----- projects ---------------------------------------------------------------------------

    def _init_projects(self) -> None:
        obs = self.obs
        c = obs.contract
        self.played_by = obs.played_by
        self.sun = c.sun if c else False
        self.trump = c.trump if c else -1
        self.tie_rule = obs.rules.trump_sequence_wins_ties
        self.proj_seats = [s for s in range(4) if s != obs.seat and obs.declared[s]]
        pb = obs.play_base
        self.compared_here = bool(obs.tricks) and (pb is None or pb.tricks_done == 0)
        # Partners of the project team who did not declare are asked, at their turn in the second
        # trick, whether to show (a seat to move with cards to choose has already answered).
        in_trick = {(obs.trick_leader + i) & 3 for i in range(len(obs.trick))}
        self.late_show_pending = [
            s for s in range(4)
            if len(obs.tricks) == 1 and self.compared_here and obs.project_team == s & 1
            and obs.declared[s] == () and s not in in_trick
            and not (s == obs.seat and obs.to_move == s)]
        self.first_leader = obs.tricks[0][0] if obs.tricks else -1
        self._declared = None

    def projects_of(self, hands: list[int], s: int) -> tuple[Project, ...]:
        return projects_in(hands[s] | self.played_by[s], self.sun, self.trump, self.tie_rule)

    def projects_ok(self, hands: list[int]) -> bool:
        obs = self.obs
        found: dict[int, tuple[Project, ...]] = {}
        for s in self.proj_seats:
            projs = self.projects_of(hands, s)
            if tuple(p.kind for p in projs) != obs.declared[s]:
                return False
            found[s] = projs
        if not self.compared_here:
            return True
        if obs.declared[obs.seat]:
            found[obs.seat] = self.projects_of(hands, obs.seat)
        best_seat, _best = compare_projects([found.get(s, ()) for s in range(4)], self.first_leader,
                                            self.sun, self.trump, self.tie_rule)
        team = None if best_seat < 0 else team_of(best_seat)
        if team != obs.project_team:
            return False
        if team is not None:
            for s in (team, partner_of(team)):
                shown = 0
                for p in found.get(s, ()):
                    shown |= p.cards
                if shown != obs.shown[s]:
                    return False
        return True

    # ----- the card play of a drawn deal ------------------------------------------------------

    def fast_state(self, template: CardPlay, hands: list[int]) -> CardPlay:
        """The public card play `template` (CardPlay.public) with this deal's hands placed.

        Seats yet to decide on their projects are taken to declare them, and those that did not
        declare to show them in the second trick if their team's projects win (docs/rules.md 6)."""
        obs = self.obs
        if template.done:
            world = template.placed(hands)
            for seat in self.late_show_pending:
                world.show_late(seat, self.projects_of(hands, seat))
            return world
        decl: list[tuple[Project, ...]] = []
        late: list[tuple[Project, ...]] = []
        for seat in range(4):
            d = obs.declared[seat]
            decl.append(self.projects_of(hands, seat) if d is None or d else ())
            late.append(self.projects_of(hands, seat) if d == () else ())
        return template.placed(hands, decl, late)


# ----- deals under declared projects ------------------------------------------------------------
# Deals under declared projects, exactly uniform at a bounded cost: a proposal and a correction.
#
# A seat that declared projects must hold exactly those projects (its cards played so far
# included); once the first trick is over, the comparison must also come out as it did and the
# winning team's shown cards must be its projects. Uniform deals rarely agree (under an unshown
# Hundred fewer than one in 20,000), so drawing until one does has no useful bound.
#
# Proposal. A *witness* of a seat is a set of cards it may hold that forms projects of the
# declared kinds (the three cards of one Sira, say). A joint witness W (one per declaring seat,
# disjoint) is drawn with probability proportional to N(W), the number of deals under the linear
# constraints in which every seat holds its witness; the rest of the deal is then drawn uniformly
# among those N(W) deals (a SplitCounter with the witness cards placed). A deal x is thus proposed
# with probability m(x) / Z, where m(x) >= 1 is the number of joint witnesses x contains.
#
# Correction. x is kept with probability 1 / m(x) and then checked exactly
# (`WorldSampler.projects_ok`). Every deal that agrees with the observation contains its own
# projects, which are a witness, so the kept deals are exactly uniform over the deals that agree.
# A try now fails only when the rest of a hand forms more projects or the comparison goes the
# other way, so a deal costs a few tries instead of thousands.
#
# N(W) depends only on how many witness cards come from each class of interchangeable cards,
# so the counts are shared between witnesses; the joint witnesses are enumerated once per
# observation (at most JOINT_LIMIT of them: seats beyond that are left to the exact check alone).

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
