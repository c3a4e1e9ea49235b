"""RoundState: one hand of Baloot from the deal to the score, behind a small uniform interface.

legal_actions() -> sorted ints; apply(action) -> events (raises IllegalActionError with the
reason); observation(seat) -> what that seat may know; clone(); is_over().
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import DECLARE, NO_DECLARE, Action, action_str, is_card
from .bidding import ANNULLED, Bidding, IllegalActionError
from .cards import (
    KING,
    QUEEN,
    SEAT_NAMES,
    Card,
    CardSet,
    bit,
    card_str,
    cards_in,
    mask_of,
)
from .contract import Contract
from .doubling import Doubling
from .events import (
    BalootCalled,
    BidMade,
    CardPlayed,
    CardsDealt,
    ContractFixed,
    Event,
    HandScored,
    HandThrownIn,
    ProjectsCompared,
    ProjectsDeclared,
    ProjectsHidden,
    ProjectsShown,
    RaiseMade,
    TrickWon,
)
from .phase import Phase
from .play import illegal_reason, is_ekka, legal_mask, revealed_absent, why_illegal, winner_index
from .projects import Project, best_split, blocks_baloot, compare_key, contains_baloot
from .ranking import LAST_TRICK_BONUS, NO_TRUMP, POINTS
from .rules import Rules
from .scoring import HandScore, score_hand

if TYPE_CHECKING:
    from .observation import Observation

__all__ = ["DealBase", "IllegalActionError", "Phase", "PlayBase", "RoundState"]


@dataclass(frozen=True)
class DealBase:
    """A hand at the moment the buying card is turned: five cards each, 11 in the stock."""
    rules: Rules
    dealer: int
    match_scores: tuple[int, int]
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    buying_card: Card
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class PlayBase:
    """A hand part-way through the card play, for fixtures: earlier tricks only as totals."""
    rules: Rules
    dealer: int
    match_scores: tuple[int, int]
    contract: Contract
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    leader: int
    tricks_done: int
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    declared: tuple[tuple[Project, ...], ...]
    """Projects declared in the first trick per seat (all seats: () if none)."""
    project_team: int | None
    baloot_seat: int | None
    """A Baloot already called before this position."""


Base = DealBase | PlayBase


def deal_base(rules: Rules, dealer: int, match_scores: tuple[int, int],
              rng: random.Random) -> DealBase:
    """Shuffle, cut, deal 3 then 2 from the dealer's right, turn the 21st card."""
    deck = list(range(32))
    rng.shuffle(deck)
    cut = rng.randrange(1, 32)
    deck = deck[cut:] + deck[:cut]
    hands = [0, 0, 0, 0]
    pos = 0
    for packet in (3, 2):
        for i in range(4):
            seat = (dealer + 1 + i) & 3
            hands[seat] |= mask_of(deck[pos:pos + packet])
            pos += packet
    return DealBase(rules, dealer, match_scores, (hands[0], hands[1], hands[2], hands[3]),
                    deck[20], tuple(deck[21:]))


class RoundState:
    """The whole hidden state of one hand. Only the engine and referees look inside."""

    def __init__(self, base: Base) -> None:
        self.base = base
        self.rules = base.rules
        self.dealer = base.dealer
        self.match_scores = base.match_scores
        self.actions: list[Action] = []
        self.log: list[tuple[int, Action]] = []
        self.hands = list(base.hands)
        self.played: CardSet = 0
        self.stock: list[Card] = []
        self.contract: Contract | None = None
        self.doubling: Doubling | None = None
        self.phase = Phase.PLAYING
        self.leader = 0
        self.trick: list[Card] = []
        self.tricks_done = 0
        self.tricks_log: list[tuple[int, tuple[Card, ...]]] = []
        self.points = [0, 0]
        self.tricks_won = [0, 0]
        self.ekka = False
        self.absent = [0, 0, 0, 0]
        self.available: list[tuple[Project, ...]] = [(), (), (), ()]
        self.declared: list[tuple[Project, ...] | None] = [None, None, None, None]
        self.project_team: int | None = None
        self.shown = [0, 0, 0, 0]
        self.kq_played = [0, 0, 0, 0]
        self.baloot_blocked = [False, False, False, False]
        self.baloot_seat: int | None = None
        self.result: HandScore | None = None
        self.end_reason = ""
        self.buyer: int | None = None
        if isinstance(base, DealBase):
            self.buying_card = base.buying_card
            self.stock = list(base.stock)
            self.bidding = Bidding(base.dealer, base.buying_card, base.rules)
            self.phase = Phase.BIDDING
        else:
            self._start_from_play_base(base)

    def _start_from_play_base(self, b: PlayBase) -> None:
        self.bidding = Bidding(b.dealer, -1, b.rules, outcome="contract", contract=b.contract)
        self.buying_card = -1
        self.contract = b.contract
        self.buyer = b.contract.declarer
        self.played = (1 << 32) - 1
        for h in b.hands:
            self.played ^= h
        self.leader, self.tricks_done = b.leader, b.tricks_done
        self.points, self.tricks_won = list(b.points), list(b.tricks_won)
        if b.tricks_done == 0:
            self.available = [self._find_projects(h) for h in b.hands]
        else:
            self.declared = list(b.declared)
            self.project_team = b.project_team
            if b.project_team is not None:
                for s in (b.project_team, b.project_team + 2):
                    self.shown[s] = mask_of_projects(b.declared[s])
        self.baloot_seat = b.baloot_seat
        if b.baloot_seat is not None:
            self.kq_played[b.baloot_seat] = 2
        if sum(self.tricks_won) != b.tricks_done:
            raise ValueError("tricks won must add up to the tricks played")
        if any(h.bit_count() != 8 - b.tricks_done for h in b.hands):
            raise ValueError(f"every hand must hold {8 - b.tricks_done} cards")

    # ----- the uniform interface -------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, dealer: int = 0, rules: Rules | None = None,
             match_scores: tuple[int, int] = (0, 0)) -> RoundState:
        return cls(deal_base(rules or Rules(), dealer, match_scores, rng))

    def clone(self) -> RoundState:
        s = RoundState.__new__(RoundState)
        s.__dict__.update(self.__dict__)
        for name in ("actions", "log", "hands", "stock", "trick", "tricks_log", "points", "tricks_won",
                     "absent", "available", "declared", "shown", "kq_played", "baloot_blocked"):
            setattr(s, name, list(getattr(self, name)))
        s.bidding = self.bidding.clone()
        s.doubling = self.doubling.clone() if self.doubling else None
        return s

    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_move(self) -> int | None:
        if self.phase is Phase.BIDDING:
            return self.bidding.to_move()
        if self.phase is Phase.DOUBLING:
            assert self.doubling is not None
            return self.doubling.to_move()
        if self.phase is Phase.PLAYING:
            return (self.leader + len(self.trick)) & 3
        return None

    @property
    def trump(self) -> int:
        return self.contract.trump if self.contract else NO_TRUMP

    def must_decide_projects(self, seat: int) -> bool:
        return self.tricks_done == 0 and self.declared[seat] is None and bool(self.available[seat])

    def legal_play_mask(self) -> CardSet:
        seat = (self.leader + len(self.trick)) & 3
        c = self.contract
        assert c is not None
        return legal_mask(self.hands[seat], self.trick, c.trump, c.locked, self.ekka)

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.PLAYING:
            seat = (self.leader + len(self.trick)) & 3
            if self.must_decide_projects(seat):
                return [DECLARE, NO_DECLARE]
            return cards_in(self.legal_play_mask())
        if self.phase is Phase.BIDDING:
            return self.bidding.legal(self.hands[self.bidding.to_move()])
        if self.phase is Phase.DOUBLING:
            assert self.doubling is not None
            return self.doubling.legal()
        return []

    def card_refusal(self, card: int) -> tuple[str, int]:
        """During the card play, why the player to move may not play `card`: a code of
        game.play (NOT_HELD, FOLLOW, OVERTRUMP, TRUMP, NOT_TRUMP_LEAD) and a suit, or ('', -1)."""
        seat = self.to_move()
        c = self.contract
        if self.phase is not Phase.PLAYING or seat is None or c is None:
            return "", -1
        return illegal_reason(card, self.hands[seat], self.trick, c.trump, c.locked, self.ekka)

    def why_illegal(self, action: Action) -> str:
        """Why `action` may not be taken now ('' if it may)."""
        if action in self.legal_actions():
            return ""
        seat = self.to_move()
        if seat is None:
            return "The hand is over"
        if self.phase is Phase.PLAYING:
            if self.must_decide_projects(seat):
                return "First say whether you declare your projects"
            if not is_card(action):
                return "Play a card"
            c = self.contract
            assert c is not None
            return why_illegal(action, self.hands[seat], self.trick, c.trump, c.locked, self.ekka)
        if is_card(action):
            return "Cards are played after the bidding and doubling"
        if self.phase is Phase.BIDDING:
            return self.bidding.why_illegal(action)
        return f"{action_str(action)} is not possible now"

    def apply(self, action: Action) -> list[Event]:
        seat = self.to_move()
        if seat is None:
            raise IllegalActionError("the hand is over: no more actions")
        if self.phase is Phase.PLAYING:
            events = self._apply_play(seat, action)
        elif action not in self.legal_actions():
            raise IllegalActionError(f"{SEAT_NAMES[seat]} cannot do that: {self.why_illegal(action)}")
        elif self.phase is Phase.BIDDING:
            events = self._apply_bid(seat, action)
        else:
            events = self._apply_raise(seat, action)
        self.actions.append(action)
        self.log.append((seat, action))
        return events

    # ----- bidding and doubling -------------------------------------------------------------

    def _apply_bid(self, seat: int, action: Action) -> list[Event]:
        rnd = self.bidding.round
        self.bidding.apply(action, self.hands[seat])
        events: list[Event] = [BidMade(seat, action, rnd)]
        b = self.bidding
        if not b.done:
            return events
        if b.contract is None:
            self.phase = Phase.OVER
            self.end_reason = "annulled by Kawesh" if b.outcome == ANNULLED else "all passed twice"
            events.append(HandThrownIn(self.end_reason))
            return events
        self.contract = b.contract
        events.append(ContractFixed(b.contract))
        events += self._complete_deal(b.contract.declarer)
        self.doubling = Doubling.start(b.contract, self.match_scores)
        if self.doubling.done:
            self._start_play()
        else:
            self.phase = Phase.DOUBLING
        return events

    def _complete_deal(self, taker: int) -> list[Event]:
        events: list[Event] = []
        self.buyer = taker
        for i in range(4):
            seat = (self.dealer + 1 + i) & 3
            if seat == taker:
                cards = [self.buying_card, *self.stock[:2]]
                del self.stock[:2]
            else:
                cards = self.stock[:3]
                del self.stock[:3]
            m = mask_of(cards)
            self.hands[seat] |= m
            events.append(CardsDealt(seat, m, len(cards), buying_card=seat == taker))
        assert not self.stock
        return events

    def _apply_raise(self, seat: int, action: Action) -> list[Event]:
        d = self.doubling
        assert d is not None
        d.apply(action)
        self.contract = d.contract
        events: list[Event] = [RaiseMade(seat, action, d.contract)]
        if d.done:
            self._start_play()
        return events

    def _start_play(self) -> None:
        c = self.contract
        assert c is not None
        self.phase = Phase.PLAYING
        self.leader = c.declarer if self.rules.declarer_leads else (self.dealer + 1) & 3
        self.available = [self._find_projects(h) for h in self.hands]

    def _find_projects(self, hand: CardSet) -> tuple[Project, ...]:
        c = self.contract
        assert c is not None
        return best_split(hand, c.sun, c.trump, self.rules.trump_sequence_wins_ties)

    # ----- card play ------------------------------------------------------------------------

    def _apply_play(self, seat: int, action: Action) -> list[Event]:
        c = self.contract
        assert c is not None
        if self.must_decide_projects(seat):
            if action == DECLARE:
                self.declared[seat] = self.available[seat]
                return [ProjectsDeclared(seat, tuple(p.kind for p in self.available[seat]))]
            if action == NO_DECLARE:
                self.declared[seat] = ()
                return []
            raise IllegalActionError(
                f"{SEAT_NAMES[seat]} must first say whether to declare projects")
        hand = self.hands[seat]
        if not is_card(action) or not (legal_mask(hand, self.trick, c.trump, c.locked, self.ekka)
                                       >> action & 1):
            reason = self.why_illegal(action)
            what = card_str(action) if is_card(action) else action_str(action)
            raise IllegalActionError(f"{SEAT_NAMES[seat]} cannot play {what}: {reason}")
        if self.tricks_done == 0 and self.declared[seat] is None:
            self.declared[seat] = ()
        events: list[Event] = []
        self.absent[seat] |= revealed_absent(action, self.trick, c.trump, c.locked, self.ekka)
        if not self.trick:
            self.leader = seat
            self.ekka = not c.sun and is_ekka(action, c.trump, self.played)
        self.hands[seat] = hand ^ bit(action)
        self.played |= bit(action)
        self.trick.append(action)
        events.append(CardPlayed(seat, action, self.ekka and len(self.trick) == 1
                                 and action & 7 != 7))
        if not c.sun and action >> 3 == c.trump and action & 7 in (KING, QUEEN):
            self.kq_played[seat] += 1
            if (self.kq_played[seat] == 2 and self.baloot_seat is None
                    and not self.baloot_blocked[seat]):
                self.baloot_seat = seat
                events.append(BalootCalled(seat))
        if len(self.trick) == 4:
            events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        c = self.contract
        assert c is not None
        cards = tuple(self.trick)
        winner = (self.leader + winner_index(cards, c.trump)) & 3
        table = POINTS[c.trump]
        pts = table[cards[0]] + table[cards[1]] + table[cards[2]] + table[cards[3]]
        self.tricks_done += 1
        if self.tricks_done == 8:
            pts += LAST_TRICK_BONUS
        team = winner & 1
        self.points[team] += pts
        self.tricks_won[team] += 1
        self.tricks_log.append((self.leader, cards))
        events: list[Event] = [TrickWon(winner, cards, self.leader, pts, self.tricks_done)]
        first_leader = self.leader
        self.leader = winner
        self.trick = []
        self.ekka = False
        if self.tricks_done == 1:
            events += self._compare_projects(first_leader)
        elif self.tricks_done == 2 and self.project_team is not None:
            events.append(ProjectsHidden())
        if self.tricks_done == 8:
            events.append(self._score())
        return events

    def _compare_projects(self, first_leader: int) -> list[Event]:
        c = self.contract
        assert c is not None
        best_key: tuple[int, ...] | None = None
        best: tuple[Project, int] | None = None
        for pos in range(4):
            seat = (first_leader + pos) & 3
            for p in self.declared[seat] or ():
                key = (*compare_key(p, c.sun, c.trump, self.rules.trump_sequence_wins_ties), -pos)
                if best_key is None or key > best_key:
                    best_key, best = key, (p, seat)
        if best is None:
            return [ProjectsCompared(None, None, None)]
        team = best[1] & 1
        self.project_team = team
        events: list[Event] = [ProjectsCompared(team, best[0], best[1])]
        for seat in (team, team + 2):
            projs = self.declared[seat] or ()
            if not projs:
                continue
            self.shown[seat] = mask_of_projects(projs)
            events.append(ProjectsShown(seat, projs))
            if c.sun:
                continue
            if any(blocks_baloot(p, c.trump) for p in projs):
                self.baloot_blocked[seat] = True
            elif self.baloot_seat is None and any(contains_baloot(p, c.trump) for p in projs):
                self.baloot_seat = seat
                events.append(BalootCalled(seat))
        return events

    # ----- scoring --------------------------------------------------------------------------

    def scored_projects(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        out: list[tuple[str, ...]] = [(), ()]
        t = self.project_team
        if t is not None:
            out[t] = tuple(p.kind for s in (t, t + 2) for p in (self.declared[s] or ()))
        return (out[0], out[1])

    def _score(self) -> HandScored:
        c = self.contract
        assert c is not None
        projects = self.scored_projects()
        baloot = (self.baloot_seat is not None and self.baloot_seat & 1 == 0,
                  self.baloot_seat is not None and self.baloot_seat & 1 == 1)
        score = score_hand(contract=c.kind, declarer_team=c.declarer_team,
                           raise_level=c.raise_level, card_points=tuple(self.points),
                           tricks=tuple(self.tricks_won), projects=projects, baloot=baloot)
        self.result = score
        self.phase = Phase.OVER
        return HandScored(score, (self.points[0], self.points[1]),
                          (self.tricks_won[0], self.tricks_won[1]), projects, baloot, c)

    # ----- knowledge ------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        from .observation import observe
        return observe(self, seat)

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def __repr__(self) -> str:
        from .notation import to_notation
        return f"RoundState({to_notation(self)!r})"


def mask_of_projects(projects: tuple[Project, ...]) -> CardSet:
    m = 0
    for p in projects:
        m |= p.cards
    return m

