"""ai/fast.py must follow the engine exactly: legal plays, tricks, projects, Baloot and the score."""

from __future__ import annotations

import itertools
import random

from ai.fast import FastState, legal_mask_fast, policy_card
from ai.positions import random_positions
from ai.sampler import WorldSampler
from game.actions import DECLARE, NO_DECLARE
from game.cards import mask_of
from game.phase import Phase
from game.play import legal_mask
from game.projects import KINDS
from game.scoring import score_hand
from game.worlds import build_world


def test_fast_state_matches_the_engine_move_by_move() -> None:
    rng = random.Random(11)
    checked = 0
    for state, seat in random_positions(400, seed=3):
        if state.phase is not Phase.PLAYING:
            continue
        obs = state.observation(seat)
        sampler = WorldSampler(obs)
        hands, stock = sampler.sample(rng)
        world = build_world(obs, hands, stock)
        mine = sampler.fast_state(sampler.fast_template(), hands)
        ref = FastState.from_round(world)
        for name in FastState.__slots__:
            if name == "declared" and mine.done > 0:
                continue  # only used during the first trick
            assert getattr(mine, name) == getattr(ref, name), name
        # finish the hand in both, the engine's projects always declared, half the moves by policy
        while not world.is_over():
            legal = world.legal_actions()
            if DECLARE in legal:
                world.apply(DECLARE)
                continue
            assert mine.legal() == mask_of(legal)
            if rng.random() < 0.5:
                card = policy_card(mine, mine.legal(), rng.random(), 0.1)
                assert card in legal
            else:
                card = rng.choice(legal)
            world.apply(card)
            mine.play(card)
        assert world.result is not None
        assert mine.score() == world.result
        r = world.result
        assert mine.outcome() == (r.points[0], r.points[1], r.winner, r.match_winner)
        checked += 1
    assert checked > 150


def test_fast_legal_mask_equals_play_tiers() -> None:
    rng = random.Random(5)
    for _ in range(20000):
        trump = rng.choice([-1, 0, 1, 2, 3])
        locked = trump >= 0 and rng.random() < 0.3
        deck = list(range(32))
        rng.shuffle(deck)
        n = rng.randrange(4)
        trick = deck[:n]
        hand = mask_of(deck[n:n + rng.randrange(1, 9)])
        ekka = rng.random() < 0.3
        from game.play import winner_index
        w = winner_index(trick, trump) if trick else 0
        assert legal_mask_fast(hand, trick, trump, locked, ekka, w) == legal_mask(
            hand, trick, trump, locked, ekka)


def test_outcome_equals_score_hand_on_every_kind_of_result() -> None:
    rng = random.Random(2)
    s = FastState.__new__(FastState)
    for kind, raise_level, decl in itertools.product(("hokum", "sun"), (1, 2, 3, 4, 5), (0, 1)):
        if kind == "sun" and raise_level > 2:
            continue
        total = 130 if kind == "sun" else 162
        for _ in range(300):
            tricks0 = rng.choice([0, 8, *range(1, 8)])
            if tricks0 == 0:
                pts0 = 0
            elif tricks0 == 8:
                pts0 = total
            else:
                pts0 = rng.randrange(10, total - 9)
            s.kind, s.sun, s.trump = kind, kind == "sun", -1 if kind == "sun" else 2
            s.declarer_team, s.raise_level = decl, raise_level
            s.points, s.tricks_won = [pts0, total - pts0], [tricks0, 8 - tricks0]
            s.kinds = [tuple(rng.sample(KINDS, rng.randrange(3))) if rng.random() < 0.3 else ()
                       for _ in range(4)]
            s.project_team = rng.choice([None, 0, 1])
            s.baloot = None if s.sun or rng.random() < 0.7 else rng.randrange(4)
            r = s.score()
            assert s.outcome() == (r.points[0], r.points[1], r.winner, r.match_winner)


def test_no_declare_choice_is_not_modelled_but_declare_matches() -> None:
    # A state where a seat still has to decide: FastState takes it to declare, like DECLARE.
    for state, _seat in random_positions(300, seed=8, max_moves=20):
        if state.phase is Phase.PLAYING and NO_DECLARE in state.legal_actions():
            fs = FastState.from_round(state)
            s = state.to_move()
            assert s is not None
            assert fs.declared[s] == state.available[s]
            return
    raise AssertionError("no position with a project decision found")


def test_score_hand_reference_sanity() -> None:
    r = score_hand("hokum", 0, 1, (80, 82), (4, 4), ((), ()), (False, False))
    assert r.points == (0, 16)
