"""A compact, exact copy of the card-play phase on ints, for search and playouts.

`FastState` holds one fully known hand (a determinization) from any point of the card play to
the score. It follows game/state.py rule for rule — legal plays (the tiers of game/play.py),
Ekka, the first-trick project comparison, Baloot, the last-trick bonus — and scores with
game.scoring.score_hand, so a playout here ends exactly where the engine would. Tests compare
the two move by move (tests/test_ai_fast.py).

`rollout` plays a hand out with a cheap heuristic policy that sees only the mover's own hand,
the cards played and the trick (plus some randomness), in one tight loop on local variables.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from game.cards import FULL_DECK, KING, QUEEN, SUIT_MASKS
from game.fastplay import legal_mask_fast
from game.play import winner_index
from game.projects import (
    KINDS,
    Project,
    best_split,
    blocks_baloot,
    compare_key,
    contains_baloot,
    project_value,
)
from game.ranking import NO_TRUMP, POINTS, STRENGTH, STRONGER
from game.scoring import HandScore, score_hand, tie_winner, to_game_points
from game.state import RoundState

TRUMPS = (NO_TRUMP, 0, 1, 2, 3)
PROJECT_VALUE = {k: (project_value(k, False), project_value(k, True)) for k in KINDS}
# Cards ordered for "the cheapest card": fewest points first, then weakest.


def _order(t: int, kind: str) -> tuple[int, ...]:
    def key(c: int) -> tuple[int, int, int]:
        if kind == "cheap":
            return (POINTS[t][c], STRENGTH[t][c], c)
        if kind == "weak":
            return (STRENGTH[t][c], 0, c)
        return (-POINTS[t][c], -STRENGTH[t][c], c)
    return tuple(sorted(range(32), key=key))


CHEAP_ORDER = {t: _order(t, "cheap") for t in TRUMPS}
# Cards ordered weakest first (trumps after every plain card).
WEAK_ORDER = {t: _order(t, "weak") for t in TRUMPS}
# Cards ordered most points first, then strongest.
RICH_ORDER = {t: _order(t, "rich") for t in TRUMPS}


def first_in(order: Sequence[int], mask: int) -> int:
    for c in order:
        if mask >> c & 1:
            return c
    return -1


def nth_card(mask: int, n: int) -> int:
    """The n-th lowest card of a mask (0-based)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class FastState:
    """The card play of one fully known hand."""

    __slots__ = (
        "baloot",
        "blocked",
        "declared",
        "declarer_team",
        "done",
        "ekka",
        "hands",
        "kind",
        "kinds",
        "kq",
        "leader",
        "locked",
        "played",
        "points",
        "project_team",
        "raise_level",
        "rules_tie",
        "sun",
        "trick",
        "tricks_won",
        "trump",
        "win_idx",
    )

    hands: list[int]
    trump: int
    sun: bool
    kind: str
    locked: bool
    declarer_team: int
    raise_level: int
    rules_tie: bool
    leader: int
    trick: list[int]
    win_idx: int
    ekka: bool
    played: int
    points: list[int]
    tricks_won: list[int]
    done: int
    declared: list[tuple[Project, ...]]
    """Projects each seat declares in the first trick (used only until it ends)."""
    kinds: list[tuple[str, ...]]
    """Project kinds declared per seat (for scoring)."""
    project_team: int | None
    kq: list[int]
    blocked: list[bool]
    baloot: int | None

    def copy(self) -> FastState:
        s = FastState.__new__(FastState)
        s.hands = self.hands[:]
        s.trump, s.sun, s.kind, s.locked = self.trump, self.sun, self.kind, self.locked
        s.declarer_team, s.raise_level, s.rules_tie = self.declarer_team, self.raise_level, self.rules_tie
        s.leader, s.trick, s.win_idx, s.ekka = self.leader, self.trick[:], self.win_idx, self.ekka
        s.played, s.points, s.tricks_won, s.done = self.played, self.points[:], self.tricks_won[:], self.done
        s.declared, s.kinds, s.project_team = self.declared, self.kinds, self.project_team
        s.kq, s.blocked, s.baloot = self.kq[:], self.blocked[:], self.baloot
        return s

    # ----- construction -----------------------------------------------------------------------

    @classmethod
    def from_round(cls, st: RoundState) -> FastState:
        """From an engine state in the card play. Seats still to decide on their projects in the
        first trick are taken to declare them."""
        c = st.contract
        assert c is not None and st.phase.value == "playing"
        s = cls.__new__(cls)
        s.hands = list(st.hands)
        s.trump, s.sun, s.kind, s.locked = c.trump, c.sun, c.kind, c.locked
        s.declarer_team, s.raise_level = c.declarer_team, c.raise_level
        s.rules_tie = st.rules.trump_sequence_wins_ties
        s.leader, s.trick, s.ekka = st.leader, list(st.trick), st.ekka
        s.win_idx = winner_index(s.trick, s.trump) if s.trick else 0
        s.played, s.done = st.played, st.tricks_done
        s.points, s.tricks_won = list(st.points), list(st.tricks_won)
        decl = [d if d is not None else (st.available[i] if st.tricks_done == 0 else ())
                for i, d in enumerate(st.declared)]
        s.declared = decl
        s.kinds = [tuple(p.kind for p in d) for d in decl]
        s.project_team = st.project_team
        s.kq, s.blocked, s.baloot = list(st.kq_played), list(st.baloot_blocked), st.baloot_seat
        return s

    # ----- the rules ------------------------------------------------------------------------

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    def is_over(self) -> bool:
        return self.done == 8

    def legal(self) -> int:
        seat = (self.leader + len(self.trick)) & 3
        return legal_mask_fast(self.hands[seat], self.trick, self.trump, self.locked, self.ekka,
                               self.win_idx)

    def play(self, card: int) -> None:
        """Play a card for the seat to move (assumed legal)."""
        trick = self.trick
        n = len(trick)
        seat = (self.leader + n) & 3
        trump = self.trump
        b = 1 << card
        if n == 0:
            if trump >= 0 and card >> 3 != trump:
                st = STRONGER[trump][card]
                self.ekka = st & self.played == st
            else:
                self.ekka = False
            self.win_idx = 0
        else:
            best = trick[self.win_idx]
            s = card >> 3
            if (s == trick[0] >> 3 or s == trump) and STRENGTH[trump][card] > STRENGTH[trump][best]:
                self.win_idx = n
        self.hands[seat] ^= b
        self.played |= b
        trick.append(card)
        if trump >= 0 and card >> 3 == trump and card & 7 in (KING, QUEEN):
            self.kq[seat] += 1
            if self.kq[seat] == 2 and self.baloot is None and not self.blocked[seat]:
                self.baloot = seat
        if n == 3:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        table = POINTS[self.trump]
        winner = (self.leader + self.win_idx) & 3
        pts = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[trick[3]]
        self.done += 1
        if self.done == 8:
            pts += 10
        team = winner & 1
        self.points[team] += pts
        self.tricks_won[team] += 1
        first_leader = self.leader
        self.leader = winner
        self.trick = []
        self.ekka = False
        self.win_idx = 0
        if self.done == 1:
            self._compare_projects(first_leader)

    def _compare_projects(self, first_leader: int) -> None:
        best_key: tuple[int, ...] | None = None
        best_seat = -1
        for pos in range(4):
            seat = (first_leader + pos) & 3
            for p in self.declared[seat]:
                key = (*compare_key(p, self.sun, self.trump, self.rules_tie), -pos)
                if best_key is None or key > best_key:
                    best_key, best_seat = key, seat
        if best_key is None:
            return
        team = best_seat & 1
        self.project_team = team
        if self.sun:
            return
        for seat in (team, team + 2):
            projs = self.declared[seat]
            if not projs:
                continue
            if any(blocks_baloot(p, self.trump) for p in projs):
                self.blocked[seat] = True
            elif self.baloot is None and any(contains_baloot(p, self.trump) for p in projs):
                self.baloot = seat

    def outcome(self) -> tuple[int, int, int, int | None]:
        """(points to team 0, points to team 1, hand winner, match winner by Gahwa): the same
        numbers as score(), computed without building a HandScore."""
        t = self.project_team
        proj = [0, 0]
        sun = self.sun
        if t is not None:
            v = 0
            for k in self.kinds[t]:
                v += PROJECT_VALUE[k][sun]
            for k in self.kinds[t + 2]:
                v += PROJECT_VALUE[k][sun]
            proj[t] = v
        bal = [0, 0]
        if self.baloot is not None:
            bal[self.baloot & 1] = 2
        raise_level = self.raise_level
        raised = raise_level > 1
        gahwa = raise_level == 5
        tw = self.tricks_won
        if tw[0] == 8 or tw[1] == 8:
            kt = 0 if tw[0] == 8 else 1
            award = (44 if sun else 25) * (min(raise_level, 4) if raised else 1)
            pts = award + proj[kt] * (2 if raised else 1) + bal[kt]
            if gahwa:
                return 0, 0, kt, kt
            return (pts, 0, kt, None) if kt == 0 else (0, pts, kt, None)
        decl = self.declarer_team
        counting = decl if raise_level in (2, 4) else 1 - decl
        full = 26 if sun else 16
        cp = self.points[counting]
        g = to_game_points(cp, sun)
        game = [0, 0]
        game[counting] = g
        game[1 - counting] = full - g
        t0 = game[0] + proj[0] + bal[0]
        t1 = game[1] + proj[1] + bal[1]
        if t0 == t1:
            winner = tie_winner(cp % 10, sun, counting, decl)
        else:
            winner = 0 if t0 > t1 else 1
        if gahwa:
            return 0, 0, winner, winner
        if raised:
            every = full * raise_level + 2 * (proj[0] + proj[1]) + bal[0] + bal[1]
        elif winner == decl:
            return t0, t1, winner, None
        else:
            every = full + proj[0] + proj[1] + bal[0] + bal[1]
        return (every, 0, winner, None) if winner == 0 else (0, every, winner, None)

    def score(self) -> HandScore:
        t = self.project_team
        projects: list[tuple[str, ...]] = [(), ()]
        if t is not None:
            projects[t] = self.kinds[t] + self.kinds[t + 2]
        bal = self.baloot
        return score_hand(contract=self.kind, declarer_team=self.declarer_team,
                          raise_level=self.raise_level, card_points=tuple(self.points),
                          tricks=tuple(self.tricks_won), projects=projects,
                          baloot=(bal is not None and bal & 1 == 0, bal is not None and bal & 1 == 1))


QUADS = tuple(sum(1 << (s * 8 + r) for s in range(4)) for r in range(3, 8))  # 10 J Q K A


def has_project(hand: int) -> bool:
    """Quick test: does the hand hold any sequence of three or four of a kind (10 and up)?"""
    for s in range(4):
        r = (hand >> (s * 8)) & 0xFF
        if r & (r >> 1) & (r >> 2):
            return True
    return any(hand & q == q for q in QUADS)


@lru_cache(maxsize=1 << 14)  # pure: the same hands recur over a search's deals
def projects_in(hand: int, sun: bool, trump: int, rules_tie: bool) -> tuple[Project, ...]:
    """game.projects.best_split, with a fast exit for the many hands that hold none."""
    if not has_project(hand):
        return ()
    return best_split(hand, sun, trump, rules_tie)


# ----- the playout policy ---------------------------------------------------------------------


def policy_card(st: FastState, legal: int, rnd: float, eps: float) -> int:
    """A cheap heuristic choice for the seat to move, from its own view only."""
    n_legal = legal.bit_count()
    if n_legal == 1:
        return legal.bit_length() - 1
    if rnd < eps:
        return nth_card(legal, int(rnd / eps * n_legal) % n_legal)
    trump = st.trump
    trick = st.trick
    seat = (st.leader + len(trick)) & 3
    hand = st.hands[seat]
    out = FULL_DECK & ~st.played & ~hand  # cards in the other hands
    stronger = STRONGER[trump]
    if not trick:
        if trump >= 0:
            tsuit = SUIT_MASKS[trump]
            mytr = legal & tsuit
            if mytr and out & tsuit and (seat & 1) == st.declarer_team:
                top = _strongest(mytr, trump)
                if not stronger[top] & out:
                    return top
            side_out_trumps = out & tsuit
        else:
            side_out_trumps = 0
        # cash a master card (nothing stronger left outside this hand)
        best = -1
        best_pts = -1
        pts_t = POINTS[trump]
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if not stronger[c] & out and (c >> 3 == trump or not side_out_trumps
                                           or out & SUIT_MASKS[c >> 3]):
                p = pts_t[c] + 1
                if p > best_pts:
                    best, best_pts = c, p
        if best >= 0:
            return best
        if trump >= 0:
            plain = legal & ~SUIT_MASKS[trump]
            if plain:
                return first_in(CHEAP_ORDER[trump], plain)
        return first_in(CHEAP_ORDER[trump], legal)
    n = len(trick)
    wi = st.win_idx
    win_card = trick[wi]
    if n - wi == 2:  # partner winning
        last = n == 3
        sure = last or not stronger[win_card] & out
        if sure:
            plain = legal & ~SUIT_MASKS[trump] if trump >= 0 else legal
            pool = plain if plain else legal
            # throw points, but keep masters of other suits
            keep = 0
            m = pool
            while m:
                low = m & -m
                c = low.bit_length() - 1
                m ^= low
                if not stronger[c] & out and c >> 3 != trick[0] >> 3:
                    keep |= low
            give = pool & ~keep
            return first_in(RICH_ORDER[trump], give if give else pool)
        plain = legal & ~SUIT_MASKS[trump] if trump >= 0 else legal
        return first_in(CHEAP_ORDER[trump], plain if plain else legal)
    # an opponent is winning: the cards that would take the lead
    led = trick[0] >> 3
    if win_card >> 3 == trump and trump >= 0:
        beaters = legal & stronger[win_card]
    else:
        beaters = legal & stronger[win_card] & SUIT_MASKS[led]
        if trump >= 0 and not legal & SUIT_MASKS[led]:
            beaters |= legal & SUIT_MASKS[trump]
    if beaters:
        if n == 3:
            return first_in(WEAK_ORDER[trump], beaters)
        # play a beater nobody left can top, else the cheapest if the trick is worth it
        m = beaters
        sure_c = -1
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if not stronger[c] & out:
                sure_c = c if sure_c < 0 or STRENGTH[trump][c] < STRENGTH[trump][sure_c] else sure_c
        if sure_c >= 0:
            return sure_c
        tp = POINTS[trump]
        if sum(tp[c] for c in trick) >= 10:
            return first_in(WEAK_ORDER[trump], beaters)
    # cannot (or will not) win: discard cheaply, keeping masters
    keep = 0
    m = legal
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if not stronger[c] & out:
            keep |= low
    pool = legal & ~keep
    return first_in(CHEAP_ORDER[trump], pool if pool else legal)


def _strongest(mask: int, trump: int) -> int:
    table = STRENGTH[trump]
    best, key = -1, -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if table[c] > key:
            best, key = c, table[c]
    return best


def rollout(st: FastState, rng: random.Random, eps: float = 0.1) -> None:
    """Play the hand to its end with the heuristic policy (eps: share of random moves)."""
    rand = rng.random
    while st.done < 8:
        legal = legal_mask_fast(st.hands[(st.leader + len(st.trick)) & 3], st.trick, st.trump,
                                st.locked, st.ekka, st.win_idx)
        st.play(policy_card(st, legal, rand(), eps))


def random_rollout(st: FastState, rng: random.Random) -> None:
    rand = rng.random
    while st.done < 8:
        legal = st.legal()
        st.play(nth_card(legal, int(rand() * legal.bit_count())))
