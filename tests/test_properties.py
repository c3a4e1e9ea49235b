"""Invariants over thousands of complete random matches (seeded, so any failure replays)."""

from __future__ import annotations

import random

import pytest

from game.cards import FULL_DECK, cards_in, nth_card
from game.match import MatchState
from game.phase import Phase
from game.record import record_of, replay
from game.rules import Rules
from game.state import RoundState
from game.worlds import InconsistentWorld, build_world
from tests.helpers import biased_choice

MATCHES = 2000
MAX_ACTIONS_PER_MATCH = 20_000


def permute_hidden(state: RoundState, seat: int, rng: random.Random) -> RoundState:
    """The same state with every card `seat` cannot see shuffled among the other places."""
    s = state.clone()
    others = [o for o in range(4) if o != seat]
    pool = [c for o in others for c in cards_in(s.hands[o])] + list(s.stock)
    rng.shuffle(pool)
    i = 0
    for o in others:
        n = s.hands[o].bit_count()
        s.hands[o] = sum(1 << c for c in pool[i:i + n])
        i += n
    s.stock = pool[i:]
    return s


def check_finished_hand(r: RoundState) -> None:
    if r.result is None:
        assert r.phase is Phase.OVER and r.contract is None
        return
    played = [c for _, cards in r.tricks_log for c in cards]
    assert sorted(played) == list(range(32)), "each card is played exactly once"
    assert r.played == FULL_DECK and not any(r.hands)
    assert sum(r.points) == (130 if r.contract and r.contract.sun else 162)
    assert sum(r.tricks_won) == 8
    assert sum(r.result.points) >= 0


ALL_VARIANTS = Rules(**{name: True for name in Rules().to_dict() if name != "game"})  # type: ignore[arg-type]
PRESET_MATCHES = [("saudi", Rules.preset("saudi"), MATCHES), ("riyadh", Rules.preset("riyadh"), 300),
                  ("belote", Rules.preset("belote"), 300), ("all-variants", ALL_VARIANTS, 300)]


@pytest.mark.parametrize(("name", "rules", "matches"), PRESET_MATCHES, ids=[p[0] for p in PRESET_MATCHES])
def test_random_matches(name: str, rules: Rules, matches: int) -> None:
    rng = random.Random(2024)
    kinds: dict[str, int] = {}
    hands = 0
    for seed in range(matches):
        m = MatchState(seed, rules)
        steps = 0
        while not m.is_over():
            legal = m.legal_actions()
            assert legal, "a legal action exists until the match ends"
            assert legal == sorted(set(legal))
            r = m.round
            if rng.random() < 0.03:
                seat = rng.randrange(4)
                assert permute_hidden(r, seat, rng).observation(seat) == r.observation(seat)
            m.apply(biased_choice(legal, rng))
            steps += 1
            assert steps < MAX_ACTIONS_PER_MATCH, "the match terminates"
            if r.is_over():
                check_finished_hand(r)
                hands += 1
                if r.contract:
                    key = r.contract.kind + ("-raised" if r.contract.raise_level > 1 else "")
                    key += "-locked" if r.contract.locked else ""
                    kinds[key] = kinds.get(key, 0) + 1
        assert m.winner is not None
        target = rules.target
        assert m.by_gahwa or (max(m.scores) >= target and m.scores[0] != m.scores[1])
        again = replay(record_of(m))
        assert again.actions == m.actions and again.scores == m.scores
        assert [h.totals for h in again.sheet] == [h.totals for h in m.sheet]
        # the match score is the hands' points plus any held 81-81 points they won
        earned = [(h.score.points[0] + h.held_awarded[0], h.score.points[1] + h.held_awarded[1])
                  for h in m.sheet if h.score]
        assert (sum(e[0] for e in earned), sum(e[1] for e in earned)) == m.scores
    # The random policy must have exercised every kind of contract the rule set has.
    expected = ("hokum",) if rules.belote else ("hokum", "sun", "hokum-raised",
                                                "hokum-raised-locked", "sun-raised")
    assert set(kinds) == set(expected) if rules.belote else set(expected) <= set(kinds)
    for key in expected:
        assert kinds.get(key, 0) > matches // 100, kinds
    assert hands > matches * 3


def test_worlds_rebuilt_from_an_observation_reproduce_it() -> None:
    rng = random.Random(7)
    accepted = 0
    for seed in range(400):
        s = RoundState.deal(random.Random(seed), dealer=seed % 4)
        for _ in range(rng.randrange(60)):
            if s.is_over():
                break
            s.apply(biased_choice(s.legal_actions(), rng))
        if s.is_over():
            continue
        seat = rng.randrange(4)
        obs = s.observation(seat)
        assert build_world(obs, s.hands, s.stock).observation(seat) == obs
        other = permute_hidden(s, seat, rng)
        try:
            world = build_world(obs, other.hands, other.stock)
        except InconsistentWorld:
            continue
        accepted += 1
        assert world.observation(seat) == obs
        assert world.legal_actions() == s.legal_actions() or world.to_move() != seat
    assert accepted > 50


def test_kernel_playout_follows_the_rules_card_by_card() -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(600):
        s = RoundState.deal(random.Random(seed), dealer=seed % 4)
        while s.phase in (Phase.BIDDING, Phase.DOUBLING):
            s.apply(biased_choice(s.legal_actions(), rng))
        if s.phase is not Phase.PLAYING:
            continue
        for _ in range(rng.randrange(20)):  # start from the first card or part-way through
            legal = s.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        while not s.is_over() and s.must_decide_projects(s.to_move() or 0):
            s.apply(s.legal_actions()[0])
        if s.is_over():
            continue
        trace: list[tuple[int, int]] = []
        cp = s.card_play()
        while not cp.is_over():
            legal = cp.legal()
            card = nth_card(legal, int(rng.random() * legal.bit_count()))
            trace.append((legal, card))
            cp.play(card)
        result = (cp.points[0], cp.points[1], cp.tricks_won[0], cp.tricks_won[1])
        ref = s.clone()
        for legal_mask, card in trace:
            while ref.must_decide_projects(ref.to_move() or 0):
                ref.apply(ref.legal_actions()[0])
            assert ref.legal_play_mask() == legal_mask
            ref.apply(card)
        assert ref.is_over()
        assert result == (ref.points[0], ref.points[1], ref.tricks_won[0], ref.tricks_won[1])
        assert ref.result is not None and cp.outcome()[:2] == ref.result.points
        checked += 1
    assert checked > 300
