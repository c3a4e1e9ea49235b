"""The match driver: owns the MatchState, asks the computer players, queues the events to animate.

No pygame here, so the driver can be tested headless. The computer players think in a `Thinker`
(`ui.table.worker`): by default a separate process, so the drawing loop keeps its frame rate while a
search runs. The driver is deterministic: every decision is seeded from the match seed, the seat and
the action count, and time enters only through the `dt_ms` the caller passes to `update()` (a
minimum pace per move).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ai.hints import HintReason
from game.actions import Action
from game.events import Event, NewHand
from game.match import HandRecord, MatchState
from game.observation import Observation
from game.rules import Rules
from game.state import DealBase, RoundState
from ui.table.worker import HINT_PREFIX, Answer, InlineThinker, Request, Thinker, Token

_driver_ids = itertools.count(1)


@dataclass(frozen=True)
class DealStarted:
    """UI event: a hand's first deal (five cards each and the buying card), from `base`."""
    base: DealBase
    number: int


UIEvent = Event | DealStarted


def agent_seed(match_seed: int, seat: int, decision: int = 0) -> int:
    """A stable seed per match, seat and decision (never Python's salted `hash`): a match
    resumed from its save plays on exactly as it would have without the interruption."""
    return (match_seed * 1_000_003 + seat * 7919 + decision * 104_729 + 17) & 0x7FFFFFFF


class MatchDriver:
    """Runs one match: human seats wait for `submit()`, computer seats ask the thinker.

    `update(dt_ms, idle)` is called once per frame; `idle` says the animator has shown every
    event so far, and only then is a computer's move applied (its search may start earlier).
    """

    def __init__(self, seed: int, humans: Iterable[int] = (0,), agent_spec: str = "random",
                 thinker: Thinker | None = None, rules: Rules | None = None,
                 min_bot_ms: float = 0.0, agent_specs: dict[int, str] | None = None,
                 state: MatchState | None = None,
                 on_action: Callable[[MatchDriver], None] | None = None) -> None:
        self.seed = seed
        self.state = state if state is not None else MatchState(seed, rules)
        self.on_action = on_action
        """Called after every applied action (the autosave)."""
        self.humans = frozenset(humans)
        self.specs = {seat: (agent_specs or {}).get(seat, agent_spec) for seat in range(4)}
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker()
        self.min_bot_ms = min_bot_ms
        self.id = next(_driver_ids)
        self.events: deque[UIEvent] = deque(self._current_hand_events())
        self._asked: tuple[int, int] | None = None  # (driver id, action index) of the open request
        self._answer: Action | None = None
        self._inbox: dict[Token, Answer] = {}
        """Answers collected from the thinker, by token (the move awaited, hints)."""
        self._hint_n = 0
        self._waited_ms = 0.0
        self.warnings: list[str] = []

    # ----- queries -------------------------------------------------------------------------

    def to_move(self) -> int | None:
        return self.state.to_move()

    def is_over(self) -> bool:
        return self.state.is_over()

    def human_to_move(self) -> int | None:
        """The human seat to move, if it is a human's turn (else None)."""
        seat = self.state.to_move()
        return seat if seat is not None and seat in self.humans else None

    def thinking_seat(self) -> int | None:
        """The computer seat whose move is awaited (thinking, or waiting for the animation)."""
        seat = self.state.to_move()
        return seat if seat is not None and seat not in self.humans else None

    def legal_actions(self) -> list[Action]:
        return self.state.legal_actions()

    def observation(self, seat: int) -> Observation:
        """What `seat` may know now: the only view of the hand the table reads."""
        return self.state.observation(seat)

    def card_refusal(self, card: int) -> tuple[str, int]:
        """Why the seat to move may not play `card` now: a refusal code ('follow', 'trump', …,
        compared by value) and a suit, or ('', -1)."""
        code, suit = self.state.round.card_refusal(card)
        return str(code), suit

    def actions_count(self) -> int:
        return len(self.state.actions)

    @property
    def sheet(self) -> list[HandRecord]:
        """The score sheet: one record per finished hand."""
        return self.state.sheet

    @property
    def match_seed(self) -> int:
        """The seed the match was dealt from (`--seed` replays it)."""
        return self.state.seed

    # ----- flow ----------------------------------------------------------------------------

    def submit(self, action: Action) -> list[UIEvent]:
        """A human's action. Raises IllegalActionError (a ValueError) if it is not legal now."""
        seat = self.human_to_move()
        if seat is None:
            raise ValueError("it is not a human player's turn")
        return self._apply(action)

    def collect(self) -> None:
        """Take every answer the thinker has ready (called each frame, whoever is to move)."""
        for got_token, answer in self.thinker.poll():
            if got_token[0] in (self.id, -self.id):
                self._inbox[got_token] = answer
        if len(self._inbox) > 32:  # answers nobody will ask for (stale moves, hints of old turns)
            n = len(self.state.actions)
            self._inbox = {t: a for t, a in self._inbox.items()
                           if (t[0] > 0 and t[1] >= n) or (t[0] < 0 and t[1] == self._hint_n)}

    def update(self, dt_ms: float, idle: bool) -> bool:
        """Ask / collect the computer's move; apply it when `idle`. True if an action was applied."""
        self.collect()
        seat = self.thinking_seat()
        if seat is None:
            return False
        token = (self.id, len(self.state.actions))
        if self._asked != token:
            self._asked, self._answer, self._waited_ms = token, None, 0.0
            obs = self.state.observation(seat)
            self.thinker.request(Request(token, (self.id, seat), self.specs[seat],
                                         agent_seed(self.seed, seat, len(self.state.actions)), obs,
                                         tuple(self.state.legal_actions())))
            self.collect()
        self._waited_ms += dt_ms
        if self._answer is None:
            got = self._inbox.pop(token, None)
            if isinstance(got, int):
                self._answer = got
            elif isinstance(got, tuple):
                self._answer = got[0]
        if self._answer is None or not idle or self._waited_ms < self.min_bot_ms:
            return False
        action = self._answer
        legal = self.state.legal_actions()
        if action not in legal:
            self.warnings.append(f"agent {self.specs[seat]} chose illegal action {action}; "
                                 f"playing {legal[0]}")
            action = legal[0]
        self._apply(action)
        return True

    def request_hint(self, seat: int, level: str = "medium") -> Token | None:
        """Ask the thinker for a recommended move for `seat` (a person to move); None if it is not
        that seat's turn. The answer, `(action, why)`, comes back through `take_hint`."""
        if self.state.to_move() != seat:
            return None
        self._hint_n += 1
        token = (-self.id, self._hint_n)
        obs = self.state.observation(seat)
        self.thinker.request(Request(token, (self.id, 100 + seat), HINT_PREFIX + level,
                                     agent_seed(self.seed, seat, len(self.state.actions)) ^ 0x5A5A,
                                     obs, tuple(self.state.legal_actions())))
        self.collect()
        return token

    def take_hint(self, token: Token) -> tuple[Action, HintReason | None] | None:
        """The hint's answer once it has arrived (then forgotten), else None."""
        self.collect()
        got = self._inbox.pop(token, None)
        if got is None:
            return None
        if isinstance(got, int):  # the hint search failed: the worker fell back to a legal move
            return got, None
        return got if isinstance(got, tuple) else None

    def _apply(self, action: Action) -> list[UIEvent]:
        events: list[UIEvent] = list(self.state.apply(action))
        out: list[UIEvent] = []
        for e in events:
            out.append(e)
            if isinstance(e, NewHand):
                out.append(DealStarted(self._deal_base(), e.number))
        self.events.extend(out)
        self._asked, self._answer = None, None
        if self.on_action is not None:
            self.on_action(self)
        return out

    def _current_hand_events(self) -> list[UIEvent]:
        """The current hand from its deal to now, so a resumed match is shown as it stands."""
        round_ = self.state.round
        out: list[UIEvent] = [DealStarted(self._deal_base(), self.state.hand_number)]
        replay = RoundState(self._deal_base())
        for action in round_.actions:
            out += replay.apply(action)
        return out

    def _deal_base(self) -> DealBase:
        base = self.state.round.base
        assert isinstance(base, DealBase), "a match deals every hand from a DealBase"
        return base

    def pop_event(self) -> UIEvent | None:
        return self.events.popleft() if self.events else None

    def run_to_end(self, max_actions: int = 100_000) -> None:
        """Play out the match without a UI (computer seats only; for tests and tools)."""
        for _ in range(max_actions):
            if self.is_over() or self.human_to_move() is not None:
                return
            self.update(0.0, True)
            self.thinker.wait()
