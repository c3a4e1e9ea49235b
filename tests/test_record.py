"""Game records: JSON that replays exactly, and a CLI that names an illegal action."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.match import MatchState
from game.record import RecordError, dumps, random_match, record_of, replay

ROOT = Path(__file__).resolve().parent.parent


def test_record_replays_exactly() -> None:
    m = random_match(seed=21, play_seed=5)
    again = replay(json.loads(dumps(m)))
    assert again.actions == m.actions and again.scores == m.scores and again.winner == m.winner
    assert [h.totals for h in again.sheet] == [h.totals for h in m.sheet]


def test_partial_match_record() -> None:
    m = MatchState(seed=2)
    for _ in range(10):
        m.apply(m.legal_actions()[0])
    rec = record_of(m)
    assert "result" not in rec
    assert replay(rec).round.observation(0) == m.round.observation(0)


def test_an_illegal_action_is_named() -> None:
    rec = record_of(random_match(seed=3, play_seed=3))
    rec["actions"][4] = "gahwa"
    with pytest.raises(RecordError, match=r"action 5 \('gahwa' by \w+ in hand 1\) is illegal"):
        replay(rec)


@pytest.mark.parametrize(("mutate", "message"), [
    (lambda r: r.update(format="chess"), "not a Baloot record"),
    (lambda r: r.update(version=99), "version 99 is not supported"),
    (lambda r: r.update(seed="x"), "seed must be an integer"),
    (lambda r: r.update(rules={"magic": True}), "unknown rule"),
    (lambda r: r.update(result={"scores": [0, 0], "winner": 1}), "the replay gives"),
])
def test_bad_records_are_explained(mutate, message: str) -> None:  # type: ignore[no-untyped-def]
    rec = record_of(random_match(seed=4, play_seed=4))
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_cli_replay_prints_every_hand_and_rejects_illegal(tmp_path: Path) -> None:
    good = tmp_path / "match.json"
    m = random_match(seed=8, play_seed=8)
    good.write_text(dumps(m), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "game.record", "replay", str(good)], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert out.count("hand ") == len(m.sheet)
    assert "match won by" in out
    rec = record_of(m)
    rec["actions"][-1] = "pass"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec), encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "game.record", "replay", str(bad)], cwd=ROOT,
                         capture_output=True, text=True)
    assert res.returncode == 1 and f"action {len(rec['actions'])} ('pass'" in res.stderr
    (tmp_path / "junk.json").write_text("{not json", encoding="utf-8")
    res = subprocess.run([sys.executable, "-m", "game.record", "replay", str(tmp_path / "junk.json")],
                         cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 1 and "not valid JSON" in res.stderr
