"""The leaf network's benchmarks: bench/valuedata.py (solved positions at the network's trick,
reproducible from the seed; the report of which estimate is closest to real play) and
bench/leaf_order.py (each estimate's pick among a node's cards, charged by the exact solver)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from ai.leafnet import LEAF_TRICKS
from bench.leaf_order import positions, regrets
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


def test_leaf_order_charges_each_pick_against_the_solver() -> None:
    cps = positions(12, seed=4)
    assert len(cps) == 12
    rows = []
    for cp in cps:
        assert cp.done == LEAF_TRICKS - 1 and len(cp.trick) == 3 and cp.legal().bit_count() >= 2
        r = regrets(cp, [1, 4], random.Random(2))
        assert len(r) == 3 and all(x >= 0 for x in r)
        assert r == regrets(cp, [1, 4], random.Random(2))
        rows.append(r)
    assert any(x > 0 for r in rows for x in r)
