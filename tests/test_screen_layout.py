"""A general check of the window's text (issue 50): every screen and overlay — main menu, each
settings tab, how to play, statistics, open a record, a yes/no question, pause, last trick (before
and after a trick), bid history, score sheet (before and after a hand), hand summary, match end,
the review, the table itself — in English and Arabic at 1024×640, 1280×800 and 1920×1080. A text
whose rectangle overlaps another text or a button, or leaves the window (or its box), fails.

Headless, the inline thinker, a fixed dt: no wall-clock dependence.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from game.actions import PASS, SUN
from game.events import MatchOver
from game.rules import Rules
from tests.screen_check import problems
from ui import i18n
from ui.app import App
from ui.files.settings import Settings
from ui.files.storage import ENV_DIR
from ui.review.screen import ReviewScreen
from ui.screens import ConfirmScreen, HowToScreen, SettingsScreen, StatsScreen, settings_tabs
from ui.screens.open_record import OpenRecordScreen
from ui.table.overlays import (
    BidHistoryScreen,
    HandSummaryScreen,
    LastTrickScreen,
    MatchEndScreen,
    ScoreSheetScreen,
)
from ui.table.scene import TableScene
from ui.table.worker import InlineThinker

DT = 50.0
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
LANGUAGES = ("en", "ar")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DIR, str(folder))
    yield folder
    i18n.set_language("en")


def run_until(app: App, cond: Callable[[], bool], limit: int = 20_000) -> None:
    for _ in range(limit):
        if cond():
            return
        app.step(DT)
    raise AssertionError("never got there")


def south_plays(app: App, until: Callable[[], bool]) -> None:
    """South passes (or buys Sun when it must) and plays its last legal card until `until()`."""
    t = app.match
    assert t is not None
    for _ in range(400):
        run_until(app, lambda: until() or t.human_turn())
        if until():
            return
        legal = t.driver.legal_actions()
        want = PASS if PASS in legal else (SUN if SUN in legal else None)
        if want is None:
            cards = [c for c in t.table.hands[0] if c in legal]
            want = cards[-1] if cards else legal[0]
        t.submit(want)
        app.step(DT)
    raise AssertionError("never got there")


class Check:
    """Draws the top scene in every language and size and keeps what is wrong, by screen."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.found: dict[str, list[str]] = {}
        self.seen: list[str] = []

    def __call__(self, name: str, language: str) -> None:
        app = self.app
        if app.settings.language != language:
            app.apply_settings(dataclasses.replace(app.settings, language=language))
        for w, h in SIZES:
            app.resize(w, h)
            app.step(DT)
            where = f"{name} [{language} {w}x{h}]"
            self.seen.append(where)
            found = problems(app)
            if found:
                self.found[where] = found

    def report(self) -> str:
        return "\n".join(f"{where}:\n  " + "\n  ".join(p[:8]) for where, p in self.found.items())


def table(app: App) -> TableScene:
    assert app.match is not None
    return app.match


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_overlaps_or_leaves_the_window(language: str) -> None:
    app = App(11, humans=(0,), settings=Settings(animation_speed="instant", sound=False, language=language),
              thinker=InlineThinker(), size=SIZES[0], sound=False, ai="random", persist=True, menu=True)
    check = Check(app)
    try:
        check("main menu", language)
        for tab in range(len(settings_tabs())):
            app.open_screen(SettingsScreen(app, tab=tab))
            check(f"settings tab {tab}", language)
            app.close_screen()
        for name, screen in (("how to play", HowToScreen(app)), ("statistics", StatsScreen(app)),
                             ("open a record", OpenRecordScreen(app))):
            app.open_screen(screen)
            check(name, language)
            app.close_screen()
        stats = StatsScreen(app)
        app.open_screen(stats)
        stats.show_rule_set(1)
        check("statistics, the other rule set", language)
        app.close_screen()
        for question in ("menu.confirm_new", "stats.reset_confirm", "practice.leave_confirm"):
            app.open_screen(ConfirmScreen(app, question, lambda: None))
            check(f"confirm {question}", language)
            app.close_screen()
        app.start_new_match()
        t = table(app)
        run_until(app, lambda: t.human_turn() and t.gui.panel is not None)
        check("table, bidding", language)
        for name, overlay in (("bid history", BidHistoryScreen), ("last trick, none yet", LastTrickScreen),
                              ("score sheet, before any hand", ScoreSheetScreen)):
            app.open_screen(overlay(app, t))
            check(name, language)
            app.close_screen()
        app.pause()
        check("pause", language)
        app.resume()
        south_plays(app, lambda: t.animator.hud.last_trick is not None)
        check("table, playing", language)
        run_until(app, t.human_turn)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
        run_until(app, lambda: t.hints.last is not None and bool(app.toasts.text), 400)
        check("table, a hint shown", language)
        app.open_screen(LastTrickScreen(app, t))
        check("last trick", language)
        app.close_screen()
        south_plays(app, lambda: isinstance(app.top, HandSummaryScreen))
        check("hand summary", language)
        app.top.back()  # type: ignore[union-attr]
        app.open_screen(ScoreSheetScreen(app, t))
        check("score sheet", language)
        app.close_screen()
        assert app.show("table_review", t)
        review = app.top
        assert isinstance(review, ReviewScreen)
        check("review, opening", language)
        run_until(app, review.coach.done)
        app.step(DT)
        check("review, judged", language)
        review.key(pygame.K_m)
        app.step(DT)
        check("review, after M", language)
        review.go(len(review.review.steps) - 1)
        check("review, the end", language)
        review.back()
        t.animator.hud.match_over = MatchOver(1, (98, 160), False)
        run_until(app, lambda: isinstance(app.top, MatchEndScreen), 50)
        check("match end", language)
    finally:
        app.close()
    assert len(check.seen) == 27 * len(SIZES), "every screen was reached"
    assert not check.found, "\n" + check.report()


@pytest.mark.parametrize("language", LANGUAGES)
def test_classic_belote_screens_keep_their_text_apart(language: str) -> None:
    """Classic Belote's longer words: its bid history, hand summary, score sheet and review."""
    settings = Settings(animation_speed="instant", sound=False, language=language,
                        rules=Rules.preset("belote"))
    app = App(5, humans=(0,), settings=settings, thinker=InlineThinker(), size=SIZES[0], sound=False,
              ai="random", persist=True)
    check = Check(app)
    t = table(app)
    try:
        south_plays(app, lambda: t.animator.hud.last_trick is not None)
        check("belote table", language)
        app.open_screen(BidHistoryScreen(app, t))
        check("belote bid history", language)
        app.close_screen()
        south_plays(app, lambda: isinstance(app.top, HandSummaryScreen))
        check("belote hand summary", language)
        app.top.back()  # type: ignore[union-attr]
        app.open_screen(ScoreSheetScreen(app, t))
        check("belote score sheet", language)
        app.close_screen()
        assert app.show("table_review", t)
        review = app.top
        assert isinstance(review, ReviewScreen)
        run_until(app, review.coach.done)
        app.step(DT)
        check("belote review", language)
    finally:
        app.close()
    assert len(check.seen) == 5 * len(SIZES), "every screen was reached"
    assert not check.found, "\n" + check.report()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_review_rows_detail_stops_before_its_marks(language: str) -> None:
    """The coloured marks of a row of the hand's list never sit on its detail (issue 50, item 4)."""
    from tests.screen_check import RecordingSurface
    from ui.assets import Assets
    from ui.review.view import ListRow, ReviewLayout, ReviewPainter
    from ui.table.layout import Layout
    from ui.table.render import Renderer
    from ui.textlog import listening

    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    i18n.set_language(language)
    lay = Layout(*SIZES[0])
    rl, painter = ReviewLayout(lay), ReviewPainter(Renderer(Assets()))
    row = ListRow("Calls", "♥ trump by Abdulrahman the Tall", 0, 3, marks=["good", "small", "mistake"])
    with listening() as log:
        surf = RecordingSurface(SIZES[0], log)
        painter.hand_list(surf, rl, "The hand", [row], 0, [])
    shown = [p for p in surf.placed if p.words.endswith("…") and row.detail.startswith(p.words[:-1])]
    assert len(shown) == 1, "too long for its room at this size: cut and marked, never run over the marks"
    detail = shown[0].ink
    dot = max(3, round(4 * lay.u))
    box = rl.left
    nearest = box.right - rl.pad - dot - (len(row.marks) - 1) * (2 * dot + 3)  # the innermost mark's centre
    if i18n.is_rtl():
        assert detail.left > box.left + box.right - nearest + dot, (detail, box)
    else:
        assert detail.right < nearest - dot, (detail, box)
