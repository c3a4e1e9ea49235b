"""Registry, arena, hints and match equity."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ai.agent import RandomAgent
from ai.arena import code_digest, jobs, main, play_match, summarize, wilson
from ai.equity import equity_after, match_equity
from ai.heuristic import HeuristicAgent
from ai.hints import recommend
from ai.ismcts import ISMCTSAgent
from ai.registry import available, make_agent
from game.state import RoundState


def test_registry_names() -> None:
    assert isinstance(make_agent("random", 1), RandomAgent)
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
    for level in ("easy", "medium", "hard"):
        agent = make_agent(f"ismcts:{level}", 1)
        assert isinstance(agent, ISMCTSAgent) and agent.config.name == level
    assert isinstance(make_agent("ismcts:iters=50", 1), ISMCTSAgent)
    assert isinstance(make_agent("ai.agent:RandomAgent", 3, allow_import=True), RandomAgent)
    assert isinstance(make_agent("ai.heuristic:HeuristicAgent", 3, allow_import=True), HeuristicAgent)
    assert "ismcts:hard" in available()
    for bad in ("nobody", "ai.agent:Nope", "no.such.module:X", "ismcts:legendary"):
        with pytest.raises(ValueError):
            make_agent(bad, 0)


def test_arena_plays_matches_and_reports(capsys: pytest.CaptureFixture[str]) -> None:
    r = play_match(0, 5, "heuristic", "random", a_team=1)
    assert r.hands > 0 and len(r.diffs) == r.hands and r.a_team == 1
    # each deal's points, by team: they add up to the final score and give A's difference
    assert len(r.deal_points) == len(r.deal_diffs) and not r.gahwa
    assert tuple(map(sum, zip(*r.deal_points, strict=True))) == r.final
    assert [p[1] - p[0] for p in r.deal_points] == r.deal_diffs
    assert r.code == code_digest() and len(r.code) == 12 and int(r.code, 16) >= 0
    assert main(["--ns", "heuristic", "--ew", "random", "--matches", "4", "--seed", "2", "--duplicate",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "match wins A:" in out and "95% CI" in out and "duplicate pairs: 2" in out
    assert "mean game-point difference per hand" in out
    assert f"code: {code_digest()} (4 matches)" in out
    assert [j[1] for j in jobs(4, 1, True)] == [j[1] for j in jobs(4, 1, True)][::1]
    seeds = [s for _i, s, _t in jobs(4, 1, True)]
    assert seeds[0] == seeds[1] and seeds[2] == seeds[3] and seeds[0] != seeds[2]
    assert "A = x" in summarize([r], "x", "y", False)


def test_arena_log_resumes_a_stopped_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--ns", "heuristic", "--ew", "random", "--seed", "3", "--duplicate", "--quiet"]
    main([*base, "--matches", "6"])
    def figures(out: str) -> list[str]:  # all but the times, which are the clock's
        return [ln for ln in out.splitlines() if not ln.startswith(("think time", "wall time"))]

    whole = figures(capsys.readouterr().out)
    log = tmp_path / "run.jsonl"
    main([*base, "--matches", "4", "--log", str(log)])
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 5  # the header and four matches
    log.write_text("\n".join(lines) + "\n" + lines[-1][:20], encoding="utf-8")  # cut off mid-line
    capsys.readouterr()
    main([*base, "--matches", "6", "--log", str(log)])
    out = capsys.readouterr().out
    assert figures(out) == whole  # the resumed run reports exactly what one run reports
    assert "4 match(es) read from" in out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 7
    main([*base, "--matches", "8", "--log", str(log), "--report"])  # reads, plays nothing
    out = capsys.readouterr().out
    assert figures(out)[:-1] == whole and "6 of 8 matches played" in out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 7
    other = ["--ns", "random", "--ew", "random", "--matches", "2", "--quiet", "--log", str(log)]
    with pytest.raises(SystemExit) as stop:
        main(other)
    assert stop.value.code == 2 and "another experiment" in capsys.readouterr().err


def test_wilson_interval() -> None:
    lo, hi = wilson(80, 100)
    assert 0.70 < lo < 0.80 < hi < 0.88
    assert wilson(0, 0) == (0.0, 1.0)


def test_hints_recommend_a_legal_action_with_a_reason() -> None:
    rng = random.Random(4)
    s = RoundState.deal(random.Random(4))
    bots = [HeuristicAgent(i) for i in range(4)]
    seen_kinds = set()
    steps = 0
    while not s.is_over() and steps < 60:
        seat = s.to_move()
        assert seat is not None
        obs = s.observation(seat)
        if steps % 3 == 0 or (len(obs.legal_actions) > 1 and rng.random() < 0.3):
            action, reason = recommend(obs, "easy", seed=1)
            assert action in obs.legal_actions
            assert reason and "\n" not in reason and len(reason) < 200
            seen_kinds.add(obs.phase.value)
        s.apply(bots[seat].choose(obs, obs.legal_actions))
        steps += 1
    assert {"bidding", "playing"} <= seen_kinds


def test_match_equity() -> None:
    assert match_equity(0, 0) == pytest.approx(0.5, abs=1e-9)
    assert match_equity(140, 20) > 0.95
    assert match_equity(20, 140) < 0.05
    assert match_equity(100, 90) > match_equity(90, 100)
    for a in range(0, 150, 15):
        assert match_equity(a, 50) <= match_equity(a + 10, 50) + 1e-12
    assert equity_after((100, 100), 0, (60, 0), None) == 1.0
    assert equity_after((0, 0), 1, (0, 0), 1) == 1.0


def test_arena_splits_the_duplicate_deals_by_contract() -> None:
    from ai.arena import MatchResult
    def match(team: int, diffs: list[int], contracts: list[str]) -> MatchResult:
        return MatchResult(team, 7, team, True, len(diffs), 0, list(diffs), list(diffs),
                           deal_contracts=contracts)
    h, s = "hokum/0/1/1/0", "sun/-1/2/1/0"
    # deal 1: the same Hokum both ways (+4, +2: mean +3); deal 2: Sun one way, Hokum the other
    # (-10, +20: mean +5); deal 3 thrown in both ways (the same: '' and '')
    out = summarize([match(0, [4, -10, 0], [h, s, ""]), match(1, [2, 20, 0], [h, h, ""])],
                    "x", "y", True)
    assert "A - B per deal +2.67" in out  # (3 + 5 + 0) / 3
    assert "the same contract both ways: 2 deals, +1.00" in out  # 3 / 3: deals 1 and 3
    assert "(+1.50 a deal of these)" in out
    assert "different contracts: 1 deals, +1.67" in out and "(+5.00 a deal of these)" in out
    # The same Hokum of seat 0 both ways, doubled only at the table where it is A's (A plays
    # North-South in the first match): the doubling calls' part, on A's side.
    d2, d1 = "hokum/0/0/2/0", "hokum/0/0/1/0"
    out = summarize([match(0, [4, 30], [h, d2]), match(1, [2, -10], [h, d1])], "x", "y", True)
    assert "raised further where A declared: 1 deals, +5.00" in out and "(+10.00 a deal" in out
    assert "raised further where B declared" not in out
    out = summarize([match(1, [4, 30], [h, d2]), match(0, [2, -10], [h, d1])], "x", "y", True)
    assert "raised further where B declared: 1 deals, +5.00" in out
    old = [match(0, [4], []), match(1, [2], [])]  # a log from before the contracts
    assert "of which" not in summarize(old, "x", "y", True)
