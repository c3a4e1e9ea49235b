"""lab.pooled: duplicate arena runs of the same two players on other deals, pooled."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from ai.arena import MatchResult, deals_both_ways, full_pairs
from lab import pooled


def match(index: int, seed: int, won: bool, deals: list[int], code: str = "") -> MatchResult:
    return MatchResult(index, seed, index & 1, won, len(deals), 0, deal_diffs=deals, code=code)


def write_log(path: Path, seed: int, ns: str, matches: list[tuple[int, bool, list[int]]],
              **more: str) -> Path:
    """A log whose matches are (match seed, A won, A - B per deal); the first played by code
    "c0de", the others by an older arena that did not record it."""
    head = json.dumps({"ns": ns, "ew": "B", "seed": seed, "duplicate": True, **more})
    rows = [json.dumps(dataclasses.asdict(match(i, s, w, d, "c0de" if i == 0 else "")))
            for i, (s, w, d) in enumerate(matches)]
    path.write_text("\n".join([head, *rows]) + "\n", encoding="utf-8")
    return path


def test_deals_both_ways_count_full_pairs_only() -> None:
    rows = [match(0, 5, True, [10, -4, 6]), match(1, 5, True, [2, 8]),
            match(2, 6, True, [40])]  # the second match of seed 6 was never played
    assert deals_both_ways(full_pairs(rows)) == [6.0, 2.0]


def test_runs_are_pooled_deal_by_deal_and_match_by_match(tmp_path: Path) -> None:
    one = write_log(tmp_path / "one.jsonl", 1, "A", [(11, True, [4, 0]), (11, False, [2, 2])])
    two = write_log(tmp_path / "two.jsonl", 2, "A", [(21, True, [-6]), (21, True, [0]),
                                                      (22, True, [9])])
    text = pooled.report([one, two]).splitlines()
    assert text[0] == "A = A vs B = B"
    assert text[1].startswith("  seed 1 (one.jsonl): A won 1/2 = 50.0%")
    assert text[1].endswith("the same deal both ways +2.00 ± 1.96 a deal (2 deals)")
    assert text[2] == "    code: c0de (1 matches), not recorded (1 matches)"
    assert "the same deal both ways -3.00 ± 0.00 a deal (1 deals)" in text[3]
    assert text[4] == "    code: c0de (1 matches), not recorded (2 matches)"
    # pooled: 4 wins of 5 matches; deals 3, 1, -3 -> mean 1/3
    assert text[5].startswith("  pooled over 2 seeds: A won 4/5 = 80.0%")
    assert "+0.33 ±" in text[5] and text[5].endswith("(3 deals)")


def test_other_players_or_the_same_deals_are_refused(tmp_path: Path) -> None:
    one = write_log(tmp_path / "one.jsonl", 1, "A", [(11, True, [4])])
    other = write_log(tmp_path / "other.jsonl", 2, "C", [(21, True, [4])])
    again = write_log(tmp_path / "again.jsonl", 1, "A", [(11, True, [4])])
    endings = write_log(tmp_path / "endings.jsonl", 2, "A", [(21, True, [4])], start="110-150")
    with pytest.raises(SystemExit, match="not of the same two players"):
        pooled.report([one, other])
    with pytest.raises(SystemExit, match="same rules and start"):
        pooled.report([one, endings])
    with pytest.raises(SystemExit, match="different seeds"):
        pooled.report([one, again])


def test_differently_spelled_players_are_pooled_only_when_asked(tmp_path: Path) -> None:
    old = write_log(tmp_path / "old.jsonl", 1, "A,x=1", [(11, True, [4]), (11, False, [2])])
    new = write_log(tmp_path / "new.jsonl", 2, "A", [(21, True, [-6]), (21, True, [0])])
    with pytest.raises(SystemExit, match="not of the same two players"):
        pooled.report([old, new])
    text = pooled.report([old, new], same_player=True).splitlines()
    assert text[0].startswith("A = A,x=1 vs B = B") and "--same-player" in text[0]
    assert text[2] == "    players: A,x=1 vs B" and text[5] == "    players: A vs B"
    assert text[7].startswith("  pooled over 2 seeds: A won 3/4 = 75.0%")
    endings = write_log(tmp_path / "endings.jsonl", 3, "A", [(31, True, [4])], start="110-150")
    with pytest.raises(SystemExit, match="same rules and start"):
        pooled.report([old, endings], same_player=True)
