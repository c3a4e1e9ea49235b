"""Why the bidding passed a player by, found by replaying the calls through the engine's own
bidding machine (pygame-free).

The engine decides who is asked (`game.bidding.Bidding.to_move`); nothing here re-states those
rules. The calls of the hand are replayed; if the contract was fixed in a round in which the player
was never to move, the stage and the call that closed the bidding give the plain-words reason:
after a round-1 Sun only the earlier speakers may overcall, a round-2 Sun buys at once, Belote's
first taker buys, round 3 is the first speaker's alone. A Hokum the player bid that a Sun then
outranked is said too (the Hokum bidder is not asked again).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from game.actions import ASHKAL, HOKUM, KAWESH, PASS, SUN, Action
from game.bidding import Bidding, BiddingOutcome, BiddingStage
from game.errors import IllegalActionError
from game.rules import Rules


@dataclass(frozen=True)
class Skip:
    """The reason as a catalogue key (`skip.*`) and the seat whose call closed the bidding."""
    key: str
    seat: int


def passed_by(dealer: int, buying_card: int, rules: Rules, calls: Iterable[tuple[int, Action]],
              me: int) -> Skip | None:
    """Why `me` was not asked before the contract was fixed by `calls` (the bidding's calls in
    order, as (seat, action)), or None: `me` had its say, or the bidding did not end in a contract."""
    b = Bidding(dealer, buying_card, rules)
    asked: set[int] = set()
    """The rounds in which `me` was to move."""
    closing: tuple[int, int, Action] | None = None
    """(round, seat, action) of the last call that was not a pass."""
    opening_sun: int | None = None
    """Who called Sun (or Ashkal) in round 1 while the speakers were still in turn: only the earlier
    speakers are offered to overcall it."""
    mine: list[tuple[int, Action]] = []
    for seat, action in calls:
        if b.done or action == KAWESH:
            return None
        if b.to_move() == me:
            asked.add(b.round)
        if seat != b.to_move():
            return None  # not this hand's bidding as the engine runs it
        stage, round_ = b.stage, b.round
        if round_ == 1 and stage is BiddingStage.OPEN and action in (SUN, ASHKAL):
            opening_sun = seat
        try:
            b.apply(action, 0)
        except IllegalActionError:
            return None
        if seat == me:
            mine.append((round_, action))
        if action != PASS:
            closing = (round_, seat, action)
    contract = b.contract
    if b.outcome is not BiddingOutcome.CONTRACT or contract is None or closing is None:
        return None
    final = b.round
    if final in asked:
        if contract.sun and (final, HOKUM) in mine and contract.bidder != me:
            return Skip("skip.hokum_outranked", contract.bidder)
        return None
    round_, seat, action = closing
    if rules.belote:
        return Skip("skip.belote_first", seat)
    if round_ == 3:
        return Skip("skip.round3", seat)
    if round_ == 2 and action in (SUN, ASHKAL):
        return Skip("skip.round2_sun", seat)
    if round_ == 1 and opening_sun is not None:
        return Skip("skip.after_sun", opening_sun)
    return Skip("skip.closed", seat)
