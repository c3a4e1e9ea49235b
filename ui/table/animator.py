"""The animator: turns engine events into card flights, speech bubbles, notes and pauses.

Events are shown one after another; a step waits for the cards in flight and for its pause
before the next starts. `idle()` is true only when everything so far has been shown, which is
when the driver may apply the next move. Durations are in animation milliseconds scaled by the
speed setting; time only enters through `update(dt_ms)`, so tests can run it frame by frame.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from game.actions import HOKUM, PASS, SUN
from game.cards import cards_in, rank_of, seat_after, suit_of, team_of
from game.contract import Contract
from game.events import (
    BalootCalled,
    BeloteAnnounced,
    BidMade,
    CardPlayed,
    CardsDealt,
    ContractFixed,
    HandScored,
    HandThrownIn,
    HeldPointsAwarded,
    MatchOver,
    NewHand,
    ProjectsCompared,
    ProjectsDeclared,
    ProjectsHidden,
    ProjectsShown,
    RaiseMade,
    TrickWon,
)
from game.match import HandRecord
from game.ranking import NO_TRUMP
from game.rules import Rules
from game.state import DealBase
from ui.table.auction import passed_by
from ui.table.choices import is_ace
from ui.table.driver import DealStarted, UIEvent
from ui.table.model import TRICK, Pose, TableModel
from ui.text import call_label, card_label, contract_label, project_name, seat_tr, tr

DOUBLING = 4
"""The stage of the doubling's calls in the bid history (after up to three bidding rounds)."""
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
REDUCED_MOTION = 0.5
"""Reduced motion: card flights take this share of their time (reading pauses are not shortened)."""
CALL_READ_MS = 1000.0
"""How long each call stands alone before the next is made (normal speed): time to read it."""
SKIPPED_READ_MS = 2600.0
"""The pause after a contract that was fixed without the player being asked: time to read why."""
GATHER_MS = 200.0
"""The trick's cards gather on the winning card before they go to the winner's pile."""


Words = Callable[[], str]
"""Text worded when drawn, so a change of language reaches what is already on the table."""


@dataclass
class Bubble:
    words: Words
    ttl: float | None = None
    """Animation ms left, or None: stays until cleared."""
    alert: bool = False

    @property
    def text(self) -> str:
        return self.words()


@dataclass(frozen=True)
class Call:
    """One call of the hand's bidding, as shown: `stage` 1, 2 or 3 (the bidding rounds; 3: variant
    (c)) or DOUBLING."""
    stage: int
    seat: int
    action: int
    words: Words


@dataclass
class Hud:
    """Everything drawn besides the cards; updated as the events are shown."""
    hand_number: int = 1
    dealer: int = 0
    scores: tuple[int, int] = (0, 0)
    contract: Contract | None = None
    bidding_round: int = 1
    buying_card: int = -1
    phase: str = "deal"
    """deal, bidding, doubling, playing, over."""
    tricks: list[int] = field(default_factory=lambda: [0, 0])
    points: list[int] = field(default_factory=lambda: [0, 0])
    bubbles: dict[int, Bubble] = field(default_factory=dict)
    note_words: Words | None = None
    note_ttl: float = 0.0
    note_centre: bool = False
    """Draw the note in the middle of the table (the deal) rather than above the trick."""
    skip_words: Words | None = None
    """Why the bidding passed the player by (shown with the calls until the first trick is taken)."""
    shown: dict[int, list[int]] = field(default_factory=dict)
    played_shown: set[int] = field(default_factory=set)
    """Shown project cards already played (drawn marked, not as if still held)."""
    calls: list[Call] = field(default_factory=list)
    """Every call of the hand so far, in order (the bid history)."""
    last_trick: tuple[int, list[tuple[int, int]]] | None = None
    """(winner, [(seat, card)] in play order; the first is the leader)."""
    winning_card: int | None = None
    summary: tuple[HandScored, HandRecord | None] | None = None
    match_over: MatchOver | None = None
    names: tuple[str, str, str, str] = ("You", "East", "North", "West")
    rules: Rules = field(default_factory=Rules)
    """The rules of the match on the table (its rule set, target and variants)."""
    held: int = 0
    """Classic Belote: the 81-81 points waiting for the next hand's winner, as far as shown."""

    @property
    def note(self) -> str:
        return self.note_words() if self.note_words is not None else ""

    @property
    def skip(self) -> str:
        return self.skip_words() if self.skip_words is not None else ""

    def calls_shown(self) -> bool:
        """The calls of the hand stay on the table from the bidding to the end of the first trick."""
        return self.phase in ("bidding", "doubling") or (self.phase == "playing" and sum(self.tricks) == 0)


def held_pot(sheet: list[HandRecord]) -> int:
    """The points held from 81-81 hands after these hands of the score sheet and not yet won."""
    held = sum(rec.score.held for rec in sheet if rec.score is not None)
    return held - sum(sum(rec.held_awarded) for rec in sheet)


def new_hand_words(number: int, dealer: int, names: tuple[str, ...], human: int | None) -> str:
    """'Hand 2 — Fahad deals', and 'Hand 2 — you deal' (never 'You deals'); the verb agrees with
    the dealer in Arabic (`seat_tr`)."""
    if human is None:  # four computer players (the demo): nobody is "you"
        return tr("note.new_hand", number=number, seat=names[dealer])
    return seat_tr("note.new_hand", dealer, names, number=number)


def deal_order(base: DealBase, number: int) -> list[int]:
    """The 32 cards in the order they leave the dealer's deck: 3 each, 2 each, buying card, stock.

    Which three of a seat's five came first is not recorded; a fixed shuffle picks them.
    """
    rng = random.Random(number * 7919 + base.dealer)
    fives: list[list[int]] = []
    for seat in range(4):
        cards = cards_in(base.hands[seat])
        rng.shuffle(cards)
        fives.append(cards)
    order: list[int] = []
    for lo, hi in ((0, 3), (3, 5)):
        for i in range(4):
            seat = seat_after(base.dealer, 1 + i)
            order += fives[seat][lo:hi]
    return [*order, base.buying_card, *base.stock]


class Animator:
    def __init__(self, table: TableModel, play_sound: Callable[[str], None] | None = None) -> None:
        self.table = table
        self.hud = Hud()
        self.speed = "normal"
        self.reduced = False
        """Reduced motion (the setting): shorter flights, no gathering of the trick."""
        self.wait = 0.0
        self.steps: deque[Callable[[], None]] = deque()
        self.play_sound = play_sound or (lambda name: None)
        self.sheet: list[HandRecord] = []
        self.contracts: dict[int, Contract] = {}
        """Each hand's final contract, by hand number (the score sheet labels it)."""
        self.shown_events = 0
        self._r1_bids: list[int] = []
        self._r2_bids: list[int] = []
        self._hokum_bidders: set[int] = set()
        self.on_event: Callable[[UIEvent], None] | None = None

    # ----- timing --------------------------------------------------------------------------

    def d(self, ms: float) -> float:
        """A pause at the speed setting (time to see or read something)."""
        return ms * SPEED_FACTORS.get(self.speed, 1.0)

    def m(self, ms: float) -> float:
        """A card's flight at the speed setting, shorter with reduced motion."""
        return self.d(ms) * (REDUCED_MOTION if self.reduced else 1.0)

    def blocked(self) -> bool:
        """A modal (hand summary, match end) waits for the player."""
        return self.hud.summary is not None or self.hud.match_over is not None

    def busy(self) -> bool:
        return bool(self.steps) or self.wait > 0 or self.table.moving() or self.blocked()

    def update(self, dt_ms: float, next_event: Callable[[], UIEvent | None]) -> None:
        """Advance the flights and pauses, then show as many events as can start now."""
        self.table.update(dt_ms)
        self.wait = max(0.0, self.wait - dt_ms)
        hud = self.hud
        if hud.note_ttl > 0:
            hud.note_ttl -= dt_ms
            if hud.note_ttl <= 0:
                hud.note_words = None
        for seat, b in list(hud.bubbles.items()):
            if b.ttl is not None:
                b.ttl -= dt_ms
                if b.ttl <= 0:
                    del hud.bubbles[seat]
        for _ in range(200):
            if self.table.moving() or self.wait > 0 or self.blocked():
                return
            if self.steps:
                self.steps.popleft()()
                continue
            event = next_event()
            if event is None:
                return
            self.show(event)

    def skip(self) -> None:
        """Click-to-skip: finish the flights and pauses now (modals stay)."""
        for _ in range(500):
            self.table.finish()
            self.wait = 0.0
            if not self.steps or self.blocked():
                break
            self.steps.popleft()()
        self.table.finish()
        self.wait = 0.0

    # ----- events --------------------------------------------------------------------------

    def note(self, words: Words, ms: float, centre: bool = False) -> None:
        self.hud.note_words, self.hud.note_ttl = words, max(self.d(ms), 1.0)
        self.hud.note_centre = centre

    def bubble(self, seat: int, words: Words, ms: float | None = None, alert: bool = False) -> None:
        self.hud.bubbles[seat] = Bubble(words, None if ms is None else max(self.d(ms), 1.0), alert)

    def show(self, e: UIEvent) -> None:
        self.shown_events += 1
        handler = getattr(self, "_on_" + type(e).__name__, None)
        if handler is not None:
            handler(e)
        if self.on_event is not None:
            self.on_event(e)

    def _on_DealStarted(self, e: DealStarted) -> None:
        hud, base = self.hud, e.base
        hud.hand_number, hud.dealer = e.number, base.dealer
        hud.scores = base.match_scores
        hud.contract, hud.bidding_round, hud.phase = None, 1, "deal"
        hud.buying_card = base.buying_card
        hud.tricks, hud.points = [0, 0], [0, 0]
        hud.bubbles, hud.shown, hud.last_trick, hud.winning_card = {}, {}, None, None
        hud.calls, hud.played_shown, hud.skip_words = [], set(), None
        self._r1_bids, self._r2_bids, self._hokum_bidders = [], [], set()
        order = deal_order(base, e.number)
        t = self.table
        t.reset(base.dealer, order)
        number, dealer = e.number, base.dealer
        self.note(lambda: new_hand_words(number, dealer, self.hud.names, self.table.human), 1500, centre=True)
        self.play_sound("shuffle")
        self.wait = self.d(250)
        self.steps.append(lambda: self._deal_first(order))

    def _deal_first(self, order: list[int]) -> None:
        t = self.table
        delays: dict[int, float] = {}
        gap = self.m(55)
        k = 0
        for i, card in enumerate(order[:20]):
            seat = self._first_deal_seat(i)
            t.to_hand(card, seat)
            delays[card] = k * gap + (self.m(160) if i >= 12 else 0.0)
            k += 1
        rest = order[20:]
        for card in rest[1:]:
            t.to_stock(card)
        t.to_buying(rest[0])
        delays[rest[0]] = k * gap + self.m(400)
        t.retarget(self.m(300), delays)
        self.play_sound("deal")
        self.steps.append(self._start_bidding)

    def _first_deal_seat(self, i: int) -> int:
        dealer = self.table.dealer
        if i < 12:
            return seat_after(dealer, 1 + i // 3)
        return seat_after(dealer, 1 + (i - 12) // 2)

    def _start_bidding(self) -> None:
        self.hud.phase = "bidding"

    def _on_BidMade(self, e: BidMade) -> None:
        hud = self.hud
        hud.phase = "bidding"
        buy_suit = suit_of(hud.buying_card) if hud.buying_card >= 0 else None
        choice = e.action in (HOKUM, SUN) and e.seat in self._hokum_bidders and e.round == 1
        if e.action == HOKUM and e.round == 1:
            self._hokum_bidders.add(e.seat)
        action, round_, belote = e.action, e.round, hud.rules.belote

        def words() -> str:
            return call_label(action, buy_suit, round_, choice, belote)

        hud.calls.append(Call(round_, e.seat, action, words))
        self.bubble(e.seat, words)
        self.play_sound("click")
        self.wait = self.d(CALL_READ_MS)
        if e.round == 1:
            self._r1_bids.append(e.action)
            if len(self._r1_bids) == 4 and all(a == PASS for a in self._r1_bids):
                self.steps.append(self._round_two)
        elif e.round == 2:
            self._r2_bids.append(e.action)
            third = hud.rules.third_round_on_ace and not hud.rules.belote and is_ace(hud.buying_card)
            if third and len(self._r2_bids) == 4 and all(a == PASS for a in self._r2_bids):
                self.steps.append(self._round_three)

    def _round_two(self) -> None:
        hud = self.hud
        hud.bidding_round = 2
        card = hud.buying_card
        self.note(lambda: tr("note.round2", card=card_label(card)), 1600)
        self.wait = self.d(700)

    def _round_three(self) -> None:
        """Variant (c): everyone passed twice on an Ace; only the dealer's right may call."""
        hud = self.hud
        hud.bidding_round = 3
        first = seat_after(hud.dealer, 1)
        if first == self.table.human:
            self.note(lambda: tr("note.round3_you"), 1800)
        else:
            self.note(lambda: tr("note.round3", seat=self.hud.names[first]), 1800)
        self.wait = self.d(700)

    def _on_ContractFixed(self, e: ContractFixed) -> None:
        hud = self.hud
        hud.contract = e.contract
        hud.phase = "doubling"
        self.table.set_trump(e.contract.trump if not e.contract.sun else NO_TRUMP)
        self.contracts[hud.hand_number] = e.contract
        contract, belote = e.contract, hud.rules.belote
        self.note(lambda: contract_label(contract, self.hud.names, belote), 1400)
        self.wait = self.d(900)
        skip = None if self.table.human is None else passed_by(
            hud.dealer, hud.buying_card, hud.rules,
            [(c.seat, c.action) for c in hud.calls if c.stage != DOUBLING], self.table.human)
        if skip is not None:
            key, seat = skip.key, skip.seat
            hud.skip_words = lambda: tr(key, seat=self.hud.names[seat])
            self.note(lambda: contract_label(contract, self.hud.names, belote), SKIPPED_READ_MS)
            self.wait = self.d(SKIPPED_READ_MS)

    def _on_CardsDealt(self, e: CardsDealt) -> None:
        t = self.table
        cards = cards_in(e.cards)
        if e.buying_card and t.buying is not None and t.buying in cards:
            cards.remove(t.buying)
            cards.insert(0, t.buying)
        delays: dict[int, float] = {}
        for i, card in enumerate(cards):
            t.to_hand(card, e.seat)
            delays[card] = i * self.m(70)
        t.retarget(self.m(280), delays)
        self.play_sound("deal")

    def _on_HandThrownIn(self, e: HandThrownIn) -> None:
        key = "note.annulled" if "Kawesh" in e.reason else "note.thrown_in"
        self.note(lambda: tr(key), 2200)
        self.hud.phase = "over"
        self.wait = self.d(1800)

    def _on_RaiseMade(self, e: RaiseMade) -> None:
        hud = self.hud
        hud.contract = e.contract
        self.contracts[hud.hand_number] = e.contract
        hud.phase = "doubling"
        action = e.action

        def words() -> str:
            return call_label(action, doubling=True)

        hud.calls.append(Call(DOUBLING, e.seat, action, words))
        self.bubble(e.seat, words)
        self.play_sound("click")
        self.wait = self.d(CALL_READ_MS)

    def _on_ProjectsDeclared(self, e: ProjectsDeclared) -> None:
        if e.kinds:
            kinds = e.kinds
            self.bubble(e.seat, lambda: " + ".join(project_name(k) for k in kinds), 2200)
            self.wait = self.d(450)

    def _on_CardPlayed(self, e: CardPlayed) -> None:
        hud, t = self.hud, self.table
        if hud.phase != "playing":
            hud.phase = "playing"
            hud.bubbles = {}
        if hud.winning_card is not None:
            hud.winning_card = None
        t.to_trick(e.card, e.seat)
        t.retarget(self.m(300))
        if e.card in hud.shown.get(e.seat, ()):
            hud.played_shown.add(e.card)
        self.play_sound("card_flick")
        if e.ekka:
            self.bubble(e.seat, lambda: tr("call.ekka"), 1600)

    def _on_BalootCalled(self, e: BalootCalled) -> None:
        self.bubble(e.seat, lambda: tr("call.baloot"), 2200, alert=True)
        self.play_sound("baloot")
        self.wait = self.d(500)

    def _on_BeloteAnnounced(self, e: BeloteAnnounced) -> None:
        key = "call.rebelote" if e.rebelote else "call.belote"
        self.bubble(e.seat, lambda: tr(key), 2200, alert=True)
        self.play_sound("baloot")
        self.wait = self.d(500)

    def _on_TrickWon(self, e: TrickWon) -> None:
        hud = self.hud
        seats = [seat_after(e.leader, i) for i in range(len(e.cards))]
        hud.winning_card = self.table.on_top = e.cards[seats.index(e.seat)]  # drawn above the trick
        hud.last_trick = (e.seat, list(zip(seats, e.cards, strict=True)))
        key = "note.trick_won_you" if e.seat == self.table.human else "note.trick_won"
        seat, points = e.seat, e.points
        self.note(lambda: tr(key, seat=self.hud.names[seat], points=points), 1100)
        self.wait = self.d(1000)
        if not self.reduced:
            self.steps.append(lambda: self._gather(e))
        self.steps.append(lambda: self._sweep(e))

    def _gather(self, e: TrickWon) -> None:
        """The trick's cards slide under the winning card (which stays marked), then go together."""
        t, winner = self.table, self.hud.winning_card
        if winner is None or t.where.get(winner, ("", 0))[0] != TRICK:
            return
        t.on_top = winner
        at = t.sprites[winner].pose
        for card in e.cards:
            if card != winner and t.where[card][0] == TRICK:
                s = t.sprites[card]
                t.start(s, Pose(at.x, at.y, at.w, at.h, at.angle, True), self.m(GATHER_MS), 0.0)

    def _sweep(self, e: TrickWon) -> None:
        hud, t = self.hud, self.table
        hud.winning_card, t.on_top = None, None
        delays = {}
        for i, card in enumerate(e.cards):
            t.to_pile(card, e.seat)
            delays[card] = i * self.m(30)
        t.retarget(self.m(360), delays)
        hud.tricks[team_of(e.seat)] += 1
        hud.points[team_of(e.seat)] += e.points
        self.play_sound("trick_won")

    def _on_ProjectsCompared(self, e: ProjectsCompared) -> None:
        if e.best is None or e.best_seat is None:
            return
        kind, seat = e.best.kind, e.best_seat
        self.note(lambda: tr("note.best_project", project=project_name(kind), seat=self.hud.names[seat]),
                  1800)
        self.wait = self.d(700)

    def _on_ProjectsShown(self, e: ProjectsShown) -> None:
        cards: list[int] = []
        for p in e.projects:
            cards += cards_in(p.cards)
        self.hud.shown[e.seat] = sorted(cards, key=lambda c: (suit_of(c), -rank_of(c)))
        played = {c for _s, c in self.table.trick} | {c for pile in self.table.piles for c in pile}
        self.hud.played_shown |= played & set(cards)
        self.wait = self.d(900)

    def _on_ProjectsHidden(self, e: ProjectsHidden) -> None:
        self.hud.shown, self.hud.played_shown = {}, set()

    def _on_HandScored(self, e: HandScored) -> None:
        hud = self.hud
        hud.phase = "over"
        record = self.sheet[hud.hand_number - 1] if len(self.sheet) >= hud.hand_number else None
        if e.score.kaboot:
            self.play_sound("kaboot")
        self.steps.append(lambda: self._open_summary(e, record))
        self.wait = self.d(400)

    def _open_summary(self, e: HandScored, record: HandRecord | None) -> None:
        self.hud.summary = (e, record)
        if record is not None:
            self.hud.scores = record.totals
            self.hud.held = held_pot(self.sheet[:record.number])

    def _on_HeldPointsAwarded(self, e: HeldPointsAwarded) -> None:
        """The 81-81 points go to this hand's winner (the summary said so; the table says it too)."""
        team, points = e.team, e.points
        self.note(lambda: tr(f"note.held_awarded.{team}", points=points), 1800)
        self.wait = self.d(600)

    def _on_NewHand(self, e: NewHand) -> None:
        """The cards go back to the next dealer before the new deal."""
        self.hud.scores = e.match_scores
        self.hud.shown, self.hud.bubbles = {}, {}
        t = self.table
        visible = [c for c in range(32) if t.visible(c)]
        lay = t.layout
        for i, card in enumerate(visible):
            place = lay.deck_place(e.dealer, 31 - i)
            t.start(t.sprites[card], Pose.of(place, False), self.m(420), i * self.m(8))
        self.wait = self.d(150)

    def _on_MatchOver(self, e: MatchOver) -> None:
        self.hud.scores = e.scores
        self.hud.match_over = e

