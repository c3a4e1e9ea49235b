"""Seeds of hands with something to show (classic Belote: South holding belote, an 81-81 hand, capot;
Baloot: South asked to show its projects in the second trick),
found by playing the first hand with the table's own `MatchDriver` (random computer players, seeded
per decision as the window seeds them) and South choosing with `south_choice`: the same seed and
the same choices of South give the same hand on the table (tests and tools/ui_screenshots.py)."""

from __future__ import annotations

from collections.abc import Callable

from game.actions import HOKUM, HOKUM_SUIT_BASE, PASS, Action, is_announced, is_card
from game.cards import KING, QUEEN, suit_of
from game.match import HandRecord
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules
from ui.table.driver import MatchDriver

BELOTE = Rules.preset("belote")


def holds_kq(hand: int, suit: int) -> bool:
    return bool(hand >> (suit * 8 + KING) & 1 and hand >> (suit * 8 + QUEEN) & 1)


def south_choice(obs: Observation, take: bool = True) -> Action:
    """South's move: take (or name) a trump in which it holds King and Queen, else pass; play the
    lowest legal card, a King or Queen of trump announced when that may be."""
    legal = obs.legal_actions
    if obs.phase is Phase.BIDDING:
        hand = obs.hand | (1 << obs.buying_card)
        if take and HOKUM in legal and holds_kq(hand, suit_of(obs.buying_card)):
            return HOKUM
        for a in legal:
            if take and HOKUM_SUIT_BASE <= a < HOKUM_SUIT_BASE + 4 and holds_kq(hand, a - HOKUM_SUIT_BASE):
                return a
        return PASS if PASS in legal else legal[0]
    said = [a for a in legal if is_announced(a)]
    if said:
        return said[0]
    cards = sorted(a for a in legal if is_card(a))
    c = obs.contract
    if c is not None and len(cards) > 1 and holds_kq(obs.hand, c.trump):  # the King first
        cards = [a for a in cards if a != c.trump * 8 + QUEEN]
    return cards[0]


Choice = Callable[[Observation], Action]


def first_hand(seed: int, rules: Rules = BELOTE, take: bool = True,
               until: Callable[[MatchDriver], bool] | None = None,
               choose: Choice | None = None, spec: str = "random") -> tuple[MatchDriver, HandRecord | None]:
    """The first hand of `seed` played to its end (or until `until(driver)` holds); South plays
    `choose` (default: `south_choice`), the others are `spec` players."""
    d = MatchDriver(seed, humans=(0,), agent_spec=spec, rules=rules)
    for _ in range(500):
        if d.state.sheet or (until is not None and until(d)):
            break
        if d.human_to_move() == 0:
            obs = d.observation(0)
            d.submit(choose(obs) if choose is not None else south_choice(obs, take))
        else:
            d.update(0.0, True)
    return d, (d.state.sheet[0] if d.state.sheet else None)


def south_plays_with_belote(d: MatchDriver) -> bool:
    obs = d.observation(0)
    c = obs.contract
    return obs.phase is Phase.PLAYING and c is not None and holds_kq(obs.hand, c.trump)


def find_seed(want: Callable[[MatchDriver, HandRecord | None], bool], take: bool = True,
              until: Callable[[MatchDriver], bool] | None = None, limit: int = 400,
              rules: Rules = BELOTE, choose: Choice | None = None, spec: str = "random") -> int:
    for seed in range(limit):
        d, rec = first_hand(seed, rules, take, until, choose, spec)
        if want(d, rec):
            return seed
    raise AssertionError("no seed found")
