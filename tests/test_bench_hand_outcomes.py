"""The match-win chance's table and the hand outcomes it can be counted from (ai/equity.py,
bench/hand_outcomes.py)."""

from __future__ import annotations

import ast
import json
from dataclasses import asdict
from functools import cache
from pathlib import Path

import pytest

from ai.arena import play_match
from ai.equity import FITTED, OUTCOMES, Outcomes, _table, match_equity, symmetric
from bench.hand_outcomes import (
    bootstrap,
    counted,
    fitted,
    main,
    ratio,
    read_matches,
    scores,
    spread,
)


def by_definition(target: int, outcomes: Outcomes) -> list[list[float]]:
    """The chance to win from (a, b), straight from its definition: the outcomes' weighted mean
    of the chance after the hand, the higher score winning once one team reaches the target."""
    @cache
    def eq(a: int, b: int) -> float:
        if a >= target or b >= target:
            return 1.0 if a > b else 0.5 if a == b else 0.0
        return sum(w * eq(a + da, b + db) for da, db, w in outcomes)
    return [[eq(a, b) for b in range(target)] for a in range(target)]


@pytest.mark.parametrize("outcomes", [OUTCOMES, symmetric(((3, 1, 2), (4, 0, 1), (2, 2, 1)))])
def test_the_table_is_the_chance_by_its_definition(outcomes: Outcomes) -> None:
    target = 40
    made, direct = _table(target, outcomes), by_definition(target, outcomes)
    assert all(made[a][b] == pytest.approx(direct[a][b], abs=1e-12)
               for a in range(target) for b in range(target))


def test_a_lead_is_less_safe_when_hands_swing_more() -> None:
    wider = symmetric(tuple((2 * a, 2 * b, w) for a, b, w in
                            ((16, 0, 10), (26, 0, 6), (9, 7, 8), (10, 6, 8))))
    for us, them in ((100, 80), (130, 100), (140, 60)):
        assert 0.5 < match_equity(us, them, None, wider) < match_equity(us, them)
        assert match_equity(them, us, None, wider) == pytest.approx(
            1 - match_equity(us, them, None, wider), abs=1e-9)
    assert match_equity(50, 50, None, FITTED) == pytest.approx(0.5, abs=1e-9)
    for a in range(0, 150, 10):
        assert match_equity(a, 70, None, FITTED) <= match_equity(a + 2, 70, None, FITTED) + 1e-12


def arena_log(path: Path, matches: int) -> None:
    rows = [play_match(i, 40 + i, "heuristic", "heuristic", i & 1) for i in range(matches)]
    header = {"ns": "heuristic", "ew": "heuristic", "seed": 40, "duplicate": False}
    path.write_text("".join(json.dumps(x) + "\n" for x in [header, *map(asdict, rows)]),
                    encoding="utf-8")


def test_outcomes_are_counted_from_an_arena_log(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "hh.jsonl"
    arena_log(log, 6)
    matches = read_matches([str(log)])
    assert [m.index for m in matches] == list(range(6))
    for m in matches:
        if not m.gahwa:  # every scored hand, and who reached the target first
            totals = tuple(map(sum, zip(*m.points, strict=True)))
            assert max(totals) >= 152 and m.ns_won == (totals[0] > totals[1])
    half = counted(matches)
    hands = sum(len(m.points) - m.gahwa for m in matches)
    assert sum(n for _a, _b, n in half) == hands and all(a >= b for a, b, _n in half)
    table = fitted(matches)
    assert sum(w for _a, _b, w in table) == pytest.approx(1.0)
    assert sorted((a, b) for a, b, _w in table) == sorted((b, a) for a, b, _w in table)
    assert spread(table)[0] == pytest.approx(
        sum(a + b for m in matches for a, b in (m.points[:-1] if m.gahwa else m.points)) / hands)
    loss, brier, starts = scores(matches[0], None)
    assert starts == len(matches[0].points) and loss > 0 and 0 < brier < starts
    assert main([str(log)]) == 0
    out = capsys.readouterr().out
    assert "6 matches: 3 counted" in out and "log-loss" in out and "fitted minus hand-made" in out
    assert main([str(log), "--table"]) == 0
    printed = capsys.readouterr().out
    assert ast.literal_eval(printed) == counted([m for m in matches if m.index % 2 == 0])


def test_a_log_without_hand_points_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "old.jsonl"
    arena_log(log, 1)
    lines = log.read_text(encoding="utf-8").splitlines()
    row = json.loads(lines[1])
    del row["deal_points"]
    log.write_text(lines[0] + "\n" + json.dumps(row) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="before each hand's points were logged"):
        read_matches([str(log)])


def test_fresh_matches_are_all_held_out_against_the_fitted_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "fresh.jsonl"
    arena_log(log, 4)
    assert main([str(log), "--fresh"]) == 0
    out = capsys.readouterr().out
    hands = sum(len(m.points) for m in read_matches([str(log)]))
    assert f"4 matches, all held out ({hands} hand starts)" in out
    assert "(i) fitted minus hand-made" in out and out.count("(ii)") == 2
    items = [(3.0, 2.0), (1.0, 1.0), (0.0, 1.0), (8.0, 4.0)]
    mid, lo, hi = bootstrap(items, ratio, seed=3)
    assert mid == pytest.approx(12 / 8) and lo <= mid <= hi and lo < hi
    assert bootstrap(items, ratio, seed=3) == (mid, lo, hi)
