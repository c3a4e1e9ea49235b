"""The match: totals, the deal passing right, 152 with ties, Gahwa, replay by seed."""

from __future__ import annotations

import itertools
import random

from game.actions import DOUBLE, FOUR, GAHWA, HOKUM, LOCKED, PASS, TRIPLE
from game.events import MatchOver, NewHand
from game.match import MatchState
from game.phase import Phase
from game.scoring import match_winner_after


def test_152_rule() -> None:
    assert match_winner_after((151, 40)) is None
    assert match_winner_after((152, 40)) == 0
    assert match_winner_after((160, 170)) == 1
    assert match_winner_after((160, 160)) is None  # tied at 152 or more: another hand


def test_same_seed_same_deals_and_first_dealer() -> None:
    a, b = MatchState(99), MatchState(99)
    assert a.dealer == b.dealer and a.round.base == b.round.base
    assert MatchState(100).round.base != a.round.base


def test_hands_follow_each_other_and_totals_add_up() -> None:
    rng = random.Random(1)
    m = MatchState(5)
    dealers = [m.dealer]
    while not m.is_over():
        events = m.apply(m.legal_actions()[rng.randrange(len(m.legal_actions()))])
        dealers += [e.dealer for e in events if isinstance(e, NewHand)]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    total = [0, 0]
    for h in m.sheet:
        if h.score:
            total[0] += h.score.points[0]
            total[1] += h.score.points[1]
        assert h.totals == tuple(total)
    assert tuple(total) == m.scores


def test_gahwa_ends_the_match_with_the_hands_winner() -> None:
    m = MatchState(12)
    while True:  # buy Hokum with the first speaker, then raise all the way
        legal = m.legal_actions()
        if m.round.phase is Phase.BIDDING:
            m.apply(HOKUM if HOKUM in legal else PASS)
        elif m.round.phase is Phase.DOUBLING:
            for a in (DOUBLE, LOCKED, TRIPLE, FOUR, GAHWA):
                if a in legal:
                    m.apply(a)
                    break
        else:
            break
    assert m.round.contract is not None and m.round.contract.raise_level == 5
    events: list[object] = []
    while not m.is_over():
        events += m.apply(m.legal_actions()[0])
    over = [e for e in events if isinstance(e, MatchOver)]
    assert over and over[0].by_gahwa and m.winner == m.sheet[-1].score.winner  # type: ignore[union-attr]
    assert len(m.sheet) == 1


def test_clone_is_independent() -> None:
    m = MatchState(3)
    c = m.clone()
    c.apply(c.legal_actions()[0])
    assert len(m.actions) == 0 and len(c.actions) == 1
    c2 = m.clone()
    c2.apply(c.actions[0])
    assert c2.round.observation(0) == c.round.observation(0)
