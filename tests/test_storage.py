"""Saves, settings and statistics survive bad files: reported, moved aside, never a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.match import MatchState
from game.record import random_match
from game.rules import Rules
from ui.files.savegame import SavedMatch, load_match, save_match
from ui.files.settings import Settings, load_settings, save_settings
from ui.files.stats import Statistics, load_stats, save_stats
from ui.files.storage import ENV_DIR, StoredFile, atomic_write_text, data_dir


@pytest.fixture()
def store(tmp_path: Path) -> StoredFile:
    return StoredFile(tmp_path / "thing.json", "baloot-test", 2, "test file")


def test_data_dir_can_be_overridden(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path / "d"))
    assert data_dir() == tmp_path / "d" and (tmp_path / "d").is_dir()


def test_round_trip(store: StoredFile) -> None:
    store.save({"a": 1})
    assert store.load().data == {"a": 1}
    assert json.loads(store.path.read_text())["version"] == 2


def test_atomic_write_leaves_no_temporary_files(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    for i in range(5):
        atomic_write_text(p, str(i))
    assert p.read_text() == "4"
    assert os.listdir(tmp_path) == ["x.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    atomic_write_text(p, "old")

    with pytest.raises(TypeError):
        atomic_write_text(p, 12)  # type: ignore[arg-type]
    assert p.read_text() == "old"
    assert os.listdir(tmp_path) == ["x.json"]


@pytest.mark.parametrize(("content", "reason"), [
    (b"", "empty"),
    (b'{"format": "baloot-test", "version": 1, "da', "damaged or incomplete"),
    (b"\xff\xfe\x00garbage", "damaged or incomplete"),
    (b'{"format": "other", "version": 1, "data": {}}', "not a test file"),
    (b'{"format": "baloot-test", "version": 9, "data": {}}', "newer version of the game"),
    (b'{"format": "baloot-test", "version": 1, "data": 5}', "holds no data"),
])
def test_bad_files_are_reported_and_moved_aside(store: StoredFile, content: bytes, reason: str) -> None:
    store.path.write_bytes(content)
    result = store.load()
    assert result.data is None
    assert result.problem is not None and reason in result.problem
    assert not store.path.exists()
    assert result.moved_to is not None and result.moved_to.read_bytes() == content
    assert str(result.moved_to) in result.problem
    # A second bad file is kept too, under another name.
    store.path.write_bytes(content)
    second = store.load()
    assert second.moved_to is not None and second.moved_to != result.moved_to
    assert result.moved_to.exists()


def test_settings_round_trip_and_partial_repair(tmp_path: Path) -> None:
    st = StoredFile(tmp_path / "settings.json", "baloot-settings", 1, "settings")
    s = Settings(language="ar", volume=0.25, difficulty_west="hard", rules=Rules(kawesh=True))
    save_settings(s, st)
    assert load_settings(st) == (s, None)
    data = json.loads(st.path.read_text())
    data["data"]["volume"] = "loud"
    data["data"]["deck"] = "tarot"
    st.path.write_text(json.dumps(data))
    loaded, problem = load_settings(st)
    assert loaded.volume == Settings().volume and loaded.deck == "2color"
    assert loaded.language == "ar" and loaded.rules.kawesh
    assert problem is not None and "volume" in problem and "deck" in problem


def test_statistics_round_trip_and_corrupt(tmp_path: Path) -> None:
    st = StoredFile(tmp_path / "statistics.json", "baloot-statistics", 1, "statistics")
    m = random_match(seed=6, play_seed=6)
    stats = Statistics()
    for h in m.sheet:
        stats.record_hand(h)
    assert m.winner is not None
    stats.record_match(m.winner, m.scores)
    save_stats(stats, st)
    assert load_stats(st) == (stats, None)
    assert stats.hands_played + stats.hands_thrown_in == len(m.sheet)
    data = json.loads(st.path.read_text())
    data["data"]["hands_won"] = -3
    st.path.write_text(json.dumps(data))
    fresh, problem = load_stats(st)
    assert fresh == Statistics() and problem is not None and "hands_won" in problem
    assert list(tmp_path.glob("statistics.json.bad-*"))


def test_saved_match_resumes_at_the_same_point(tmp_path: Path) -> None:
    st = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    m = MatchState(seed=31)
    for _ in range(40):
        m.apply(m.legal_actions()[-1])
    save_match(SavedMatch(m, ("human", "ismcts:easy", "heuristic", "random"), 77), st)
    saved, problem = load_match(st)
    assert problem is None and saved is not None
    assert saved.match.actions == m.actions and saved.agent_seed == 77
    assert saved.match.round.observation(0) == m.round.observation(0)
    assert saved.players[1] == "ismcts:easy"


def test_saved_match_with_an_illegal_action_is_moved_aside(tmp_path: Path) -> None:
    st = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    m = MatchState(seed=31)
    m.apply(m.legal_actions()[0])
    save_match(SavedMatch(m, ("human", "random", "random", "random"), 1), st)
    data = json.loads(st.path.read_text())
    data["data"]["record"]["actions"].append("AS")
    data["data"]["record"]["actions"].append("AS")
    st.path.write_text(json.dumps(data))
    saved, problem = load_match(st)
    assert saved is None and problem is not None and "is illegal" in problem
    assert list(tmp_path.glob("match.json.bad-*"))


def test_a_finished_match_is_not_offered_to_continue(tmp_path: Path) -> None:
    st = StoredFile(tmp_path / "match.json", "baloot-save", 1, "saved match")
    save_match(SavedMatch(random_match(2, 2), ("human", "random", "random", "random"), 1), st)
    assert load_match(st) == (None, None)
    assert not st.path.exists()
