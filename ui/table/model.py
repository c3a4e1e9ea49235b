"""What the table shows: where each of the 32 cards lies, and the tweens that move it there.

Every card is one sprite for the whole hand (face down in the others' hands, face up on the
table), so a card flies from a hand to the trick to a won pile, and turns over on the way.
The model is updated when the animator shows an engine event, so it lags the engine on purpose.
Opponents' cards are kept in the order they were dealt, so a gap in a fan tells nothing.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.ranking import NO_TRUMP
from ui.table.choices import SUIT_DISPLAY_ORDER, display_key
from ui.table.layout import Layout, Place

DECK, STOCK, HAND, BUYING, TRICK, PILE, GONE = "deck", "stock", "hand", "buying", "trick", "pile", "gone"
__all__ = ["SUIT_DISPLAY_ORDER", "Pose", "Sprite", "TableModel", "display_key", "ease_in_out"]
TURN_START, TURN_END = 0.15, 0.85
"""The part of a flight (linear time) in which a card turns over: it leaves, turns, then lands."""
TURN_BUMP = 0.12
"""How much a turning card grows at the middle of its flight (picked up off the table)."""


def ease_in_out(t: float) -> float:
    """Cubic ease in and out: a card starts gently, speeds up, and settles."""
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def turned(fraction: float) -> float:
    """How far a card has turned over (0..1) at this fraction of its flight."""
    return min(1.0, max(0.0, (fraction - TURN_START) / (TURN_END - TURN_START)))


@dataclass
class Pose:
    x: float
    y: float
    w: float
    h: float
    angle: float
    face: bool

    @staticmethod
    def of(place: Place, face: bool) -> Pose:
        return Pose(place.x, place.y, place.w, place.h, place.angle, face)

    def same(self, other: Pose) -> bool:
        return (abs(self.x - other.x) < 0.5 and abs(self.y - other.y) < 0.5
                and abs(self.w - other.w) < 0.5 and abs(self.h - other.h) < 0.5
                and abs(self.angle - other.angle) < 0.5 and self.face == other.face)


@dataclass
class Sprite:
    card: int
    pose: Pose
    target: Pose
    src: Pose | None = None
    t: float = 0.0
    duration: float = 0.0
    delay: float = 0.0
    lift: float = 0.0
    """0..1, eased: a hovered playable card in South's hand rises."""
    flying_order: int = 0

    @property
    def moving(self) -> bool:
        return self.src is not None


@dataclass
class TableModel:
    layout: Layout
    human: int | None = 0
    """The seat whose hand is face up (None: every hand face down)."""
    reveal_all: bool = False
    reduced: bool = False
    """Reduced motion: a card changes face without turning or growing on the way."""
    trump: int = NO_TRUMP
    dealer: int = 0
    where: dict[int, tuple[str, int]] = field(default_factory=dict)
    hands: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    deck: list[int] = field(default_factory=list)
    stock: list[int] = field(default_factory=list)
    buying: int | None = None
    trick: list[tuple[int, int]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    sprites: dict[int, Sprite] = field(default_factory=dict)
    on_top: int | None = None
    """A card drawn above all others (the winning card while the trick gathers under it)."""
    _flights: int = 0
    version: int = 0
    """Bumped by every change of place or pose: the app redraws only when something changed."""

    # ----- moving cards between places -----------------------------------------------------

    def reset(self, dealer: int, deck_order: list[int]) -> None:
        """A new hand: all 32 cards in the dealer's deck (the order they will be dealt)."""
        self.version += 1
        self.dealer, self.trump = dealer, NO_TRUMP
        self.hands = [[], [], [], []]
        self.piles = [[], [], [], []]
        self.trick, self.buying, self.stock = [], None, []
        self.deck = list(deck_order)
        self.where = {c: (DECK, dealer) for c in self.deck}
        for c in range(32):
            if c not in self.where:
                self.where[c] = (GONE, 0)
        self.sprites, self.on_top = {}, None
        for c in range(32):
            p = self.target_pose(c)
            self.sprites[c] = Sprite(c, Pose(p.x, p.y, p.w, p.h, p.angle, p.face), p)

    def _take(self, card: int) -> None:
        self.version += 1
        kind, seat = self.where[card]
        if kind == DECK:
            self.deck.remove(card)
        elif kind == STOCK:
            self.stock.remove(card)
        elif kind == HAND:
            self.hands[seat].remove(card)
        elif kind == BUYING:
            self.buying = None
        elif kind == TRICK:
            self.trick = [(s, c) for s, c in self.trick if c != card]
        elif kind == PILE:
            self.piles[seat].remove(card)

    def to_hand(self, card: int, seat: int) -> None:
        self._take(card)
        self.hands[seat].append(card)
        self.where[card] = (HAND, seat)
        if seat == self.human:
            self.sort_hand(seat)

    def to_stock(self, card: int) -> None:
        self._take(card)
        self.stock.append(card)
        self.where[card] = (STOCK, 0)

    def to_buying(self, card: int) -> None:
        self._take(card)
        self.buying = card
        self.where[card] = (BUYING, 0)

    def to_trick(self, card: int, seat: int) -> None:
        self._take(card)
        self.trick.append((seat, card))
        self.where[card] = (TRICK, seat)

    def to_pile(self, card: int, seat: int) -> None:
        self._take(card)
        self.piles[seat].append(card)
        self.where[card] = (PILE, seat)

    def sort_hand(self, seat: int) -> None:
        self.hands[seat].sort(key=lambda c: display_key(c, self.trump))

    def set_trump(self, trump: int) -> None:
        self.version += 1
        self.trump = trump
        if self.human is not None:
            self.sort_hand(self.human)

    # ----- where a card should be ----------------------------------------------------------

    def target_pose(self, card: int) -> Pose:
        kind, seat = self.where[card]
        lay = self.layout
        if kind == DECK:
            i = self.deck.index(card)
            return Pose.of(lay.deck_place(self.dealer, len(self.deck) - 1 - i), False)
        if kind == STOCK:
            i = self.stock.index(card)
            return Pose.of(lay.stock_place(len(self.stock) - 1 - i), False)
        if kind == BUYING:
            return Pose.of(lay.buying_place(), True)
        if kind == HAND:
            hand = self.hands[seat]
            place = lay.hand_places(seat, len(hand))[hand.index(card)]
            return Pose.of(place, self.reveal_all or seat == self.human)
        if kind == TRICK:
            return Pose.of(lay.trick_place(seat), True)
        if kind == PILE:
            return Pose.of(lay.pile_place(seat, self.piles[seat].index(card)), False)
        return Pose.of(lay.deck_place(self.dealer), False)

    def z_of(self, card: int) -> int:
        if card == self.on_top:
            return 100_000
        s = self.sprites[card]
        if s.moving:
            return 10_000 + s.flying_order
        kind, seat = self.where[card]
        if kind == DECK:
            return 100 + (31 - self.deck.index(card))
        if kind == STOCK:
            return 200 + (31 - self.stock.index(card))
        if kind == BUYING:
            return 300
        if kind == HAND:
            return 1000 + seat * 100 + self.hands[seat].index(card)
        if kind == TRICK:
            return 2000 + [c for _, c in self.trick].index(card)
        if kind == PILE:
            return 500 + seat * 40 + self.piles[seat].index(card)
        return 0

    def visible(self, card: int) -> bool:
        return self.where[card][0] != GONE

    # ----- tweens --------------------------------------------------------------------------

    def retarget(self, duration: float, delays: dict[int, float] | None = None,
                 only: set[int] | None = None) -> None:
        """Move every card whose place changed; `delays` staggers the named cards."""
        delays = delays or {}
        for card, s in self.sprites.items():
            if only is not None and card not in only:
                continue
            target = self.target_pose(card)
            if target.same(s.target) and not (card in delays and s.moving):
                continue
            self.start(s, target, duration, delays.get(card, 0.0))

    def start(self, s: Sprite, target: Pose, duration: float, delay: float) -> None:
        self.version += 1
        s.target = target
        if duration <= 0 and delay <= 0:
            s.pose, s.src = Pose(target.x, target.y, target.w, target.h, target.angle, target.face), None
            return
        s.src = Pose(s.pose.x, s.pose.y, s.pose.w, s.pose.h, s.pose.angle, s.pose.face)
        s.t, s.duration, s.delay = 0.0, max(duration, 1.0), delay
        self._flights += 1
        s.flying_order = self._flights

    def snap(self) -> None:
        """Put every card at its place at once (skip, or after a resize)."""
        self.version += 1
        for card, s in self.sprites.items():
            t = self.target_pose(card)
            s.target = t
            s.pose, s.src = Pose(t.x, t.y, t.w, t.h, t.angle, t.face), None

    def finish(self) -> None:
        self.version += 1
        for s in self.sprites.values():
            if s.src is not None:
                t = s.target
                s.pose, s.src = Pose(t.x, t.y, t.w, t.h, t.angle, t.face), None

    def moving(self) -> bool:
        return any(s.src is not None for s in self.sprites.values())

    def update(self, dt_ms: float) -> None:
        for s in self.sprites.values():
            src = s.src
            if src is None:
                continue
            s.t += dt_ms
            local = s.t - s.delay
            if local <= 0:
                continue
            f = min(1.0, local / s.duration)
            k = ease_in_out(f)
            tg = s.target
            turning = src.face != tg.face
            grow = 1.0 + (TURN_BUMP * math.sin(math.pi * f) if turning and not self.reduced else 0.0)
            s.pose = Pose(src.x + (tg.x - src.x) * k, src.y + (tg.y - src.y) * k,
                          (src.w + (tg.w - src.w) * k) * grow, (src.h + (tg.h - src.h) * k) * grow,
                          src.angle + (tg.angle - src.angle) * k,
                          tg.face if turned(f) >= 0.5 else src.face)
            if local >= s.duration:
                s.pose, s.src = Pose(tg.x, tg.y, tg.w, tg.h, tg.angle, tg.face), None

    def flip_scale(self, s: Sprite) -> float:
        """The card's width squeezed while it turns over (1: not turning)."""
        src = s.src
        if src is None or src.face == s.target.face or self.reduced:
            return 1.0
        local = s.t - s.delay
        if local <= 0:
            return 1.0
        return max(0.04, abs(1 - 2 * turned(min(1.0, local / s.duration))))

    def set_layout(self, layout: Layout) -> None:
        self.layout = layout
        self.snap()

    def drawing_order(self) -> list[Sprite]:
        cards = [c for c in range(32) if self.visible(c) or self.sprites[c].moving]
        cards.sort(key=self.z_of)
        return [self.sprites[c] for c in cards]
