"""The card-play kernel (game/cardplay.py): a world built from a seat's view plays exactly as the
engine; `legal_mask` is the tiers of game/play.py; `outcome()` is `score_hand`."""

from __future__ import annotations

import itertools
import random

from ai.policy import policy_card
from ai.sampler import WorldSampler
from bench.positions import random_positions
from game.actions import DECLARE, NO_DECLARE
from game.cardplay import FIELDS, CardPlay, legal_mask, winner_index
from game.cards import mask_of
from game.phase import Phase
from game.play import play_tiers
from game.projects import KINDS, project_value
from game.scoring import score_hand
from game.worlds import build_world


def tiers_mask(hand: int, trick: list[int], trump: int, locked: bool, ekka: bool,
               classic: bool) -> int:
    """The legal cards by the readable specification: the first tier that meets the hand."""
    for mask, _ in play_tiers(trick, trump, locked, ekka, classic):
        if hand & mask:
            return hand & mask
    return 0


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
        mine = sampler.fast_state(CardPlay.public(obs), hands)
        ref = world.card_play()
        for name in FIELDS:
            if mine.done > 0 and name in ("declared", "best_project", "project_seat",
                                          "last_trick", "last_winner", "last_points"):
                continue  # only used during the first trick, or about the trick before
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
        r = world.result
        assert mine.outcome()[:4] == (r.points[0], r.points[1], r.winner,
                                      -1 if r.match_winner is None else r.match_winner)
        checked += 1
    assert checked > 150


def test_legal_mask_equals_play_tiers() -> None:
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
        classic = rng.random() < 0.3
        w = winner_index(trick, trump) if trick else 0
        assert legal_mask(hand, trick, trump, locked, ekka, w, classic) == tiers_mask(
            hand, trick, trump, locked, ekka, classic)


def test_outcome_equals_score_hand_on_every_kind_of_result() -> None:
    rng = random.Random(2)
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
            sun = kind == "sun"
            s = CardPlay.start(-1 if sun else 2, False, decl, raise_level, 0, (0, 0, 0, 0))
            s.points, s.tricks_won = [pts0, total - pts0], [tricks0, 8 - tricks0]
            kinds = [tuple(rng.sample(KINDS, rng.randrange(3))) if rng.random() < 0.3 else ()
                     for _ in range(4)]
            s.proj_pts = [sum(project_value(k, sun) for k in ks) for ks in kinds]
            team = rng.choice([None, 0, 1])
            s.project_team = -1 if team is None else team
            baloot = None if sun or rng.random() < 0.7 else rng.randrange(4)
            s.baloot = -1 if baloot is None else baloot
            projects: list[tuple[str, ...]] = [(), ()]
            if team is not None:
                projects[team] = kinds[team] + kinds[team + 2]
            r = score_hand(kind, decl, raise_level, tuple(s.points), tuple(s.tricks_won), projects,
                           (baloot is not None and baloot & 1 == 0,
                            baloot is not None and baloot & 1 == 1))
            mw = -1 if r.match_winner is None else r.match_winner
            assert s.outcome()[:4] == (r.points[0], r.points[1], r.winner, mw)


def test_no_declare_choice_is_not_modelled_but_declare_matches() -> None:
    # A state where a seat still has to decide: its card play takes it to declare, like DECLARE.
    for state, _seat in random_positions(300, seed=8, max_moves=20):
        if state.phase is Phase.PLAYING and NO_DECLARE in state.legal_actions():
            fs = state.card_play()
            s = state.to_move()
            assert s is not None
            assert fs.declared[s] == state.available[s]
            return
    raise AssertionError("no position with a project decision found")


def test_score_hand_reference_sanity() -> None:
    r = score_hand("hokum", 0, 1, (80, 82), (4, 4), ((), ()), (False, False))
    assert r.points == (0, 16)
