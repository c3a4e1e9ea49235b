"""MatchState: hands played one after another until a team reaches the target (152 in Baloot,
1000 in classic Belote) or wins by Gahwa.

The whole match is determined by (rules, seed, actions): one `random.Random(seed)` picks the
first dealer and shuffles every hand, so a record of the actions replays it exactly.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .actions import Action
from .cards import next_seat
from .contract import Contract
from .deal import deal_base
from .errors import IllegalActionError
from .events import Event, HeldPointsAwarded, MatchOver, NewHand
from .observation import Observation
from .rules import Rules
from .scoring import HandScore, match_winner_after
from .state import RoundState


@dataclass(frozen=True)
class HandRecord:
    """One line of the score sheet."""
    number: int
    dealer: int
    contract_label: str
    """'' for a thrown-in hand."""
    score: HandScore | None
    card_points: tuple[int, int]
    totals: tuple[int, int]
    """Match totals after this hand."""
    contract: Contract | None = None
    """The contract played (None for a thrown-in hand)."""
    held_awarded: tuple[int, int] = (0, 0)
    """Classic Belote: points held from earlier 81-81 hands that this hand's winner took."""


class MatchState:
    def __init__(self, seed: int, rules: Rules | None = None,
                 scores: tuple[int, int] = (0, 0)) -> None:
        """`scores`: North-South's and East-West's points at the start (a match's ending,
        for benchmarks)."""
        self.seed = seed
        self.rules = rules or Rules()
        self.rng = random.Random(seed)
        self.scores = scores
        self.hand_number = 1
        self.dealer = self.rng.randrange(4)
        self.actions: list[Action] = []
        self.sheet: list[HandRecord] = []
        self.winner: int | None = None
        self.by_gahwa = False
        self.held = 0
        """Classic Belote: points of 81-81 hands waiting for the next hand's winner."""
        self.round = self._new_round()

    def _new_round(self) -> RoundState:
        return RoundState(deal_base(self.rules, self.dealer, self.scores, self.rng))

    def clone(self) -> MatchState:
        m = MatchState.__new__(MatchState)
        m.__dict__.update(self.__dict__)
        m.rng = random.Random()
        m.rng.setstate(self.rng.getstate())
        m.actions = list(self.actions)
        m.sheet = list(self.sheet)
        m.round = self.round.clone()
        return m

    def is_over(self) -> bool:
        return self.winner is not None

    def to_move(self) -> int | None:
        return None if self.is_over() else self.round.to_move()

    def legal_actions(self) -> list[Action]:
        return [] if self.is_over() else self.round.legal_actions()

    def observation(self, seat: int) -> Observation:
        return self.round.observation(seat)

    def apply(self, action: Action) -> list[Event]:
        if self.is_over():
            raise IllegalActionError("the match is over")
        events = self.round.apply(action)
        self.actions.append(action)
        if self.round.is_over():
            events += self._end_hand()
        return events

    def _end_hand(self) -> list[Event]:
        r = self.round
        res = r.result
        label = r.contract.label() if r.contract and res else ""
        events: list[Event] = []
        awarded = (0, 0)
        if res is not None:
            p = res.points
            if self.held and not res.held and p[0] != p[1]:  # the held points go to this winner
                awarded = (self.held, 0) if p[0] > p[1] else (0, self.held)
                events.append(HeldPointsAwarded(0 if p[0] > p[1] else 1, self.held))
                self.held = 0
            self.held += res.held
            self.scores = (self.scores[0] + p[0] + awarded[0], self.scores[1] + p[1] + awarded[1])
            if res.match_winner is not None:
                self.winner, self.by_gahwa = res.match_winner, True
            else:
                self.winner = match_winner_after(self.scores, self.rules.target)
        self.sheet.append(HandRecord(self.hand_number, self.dealer, label, res,
                                     (r.points[0], r.points[1]), self.scores,
                                     r.contract if res else None, awarded))
        if self.winner is not None:
            events.append(MatchOver(self.winner, self.scores, self.by_gahwa))
            return events
        self.hand_number += 1
        self.dealer = next_seat(self.dealer)
        self.round = self._new_round()
        events.append(NewHand(self.hand_number, self.dealer, self.scores))
        return events

