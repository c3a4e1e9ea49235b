"""HeuristicAgent: a rule-based player for every decision, the way a sound club player plays.

Bidding and doubling come from hand-strength estimates (ai/call_rules.py). In the card play it
keeps track of the cards out and of what each seat is known not to hold, cashes sure winners
(Aces, Ekka), draws trumps when its side holds the top trump, returns its partner's suit, does
not trump a trick its partner is sure to win, throws points onto a partner's winning trick,
wins cheaply in last seat and never throws away a sure winner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.actions import DECLARE, NO_DECLARE, Action, is_card
from game.cardplay import winner_index
from game.cards import FULL_DECK, SUIT_MASKS, cards_in, mask_of, partner_of, seat_after, suit_of, team_of
from game.observation import Observation
from game.phase import Phase
from game.ranking import POINTS, STRENGTH, STRONGER

from . import cardsense
from .agent import RULE_SETS, with_announcement
from .call_rules import decide_call

Reason = str
"""A code for why a rule chose a card; RULE_TEXT gives its English words (a UI translates it)."""

RULE_TEXT: dict[Reason, str] = {
    "only_card": "the only legal card",
    "feed_partner": "partner is sure to win the trick: add points to it",
    "make_safe": "make the trick safe for our side",
    "partner_low": "partner is winning: play low",
    "win_cheap": "win the trick as cheaply as possible",
    "win_sure": "take the trick with a card that cannot be beaten",
    "take_points": "take the points on the table",
    "throw_cheap": "cannot win the trick: throw the cheapest card",
    "draw_trumps": "draw the opponents' trumps with the top trump",
    "cash": "cash a sure winner",
    "return_suit": "return partner's suit",
    "lead_low": "lead low",
    "declare": "declare the projects",
}


class Table:
    """What the seat to move knows about the cards, for the play decisions."""

    def __init__(self, obs: Observation) -> None:
        c = obs.contract
        assert c is not None
        self.obs = obs
        self.seat = obs.seat
        self.partner = partner_of(obs.seat)
        self.opps = (seat_after(obs.seat, 1), seat_after(obs.seat, 3))
        self.trump = c.trump
        self.sun = c.sun
        self.hand = obs.hand
        self.out = FULL_DECK & ~obs.played & ~obs.hand
        self.trick = obs.trick
        self.leader = obs.trick_leader
        self.declarers = c.declarer_team == team_of(obs.seat)
        self.possible = [self.out & ~obs.absent[s] for s in range(4)]
        for s in range(4):
            self.possible[s] |= obs.known_held(s)
        self.possible[obs.seat] = obs.hand

    # ----- card facts -------------------------------------------------------------------------

    def pts(self, c: int) -> int:
        return POINTS[self.trump][c]

    def strength(self, c: int) -> int:
        return STRENGTH[self.trump][c]

    def is_trump(self, c: int) -> bool:
        return self.trump >= 0 and suit_of(c) == self.trump

    def master(self, c: int) -> bool:
        """No card that beats it in its suit is out (the seat's own cards do not count)."""
        return not STRONGER[self.trump][c] & self.out

    def surely_void(self, s: int, suit: int) -> bool:
        return not self.possible[s] & SUIT_MASKS[suit]

    def may_trump(self, s: int, suit: int) -> bool:
        """Seat s is certainly out of `suit` and may still hold a trump."""
        return (self.trump >= 0 and suit != self.trump and self.surely_void(s, suit)
                and bool(self.possible[s] & SUIT_MASKS[self.trump]))

    def could_beat(self, s: int, c: int, led: int) -> bool:
        """Seat s might take a trick in which `c` is winning (suit led: `led`)."""
        h = self.possible[s]
        if self.is_trump(c):
            if led == self.trump:
                return bool(h & STRONGER[self.trump][c])
            return self.surely_void(s, led) and bool(h & STRONGER[self.trump][c])
        if h & STRONGER[self.trump][c]:
            return True
        return self.may_trump(s, suit_of(c))

    def sure(self, c: int, led: int, after: Sequence[int]) -> bool:
        return not any(self.could_beat(s, c, led) for s in after if team_of(s) != team_of(self.seat))

    # ----- choosing ---------------------------------------------------------------------------

    def cheapest(self, mask: int, keep_masters: bool = True) -> int:
        """The card that costs least: not a trump nor a master if avoidable, few points, weak."""
        pool = mask & ~SUIT_MASKS[self.trump] if self.trump >= 0 else mask
        pool = pool or mask
        if keep_masters:
            pool = pool & ~cardsense.masters(pool, self.out, self.trump) or pool
        return cardsense.cheapest(pool, self.trump)

    def weakest(self, mask: int) -> int:
        return cardsense.weakest(mask, self.trump)

    def beats(self, c: int, best: int, led: int) -> bool:
        if suit_of(c) == suit_of(best):
            return self.strength(c) > self.strength(best)
        return self.is_trump(c) and not self.is_trump(best)

    def choose(self, legal: int) -> tuple[int, Reason]:
        if legal.bit_count() == 1:
            return legal.bit_length() - 1, "only_card"
        if not self.trick:
            return self.lead(legal)
        return self.follow(legal)

    def follow(self, legal: int) -> tuple[int, Reason]:
        trick = self.trick
        n = len(trick)
        led = suit_of(trick[0])
        wi = winner_index(trick, self.trump)
        best = trick[wi]
        w_seat = seat_after(self.leader, wi)
        after = [seat_after(self.seat, k) for k in range(1, 4 - n)]
        trick_pts = sum(self.pts(c) for c in trick)
        if w_seat == self.partner:
            if self.sure(best, led, after):
                pool = [c for c in cards_in(legal) if not self.is_trump(c)] or cards_in(legal)
                # keep the top card of a suit (a sure trick later) unless it is all we have
                give = [c for c in pool if not (self.master(c) and self.top_of_suit(c))] or pool
                c = max(give, key=lambda c: (self.pts(c), -self.strength(c), -c))
                return c, "feed_partner"
            sure_beaters = [c for c in cards_in(legal) if self.beats(c, best, led)
                            and self.sure(c, led, after) and not self.is_trump(c)]
            if sure_beaters and trick_pts >= 10:
                return min(sure_beaters, key=self.strength), "make_safe"
            return self.cheapest(legal), "partner_low"
        beaters = [c for c in cards_in(legal) if self.beats(c, best, led)]
        if beaters:
            if not after:
                return min(beaters, key=self.strength), "win_cheap"
            sure = [c for c in beaters if self.sure(c, led, after)]
            if sure:
                return min(sure, key=self.strength), "win_sure"
            if trick_pts >= 10 or self.is_trump(beaters[0]):
                c = min(beaters, key=lambda c: (self.strength(c), c))
                if not (self.is_trump(c) and self.pts(c) >= 10 and trick_pts < 10):
                    return c, "take_points"
        return self.cheapest(legal), "throw_cheap"

    def top_of_suit(self, c: int) -> bool:
        """Nothing stronger in its suit is left anywhere, this hand included."""
        return not STRONGER[self.trump][c] & (self.out | self.hand)

    def lead(self, legal: int) -> tuple[int, Reason]:
        cards = cards_in(legal)
        trump = self.trump
        opp_possible = self.possible[self.opps[0]] | self.possible[self.opps[1]]
        if trump >= 0:
            opp_trumps = opp_possible & SUIT_MASKS[trump]
            my_trumps = [c for c in cards if self.is_trump(c)]
            if my_trumps and opp_trumps and self.declarers:
                top = max(my_trumps, key=self.strength)
                if self.master(top):
                    return top, "draw_trumps"
        # cash sure winners
        winners = []
        for c in cards:
            if self.is_trump(c):
                continue
            suit = suit_of(c)
            if self.master(c) and not any(self.may_trump(o, suit) for o in self.opps):
                winners.append(c)
        if winners:
            c = max(winners, key=lambda c: (self.pts(c), self.strength(c)))
            return c, "cash"
        # return the partner's suit
        psuit = self.partner_suit()
        if psuit is not None:
            mine = [c for c in cards if suit_of(c) == psuit]
            if mine:
                return min(mine, key=self.strength), "return_suit"
        # lead low from the suit that costs least
        best_c, best_key = -1, (99.0, 0)
        for suit in range(4):
            mine = [c for c in cards if suit_of(c) == suit]
            if not mine:
                continue
            low = min(mine, key=lambda c: (self.strength(c), c))
            cost = float(self.pts(low))
            if trump >= 0 and suit == trump:
                cost += 6 if not self.declarers else 2
            if any(self.pts(c) == 10 and not self.master(c) for c in mine):
                cost += 4  # do not lead away from a ten
            if any(self.may_trump(o, suit) for o in self.opps):
                cost += 8
            if trump >= 0 and self.may_trump(self.partner, suit):
                cost -= 3
            cost -= 0.3 * len(mine)
            key = (cost, low)
            if key < best_key:
                best_c, best_key = low, key
        if best_c < 0:
            best_c = self.cheapest(legal)
        return best_c, "lead_low"

    def partner_suit(self) -> int | None:
        """The suit the partner led most recently (not trump)."""
        for leader, cards in reversed(self.obs.tricks):
            if leader == self.partner:
                s = suit_of(cards[0])
                if s != self.trump:
                    return s
        return None


def heuristic_play(obs: Observation, legal: Sequence[Action]) -> tuple[Action, Reason]:
    if DECLARE in legal:
        return DECLARE, "declare"
    card, reason = Table(obs).choose(mask_of(a for a in legal if is_card(a)))
    return with_announcement(card, legal), reason


def heuristic_call(obs: Observation, legal: Sequence[Action], scale: float = 1.0,
                   raise_scale: float = 1.0) -> Action:
    return decide_call(obs.seat, obs.hand, legal, obs.buying_card, obs.bids + obs.raises, obs.contract,
                       obs.match_scores, obs.bidding_round, scale, raise_scale, obs.rules.belote)


class HeuristicAgent:
    """Rule-based play for every decision. `noise` > 0 plays that share of cards at random."""

    name = "heuristic"
    rule_sets = RULE_SETS

    def __init__(self, seed: int | None = None, noise: float = 0.0, boldness: float = 1.0,
                 double_boldness: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.noise = noise
        self.scale = 1.0 / boldness
        self.raise_scale = 1.0 / double_boldness

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        if len(legal) == 1:
            return legal[0]
        if observation.phase is Phase.PLAYING:
            if self.noise and is_card(legal[0]) and self.rng.random() < self.noise:
                return legal[self.rng.randrange(len(legal))]
            return heuristic_play(observation, legal)[0]
        if NO_DECLARE in legal:
            return DECLARE
        return heuristic_call(observation, legal, self.scale, self.raise_scale)


__all__ = ["HeuristicAgent", "Table", "heuristic_call", "heuristic_play"]
