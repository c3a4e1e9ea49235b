"""lab.paired: arena logs compared deal by deal, one pair or several pooled."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lab import paired


def write_log(path: Path, seed: int, name: str, matches: dict[int, list[int]]) -> Path:
    rows = [{"seed": seed, "duplicate": True, "ns": name, "ew": "heuristic"}]
    rows += [{"index": i, "deal_diffs": d} for i, d in matches.items()]
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def test_one_pair_differs_deal_by_deal_over_the_common_matches(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = write_log(tmp_path / "a.jsonl", 7, "A", {0: [10, -4, 6], 1: [2, 2], 2: [50]})
    b = write_log(tmp_path / "b.jsonl", 7, "B", {0: [4, -4], 1: [0, 2, 8]})
    _, matches, d = paired.paired_diffs(a, b)
    assert matches == 2  # match 2 only in A
    assert d == [6, 0, 2, 0]  # each match up to the hands both reached
    assert paired.main([str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "4 deals in common (2 scored the same)" in out
    assert "A = A vs heuristic (code: not recorded (3 matches))" in out
    assert "+2.00 ±" in out


def test_pairs_are_pooled_and_a_pair_of_other_deals_is_refused(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    a1 = write_log(tmp_path / "a1.jsonl", 1, "A", {0: [3, 1]})
    b1 = write_log(tmp_path / "b1.jsonl", 1, "B", {0: [1, 1]})
    a2 = write_log(tmp_path / "a2.jsonl", 2, "A", {0: [5, 5]})
    b2 = write_log(tmp_path / "b2.jsonl", 2, "B", {0: [5, 1]})
    assert paired.main([str(a1), str(b1), str(a2), str(b2)]) == 0
    out = capsys.readouterr().out
    mu, half = paired.summary([2, 0, 0, 4])
    assert f"pooled over 2 pairs: 4 deals (2 scored the same), A - B per deal: {mu:+.2f} ± {half:.2f}" in out
    with pytest.raises(SystemExit, match="not played on the same deals"):
        paired.main([str(a1), str(b2)])
    endings = tmp_path / "e1.jsonl"
    rows = a1.read_text(encoding="utf-8").splitlines()
    endings.write_text("\n".join([json.dumps({**json.loads(rows[0]), "start": "110-150"}),
                                   *rows[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="--start differ"):
        paired.main([str(endings), str(b1)])
    with pytest.raises(SystemExit, match="in pairs"):
        paired.main([str(a1), str(b1), str(a2)])


def test_matches_are_paired_by_who_won(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def log(path: Path, name: str, won: dict[int, bool]) -> Path:
        rows: list[dict[str, object]] = [{"seed": 3, "duplicate": True, "ns": name, "ew": "hard"}]
        rows += [{"index": i, "deal_diffs": [1], "a_won": w} for i, w in won.items()]
        path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
        return path
    a = log(tmp_path / "a.jsonl", "A", {0: True, 1: True, 2: False, 3: True, 4: False})
    b = log(tmp_path / "b.jsonl", "B", {0: True, 1: False, 2: True, 3: False, 5: True})
    assert paired.paired_wins(a, b) == [0, 1, -1, 1]  # matches 0-3 in common
    assert paired.main([str(a), str(b)]) == 0
    mu, half = paired.summary([0, 1, -1, 1])
    assert (f"matches: A alone won 2, B alone 1 of 4; A - B match win rate {100 * mu:+.1f} ± "
            f"{100 * half:.1f} points") in capsys.readouterr().out
    # logs without the winners (the deal-by-deal tests above) print no match line
    c = write_log(tmp_path / "c.jsonl", 3, "C", {0: [1], 1: [2]})
    assert paired.paired_wins(c, c) == []


def test_close_keeps_the_deals_of_matches_still_in_play(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    a = write_log(tmp_path / "a.jsonl", 5, "A", {0: [10, 25, -40, 5], 1: [-31, 2]})
    b = write_log(tmp_path / "b.jsonl", 5, "B", {0: [4, -4, 6, 0], 1: [0, 8]})
    assert paired.paired_diffs(a, b)[2] == [6, 29, -46, 5, -31, -6]
    # A's lead before each deal: match 0 (0, 10, 35, -5) and (0, 4, 0, 6), match 1 (0, -31)
    # and (0, 0): within 30 in both for deals 1, 2 and 4 of match 0 and the first of match 1
    assert paired.paired_diffs(a, b, close=30)[2] == [6, 29, 5, -31]
    assert paired.main([str(a), str(b), "--close", "30"]) == 0
    assert "4 deals in common, A's lead within 30 in both" in capsys.readouterr().out
