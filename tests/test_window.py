"""The window: an idle screen is not redrawn (the main menu costs almost nothing when nobody
touches it), input redraws it, and the window opens at the size and place it was left."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from dataclasses import replace
from pathlib import Path
from typing import Any

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


def test_a_remembered_size_is_fitted_to_a_smaller_display(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """Left at 2400×1300 on a large display, opened with only a 1366×768 one: fitted and said."""
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768)])
    asked_at: list[str | None] = []
    set_mode = pygame.display.set_mode

    def recording_set_mode(*args: Any, **kw: Any) -> pygame.Surface:
        asked_at.append(os.environ.get("SDL_VIDEO_WINDOW_POS"))
        return set_mode(*args, **kw)
    monkeypatch.setattr(pygame.display, "set_mode", recording_set_mode)
    left = Settings(sound=False, window_x=2000, window_y=100, window_w=2400, window_h=1300)
    app = make_app(settings=left, size=None)
    try:
        assert app.screen.get_size() == app.windowed_size == (1350, 672)
        assert app.fitted == (1350, 672)
        assert asked_at == ["8,48"], "centred on the display, not at the remembered position"
        assert "SDL_VIDEO_WINDOW_POS" not in os.environ
        assert app.toasts.text in capsys.readouterr().err
    finally:
        app.close()
