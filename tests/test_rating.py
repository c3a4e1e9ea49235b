"""The player's rating (ui/files/rating.py): the levels' fixed ratings from the arena figures, the Elo
update of a match (K = 32, sides rated as their mean), the record against each level, what is not
rated, the file checked like every file, and the rating in Statistics."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from pathlib import Path

import pytest

from ui.files.rating import (
    LEVEL_RATINGS,
    START,
    K,
    Rating,
    elo_gap,
    expected,
    load_rating,
    rating_file,
    save_rating,
)

MEDIUM = ("human", "ismcts:medium", "ismcts:medium", "ismcts:medium")
HARD = ("human", "ismcts:hard", "ismcts:medium", "ismcts:hard")


def test_the_levels_ratings_come_from_the_arena_win_rates() -> None:
    r = LEVEL_RATINGS
    assert r["ismcts:medium"] == START == 1500
    # docs/strength.md: Medium beat Easy in 60.0% of its matches, Hard beat Easy in 69.0%, Hard beat the
    # HeuristicAgent in 80.0%, the HeuristicAgent beat RandomAgent in 99.5%.
    assert abs(expected(r["ismcts:medium"], r["ismcts:easy"]) - 0.600) < 0.002
    assert abs(expected(r["ismcts:hard"], r["ismcts:easy"]) - 0.690) < 0.002
    assert abs(expected(r["ismcts:hard"], r["heuristic"]) - 0.800) < 0.002
    assert abs(expected(r["heuristic"], r["random"]) - 0.995) < 0.001
    # today's Expert beat Hard in 189 of 330 duplicate matches (docs/strength.md, "The Expert's figures")
    assert abs(expected(r["ismcts:expert"], r["ismcts:hard"]) - 189 / 330) < 0.002
    assert r["random"] < r["heuristic"] < r["ismcts:easy"] < r["ismcts:medium"] < r["ismcts:hard"]
    assert round(elo_gap(0.5)) == 0 and round(elo_gap(0.76)) == 200


def test_a_match_moves_the_rating_by_k_times_the_surprise() -> None:
    r = Rating()
    assert r.record_match(MEDIUM, True) == pytest.approx(K / 2), "even sides: half of K"
    assert r.rating == pytest.approx(START + 16) and r.matches == 1
    before = r.rating
    change = r.record_match(HARD, False)
    us = (before + LEVEL_RATINGS["ismcts:medium"]) / 2
    assert change == pytest.approx(-K * expected(us, LEVEL_RATINGS["ismcts:hard"]))
    assert r.record == {"ismcts:medium": [1, 0], "ismcts:hard": [0, 1]}
    win_hard = Rating().record_match(HARD, True)
    win_easy = Rating().record_match(("human", "ismcts:easy", "ismcts:medium", "ismcts:easy"), True)
    assert win_hard is not None and win_easy is not None and win_hard > win_easy > 0
    mixed = Rating()
    mixed.record_match(("human", "ismcts:easy", "ismcts:medium", "ismcts:hard"), True)
    assert mixed.record == {"mixed": [1, 0]}


def test_custom_players_are_not_rated() -> None:
    r = Rating()
    assert r.record_match(("human", "ismcts:iters=50", "ismcts:medium", "ismcts:iters=50"), True) is None
    assert r.matches == 0 and r.rating == START and not r.record


def test_the_rating_file_is_checked_and_a_bad_one_moved_aside(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path))
    r = Rating()
    r.record_match(HARD, True)
    save_rating(r)
    loaded, problem = load_rating()
    assert problem is None and loaded == Rating(round(r.rating, 3), 1, {"ismcts:hard": [1, 0]})
    store = rating_file()
    for bad in ('{"format": "baloot-rating", "version": 1, "data": {"rating": 1e9}}',
                '{"format": "baloot-rating", "version": 1, "data": {"record": {"os:system": [1, 0]}}}',
                '{"format": "baloot-rating", "version": 1, "data": {"matches": -1}}'):
        store.path.write_text(bad, encoding="utf-8")
        loaded, problem = load_rating()
        assert loaded == Rating() and problem is not None and "could not be used" in problem
        assert not store.path.exists() and list(tmp_path.glob("rating.json.bad-*"))


def test_a_match_won_at_the_table_is_rated_and_shown_in_statistics(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BALOOT_DATA_DIR", str(tmp_path))
    from game.record import random_match
    from ui.app import App
    from ui.files.settings import Settings
    from ui.screens import StatsScreen
    from ui.screens.info import rating_lines
    from ui.table.worker import InlineThinker

    app = App(4, humans=(0,), settings=Settings(sound=False), thinker=InlineThinker(), size=(1024, 640),
              sound=False, ai="ismcts:hard", persist=True, menu=True)
    try:
        m = random_match(4, 4)
        assert app.match is None
        from ui.table.driver import MatchDriver
        driver = MatchDriver(4, humans=(0,), agent_specs=dict.fromkeys(range(4), "ismcts:hard"), state=m)
        app.recorder.after_action(driver, ("human", "ismcts:hard", "ismcts:hard", "ismcts:hard"))
        rating = app.player_rating()
        assert rating.matches == 1 and rating.record == {"ismcts:hard": [m.winner == 0, m.winner == 1]}
        assert load_rating()[0].matches == 1, "saved"
        head, how, items = rating_lines(rating)
        assert str(round(rating.rating)) in head and "K = 32" in how
        assert any("Hard (1569)" in item for item in items)
        screen = StatsScreen(app)
        app.open_screen(screen)
        app.step(16)
        assert screen.rating is rating
        app.reset_statistics()
        assert app.player_rating().matches == 0 and load_rating()[0] == Rating()
    finally:
        app.close()
