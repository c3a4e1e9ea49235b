"""The bidding state machine of docs/rules.md section 3 (two rounds, Sun overcalls, Ashkal).

Speakers P1..P4 start at the dealer's right; earlier speakers have priority.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .actions import ASHKAL, HOKUM, HOKUM_SUIT_BASE, KAWESH, NUM_ACTIONS, PASS, SUN, Action, action_str
from .cards import ACE, NINE, SEAT_NAMES, SEVEN, CardSet, iter_cards, partner_of, rank_of, seat_after, suit_of
from .contract import Contract, hokum_contract, sun_contract
from .errors import IllegalActionError
from .rules import Rules

__all__ = ["Bidding", "BiddingOutcome", "BiddingStage", "IllegalActionError", "is_kawesh_hand"]


class BiddingStage(StrEnum):
    OPEN = "open"
    """Speakers in turn until the first bid."""
    SUN_OFFER = "sun_offer"
    """A queue of seats offered a Sun overcall."""
    CHOICE = "choice"
    """The Hokum bidder keeps Hokum (names the suit in round 2) or switches to Sun."""


class BiddingOutcome(StrEnum):
    CONTRACT = "contract"
    THROWN_IN = "thrown_in"
    ANNULLED = "annulled"
    """Kawesh."""



def is_kawesh_hand(five: CardSet) -> bool:
    return all(SEVEN <= rank_of(c) <= NINE for c in iter_cards(five))


@dataclass
class Bidding:
    dealer: int
    buying_card: int
    rules: Rules
    round: int = 1
    stage: BiddingStage = BiddingStage.OPEN
    index: int = 0  # next speaker's position (0 = P1) in the OPEN stage
    bidder: int | None = None  # who bid Hokum / Sun / Ashkal first
    sun_holder: int | None = None
    ashkal: bool = False  # the standing Sun bid is an Ashkal
    queue: list[int] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    contract: Contract | None = None
    outcome: BiddingOutcome | None = None  # None while bidding

    def clone(self) -> Bidding:
        b = Bidding(self.dealer, self.buying_card, self.rules, self.round, self.stage,
                    self.index, self.bidder, self.sun_holder, self.ashkal, list(self.queue),
                    list(self.history), self.contract, self.outcome)
        return b

    def speaker_at(self, position: int) -> int:
        return seat_after(self.dealer, 1 + position)

    @property
    def done(self) -> bool:
        return self.outcome is not None

    def to_move(self) -> int:
        if self.stage == BiddingStage.OPEN:
            return self.speaker_at(self.index)
        if self.stage == BiddingStage.SUN_OFFER:
            return self.queue[0]
        assert self.bidder is not None
        return self.bidder

    def _ashkal_ok(self) -> bool:
        """P3 or P4 with every earlier speaker of the round passing: round 1, or round 2 with
        the Riyadh variant (d); never on an Ace with variant (a)."""
        if self.index < 2 or not (self.round == 1 or (self.round == 2 and self.rules.riyadh_ashkal)):
            return False
        return not (self.rules.no_ashkal_on_ace and rank_of(self.buying_card) == ACE)

    def _kawesh_ok(self, five: CardSet) -> bool:
        """Variant (b): on the player's turn in round 1, before or after an earlier bid."""
        return self.rules.kawesh and self.round == 1 and is_kawesh_hand(five)

    def legal(self, five: CardSet) -> list[Action]:
        """Legal calls for the speaker, whose first five cards are `five`."""
        if self.done:
            return []
        buy_suit = suit_of(self.buying_card)
        if self.rules.belote:  # take the buying card's suit, or in round 2 name another
            if self.round == 1:
                return [PASS, HOKUM]
            return [PASS] + [HOKUM_SUIT_BASE + s for s in range(4) if s != buy_suit]
        if self.round == 3:  # variant (c): P1 alone, any contract
            return [PASS, SUN] + [HOKUM_SUIT_BASE + s for s in range(4)]
        if self.stage == BiddingStage.SUN_OFFER:
            return [PASS, SUN] + ([KAWESH] if self._kawesh_ok(five) else [])
        if self.stage == BiddingStage.CHOICE:
            if self.round == 1:
                return [HOKUM, SUN]
            return sorted([HOKUM_SUIT_BASE + s for s in range(4) if s != buy_suit] + [SUN])
        acts = [PASS, HOKUM, SUN]
        if self._ashkal_ok():
            acts.append(ASHKAL)
        if self._kawesh_ok(five):
            acts.append(KAWESH)
        return acts

    def why_illegal(self, action: Action) -> str:
        name = action_str(action) if 0 <= action < NUM_ACTIONS else str(action)
        if self.rules.belote:
            if self.round == 1:
                return "in round 1 you take the buying card's suit as trump, or pass"
            return "in round 2 you name another suit as trump, or pass"
        if self.round == 3:
            return "in the third round you call Sun or Hokum in any suit, or pass"
        ashkal_round = self.round == 1 or (self.round == 2 and self.rules.riyadh_ashkal)
        if action == ASHKAL and self.stage == BiddingStage.OPEN and ashkal_round:
            if self.index < 2:
                return "Ashkal may only be called by the third or fourth speaker"
            return "Ashkal is not allowed when the buying card is an Ace (house rule)"
        if action == ASHKAL:
            return "Ashkal is only possible in round 1 before anyone has bid"
        if action == KAWESH:
            return "Kawesh needs five cards that are all 7, 8 or 9 (and the Kawesh rule on)"
        if self.stage == BiddingStage.SUN_OFFER:
            return f"{name} is not possible now: you may only overcall with Sun or pass"
        if self.stage == BiddingStage.CHOICE and self.round == 2 and action == HOKUM:
            return "name the trump suit: a suit other than the buying card's"
        if self.stage == BiddingStage.CHOICE:
            return f"{name} is not possible now: keep Hokum or switch to Sun"
        return f"{name} is not a call during bidding"

    def apply(self, action: Action, five: CardSet) -> None:
        seat = self.to_move()
        if action not in self.legal(five):
            raise IllegalActionError(f"{SEAT_NAMES[seat]} cannot say that: {self.why_illegal(action)}")
        self.history.append((seat, action))
        if self.stage == BiddingStage.OPEN:
            self._open(seat, action)
        elif self.stage == BiddingStage.SUN_OFFER:
            self._sun_offer(seat, action)
        else:
            self._choice(seat, action)

    def _open(self, seat: int, action: Action) -> None:
        i = self.index
        if action == PASS:
            self.index += 1
            if self.round == 3 or self.index == 4:
                if self.round == 1:
                    self.round, self.index = 2, 0
                elif self.round == 2 and self._third_round():
                    self.round, self.index = 3, 0
                else:
                    self.outcome = BiddingOutcome.THROWN_IN
            return
        if action == KAWESH:
            self.outcome = BiddingOutcome.ANNULLED
            return
        self.bidder = seat
        if self.rules.belote or self.round == 3:  # the first to name a trump (or Sun) takes
            if action == SUN:
                self._finish(sun_contract(seat, seat))
            else:
                trump = suit_of(self.buying_card) if action == HOKUM else action - HOKUM_SUIT_BASE
                self._finish(hokum_contract(trump, seat))
            return
        if self.round == 2:
            if action == ASHKAL:  # Riyadh: a Sun bid taken by the partner, and final as Sun is
                self._finish(sun_contract(partner_of(seat), seat))
            elif action == SUN:
                self._finish(sun_contract(seat, seat))
            else:  # Hokum in another suit: later speakers may still overcall with Sun
                self.queue = [self.speaker_at(j) for j in range(i + 1, 4)]
                self._next_offer()
            return
        if action in (SUN, ASHKAL):
            self.sun_holder, self.ashkal = seat, action == ASHKAL
            self.queue = [self.speaker_at(j) for j in range(i - 1, -1, -1)]
        else:  # Hokum: everyone else, lowest priority first
            self.queue = [self.speaker_at(j) for j in range(3, -1, -1) if j != i]
        self._next_offer()

    def _third_round(self) -> bool:
        return self.rules.third_round_on_ace and rank_of(self.buying_card) == ACE

    def _sun_offer(self, seat: int, action: Action) -> None:
        if action == KAWESH:
            self.outcome = BiddingOutcome.ANNULLED
            return
        self.queue.pop(0)
        if action == SUN:
            if self.round == 2:
                self._finish(sun_contract(seat, seat))
                return
            self.sun_holder, self.ashkal = seat, False
        self._next_offer()

    def _next_offer(self) -> None:
        self.stage = BiddingStage.SUN_OFFER
        if self.queue:
            return
        if self.sun_holder is not None:
            declarer = partner_of(self.sun_holder) if self.ashkal else self.sun_holder
            self._finish(sun_contract(declarer, self.sun_holder))
        else:
            self.stage = BiddingStage.CHOICE

    def _choice(self, seat: int, action: Action) -> None:
        if action == SUN:
            self._finish(sun_contract(seat, seat))
        elif action == HOKUM:
            self._finish(hokum_contract(suit_of(self.buying_card), seat))
        else:
            self._finish(hokum_contract(action - HOKUM_SUIT_BASE, seat))

    def _finish(self, contract: Contract) -> None:
        self.contract = contract
        self.outcome = BiddingOutcome.CONTRACT
        self.queue = []
