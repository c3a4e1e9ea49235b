"""bench/valuedata.py: solved positions at the leaf network's trick, reproducible from the seed,
and the report of which estimate is closest to the players' real play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ai.leafnet import LEAF_TRICKS
from bench.valuedata import position, report


def _rows(players: str, hands: range) -> list[dict[str, Any]]:
    return [r for h in hands if (r := position(5, h, LEAF_TRICKS, players)) is not None]


def test_positions_are_solved_and_reproducible() -> None:
    rows = _rows("heuristic", range(8))
    assert len(rows) >= 4
    assert rows == _rows("heuristic", range(8))
    for r in rows:
        assert sum(h.bit_count() for h in r["hands"]) == 20
        assert sum(r["tricks"]) == LEAF_TRICKS
        assert "played" not in r


def test_real_play_is_recorded_and_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = _rows("ismcts:iters=20", range(6))
    assert len(rows) >= 3
    assert rows == _rows("ismcts:iters=20", range(6))
    assert any(r["played"] != r["value"] for r in rows)
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    report(str(path))
    out = capsys.readouterr().out
    assert f"{len(rows)} positions" in out
    for name in ("the exact value", "the network", "one playout", "the mean result"):
        assert name in out
