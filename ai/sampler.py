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
ai/declared.py: a proposal that places a set of cards forming the declared projects, corrected
so that the accepted deals are again exactly uniform; its cost per deal is bounded.
"""

from __future__ import annotations

import bisect
import random
import time

from game.cardplay import CardPlay, compare_projects
from game.cards import partner_of, team_of
from game.observation import Observation
from game.phase import Phase
from game.projects import Project, projects_in

from .declared import DeclaredProjects
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
        proposal (ai/declared.py); raises SamplerError after max_tries failed tries, or once
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
        declare to show them in the second trick if their team's projects win (RULES.md 6)."""
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
