"""How a per-hand edge turns into matches won (bench/match_edge.py)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path

import pytest

from ai.arena import MatchResult, header_span, play_match
from ai.equity import OUTCOMES, symmetric
from bench.match_edge import (
    Run,
    by_lead,
    close_deals,
    edge_for,
    main,
    predicted,
    read_run,
    tilted,
    win_chance,
    win_chance_by_lead,
)


def test_the_tilt_gives_the_edge_asked_for() -> None:
    for edge in (-3.0, 0.0, 1.5, 6.0):
        table = tilted(OUTCOMES, edge)
        assert sum(w for _a, _b, w in table) == pytest.approx(1.0)
        assert sum((a - b) * w for a, b, w in table) == pytest.approx(edge, abs=1e-6)
        assert [(a, b) for a, b, _w in table] == [(a, b) for a, b, _w in OUTCOMES]
    # no tilt on an even table; and a tilt only moves weight towards A's better outcomes
    even = [w for _a, _b, w in tilted(OUTCOMES, 0.0)]
    assert even == pytest.approx([w for _a, _b, w in OUTCOMES], abs=1e-9)
    up = tilted(OUTCOMES, 2.0)
    for (a, b, w), (_a, _b, w0) in zip(up, OUTCOMES, strict=True):
        assert (w > w0) == (a > b) or a == b
    with pytest.raises(ValueError, match="outside"):
        tilted(symmetric(((2, 1, 1),)), 3.0)  # no hand differs by more than 1


def test_a_larger_edge_wins_more_matches() -> None:
    assert win_chance(0.0, (0, 0), OUTCOMES) == pytest.approx(0.5, abs=1e-9)
    chances = [win_chance(e, (0, 0), OUTCOMES) for e in (0.5, 1.0, 2.0, 4.0)]
    assert chances == sorted(chances) and chances[0] > 0.5 and chances[-1] < 1.0
    assert win_chance(-1.0, (0, 0), OUTCOMES) == pytest.approx(1 - win_chance(1.0, (0, 0), OUTCOMES))
    assert win_chance(1.0, (140, 20), OUTCOMES) > win_chance(1.0, (0, 0), OUTCOMES)
    e = edge_for(0.6, OUTCOMES)
    assert win_chance(e, (0, 0), OUTCOMES) == pytest.approx(0.6, abs=1e-4)


def test_an_edge_that_depends_on_the_lead() -> None:
    # the same edge in every part is the edge spread evenly
    for e in (0.0, 1.5):
        assert win_chance_by_lead((e, e, e), 30, OUTCOMES) == pytest.approx(
            win_chance(e, (0, 0), OUTCOMES), abs=1e-9)
    base = win_chance_by_lead((-1.0, 1.0, 8.0), 30, OUTCOMES)
    for k in range(3):  # a point more anywhere helps
        more = [-1.0, 1.0, 8.0]
        more[k] += 1.0
        assert win_chance_by_lead((more[0], more[1], more[2]), 30, OUTCOMES) > base
    # a team far ahead gaining the same points is worth less than an open match gaining them
    assert win_chance_by_lead((0.0, 0.0, 3.0), 30, OUTCOMES) < win_chance_by_lead(
        (0.0, 3.0, 0.0), 30, OUTCOMES)


def match(index: int, a_team: int, deal_diffs: list[int], contracts: list[str],
          gahwa: bool = False, won: bool = True) -> MatchResult:
    diffs = [d for d, c in zip(deal_diffs, contracts, strict=True) if c]
    return MatchResult(index, 7, a_team, won, len(diffs), 0, diffs, deal_diffs, gahwa,
                       deal_contracts=contracts)


def test_the_edge_by_the_lead_counts_every_hand_once() -> None:
    h = "hokum/0/1/1/0"
    first = match(0, 0, [10, 25, 0, -40, 5], [h, h, "", h, h])
    second = match(1, 1, [-3, 4, 0], [h, h, "sun/-1/2/5/0"], gahwa=True, won=False)
    run = Run("r", (first, second), ((0, 0), (20, 0)))
    # the lead before each scored hand: 0, 10, 35 (ahead), -5; then 20 and 17; the second
    # match's last hand was a Gahwa's and scores nothing
    assert by_lead([run], 30) == {"behind": [], "close": [10.0, 25.0, 5.0, -3.0, 4.0],
                                  "ahead": [-40.0]}
    assert run.edge == pytest.approx(1 / 6)
    assert predicted(run)[1] > predicted(run)[0]
    # the same seed, so played both ways: close at both tables while both leads are within 30
    # (0 and 20, then 10 and 17; then 35)
    deals = close_deals([run], 30)
    assert [d for _p, d in deals[True]] == [3.5, 14.5]
    assert [d for _p, d in deals[False]] == [0.0]
    assert deals[False][0][0] == "different contracts"


def test_a_run_is_read_and_set_beside_the_model(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "run.jsonl"
    rows = [play_match(i // 2, 50 + i // 2, "heuristic", "ismcts:easy,iters=30", i & 1)
            for i in range(4)]
    header = {"ns": "heuristic", "ew": "ismcts:easy,iters=30", "seed": 50, "duplicate": True}
    log.write_text("".join(json.dumps(x) + "\n" for x in [header, *map(asdict, rows)]),
                   encoding="utf-8")
    run = read_run(str(log))
    assert list(run.results) == rows and run.starts == ((0, 0),) * 4
    hands = sum(len(run.scored(r)) for r in run.results)
    assert sum(map(len, by_lead([run], 30).values())) == hands
    both = close_deals([run], 30)
    assert len(both[True]) + len(both[False]) == sum(
        min(len(a.deal_diffs), len(b.deal_diffs)) for a, b in zip(rows[::2], rows[1::2], strict=True))
    assert main([str(log)]) == 0
    out = capsys.readouterr().out
    assert f"{hands} scored hands" in out and "by A's lead" in out and "played both ways" in out
    bad = tmp_path / "calls.jsonl"
    bad.write_text(json.dumps({"policies": []}) + "\n" + json.dumps({"deal": 1}) + "\n",
                   encoding="utf-8")
    with pytest.raises(SystemExit, match=r"calls\.jsonl: no matches in it"):
        read_run(str(bad))


def test_a_run_of_match_endings_starts_from_its_logged_span(tmp_path: Path) -> None:
    assert header_span({"start": "110-150"}) == (110, 150) and header_span({"seed": 1}) is None
    log = tmp_path / "endings.jsonl"
    rows = [play_match(0, 60, "heuristic", "heuristic", t, start=(110, 150)) for t in (0, 1)]
    header = {"ns": "heuristic", "ew": "heuristic", "seed": 60, "duplicate": True,
              "start": "110-150"}
    log.write_text("".join(json.dumps(x) + "\n" for x in [header, *map(asdict, rows)]),
                   encoding="utf-8")
    run = read_run(str(log))
    (a0, b0), (a1, b1) = run.starts
    assert all(110 <= x <= 150 for x in (a0, b0, a1, b1)) and (a0, b0) == (b1, a1)
