"""What a newcomer met at the table (issue 50): the 'your turn' cue and its sound, the hint kept in
its place while the bid history is open, the projects question before any card, and a window
fitted to the desktop. Frames advance by a fixed dt with the computer players thinking inline.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator

import pygame
import pytest

from game.actions import DECLARE, HOKUM, PASS, SUN
from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.table.animator import SPEED_FACTORS
from ui.table.overlays import BidHistoryScreen
from ui.table.scene import CUE_MS, TableScene
from ui.table.worker import InlineThinker
from ui.text import tr

DT = 50.0


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    yield
    i18n.set_language("en")


def make_app(seed: int = 11, size: tuple[int, int] = (1280, 800), language: str = "en",
             **kw: object) -> App:
    settings = Settings(animation_speed="fast", sound=False, language=language, **kw)  # type: ignore[arg-type]
    return App(seed, humans=(0,), settings=settings, thinker=InlineThinker(), size=size, sound=False,
               ai="random")


def table(app: App) -> TableScene:
    assert app.match is not None
    return app.match


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 4000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("the table never reached the expected state")


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)


@pytest.mark.parametrize("reduced", [False, True])
def test_your_turn_is_cued_on_screen_and_by_a_sound(reduced: bool) -> None:
    app = make_app(reduced_motion=reduced)
    t = table(app)
    played: list[str] = []
    app.sounds.play = lambda name: played.append(name) or True  # type: ignore[method-assign]
    try:
        run_until(app, t.human_turn)
        assert played.count("your_turn") == 1
        assert t.aff.cue > 0.9 and t.aff.steady == reduced
        frames = 0
        while t.aff.cue > 0:
            app.step(DT)
            frames += 1
            assert t.human_turn()
        assert frames * DT == pytest.approx(CUE_MS * SPEED_FACTORS["fast"], abs=DT)
        app.step(DT)
        assert played.count("your_turn") == 1, "once per decision"
    finally:
        app.close()


def test_the_hint_stays_above_the_hand_while_the_bid_history_is_open() -> None:
    app = make_app()
    t = table(app)
    drawn: list[bool] = []
    real = app.renderer.draw_toast

    def spy(*args: object, **kw: object) -> object:
        drawn.append(bool(kw.get("at_top")))
        return real(*args, **kw)  # type: ignore[arg-type]
    app.renderer.draw_toast = spy  # type: ignore[method-assign]
    try:
        run_until(app, t.human_turn)
        t.request_hint()
        run_until(app, lambda: t.hints.last is not None)
        hint = app.toasts.text
        assert hint and app.toasts.table
        t.open_overlay("bids")
        assert isinstance(app.top, BidHistoryScreen)
        drawn.clear()
        left = app.toasts.ms
        for _ in range(20):
            app.step(DT)
        assert True not in drawn, "the table's hint was drawn over the bid history, at the top"
        assert app.toasts.ms == left and app.toasts.text == hint, "it waits, unseen"
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                             scancode=0))
        app.step(DT)
        assert app.top is t
        drawn.clear()
        app.step(DT)
        assert drawn and not any(drawn), "back above South's hand"
        assert t.view.toast_rect is not None and t.view.toast_rect.bottom <= app.layout.hand_box(0).top
    finally:
        app.close()


def reach_projects_prompt(app: App) -> bool:
    t = table(app)
    for _ in range(40):
        run_until(app, lambda: t.human_turn() or t.animator.hud.summary is not None)
        if t.animator.hud.summary is not None:
            return False
        legal = t.driver.legal_actions()
        if DECLARE in legal:
            app.step(DT)
            return True
        if t.observation().phase.value == "playing":
            t.try_play(min(c for c in legal if c < 32))
        else:
            t.submit(next(a for a in (HOKUM, SUN, PASS, *legal) if a in legal))
        app.step(DT)
    return False


@pytest.mark.parametrize("size,language", [((1024, 640), "en"), ((1024, 640), "ar"), ((1920, 1080), "en")])
def test_while_projects_are_asked_no_card_looks_playable_and_a_click_says_why(
        size: tuple[int, int], language: str) -> None:
    app = make_app(seed=1, size=size, language=language)
    t = table(app)
    try:
        assert reach_projects_prompt(app), "seed 1 reaches South's projects question"
        assert t.gui.panel is not None
        assert t.aff.playable == set(), "every card drawn dimmed (none playable yet)"
        n = t.driver.actions_count()
        card = t.table.hands[0][len(t.table.hands[0]) // 2]
        r = app.renderer.sprite_rect(t.table, t.table.sprites[card])
        click(app, (r.centerx, r.bottom - r.height // 5))
        assert t.driver.actions_count() == n
        assert app.toasts.text == tr("illegal.projects_first")
        assert t.view.toast_rect is not None and t.view.toast_rect.bottom <= t.gui.panel.rect.top
    finally:
        app.close()


def test_a_window_is_fitted_to_the_desktop_and_says_so(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """`--size 1920x1080` on a 1920×1080 desktop (issue 50 item 13); the fit itself: test_display."""
    pygame.display.init()
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = make_app(size=(1920, 1080))
    try:
        assert app.screen.get_size() == (1904, 984)
        assert app.fitted == (1904, 984)
        assert app.toasts.text == tr("toast.window_fitted", width=1904, height=984)
        assert app.toasts.text in capsys.readouterr().err
        app.step(DT)
        lay, t = app.layout, table(app)
        window = lay.window()
        assert window.contains(lay.hand_box(0)), "the hand is on screen"
        assert all(window.contains(r) for r in lay.toolbar_rects(5)), "the Menu button is on screen"
        assert window.contains(t.gui.tools["menu"].rect)
    finally:
        app.close()
