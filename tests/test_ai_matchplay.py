"""Card play valued by the match (ai/matchplay.py, the Expert's `meq=1`), and match endings in
the arena (`--start`)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from ai.arena import play_match, start_scores
from ai.config import parse_budget
from ai.endgame import endgame_values
from ai.ismcts import ISMCTSAgent, reward_scale
from ai.matchplay import MICRO, MatchValue, match_value
from ai.posterior import PosteriorWorlds
from ai.registry import make_agent
from ai.solver import Solver
from game.cardplay import CardPlay
from game.cards import team_of
from game.match import MatchState
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules
from tests.test_ai_solver import brute_force, random_endgame


def test_the_match_decides_only_where_the_hand_can_end_it() -> None:
    rules = Rules()  # to 152
    assert match_value((120, 0), rules, 36.0, False, True) is not None  # 120 + 36 reaches 152
    assert match_value((0, 130), rules, 36.0, False, True) is not None
    assert match_value((115, 115), rules, 36.0, False, True) is None  # 151: out of reach
    assert match_value((0, 0), rules, 36.0, False, True) is None
    assert match_value((120, 0), rules, 36.0, True, True) is None  # Gahwa: already the match
    assert match_value((120, 0), rules, 36.0, False, False) is None  # the switch off


def near_the_end(seed: int, cards: int, low: int, scale: float,
                 count: int) -> Iterator[tuple[CardPlay, MatchValue]]:
    """Random positions with at most `cards` left (no Gahwa, no classic Belote), each with its
    match value at random scores from `low` to 151."""
    rng = random.Random(seed)
    for _ in range(count):
        st = random_endgame(rng, cards)
        if st.classic or st.raise_level == 5:
            continue
        mv = match_value((rng.randint(low, 151), rng.randint(low, 151)), Rules(), scale, False,
                         True)
        assert mv is not None
        yield st, mv


def test_a_hand_that_ends_the_match_is_worth_the_match() -> None:
    """Rule book: with 152 or more after a hand the higher score wins; equal, another hand."""
    seen = set()
    for st, mv in near_the_end(5, 0, 130, 60.0, 200):
        r = st.outcome()
        ns, ew = mv.scores[0] + r[0], mv.scores[1] + r[1]
        if max(ns, ew) >= 152:
            expect = 1.0 if ns > ew else 0.0 if ew > ns else 0.5
            assert mv.equity(st) == expect, (mv.scores, r[0], r[1])
            seen.add(expect)
        assert mv.points(mv.equity(st)) == (mv.equity(st) - mv.now) * 120.0
    assert seen == {0.0, 1.0}


def test_the_solver_is_exact_for_the_match_too() -> None:
    """The solver under the match's utility agrees with plain enumeration under it. (In one
    world its best card was also the best for game points in all of 2,027 positions, a one-off
    count: the match changes cards through the average over worlds, where risk counts.)"""
    for st, mv in near_the_end(40, 8, 100, 100.0, 150):
        match = Solver(mv.solver_value).move_values(st.copy())
        for card, v in match.items():
            child = st.copy()
            child.play(card)
            assert v == brute_force(child, mv.solver_value), card


def test_the_endgame_reports_the_match_in_game_point_equivalents() -> None:
    """Each solved world's value is the mover's match equity after best play (by enumeration),
    less the equity now, times twice the scale."""
    rng = random.Random(9)
    for st, mv in near_the_end(8, 8, 110, 50.0, 60):
        seat = st.to_move()
        sign = 1 if team_of(seat) == 0 else -1
        values = endgame_values(PosteriorWorlds([st.copy()], [1.0]), seat, 3, rng, None, mv)
        for card, xs in values.items():
            child = st.copy()
            child.play(card)
            e = brute_force(child, mv.solver_value) / MICRO
            assert xs == [sign * (e - mv.now) * 100.0] * 3, card


def _playing(scores: tuple[int, int], seed: int) -> Observation:
    """The first card decision with a choice, the calls made by the rule-based player."""
    m = MatchState(seed, scores=scores)
    bots = [make_agent("heuristic", s) for s in range(4)]
    while True:
        seat = m.to_move()
        assert seat is not None
        obs = m.observation(seat)
        if obs.phase == Phase.PLAYING and len(obs.legal_actions) > 1:
            return obs
        m.apply(bots[seat].choose(obs, obs.legal_actions))


def test_the_switch_leaves_a_hand_far_from_the_end_alone() -> None:
    obs = _playing((10, 20), 3)
    off = ISMCTSAgent(parse_budget("expert,iters=200,worlds=40"), seed=2).decide(
        obs, list(obs.legal_actions))
    on = ISMCTSAgent(parse_budget("expert,iters=200,worlds=40,meq=1"), seed=2).decide(
        obs, list(obs.legal_actions))
    assert (on.action, on.stats) == (off.action, off.stats)


def test_near_the_end_the_search_reports_the_match_in_game_points() -> None:
    for seed in (3, 4):
        obs = _playing((140, 135), seed)
        assert obs.contract is not None
        scale = reward_scale(obs.contract, obs.rules)
        spec = "expert,iters=200,worlds=40,meq=1"
        res = ISMCTSAgent(parse_budget(spec), seed=2).decide(obs, list(obs.legal_actions))
        again = ISMCTSAgent(parse_budget(spec), seed=2).decide(obs, list(obs.legal_actions))
        assert (res.action, res.stats) == (again.action, again.stats)
        plain = ISMCTSAgent(parse_budget("expert,iters=200,worlds=40"), seed=2).decide(
            obs, list(obs.legal_actions))
        assert res.stats != plain.stats
        # a whole match swung either way from now is at most 2 x scale
        assert all(abs(v) <= 2.0 * scale + 1e-9 for _n, v in res.stats.values())


def test_match_endings_start_from_their_drawn_scores() -> None:
    span = (120, 150)
    starts = {start_scores(s, span) for s in range(40)}
    assert all(120 <= a <= 150 and 120 <= b <= 150 for a, b in starts) and len(starts) > 30
    assert start_scores(7, span) == start_scores(7, span) and start_scores(7, None) == (0, 0)
    first = play_match(0, 7, "heuristic", "heuristic", 0, start=span)
    same_deals = play_match(1, 7, "heuristic", "heuristic", 1, start=span)
    s0 = start_scores(7, span)
    for r in (first, same_deals):
        assert r.final[0] >= s0[0] and r.final[1] >= s0[1]
        assert max(r.final) >= 152 and len(r.deal_diffs) < 10
    assert first.deal_contracts == same_deals.deal_contracts
