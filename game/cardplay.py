"""The card play of one hand on plain ints: the one implementation of the play rules.

`CardPlay` holds a fully known hand from any point of the card play to its score: the hands,
the trick, who is winning it, Ekka, the lock, the points and tricks taken, the first-trick
project comparison, Baloot (and what blocks it) and the last-trick bonus; `outcome()` scores it
with `game.scoring.settle`. `RoundState` delegates its card play to one, and the computer
players copy and play them by the million, so everything here is ints, masks and lists, and the
module compiles with mypyc (see docs/performance.md).

`legal_mask` is the rule of what may be played, unrolled for speed; `game.play.play_tiers` is
its readable specification (which also gives the refusal reason and what a play reveals), and a
property test ties the two together. The rule set is a parameter (`classic`: classic Belote,
docs/rules.md section 8), not another copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from .actions import card_of, is_announced
from .cards import ACE, KING, QUEEN, SUIT_MASKS, CardSet
from .observation import Observation
from .phase import Phase
from .projects import Project, best_split, blocks_baloot, compare_key, contains_baloot, project_value
from .ranking import LAST_TRICK_BONUS, POINTS, STRENGTH, STRONGER
from .scoring import Settlement, settle, variants_of

# What `CardPlay.play` reports, as bits of its result.
TRICK_OVER: Final = 1
"""The card completed a trick (`last_winner`, `last_points` tell the rest)."""
BALOOT_CALLED: Final = 2
"""The card was the second of the K and Q of trump in one hand: Baloot is called."""
EKKA_SAID: Final = 4
"""The card was led and is an Ekka other than an Ace (said automatically)."""
PROJECTS_SETTLED: Final = 8
"""The first trick ended: the project comparison is decided (`project_team`)."""
PROJECT_BALOOT: Final = 16
"""At the comparison a shown project carried the Baloot (`baloot` is its holder)."""
HAND_OVER: Final = 32
"""The eighth trick ended."""

NO_SEAT: Final = -1


def legal_mask(hand: CardSet, trick: list[int], trump: int, locked: bool, ekka: bool,
               win_idx: int, classic: bool = False) -> CardSet:
    """The cards of `hand` that may be played to `trick` (win_idx: the card winning it).

    Baloot (docs/rules.md section 5) unless `classic` (classic Belote, section 8).
    """
    n = len(trick)
    if n == 0:
        if locked and trump >= 0:
            m = hand & ~SUIT_MASKS[trump]
            return m if m else hand
        return hand
    led = trick[0] >> 3
    follow = hand & SUIT_MASKS[led]
    if trump < 0:
        return follow if follow else hand
    partner_winning = n - win_idx == 2
    if led == trump:
        if follow and (classic or not partner_winning):
            over = hand & STRONGER[trump][trick[win_idx]]
            return over if over else follow
        return follow if follow else hand
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[trump]
    if n == 1:
        return trumps if trumps else hand
    if partner_winning:
        if not classic and n == 2 and not (ekka or trick[0] & 7 == ACE) and trumps:
            return trumps
        return hand
    best = trick[win_idx]
    if best >> 3 == trump:
        beat = hand & STRONGER[trump][best]
        if beat:
            return beat
        return trumps if classic and trumps else hand
    return trumps if trumps else hand


def winner_index(trick: Sequence[int], trump: int) -> int:
    """The index in `trick` of the card winning it."""
    table = STRENGTH[trump]
    led = trick[0] >> 3
    best, best_key = 0, table[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if (c >> 3 == led or c >> 3 == trump) and table[c] > best_key:
            best, best_key = i, table[c]
    return best


def is_ekka(card: int, trump: int, played: CardSet) -> bool:
    """A non-trump lead that is the highest card of its suit not yet played (Hokum only)."""
    if trump < 0 or card >> 3 == trump:
        return False
    stronger = STRONGER[trump][card]
    return stronger & played == stronger


def compare_projects(declared: Sequence[Sequence[Project]], first_leader: int, sun: bool,
                     trump: int, tie_rule: bool) -> tuple[int, Project | None]:
    """The seat whose single declared project is best, and that project ((-1, None) if nobody
    declared): higher compare_key wins, then the seat that played earlier in the first trick."""
    best_key: tuple[int, ...] | None = None
    best_seat = NO_SEAT
    best: Project | None = None
    for pos in range(4):
        seat = (first_leader + pos) & 3
        for p in declared[seat]:
            key = (*compare_key(p, sun, trump, tie_rule), -pos)
            if best_key is None or key > best_key:
                best_key, best_seat, best = key, seat, p
    return best_seat, best


def blocks_seat_baloot(projects: Sequence[Project], trump: int) -> bool:
    """Shown projects that cancel their holder's Baloot (a Hundred with K+Q of trump, four
    Kings or four Queens)."""
    return any(blocks_baloot(p, trump) for p in projects)


def shown_blocks_baloot(obs: Observation, seat: int) -> bool:
    """Whether the projects `seat` showed in the second trick cancel its Baloot (what everyone
    at the table can tell from the cards shown)."""
    c = obs.contract
    if c is None or c.sun or obs.project_team is None or seat & 1 != obs.project_team:
        return False
    pb = obs.play_base
    if pb is not None and pb.tricks_done > 0:  # a fixture: its shown projects are given
        return blocks_seat_baloot(pb.declared[seat], c.trump)
    if not obs.tricks:
        return False
    return blocks_seat_baloot(best_split(obs.shown[seat], False, c.trump,
                                         obs.rules.trump_sequence_wins_ties), c.trump)


def project_points(projects: Sequence[Project], sun: bool) -> int:
    total = 0
    for p in projects:
        total += p.value(sun)
    return total


FIELDS: Final = (
    "baloot",
    "best_project",
    "blocked",
    "classic",
    "declared",
    "declarer_team",
    "done",
    "ekka",
    "ekka_cards",
    "hands",
    "kq",
    "kq_cards",
    "last_points",
    "last_trick",
    "last_winner",
    "late",
    "leader",
    "locked",
    "played",
    "points",
    "proj_pts",
    "project_seat",
    "project_team",
    "raise_level",
    "strength",
    "stronger",
    "sun",
    "tie_rule",
    "trick",
    "tricks_won",
    "trump",
    "values",
    "variants",
    "win_idx",
    )
"""The attributes of a CardPlay."""


class CardPlay:
    """The card play of one fully known hand (a real one, or a world a player imagines)."""

    __slots__ = FIELDS

    hands: list[int]
    trump: int
    """Trump suit 0-3, or -1 in Sun."""
    sun: bool
    locked: bool
    classic: bool
    """Classic Belote play rules (no Ekka, overtrump on a trump lead, undertrump)."""
    declarer_team: int
    raise_level: int
    tie_rule: bool
    """Variant: in Hokum a trump sequence beats an equal non-trump one."""
    variants: int
    """Scoring variants, as bits of game.scoring (passed to `settle`)."""
    leader: int
    trick: list[int]
    win_idx: int
    ekka: bool
    played: int
    points: list[int]
    tricks_won: list[int]
    done: int
    """Tricks completed, 0-8."""
    declared: list[tuple[Project, ...]]
    """Projects each seat declares in the first trick (compared when it ends)."""
    late: list[tuple[Project, ...]]
    """Projects a seat that did not declare would show in the second trick if its team's
    projects won (a world's assumption; the engine asks the player instead)."""
    proj_pts: list[int]
    """Game points of each seat's declared projects (scored for the project team only)."""
    project_team: int
    """The team whose projects score, or -1."""
    project_seat: int
    best_project: Project | None
    kq: list[int]
    """How many of the K and Q of trump each seat has played."""
    blocked: list[bool]
    """A shown Hundred with K+Q of trump, or four Kings or Queens, cancels that seat's Baloot."""
    baloot: int
    """The seat that called Baloot, or -1."""
    last_winner: int
    last_points: int
    last_trick: list[int]
    """The cards of the trick completed last, in play order."""
    strength: tuple[int, ...]
    stronger: tuple[int, ...]
    values: tuple[int, ...]
    kq_cards: CardSet
    """The K and Q of trump (none in Sun)."""
    ekka_cards: CardSet
    """The leads that can be an Ekka: plain cards in Hokum (none in Sun or classic Belote)."""

    def __init__(self) -> None:
        """An empty shell for `start` and `copy` to fill (compiled classes cannot skip
        __init__, so it does nothing)."""

    @classmethod
    def start(cls, trump: int, locked: bool, declarer_team: int, raise_level: int, leader: int,
              hands: Sequence[int], classic: bool = False, tie_rule: bool = False,
              variants: int = 0) -> CardPlay:
        """The card play from its first card."""
        self = cls()
        self.hands = list(hands)
        self.trump = trump
        self.sun = trump < 0
        self.locked = locked
        self.classic = classic
        self.declarer_team = declarer_team
        self.raise_level = raise_level
        self.tie_rule = tie_rule
        self.variants = variants
        self.leader = leader
        self.trick = []
        self.win_idx = 0
        self.ekka = False
        played = (1 << 32) - 1
        for h in hands:
            played &= ~h
        self.played = played
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.done = 0
        self.declared = [(), (), (), ()]
        self.late = [(), (), (), ()]
        self.proj_pts = [0, 0, 0, 0]
        self.project_team = NO_SEAT
        self.project_seat = NO_SEAT
        self.best_project = None
        self.kq = [0, 0, 0, 0]
        self.blocked = [False, False, False, False]
        self.baloot = NO_SEAT
        self.last_winner = NO_SEAT
        self.last_points = 0
        self.last_trick = []
        self.strength = STRENGTH[trump]
        self.stronger = STRONGER[trump]
        self.values = POINTS[trump]
        self.kq_cards = 0 if trump < 0 else (1 << (trump * 8 + KING)) | (1 << (trump * 8 + QUEEN))
        self.ekka_cards = 0 if trump < 0 or classic else ((1 << 32) - 1) ^ SUIT_MASKS[trump]
        return self

    def copy(self) -> CardPlay:
        s = CardPlay()
        s.hands = self.hands[:]
        s.trump, s.sun, s.locked, s.classic = self.trump, self.sun, self.locked, self.classic
        s.declarer_team, s.raise_level = self.declarer_team, self.raise_level
        s.tie_rule, s.variants = self.tie_rule, self.variants
        s.leader, s.trick, s.win_idx, s.ekka = self.leader, self.trick[:], self.win_idx, self.ekka
        s.played, s.points, s.tricks_won = self.played, self.points[:], self.tricks_won[:]
        s.done = self.done
        # The project lists are replaced, never changed in place: sharing them is safe.
        s.declared, s.proj_pts, s.late = self.declared, self.proj_pts, self.late
        s.project_team, s.project_seat = self.project_team, self.project_seat
        s.best_project = self.best_project
        s.kq, s.blocked, s.baloot = self.kq[:], self.blocked[:], self.baloot
        s.last_winner, s.last_points, s.last_trick = self.last_winner, self.last_points, self.last_trick
        s.strength, s.stronger, s.values = self.strength, self.stronger, self.values
        s.kq_cards, s.ekka_cards = self.kq_cards, self.ekka_cards
        return s

    # ----- set-up -------------------------------------------------------------------------

    @classmethod
    def public(cls, obs: Observation) -> CardPlay:
        """Everything one seat knows of the card play; the hidden hands are left to `placed`."""
        c = obs.contract
        assert c is not None and obs.phase is Phase.PLAYING
        rules = obs.rules
        s = cls.start(c.trump, c.locked, c.declarer_team, c.raise_level, obs.trick_leader,
                      (0, 0, 0, 0), classic=rules.belote, tie_rule=rules.trump_sequence_wins_ties,
                      variants=variants_of(rules))
        s.trick, s.ekka = list(obs.trick), obs.ekka
        s.win_idx = winner_index(s.trick, s.trump) if s.trick else 0
        s.played, s.points, s.tricks_won = obs.played, list(obs.points), list(obs.tricks_won)
        s.done = obs.tricks_won[0] + obs.tricks_won[1]
        s.proj_pts = [sum(project_value(k, s.sun) for k in d or ()) for d in obs.declared]
        s.project_team = NO_SEAT if obs.project_team is None else obs.project_team
        pb = obs.play_base
        if pb is not None and pb.baloot_seat is not None:
            s.kq[pb.baloot_seat] = 2
        if not s.sun:
            for seat, a in obs.history:
                card = card_of(a)
                if card >= 0 and s.kq_cards >> card & 1:
                    s.kq[seat] += 1
                    if s.classic and not is_announced(a):  # a belote not announced is lost
                        s.blocked[seat] = True
            if not s.classic:
                s.blocked = [shown_blocks_baloot(obs, seat) for seat in range(4)]
        s.baloot = NO_SEAT if obs.baloot_seat is None else obs.baloot_seat
        return s

    def placed(self, hands: Sequence[int],
               declared: Sequence[tuple[Project, ...]] | None = None,
               late: Sequence[tuple[Project, ...]] | None = None) -> CardPlay:
        """A copy of this public view with the hidden cards placed (and, in the first trick,
        the projects each seat declares or would show late)."""
        s = self.copy()
        s.hands = list(hands)
        if declared is not None:
            s.set_declared(declared)
        if late is not None:
            s.late = list(late)
        return s

    def set_declared(self, declared: Sequence[tuple[Project, ...]]) -> None:
        """The projects each seat declares in the first trick."""
        self.declared = list(declared)
        self.proj_pts = [project_points(d, self.sun) for d in declared]

    def declare(self, seat: int, projects: tuple[Project, ...]) -> None:
        """`seat` declares (or shows) these projects; the lists are replaced, never changed in
        place, because copies share them."""
        declared = list(self.declared)
        declared[seat] = projects
        self.declared = declared
        pts = list(self.proj_pts)
        pts[seat] = project_points(projects, self.sun)
        self.proj_pts = pts

    # ----- the rules ----------------------------------------------------------------------

    def to_move(self) -> int:
        return (self.leader + len(self.trick)) & 3

    def is_over(self) -> bool:
        return self.done == 8

    def legal(self) -> CardSet:
        return legal_mask(self.hands[(self.leader + len(self.trick)) & 3], self.trick, self.trump,
                          self.locked, self.ekka, self.win_idx, self.classic)

    def play(self, card: int) -> int:
        """Play `card` for the seat to move (it must be legal); the bits of what happened."""
        trick = self.trick
        n = len(trick)
        seat = (self.leader + n) & 3
        b = 1 << card
        flags = 0
        if n == 0:
            if b & self.ekka_cards:
                st = self.stronger[card]
                self.ekka = st & self.played == st
                if self.ekka and card & 7 != ACE:  # an Ace needs no saying
                    flags = EKKA_SAID
            else:
                self.ekka = False
            self.win_idx = 0
        elif self.strength[card] > self.strength[trick[self.win_idx]] and (
                card >> 3 == trick[0] >> 3 or card >> 3 == self.trump):
            self.win_idx = n
        self.hands[seat] ^= b
        self.played |= b
        trick.append(card)
        if b & self.kq_cards:
            if self.classic and self.hands[seat] & self.kq_cards and card & 7 == QUEEN:
                self.blocked[seat] = True  # the Queen before the King: no belote
            self.kq[seat] += 1
            if self.kq[seat] == 2 and self.baloot < 0 and not self.blocked[seat]:
                self.baloot = seat
                flags |= BALOOT_CALLED
        if n < 3:
            return flags
        # the trick is complete
        table = self.values
        winner = (seat + 1 + self.win_idx) & 3
        pts = table[trick[0]] + table[trick[1]] + table[trick[2]] + table[card]
        done = self.done = self.done + 1
        flags |= TRICK_OVER
        if done == 8:
            pts += LAST_TRICK_BONUS
            flags |= HAND_OVER
        team = winner & 1
        self.points[team] += pts
        self.tricks_won[team] += 1
        first_leader = self.leader
        self.leader = winner
        self.last_trick = trick
        self.trick = []
        self.ekka = False
        self.win_idx = 0
        self.last_winner = winner
        self.last_points = pts
        if done == 1:
            flags |= self._compare_projects(first_leader)
        return flags

    def _compare_projects(self, first_leader: int) -> int:
        """The best single declared project wins for its team."""
        best_seat, best = compare_projects(self.declared, first_leader, self.sun, self.trump,
                                           self.tie_rule)
        if best is None:
            return PROJECTS_SETTLED
        team = best_seat & 1
        self.project_team, self.project_seat, self.best_project = team, best_seat, best
        flags = PROJECTS_SETTLED
        for seat in (team, team + 2):
            if self.declared[seat]:
                flags |= self._shown(seat, self.declared[seat])
            elif self.late[seat]:
                flags |= self.show_late(seat, self.late[seat])
        return flags

    def _shown(self, seat: int, projects: tuple[Project, ...]) -> int:
        """A seat of the project team shows its projects: they may carry or cancel its Baloot."""
        if self.sun or not projects:
            return 0
        if blocks_seat_baloot(projects, self.trump):
            self.blocked[seat] = True
        elif self.baloot < 0 and any(contains_baloot(p, self.trump) for p in projects):
            self.baloot = seat
            return PROJECT_BALOOT
        return 0

    def show_late(self, seat: int, projects: tuple[Project, ...]) -> int:
        """A partner of the project team who did not declare shows in the second trick
        (docs/rules.md section 6): the projects score, and may carry or cancel the Baloot."""
        self.declare(seat, projects)
        return self._shown(seat, projects)

    # ----- the score ----------------------------------------------------------------------

    def team_projects(self, team: int) -> int:
        """Game points of the projects a team scores (only the project team scores any)."""
        if team != self.project_team:
            return 0
        return self.proj_pts[team] + self.proj_pts[team + 2]

    def outcome(self) -> Settlement:
        """The score of the finished hand (game.scoring.settle: points to North-South and to
        East-West, hand winner, match winner by Gahwa or -1, ...) without building objects."""
        return settle(self.sun, self.declarer_team, self.raise_level, self.points[0],
                      self.points[1], self.tricks_won[0], self.team_projects(0),
                      self.team_projects(1), self.baloot & 1 if self.baloot >= 0 else NO_SEAT,
                      self.variants, self.classic)
