"""The call benchmarks (lab/call_regret.py, lab/rollout_calibration.py): they value calls on
the true deal, pair the policies' choices, and draw the contracts they say they draw."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path

import pytest

from ai.call_rules import hokum_strength, sun_strength
from game.actions import PASS, action_str
from game.phase import Phase
from lab.call_judge import disputes, position
from lab.call_judge import main as judge_main
from lab.call_judge import report as judge_report
from lab.call_regret import deal_state, play_deal, report, value
from lab.rollout_calibration import contracts, estimate, played, summary

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


def judge_main_report(calls: Path, log: Path) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert judge_main([str(calls), "--report", str(log)]) == 0
    return out.getvalue()


def test_call_judge_replays_each_dispute_and_reports_both_judges(tmp_path: Path) -> None:
    policies = [TINY, "heuristic"]
    rows = [play_deal(i, 3, policies, TINY, 2) for i in range(4)]
    calls = tmp_path / "calls.jsonl"
    calls.write_text("\n".join(json.dumps(x) for x in
                               [{"policies": policies, "driver": TINY, "seed": 3, "rollouts": 2},
                                *rows]) + "\n")
    found = disputes(rows, 0, 1)
    assert found, "the two policies never disagreed on these deals"
    for index, number, pair in found:
        dec = rows[index]["decisions"][number]
        st = position(index, 3, TINY, number)  # the auction the log bid, replayed
        assert [action_str(a) for a in st.legal_actions()] == dec["legal"]
        assert st.to_move() == dec["seat"] and pair == [dec["choices"][0], dec["choices"][1]]
    log = tmp_path / "judged.jsonl"
    assert judge_main([str(calls), "--judge", "heuristic", "--hands", "1", "--log", str(log)]) == 0
    judged = log.read_text().splitlines()[1:]
    assert len(judged) == len(found)
    assert judge_main([str(calls), "--judge", "heuristic", "--hands", "2", "--log", str(log)]) == 0
    assert len(log.read_text().splitlines()[1:]) == 2 * len(found)  # resumed: one more hand each
    text = judge_main_report(calls, log)
    # the playouts' figure is the log's own pairing (call_regret's report for policy 1)
    own = report(rows, policies).splitlines()[-1].split(": ", 1)[1].split(" game points")[0]
    assert f"playouts (the log): {own} game points" in text
    assert "real play: " in text and "playouts - real play: " in text


def test_call_judge_report_averages_hands_and_differences_the_judges() -> None:
    rows = [{"index": 0, "decisions": [{"choices": ["pass", "sun"], "values": {"pass": 0, "sun": 20},
                                        "equity": {"pass": 0.5, "sun": 0.6}}]},
            {"index": 1, "decisions": [{"choices": ["sun", "pass"], "values": {"pass": 4, "sun": 10},
                                        "equity": {"pass": 0.5, "sun": 0.5}}]}]
    judged = [{"index": 0, "number": 0, "hand": 0, "values": {"pass": 0, "sun": 10},
               "equity": {"pass": 0.5, "sun": 0.5}},
              {"index": 0, "number": 0, "hand": 1, "values": {"pass": 0, "sun": -2},
               "equity": {"pass": 0.5, "sun": 0.5}},
              {"index": 1, "number": 0, "hand": 0, "values": {"pass": 0, "sun": 0},
               "equity": {"pass": 0.5, "sun": 0.5}}]
    lines = judge_report(rows, judged, 0, 1, ["a", "b"]).splitlines()
    assert lines[0].startswith("2 deals (2 disputed calls, 3 judged hands)")
    assert "playouts (the log): +7.00 ± 25.48 game points" in lines[1]
    assert "real play: +2.00 ± 3.92 game points" in lines[2]  # (+4, 0): sun - pass averaged, then b - a
    assert "playouts - real play: +5.00 ± 21.56 game points" in lines[3]  # (+16, -6)
    # a deal with a dispute not yet judged is left out
    assert judge_report(rows, judged[2:], 0, 1, ["a", "b"]).startswith("1 deals judged")
