"""RoundState: one hand of Baloot from the deal to the score, behind a small uniform interface.

legal_actions() -> sorted ints; apply(action) -> events (raises IllegalActionError with the
reason); observation(seat) -> what that seat may know; clone(); is_over().

The bidding and the doubling are kept here; the card play is delegated to one
`game.cardplay.CardPlay`, whose results become the frozen events and the log.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .actions import DECLARE, NO_DECLARE, Action, action_str, announced, card_of, is_announced, is_card
from .bidding import Bidding, BiddingOutcome
from .cardplay import (
    BALOOT_CALLED,
    EKKA_SAID,
    HAND_OVER,
    PROJECT_BALOOT,
    PROJECTS_SETTLED,
    TRICK_OVER,
    CardPlay,
    blocks_seat_baloot,
)
from .cards import (
    KING,
    QUEEN,
    SEAT_NAMES,
    Card,
    CardSet,
    card_str,
    cards_in,
    mask_of,
    next_seat,
    partner_of,
    seat_after,
    team_of,
)
from .contract import Contract
from .deal import Base, DealBase, PlayBase, deal_base
from .doubling import Doubling
from .errors import IllegalActionError
from .events import (
    BalootCalled,
    BeloteAnnounced,
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
from .observation import Observation
from .phase import Phase
from .play import Refusal, illegal_reason, reason_sentence, revealed_absent
from .projects import Project, best_split
from .ranking import NO_TRUMP
from .rules import Rules
from .scoring import HandScore, score_hand, variants_of

__all__ = ["DealBase", "IllegalActionError", "Phase", "PlayBase", "RoundState"]


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
        self.stock: list[Card] = []
        self.contract: Contract | None = None
        self.doubling: Doubling | None = None
        self.phase = Phase.PLAYING
        self.cp: CardPlay | None = None
        """The card play, from its first card (None before)."""
        self.tricks_log: list[tuple[int, tuple[Card, ...]]] = []
        self.absent = [0, 0, 0, 0]
        self.available: list[tuple[Project, ...]] = [(), (), (), ()]
        self.declared: list[tuple[Project, ...] | None] = [None, None, None, None]
        self.shown = [0, 0, 0, 0]
        self.late_decided = [False, False, False, False]
        """A partner of the project team has said whether to show in the second trick."""
        self.belote_said = [0, 0, 0, 0]
        """Classic Belote: 1 once a seat announced belote with its King, 2 rebelote with its Queen."""
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
        self.bidding = Bidding(b.dealer, -1, b.rules, outcome=BiddingOutcome.CONTRACT,
                               contract=b.contract)
        self.buying_card = -1
        self.contract = b.contract
        self.buyer = b.contract.declarer
        if sum(b.tricks_won) != b.tricks_done:
            raise ValueError("tricks won must add up to the tricks played")
        if any(h.bit_count() != 8 - b.tricks_done for h in b.hands):
            raise ValueError(f"every hand must hold {8 - b.tricks_done} cards")
        cp = self._new_cardplay(b.leader)
        cp.done = b.tricks_done
        cp.points, cp.tricks_won = list(b.points), list(b.tricks_won)
        if b.tricks_done == 0:
            self.available = [self._find_projects(h) for h in b.hands]
        else:
            self.declared = list(b.declared)
            cp.set_declared(b.declared)
            if b.project_team is not None:
                cp.project_team = b.project_team
                for s in (b.project_team, b.project_team + 2):
                    self.shown[s] = mask_of_projects(b.declared[s])
                    cp.blocked[s] = not cp.sun and blocks_seat_baloot(b.declared[s], cp.trump)
        if b.baloot_seat is not None:
            cp.baloot = b.baloot_seat
            cp.kq[b.baloot_seat] = 2

    def _new_cardplay(self, leader: int) -> CardPlay:
        c = self.contract
        assert c is not None
        self.cp = CardPlay.start(c.trump, c.locked, c.declarer_team, c.raise_level, leader,
                                 self.hands, classic=self.rules.belote,
                                 tie_rule=self.rules.trump_sequence_wins_ties,
                                 variants=variants_of(self.rules))
        self.hands = self.cp.hands  # one list: the kernel's
        return self.cp

    # ----- the card play, as the kernel has it ------------------------------------------------

    @property
    def played(self) -> CardSet:
        return self.cp.played if self.cp else 0

    @property
    def leader(self) -> int:
        return self.cp.leader if self.cp else 0

    @property
    def trick(self) -> list[Card]:
        return self.cp.trick if self.cp else []

    @property
    def tricks_done(self) -> int:
        return self.cp.done if self.cp else 0

    @property
    def points(self) -> list[int]:
        return self.cp.points if self.cp else [0, 0]

    @property
    def tricks_won(self) -> list[int]:
        return self.cp.tricks_won if self.cp else [0, 0]

    @property
    def ekka(self) -> bool:
        return self.cp.ekka if self.cp else False

    @property
    def project_team(self) -> int | None:
        return self.cp.project_team if self.cp and self.cp.project_team >= 0 else None

    @property
    def baloot_seat(self) -> int | None:
        return self.cp.baloot if self.cp and self.cp.baloot >= 0 else None

    @property
    def baloot_blocked(self) -> list[bool]:
        return self.cp.blocked if self.cp else [False] * 4

    def card_play(self) -> CardPlay:
        """A copy of the card play to simulate from; seats yet to decide on their projects are
        taken to declare them (or to show them in the second trick)."""
        assert self.cp is not None
        cp = self.cp.copy()
        if cp.done == 0:
            cp.set_declared([d if d is not None else self.available[i]
                             for i, d in enumerate(self.declared)])
            cp.late = [self.available[i] if d == () else () for i, d in enumerate(self.declared)]
        else:  # a partner yet to say whether to show its projects is taken to show them
            for seat in range(4):
                if self.available[seat] and self._may_show_late(seat):
                    cp.show_late(seat, self.available[seat])
        return cp

    # ----- the uniform interface -------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, dealer: int = 0, rules: Rules | None = None,
             match_scores: tuple[int, int] = (0, 0)) -> RoundState:
        return cls(deal_base(rules or Rules(), dealer, match_scores, rng))

    def clone(self) -> RoundState:
        s = RoundState.__new__(RoundState)
        s.__dict__.update(self.__dict__)
        for name in ("actions", "log", "hands", "stock", "tricks_log", "absent", "available",
                     "declared", "shown", "late_decided", "belote_said"):
            setattr(s, name, list(getattr(self, name)))
        if self.cp is not None:
            s.cp = self.cp.copy()
            s.hands = s.cp.hands
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
            assert self.cp is not None
            return self.cp.to_move()
        return None

    @property
    def trump(self) -> int:
        return self.contract.trump if self.contract else NO_TRUMP

    def must_decide_projects(self, seat: int) -> bool:
        """In the first trick: whether to declare. In the second, for a partner of the team whose
        projects won who did not declare: whether to show them now (docs/rules.md section 6)."""
        if not self.available[seat]:
            return False
        if self.tricks_done == 0:
            return self.declared[seat] is None
        return self._may_show_late(seat)

    def _may_show_late(self, seat: int) -> bool:
        return (self.tricks_done == 1 and self.project_team == team_of(seat)
                and self.declared[seat] == () and not self.late_decided[seat]
                and seat not in self._in_trick())

    def _in_trick(self) -> set[int]:
        return {seat_after(self.leader, i) for i in range(len(self.trick))}

    def announcements(self, seat: int, legal: CardSet) -> list[Action]:
        """Classic Belote: the legal cards `seat` may play announcing belote (its King of trump
        while it holds the Queen) or rebelote (the Queen after announcing belote)."""
        c = self.contract
        if not self.rules.belote or c is None or c.sun:
            return []
        king, queen = c.trump * 8 + KING, c.trump * 8 + QUEEN
        hand = self.hands[seat]
        out = []
        if self.belote_said[seat] == 0 and hand >> queen & 1 and legal >> king & 1:
            out.append(announced(king))
        if self.belote_said[seat] == 1 and legal >> queen & 1:
            out.append(announced(queen))
        return out

    def legal_play_mask(self) -> CardSet:
        assert self.cp is not None
        return self.cp.legal()

    def legal_actions(self) -> list[Action]:
        if self.phase is Phase.PLAYING:
            assert self.cp is not None
            seat = self.cp.to_move()
            if self.must_decide_projects(seat):
                return [DECLARE, NO_DECLARE]
            legal = self.cp.legal()
            return cards_in(legal) + self.announcements(seat, legal)
        if self.phase is Phase.BIDDING:
            return self.bidding.legal(self.hands[self.bidding.to_move()])
        if self.phase is Phase.DOUBLING:
            assert self.doubling is not None
            return self.doubling.legal()
        return []

    def card_refusal(self, card: int) -> tuple[Refusal, int]:
        """During the card play, why the player to move may not play `card`: a Refusal code and
        a suit, or (Refusal.NONE, -1)."""
        seat = self.to_move()
        c = self.contract
        if self.phase is not Phase.PLAYING or seat is None or c is None:
            return Refusal.NONE, -1
        return illegal_reason(card, self.hands[seat], self.trick, c.trump, c.locked, self.ekka,
                              self.rules.belote)

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
            return reason_sentence(*self.card_refusal(action))
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
            self.end_reason = ("annulled by Kawesh" if b.outcome is BiddingOutcome.ANNULLED
                               else "all passed twice")
            events.append(HandThrownIn(self.end_reason))
            return events
        self.contract = b.contract
        events.append(ContractFixed(b.contract))
        events += self._complete_deal(b.contract.declarer)
        self.doubling = Doubling.start(b.contract, self.match_scores, self.rules)
        if self.doubling.done:
            self._start_play()
        else:
            self.phase = Phase.DOUBLING
        return events

    def _complete_deal(self, taker: int) -> list[Event]:
        events: list[Event] = []
        self.buyer = taker
        for i in range(4):
            seat = seat_after(self.dealer, 1 + i)
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
        self._new_cardplay(c.declarer if self.rules.declarer_leads else next_seat(self.dealer))
        self.available = [self._find_projects(h) for h in self.hands]

    def _find_projects(self, hand: CardSet) -> tuple[Project, ...]:
        c = self.contract
        assert c is not None
        if self.rules.belote:  # no projects but belote
            return ()
        return best_split(hand, c.sun, c.trump, self.rules.trump_sequence_wins_ties)

    # ----- card play ------------------------------------------------------------------------

    def _decide_projects(self, seat: int, projects: tuple[Project, ...]) -> None:
        cp = self.cp
        assert cp is not None
        self.declared[seat] = projects
        cp.declare(seat, projects)

    def _apply_play(self, seat: int, action: Action) -> list[Event]:
        c = self.contract
        cp = self.cp
        assert c is not None and cp is not None
        if self.must_decide_projects(seat):
            if cp.done == 1:
                return self._decide_late_show(seat, action)
            if action == DECLARE:
                self._decide_projects(seat, self.available[seat])
                return [ProjectsDeclared(seat, tuple(p.kind for p in self.available[seat]))]
            if action == NO_DECLARE:
                self._decide_projects(seat, ())
                return []
            raise IllegalActionError(
                f"{SEAT_NAMES[seat]} must first say whether to declare projects")
        card = card_of(action)
        legal = cp.legal()
        if card < 0 or not legal >> card & 1 or (
                is_announced(action) and action not in self.announcements(seat, legal)):
            reason = self.why_illegal(action)
            what = card_str(card) if card >= 0 else action_str(action)
            raise IllegalActionError(f"{SEAT_NAMES[seat]} cannot play {what}: {reason}")
        if cp.done == 0 and self.declared[seat] is None:
            self._decide_projects(seat, ())
        events: list[Event] = []
        if self.rules.belote and cp.kq_cards >> card & 1:
            if is_announced(action):
                self.belote_said[seat] += 1
                events.append(BeloteAnnounced(seat, card, self.belote_said[seat] == 2))
            else:  # a belote not announced (or a rebelote forgotten) is lost
                cp.blocked[seat] = True
        self.absent[seat] |= revealed_absent(card, cp.trick, c.trump, c.locked, cp.ekka,
                                             self.rules.belote)
        leader = cp.leader
        flags = cp.play(card)
        events.insert(0, CardPlayed(seat, card, bool(flags & EKKA_SAID)))
        if flags & BALOOT_CALLED and not self.rules.belote:
            events.append(BalootCalled(seat))
        if flags & TRICK_OVER:
            events += self._trick_over(leader, flags)
        return events

    def _decide_late_show(self, seat: int, action: Action) -> list[Event]:
        """A partner of the project team shows (or keeps) the projects it did not declare."""
        cp = self.cp
        assert cp is not None
        if action not in (DECLARE, NO_DECLARE):
            raise IllegalActionError(
                f"{SEAT_NAMES[seat]} must first say whether to show the projects")
        self.late_decided[seat] = True
        if action == NO_DECLARE:
            return []
        projs = self.available[seat]
        self.declared[seat] = projs
        self.shown[seat] = mask_of_projects(projs)
        events: list[Event] = [ProjectsShown(seat, projs)]
        if cp.show_late(seat, projs) & PROJECT_BALOOT:
            events.append(BalootCalled(seat))
        return events

    def _trick_over(self, leader: int, flags: int) -> list[Event]:
        cp = self.cp
        assert cp is not None
        cards = tuple(cp.last_trick)
        self.tricks_log.append((leader, cards))
        events: list[Event] = [TrickWon(cp.last_winner, cards, leader, cp.last_points, cp.done)]
        if flags & PROJECTS_SETTLED:
            events += self._projects_settled(cp, bool(flags & PROJECT_BALOOT))
        elif cp.done == 2 and cp.project_team >= 0:
            events.append(ProjectsHidden())
        if flags & HAND_OVER:
            events.append(self._score())
        return events

    def _projects_settled(self, cp: CardPlay, project_baloot: bool) -> list[Event]:
        team = cp.project_team
        if team < 0:
            return [] if self.rules.belote else [ProjectsCompared(None, None, None)]
        events: list[Event] = [ProjectsCompared(team, cp.best_project, cp.project_seat)]
        for seat in (team, partner_of(team)):
            projs = self.declared[seat] or ()
            if not projs:
                continue
            self.shown[seat] = mask_of_projects(projs)
            events.append(ProjectsShown(seat, projs))
            if project_baloot and cp.baloot == seat:
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
        b = self.baloot_seat
        baloot = (b is not None and team_of(b) == 0, b is not None and team_of(b) == 1)
        score = score_hand(contract=c.kind, declarer_team=c.declarer_team,
                           raise_level=c.raise_level, card_points=tuple(self.points),
                           tricks=tuple(self.tricks_won), projects=projects, baloot=baloot,
                           variants=variants_of(self.rules), classic=self.rules.belote)
        self.result = score
        self.phase = Phase.OVER
        return HandScored(score, (self.points[0], self.points[1]),
                          (self.tricks_won[0], self.tricks_won[1]), projects, baloot, c)

    # ----- knowledge ------------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Exactly what `seat` may know now."""
        legal = tuple(self.legal_actions()) if self.to_move() == seat else ()
        # Declining to declare is private: others see () only once the seat has played its card.
        in_trick = {seat_after(self.leader, i) for i in range(len(self.trick))}
        done = self.tricks_done
        declared = tuple(
            None if d is None or (not d and seat != o and done == 0 and o not in in_trick)
            else tuple(p.kind for p in d)
            for o, d in enumerate(self.declared))
        history = tuple(x for x in self.log if not (x[1] == NO_DECLARE and x[0] != seat))
        played_by = [0, 0, 0, 0]
        for s, a in history:
            card = card_of(a)
            if card >= 0:
                played_by[s] |= 1 << card
        play_base = None
        b = self.base
        if isinstance(b, PlayBase):
            pt = b.project_team
            play_base = replace(b, hands=(0, 0, 0, 0), declared=tuple(
                d if pt is not None and team_of(o) == pt else () for o, d in enumerate(b.declared)))
        points, won, absent, shown = self.points, self.tricks_won, self.absent, self.shown
        own = self.available[seat]  # the first trick, or a late show still to decide
        own_known = done == 0 or (done == 1 and self._may_show_late(seat))
        return Observation(
            seat=seat, rules=self.rules, dealer=self.dealer, match_scores=self.match_scores,
            phase=self.phase, to_move=self.to_move(), hand=self.hands[seat],
            hand_sizes=(self.hand_size(0), self.hand_size(1), self.hand_size(2), self.hand_size(3)),
            buying_card=self.buying_card, buyer=self.buyer,
            bids=tuple(self.bidding.history),
            raises=tuple(self.doubling.history) if self.doubling else (),
            contract=self.contract, bidding_round=self.bidding.round,
            tricks=tuple(self.tricks_log), trick_leader=self.leader, trick=tuple(self.trick),
            ekka=self.ekka, played=self.played, points=(points[0], points[1]),
            tricks_won=(won[0], won[1]), declared=declared, project_team=self.project_team,
            shown=(shown[0], shown[1], shown[2], shown[3]),
            showing=done == 1 and self.project_team is not None,
            baloot_seat=self.baloot_seat,
            absent=(absent[0], absent[1], absent[2], absent[3]),
            legal_actions=legal,
            own_projects=tuple(p.kind for p in own) if own_known else (),
            own_project_cards=tuple(p.cards for p in own) if own_known else (),
            history=history, played_by=(played_by[0], played_by[1], played_by[2], played_by[3]),
            belote_said=(self.belote_said[0], self.belote_said[1], self.belote_said[2],
                         self.belote_said[3]),
            play_base=play_base,
        )

    def hand_size(self, seat: int) -> int:
        return self.hands[seat].bit_count()

    def __repr__(self) -> str:
        return (f"RoundState(phase={self.phase.value}, dealer={self.dealer}, "
                f"contract={self.contract}, moves={[action_str(a) for a in self.actions]})")


def mask_of_projects(projects: tuple[Project, ...]) -> CardSet:
    m = 0
    for p in projects:
        m |= p.cards
    return m
