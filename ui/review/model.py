"""A hand as the review shows it, from a match record (rules, seed, actions) or a deal's notation:
every step from the deal, call by call and card by card, with all four hands open; and the
player's decisions with the observation each was made from (what the coach may look at).

pygame-free, so it is tested headless. Everything here is rebuilt from the record by the engine,
so a review does not depend on the rule set or on anything the table remembered.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.actions import HOKUM, SUN, Action, is_card
from game.cards import CardSet
from game.contract import Contract
from game.errors import NotationError, RecordError
from game.events import (
    BalootCalled,
    BidMade,
    Event,
    HandScored,
    HandThrownIn,
    ProjectsDeclared,
    RaiseMade,
    TrickWon,
)
from game.match import HandRecord, MatchState
from game.notation import from_notation, to_notation
from game.observation import Observation
from game.phase import Phase
from game.record import record_of, replay
from game.rules import Rules
from game.scoring import HandScore
from game.state import DealBase, RoundState

HUMAN = 0
"""The seat the game gives the player (South): the coach looks at its decisions."""
DOUBLING_STAGE = 4
"""The stage of the doubling's calls (after up to three bidding rounds, as on the table)."""
DEFAULT_PLAYERS = ("human", "ismcts:medium", "ismcts:medium", "ismcts:medium")
"""Who sat where when a record does not say: South the player, the others at Medium."""


@dataclass(frozen=True)
class TrickView:
    number: int
    """1-8."""
    leader: int
    cards: tuple[int, ...]
    """In play order, from the leader."""
    winner: int | None = None
    """Once the trick is complete."""
    points: int = 0
    """Card points of a complete trick (the last one with its 10)."""

    def seat_of(self, i: int) -> int:
        return (self.leader + i) & 3


@dataclass(frozen=True)
class Call:
    seat: int
    action: Action
    stage: int
    """1, 2 or 3: the bidding round; DOUBLING_STAGE: the doubling."""
    choice: bool = False
    """The Hokum bidder keeping Hokum or switching to Sun (worded so)."""


@dataclass(frozen=True)
class Step:
    """The hand after `index` actions (0: as dealt), with everything the review draws."""
    index: int
    seat: int | None
    """Who made the action that led here (None at the deal)."""
    action: Action | None
    phase: Phase
    hands: tuple[CardSet, CardSet, CardSet, CardSet]
    buying_card: int
    """The face-up card while it is on the table (during the bidding), else -1."""
    contract: Contract | None
    calls: tuple[Call, ...]
    trick: TrickView | None
    """The trick on the table: the one being played, or the one the last card completed."""
    tricks: tuple[TrickView, ...]
    """Every trick completed so far."""
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    declared: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    """The projects each seat has announced (kinds), as they were announced."""
    shown: tuple[CardSet, CardSet, CardSet, CardSet]
    """Projects shown face up (the winning team's, from the end of the first trick)."""
    project_team: int | None
    baloot: int | None
    """The seat that called Baloot."""
    events: tuple[Event, ...]
    score: HandScore | None = None
    """Once the hand is scored."""
    thrown_in: bool = False


@dataclass(frozen=True)
class Decision:
    """One of the player's decisions: a move chosen among two or more."""
    step: int
    """The step the move leads to (the move is action step - 1 of the hand)."""
    observation: Observation
    """The player's own view just before the move: the coach sees this and nothing else."""
    played: Action

    @property
    def action_index(self) -> int:
        return self.step - 1


class HandReview:
    """The steps of one hand and the player's decisions in it."""

    def __init__(self, base: DealBase, actions: Sequence[Action], number: int = 1,
                 human: int = HUMAN) -> None:
        self.base = base
        self.actions = tuple(actions)
        self.number = number
        self.human = human
        self.steps: list[Step] = []
        self.decisions: list[Decision] = []
        self._build()

    @property
    def key(self) -> str:
        """The deal in one line (no moves): with a decision's index, what the coach's answers
        are filed under."""
        return to_notation(RoundState(self.base))

    def notation(self, upto: int | None = None) -> str:
        """The hand in the one-line notation (docs/notation.md), with its moves up to `upto`."""
        return to_notation(self.state_at(len(self.actions) if upto is None else upto))

    def state_at(self, index: int) -> RoundState:
        """The hand after `index` of its actions."""
        st = RoundState(self.base)
        for a in self.actions[:index]:
            st.apply(a)
        return st

    def decision_at(self, step: int) -> Decision | None:
        for d in self.decisions:
            if d.step == step:
                return d
        return None

    def _build(self) -> None:
        st = RoundState(self.base)
        calls: list[Call] = []
        tricks: list[TrickView] = []
        declared: list[tuple[str, ...]] = [(), (), (), ()]
        trick: TrickView | None = None
        baloot: int | None = None
        score: HandScore | None = None
        thrown = False
        hokum_bidders: set[int] = set()
        self.steps.append(self._step(st, 0, None, None, calls, None, tricks, declared, baloot, ()))
        for i, action in enumerate(self.actions):
            seat = st.to_move()
            assert seat is not None, "a hand's actions end with it"
            if seat == self.human and len(st.legal_actions()) > 1:
                self.decisions.append(Decision(i + 1, st.observation(self.human), action))
            events = tuple(st.apply(action))
            completed: TrickView | None = None
            for e in events:
                if isinstance(e, BidMade):
                    choice = e.round == 1 and e.action in (HOKUM, SUN) and e.seat in hokum_bidders
                    if e.round == 1 and e.action == HOKUM:
                        hokum_bidders.add(e.seat)
                    calls.append(Call(e.seat, e.action, e.round, choice))
                elif isinstance(e, RaiseMade):
                    calls.append(Call(e.seat, e.action, DOUBLING_STAGE))
                elif isinstance(e, ProjectsDeclared):
                    declared[e.seat] = e.kinds
                elif isinstance(e, BalootCalled):
                    baloot = e.seat
                elif isinstance(e, TrickWon):
                    completed = TrickView(e.number, e.leader, e.cards, e.seat, e.points)
                    tricks.append(completed)
                elif isinstance(e, HandScored):
                    score = e.score
                elif isinstance(e, HandThrownIn):
                    thrown = True
            if completed is not None:
                trick = completed
            elif is_card(action):
                trick = TrickView(len(tricks) + 1, st.leader, tuple(st.trick))
            self.steps.append(self._step(st, i + 1, seat, action, calls, trick, tricks, declared,
                                         baloot, events, score, thrown))

    def _step(self, st: RoundState, index: int, seat: int | None, action: Action | None,
              calls: list[Call], trick: TrickView | None, tricks: list[TrickView],
              declared: list[tuple[str, ...]], baloot: int | None, events: tuple[Event, ...],
              score: HandScore | None = None, thrown: bool = False) -> Step:
        h, sh = st.hands, st.shown
        return Step(index, seat, action, st.phase, (h[0], h[1], h[2], h[3]),
                    st.buying_card if st.phase is Phase.BIDDING or thrown else -1, st.contract,
                    tuple(calls), trick, tuple(tricks), (st.points[0], st.points[1]),
                    (st.tricks_won[0], st.tricks_won[1]),
                    (declared[0], declared[1], declared[2], declared[3]),
                    (sh[0], sh[1], sh[2], sh[3]), st.project_team, baloot, events, score, thrown)


@dataclass(frozen=True)
class HandPlay:
    """One hand of a match: where it started and what was played."""
    number: int
    base: DealBase
    actions: tuple[Action, ...]
    record: HandRecord | None = None
    """Its line of the score sheet, once finished."""


@dataclass
class ReviewSource:
    """What a review is made from: the hands of a match (or one deal), who played them, and how to
    rebuild any moment of it (to play it again)."""
    rules: Rules
    hands: list[HandPlay]
    players: tuple[str, str, str, str] = DEFAULT_PLAYERS
    """Who sat where: 'human' or an agent of the registry."""
    agent_seed: int = 0
    """The computer players' seed: a replay meets exactly the same players."""
    seed: int | None = None
    """The match seed; None for a deal opened from its notation."""
    offsets: list[int] = field(default_factory=list)
    """Index in the match's actions of each hand's first action."""
    record_data: dict[str, Any] | None = None
    """The whole match as its record (with the players), for exporting; None for a deal."""

    @property
    def is_match(self) -> bool:
        return self.seed is not None

    def review(self, i: int) -> HandReview:
        h = self.hands[i]
        return HandReview(h.base, h.actions, h.number)

    def finished(self, i: int) -> bool:
        return self.hands[i].record is not None

    def match_at(self, i: int, upto: int) -> MatchState:
        """The match at hand `i` after `upto` of its actions: the same cards, the same dealer and
        score (for "replay this deal" and "take back to here")."""
        if self.seed is not None:
            m = MatchState(self.seed, self.rules)
            for a in self.all_actions()[:self.offsets[i] + upto]:
                m.apply(a)
            return m
        return deal_match(self.hands[i].base, self.hands[i].actions[:upto])

    def all_actions(self) -> list[Action]:
        return [a for h in self.hands for a in h.actions]

    def record(self) -> dict[str, Any] | None:
        """The match as its JSON record (docs/records.md) with who sat where; None for a deal."""
        return self.record_data


def deal_match(base: DealBase, actions: Sequence[Action]) -> MatchState:
    """A match whose current hand is this deal (a deal opened from its notation has no seed to
    replay): its dealer and score are the deal's; the hands after it are dealt as usual."""
    m = MatchState(0, base.rules)
    m.dealer, m.scores = base.dealer, base.match_scores
    m.round = RoundState(base)
    for a in actions:
        m.apply(a)
    return m


def split_match(rules: Rules, seed: int, actions: Sequence[Action]) -> tuple[list[HandPlay], list[int]]:
    """The hands of a match and where each starts in its actions (a hand just dealt, with no
    action yet, is left out)."""
    m = MatchState(seed, rules)
    hands: list[HandPlay] = []
    offsets: list[int] = []
    base = m.round.base
    start, number = 0, m.hand_number
    for i, a in enumerate(actions):
        m.apply(a)
        if m.is_over() or m.hand_number != number:
            assert isinstance(base, DealBase)
            hands.append(HandPlay(number, base, tuple(actions[start:i + 1]), m.sheet[-1]))
            offsets.append(start)
            base, start, number = m.round.base, i + 1, m.hand_number
    if start < len(actions):
        assert isinstance(base, DealBase)
        hands.append(HandPlay(number, base, tuple(actions[start:]), None))
        offsets.append(start)
    return hands, offsets


def source_of_match(m: MatchState, players: tuple[str, str, str, str], agent_seed: int,
                    finished_only: bool = False) -> ReviewSource:
    """The hands of a match (`finished_only`: not the one being played, whose cards are still
    hidden at the table)."""
    hands, offsets = split_match(m.rules, m.seed, m.actions)
    if finished_only:
        keep = [i for i, h in enumerate(hands) if h.record is not None]
        hands, offsets = [hands[i] for i in keep], [offsets[i] for i in keep]
    record = record_of(m) | {"players": list(players)}
    return ReviewSource(m.rules, hands, players, agent_seed, m.seed, offsets, record)


def source_of_record(record: dict[str, Any]) -> ReviewSource:
    """A match record (checked against the schema by the caller); RecordError if it does not
    replay. Its players, when it names them, else South the player and Medium players."""
    m = replay(record)
    players = record.get("players")
    who = tuple(players) if isinstance(players, list) and len(players) == 4 else DEFAULT_PLAYERS
    source = source_of_match(m, (str(who[0]), str(who[1]), str(who[2]), str(who[3])), m.seed)
    if not source.hands:
        raise RecordError("the record holds no hand")
    return source


def source_of_notation(text: str, players: tuple[str, str, str, str] | None = None,
                       agent_seed: int = 0) -> ReviewSource:
    """One deal in its notation ('deal rules=… moves=…'); NotationError for anything else."""
    st = from_notation(text.strip())
    if not isinstance(st.base, DealBase):
        raise NotationError("only a whole deal can be reviewed (a line starting with 'deal')")
    record = None
    if st.is_over():
        m = deal_match(st.base, st.actions)
        record = m.sheet[-1] if m.sheet else None
    hand = HandPlay(1, st.base, tuple(st.actions), record)
    return ReviewSource(st.base.rules, [hand], players or DEFAULT_PLAYERS, agent_seed, None, [0])
