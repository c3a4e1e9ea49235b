"""A crash, a kill or a storm of random input never costs the match (issue 6)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.notation import from_notation, to_notation
from ui.app import App
from ui.files.crash import crash_message, write_crash_log
from ui.files.savegame import load_match
from ui.files.settings import Settings
from ui.files.storage import ENV_DIR, StoredFile
from ui.table.worker import InlineThinker

ROOT = Path(__file__).resolve().parent.parent


def demo(data_dir: Path, *args: str) -> subprocess.Popen[str]:
    env = dict(os.environ, **{ENV_DIR: str(data_dir), "SDL_VIDEODRIVER": "dummy",
                              "SDL_AUDIODRIVER": "dummy"})
    return subprocess.Popen([sys.executable, "main.py", "--demo", "--autosave", "--ai", "random", *args],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def saved_actions(data_dir: Path) -> list[str]:
    data = json.loads((data_dir / "match.json").read_text(encoding="utf-8"))
    return list(data["data"]["record"]["actions"])


def store_in(data_dir: Path) -> StoredFile:
    return StoredFile(data_dir / "match.json", "baloot-save", 1, "saved match")


@pytest.mark.slow
def test_a_killed_match_resumes_and_plays_on_exactly(tmp_path: Path) -> None:
    hands = 4
    ref_dir, kill_dir = tmp_path / "ref", tmp_path / "kill"
    ref = demo(ref_dir, "--seed", "9", "--hands", str(hands))
    assert ref.wait(timeout=300) == 0, ref.stderr.read() if ref.stderr else ""
    reference = saved_actions(ref_dir)

    victim = demo(kill_dir, "--seed", "9", "--hands", "0")
    deadline = time.monotonic() + 120
    killed_at = 0
    while time.monotonic() < deadline:
        try:
            n = len(saved_actions(kill_dir))
        except (OSError, ValueError, KeyError):
            n = 0  # not written yet (a half-written file is impossible: the write is atomic)
        if n >= 45:
            victim.send_signal(signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
            killed_at = n
            break
        time.sleep(0.005)
    victim.wait(timeout=30)
    assert killed_at, "the match never reached the point where it is killed"

    saved, problem = load_match(store_in(kill_dir))
    assert problem is None and saved is not None, problem
    done = len(saved.match.sheet)
    prefix = [a for a in saved_actions(kill_dir)]
    assert reference[:len(prefix)] == prefix, "the save is the match as it was played"
    assert done < hands

    resumed = demo(kill_dir, "--continue", "--hands", str(hands - done))
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err
    assert saved_actions(kill_dir) == reference, "the resumed match plays on exactly as before"


def test_no_saved_match_to_continue(tmp_path: Path) -> None:
    p = demo(tmp_path, "--continue")
    _, err = p.communicate(timeout=120)
    assert p.returncode == 1 and "no saved match" in err


def test_a_corrupt_save_is_reported_and_kept_aside(tmp_path: Path) -> None:
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "match.json").write_text('{"format": "baloot-save", "version": 1, "data": {"rec',
                                         encoding="utf-8")
    p = demo(tmp_path, "--continue")
    _, err = p.communicate(timeout=120)
    assert p.returncode == 1
    assert "could not be used" in err and "damaged" in err
    assert list(tmp_path.glob("match.json.bad-*"))


def test_crash_log_and_message(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    try:
        raise RuntimeError("boom")
    except RuntimeError as exc:
        path = write_crash_log(exc)
        lines = crash_message(exc, path)
        saved = crash_message(exc, path, saved=True)
        failed = crash_message(exc, path, saved=False)
    assert path is not None and "RuntimeError: boom" in path.read_text(encoding="utf-8")
    assert any(str(path) in line for line in lines)
    assert not any("saved" in line for line in lines), "nothing was saved: the dialog says nothing of it"
    assert any("was saved after the last move" in line for line in saved)
    assert any("could not be saved" in line for line in failed)
    assert not any("was saved after" in line for line in failed)


def test_an_unhandled_error_is_logged_not_a_silent_exit(tmp_path: Path) -> None:
    env = dict(os.environ, **{ENV_DIR: str(tmp_path), "SDL_VIDEODRIVER": "dummy",
                              "SDL_AUDIODRIVER": "dummy", "BALOOT_CRASH_TEST": "1"})
    code = ("import main, ui.demo\n"
            "def broken(*a, **k):\n    raise RuntimeError('injected failure')\n"
            "ui.demo.run_demo = broken\n"
            "raise SystemExit(main.main(['--demo']))\n")
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=120)
    assert p.returncode == 2
    assert "injected failure" in p.stderr and "baloot.log" in p.stderr
    assert "injected failure" in (tmp_path / "baloot.log").read_text(encoding="utf-8")


KEYS = [pygame.K_SPACE, pygame.K_RETURN, pygame.K_l, pygame.K_s, pygame.K_ESCAPE, pygame.K_LEFT,
        pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_c, pygame.K_f, pygame.K_h,
        pygame.K_TAB, pygame.K_1, pygame.K_q, pygame.K_F11, pygame.K_BACKSPACE]


def random_event(app: App, rng: random.Random) -> list[pygame.event.Event]:
    w, h = app.screen.get_size()
    r = rng.random()
    if r < 0.45:  # a click: anywhere, on a card of South's hand, or on a button
        pos = (rng.randrange(w), rng.randrange(h))
        hand = app.match.table.hands[0]
        if hand and rng.random() < 0.5:
            rect = app.renderer.sprite_rect(app.match.table, app.match.table.sprites[rng.choice(hand)])
            pos = (rect.x + rng.randrange(max(rect.w, 1)), rect.y + rng.randrange(max(rect.h, 1)))
        elif rng.random() < 0.5:
            top = app.top
            buttons = [b for p in (app.match.gui.panel,) if p is not None for b in p.buttons.values()]
            if top is not app.match and top is not None:
                buttons = [w for it in getattr(top, "items", []) for w in it.widgets]
            if buttons:
                pos = rng.choice(buttons).rect.center
        button = rng.choice([1, 1, 1, 3])
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if r < 0.75:
        key = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
    if r < 0.97:
        pos = (rng.randrange(w), rng.randrange(h))
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    size = (rng.randrange(600, 2000), rng.randrange(400, 1250))
    return [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)]


def test_random_input_storm_keeps_the_game_valid() -> None:
    rng = random.Random(2026)
    app = App(17, humans=(0,), settings=Settings(animation_speed="fast", sound=False),
              thinker=InlineThinker(), size=(1280, 800), sound=False, ai="random")
    events = 0
    progress = 0
    try:
        for frame in range(3200):
            for _ in range(rng.choice((0, 1, 1, 2))):
                for e in random_event(app, rng):
                    pygame.event.post(e)
                    events += 1
            app.step(40.0)
            m = app.match.driver.state
            if not app.running:  # a Quit button was hit: start again, as a person would
                app.running = True
            if m.is_over():
                progress += len(m.actions)
                app.new_match(app.seed + 1)
                continue
            assert m.legal_actions(), "the game is never stuck"
            w, h = app.screen.get_size()
            assert w >= 1024 and h >= 640
            if frame % 100 == 0:
                r = m.round
                assert to_notation(from_notation(to_notation(r))) == to_notation(r)
                assert sum(r.hand_size(s) for s in range(4)) + bin(r.played).count("1") \
                    + len(r.stock) + (1 if r.phase.value == "bidding" else 0) == 32
        progress += len(app.match.driver.state.actions)
    finally:
        app.close()
    assert events > 5000
    assert progress > 100, "the random clicks also played the game"
