"""The window: an idle screen is not redrawn (the main menu costs almost nothing when nobody
touches it), input redraws it, and the window opens at the size and place it was left."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from ui.app import App
from ui.files.settings import Settings, load_settings
from ui.files.storage import ENV_DIR
from ui.screens import MainMenu
from ui.table.worker import InlineThinker

DT = 16.0


def make_app(settings: Settings | None = None, size: tuple[int, int] | None = (1280, 800),
             persist: bool = False) -> App:
    return App(1, humans=(0,), settings=settings or Settings(sound=False), thinker=InlineThinker(),
               size=size, sound=False, ai="random", menu=True, persist=persist)


def test_the_idle_main_menu_is_not_redrawn() -> None:
    app = make_app()
    try:
        for _ in range(60):  # settle: the first frames draw, hover states come and go
            app.step(DT)
        before = app.redraws
        for _ in range(600):  # ten seconds of frames with nobody touching anything
            app.step(DT)
        assert app.redraws == before, "an idle screen is not drawn again"
        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        pygame.event.post(down)
        app.step(DT)
        assert app.redraws > before, "input redraws it"
        assert isinstance(app.top, MainMenu) and app.top.focused().name == "learn"  # type: ignore[union-attr]
        for _ in range(60):
            app.step(DT)
        settled = app.redraws
        for _ in range(300):
            app.step(DT)
        assert app.redraws == settled
    finally:
        app.close()


def test_the_window_opens_where_and_as_large_as_it_was_left(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_DIR, str(tmp_path))
    app = make_app(size=None, persist=True)
    try:
        assert app.screen.get_size() == (1280, 800), "the default size the first time"
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1500, h=900, size=(1500, 900)))
        app.step(DT)
    finally:
        app.close()
    saved, problem = load_settings()
    assert problem is None and (saved.window_w, saved.window_h) == (1500, 900)
    app = make_app(settings=replace(saved, sound=False), size=None)
    try:
        assert app.screen.get_size() == (1500, 900), "opened as it was left"
    finally:
        app.close()
    app = make_app(settings=replace(saved, sound=False), size=(1100, 700))
    try:
        assert app.screen.get_size() == (1100, 700), "--size wins"
    finally:
        app.close()
    tiny = replace(saved, window_w=300, window_h=200, sound=False)
    app = make_app(settings=tiny, size=None)
    try:
        assert app.screen.get_size() == (1280, 800), "a size below the minimum is not used"
    finally:
        app.close()


def test_a_window_position_off_every_screen_is_not_used() -> None:
    from ui.app import on_a_screen

    pygame.display.init()
    assert on_a_screen(40, 40, (1280, 800))
    assert not on_a_screen(100_000, 40, (1280, 800)) and not on_a_screen(40, -5_000, (1280, 800))
