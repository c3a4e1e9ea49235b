"""The call benchmarks (bench/call_regret.py, bench/rollout_calibration.py): they value calls on
the true deal, pair the policies' choices, and draw the contracts they say they draw."""

from __future__ import annotations

import random

import pytest

from ai.evaluate import hokum_strength, sun_strength
from bench.call_regret import deal_state, play_deal, report, value
from bench.rollout_calibration import contracts, estimate, played, summary
from game.actions import PASS
from game.phase import Phase

TINY = "ismcts:iters=8,worlds=4"


def test_call_regret_values_only_where_the_policies_disagree() -> None:
    rows = [play_deal(i, 3, [TINY, "heuristic", TINY], TINY, 2) for i in range(3)]
    calls = 0
    for row in rows:
        for dec in row["decisions"]:
            calls += 1
            assert set(dec["choices"]) <= set(dec["legal"])
            assert dec["choices"][0] == dec["choices"][2]  # the same policy twice
            named = set(dec["choices"])
            assert set(dec["values"]) == set(dec["equity"]) == (named if len(named) > 1 else set())
            assert all(0.0 <= e <= 1.0 for e in dec["equity"].values())
    assert calls >= 3
    text = report(rows, [TINY, "heuristic", TINY])
    assert text.splitlines()[-1].endswith("+0.00 ± 0.00 game points, +0.00 ± 0.00 points of "
                                          "match-win chance, 0 calls differ")


def test_call_regret_report_pairs_each_policy_with_the_first() -> None:
    rows = [{"index": 0, "decisions": [{"choices": ["pass", "sun"], "values": {"pass": 0, "sun": 20},
                                        "equity": {"pass": 0.5, "sun": 0.6}},
                                       {"choices": ["hokum", "hokum"], "values": {}, "equity": {}}]},
            {"index": 1, "decisions": [{"choices": ["sun", "pass"], "values": {"pass": 4, "sun": 10},
                                        "equity": {"pass": 0.5, "sun": 0.5}}]}]
    lines = report(rows, ["a", "b"]).splitlines()
    # (+20 and -6) / 2 deals; match-win chance (+10 and 0) / 2
    assert "b: +7.00 ± 25.48 game points, +5.00 ± 9.80 points of match-win chance, 2 calls differ" \
        in lines[-1]


def test_a_value_is_reproducible_and_a_thrown_in_hand_is_worth_nothing() -> None:
    st = deal_state(0, 1)
    for _ in range(7):  # seven passes: the eighth throws the hand in
        st.apply(PASS)
    assert st.phase is Phase.BIDDING and PASS in st.legal_actions()
    assert value(st, PASS, 0, TINY, 5, 2) == (0.0, pytest.approx(0.5))  # 0-0: still an even match
    bid = next(a for a in st.legal_actions() if a != PASS)
    points, equity = value(st, bid, 0, TINY, 5, 4)
    assert (points, equity) == value(st, bid, 0, TINY, 5, 4)
    assert 0.0 <= equity <= 1.0


def test_calibration_draws_a_declarer_worth_the_contract() -> None:
    rng = random.Random(2)
    gen = contracts("sun", rng)
    for _ in range(3):
        st, decl = next(gen)
        assert st.contract is not None and st.contract.sun and st.contract.declarer == decl
        assert sun_strength(st.hands[decl]) >= 3.6
    gen = contracts("hokum", rng)
    st, decl = next(gen)
    assert st.contract is not None and not st.contract.sun
    assert hokum_strength(st.hands[decl], st.contract.trump) >= 3.0
    team = decl & 1
    assert isinstance(estimate(st, team, 4), float)
    assert isinstance(played(st, team, "heuristic", 0), int)


def test_calibration_summary() -> None:
    text = summary([(0.0, 2), (10.0, 12), (20.0, 22)])
    assert "real - playouts +2.00 ± 0.00" in text and "slope 1.00" in text
