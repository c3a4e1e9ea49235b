"""Doubling after the deal is complete (docs/rules.md section 4): Double, Triple, Four, Gahwa."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .actions import DOUBLE, FOUR, GAHWA, LOCKED, NUM_ACTIONS, OPEN, PASS, TRIPLE, Action, action_str
from .cards import SEAT_NAMES, seat_after
from .contract import Contract
from .errors import IllegalActionError
from .rules import Rules


class DoublingStage(StrEnum):
    OFFER_DOUBLE = "double"
    LOCK_CHOICE = "lock"
    OFFER_TRIPLE = "triple"
    OFFER_FOUR = "four"
    OFFER_GAHWA = "gahwa"



_CHOICES = {
    DoublingStage.OFFER_DOUBLE: [PASS, DOUBLE], DoublingStage.LOCK_CHOICE: [LOCKED, OPEN],
    DoublingStage.OFFER_TRIPLE: [PASS, TRIPLE], DoublingStage.OFFER_FOUR: [PASS, FOUR],
    DoublingStage.OFFER_GAHWA: [PASS, GAHWA],
}


def sun_double_allowed(match_scores: tuple[int, int]) -> bool:
    a, b = match_scores
    return (a > 100 and b < 100) or (b > 100 and a < 100)


@dataclass
class Doubling:
    contract: Contract
    stage: DoublingStage = DoublingStage.OFFER_DOUBLE
    queue: list[int] = field(default_factory=list)
    history: list[tuple[int, Action]] = field(default_factory=list)
    done: bool = False

    @classmethod
    def start(cls, contract: Contract, match_scores: tuple[int, int], rules: Rules) -> Doubling:
        d = contract.declarer
        if rules.belote or (contract.sun and not sun_double_allowed(match_scores)):
            return cls(contract, done=True)
        return cls(contract, DoublingStage.OFFER_DOUBLE, [seat_after(d, 1), seat_after(d, 3)])

    def clone(self) -> Doubling:
        return Doubling(self.contract, self.stage, list(self.queue), list(self.history),
                        self.done)

    def to_move(self) -> int:
        c = self.contract
        if self.stage == DoublingStage.OFFER_DOUBLE:
            return self.queue[0]
        if self.stage in (DoublingStage.LOCK_CHOICE, DoublingStage.OFFER_FOUR):
            assert c.doubler is not None
            return c.doubler
        return c.declarer

    def legal(self) -> list[Action]:
        if self.done:
            return []
        return list(_CHOICES[self.stage])

    def apply(self, action: Action) -> None:
        seat = self.to_move()
        if action not in self.legal():
            options = " or ".join(action_str(a) for a in self.legal())
            raise IllegalActionError(
                f"{SEAT_NAMES[seat]} cannot say {action_str(action) if 0 <= action < NUM_ACTIONS else action}"
                f" now: the choice is {options}")
        self.history.append((seat, action))
        c = self.contract
        if self.stage == DoublingStage.OFFER_DOUBLE:
            self.queue.pop(0)
            if action == DOUBLE:
                self.contract = c.raised(2, False, seat)
                if c.sun:
                    self.done = True
                else:
                    self.stage = DoublingStage.LOCK_CHOICE
            elif not self.queue:
                self.done = True
        elif self.stage == DoublingStage.LOCK_CHOICE:
            self.contract = c.raised(c.raise_level, action == LOCKED, c.doubler)
            self.stage = DoublingStage.OFFER_TRIPLE if c.raise_level == 2 else DoublingStage.OFFER_GAHWA
        elif action == PASS:
            self.done = True
        elif self.stage == DoublingStage.OFFER_TRIPLE:
            self.contract = c.raised(3, False, c.doubler)
            self.stage = DoublingStage.OFFER_FOUR
        elif self.stage == DoublingStage.OFFER_FOUR:
            self.contract = c.raised(4, False, c.doubler)
            self.stage = DoublingStage.LOCK_CHOICE
        else:
            self.contract = c.raised(5, False, c.doubler)
            self.done = True
