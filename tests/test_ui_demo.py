"""`python main.py --demo` plays a hand headless with four computer players and saves screenshots."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_the_demo_plays_one_hand_opens_its_review_and_exits_0(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BALOOT_DATA_DIR=str(tmp_path))
    out = tmp_path / "shots"
    proc = subprocess.run(
        [sys.executable, "main.py", "--demo", "--hands", "1", "--seed", "2", "--review",
         "--screenshot-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    names = {p.name for p in out.glob("*.png")}
    assert {"01_deal.png", "02_bidding_panel.png", "03_mid_trick.png", "04_projects_shown.png",
            "05_hand_summary_01.png", "bid_history_01.png", "score_sheet_01.png",
            "07_last_trick.png"} <= names, names
    assert {"review_02_deal.png", "review_03_call.png", "review_04_card.png", "review_05_end.png"} <= names
    assert {"review_01_opened_mistake.png", "review_01_opened_no_mistake.png"} & names, names
    assert "1 hand(s) played" in proc.stdout
    for p in out.glob("*.png"):
        assert p.stat().st_size > 10_000  # a real picture, not an empty surface


@pytest.mark.slow
def test_the_demo_in_arabic_with_the_menus(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", BALOOT_DATA_DIR=str(tmp_path))
    out = tmp_path / "shots"
    proc = subprocess.run(
        [sys.executable, "main.py", "--demo", "--hands", "1", "--seed", "2", "--menus", "--language", "ar",
         "--size", "1024x640", "--screenshot-dir", str(out)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    names = {p.name for p in out.glob("*.png")}
    assert {"00_menu_main.png", "00_menu_settings_1.png", "00_menu_howto.png", "00_menu_stats.png",
            "00_menu_pause.png", "02_bidding_panel.png", "05_hand_summary_01.png", "bid_history_01.png",
            "score_sheet_01.png"} <= names, names
    assert not list(tmp_path.glob("*.json")), "the demo leaves the player's settings and saves alone"


def test_a_whole_match_to_the_match_end_screen(tmp_path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.demo import run_demo
    from ui.table.worker import InlineThinker

    rc = run_demo(2, 0, tmp_path, (1024, 640), "random", InlineThinker(), speed="instant")
    assert rc == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    assert "06_match_end.png" in names and "05_hand_summary_02.png" in names, names
    assert "score_sheet_02.png" in names and "bid_history_02.png" in names
