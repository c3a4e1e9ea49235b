"""The menus, headless: main menu (Continue only with a saved match), pause menu, settings saved to disk,
how to play and statistics — by keyboard events, and by mouse clicks where a person would click.

Frames advance by a fixed dt with the inline thinker; every file goes to a temporary BALOOT_DATA_DIR.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from ui import i18n
from ui.app import App
from ui.files.savegame import load_match
from ui.files.settings import Settings, load_settings
from ui.files.storage import ENV_DIR
from ui.screens import (
    ConfirmScreen,
    HowToScreen,
    MainMenu,
    PauseMenu,
    Screen,
    SettingsScreen,
    StatsScreen,
)
from ui.table.worker import InlineThinker

DT = 50.0


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "data"
    monkeypatch.setenv(ENV_DIR, str(folder))
    yield folder
    i18n.set_language("en")


def make_app(menu: bool = True, settings: Settings | None = None) -> App:
    return App(3, humans=(0,), settings=settings or Settings(animation_speed="fast", sound=False),
               thinker=InlineThinker(), size=(1280, 800), sound=False, ai="random", persist=True, menu=menu)


def press(app: App, key: int, mod: int = 0, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    for _ in range(frames):
        app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)  # pygame-gui posts its button event on the next frame


def top(app: App) -> Screen | None:
    return app.screens[-1] if app.screens else None


def names(screen: Screen | None) -> list[str]:
    assert screen is not None
    return [it.name for it in screen.items]


def focus_on(app: App, name: str) -> None:
    """↓ until the focus ring is on `name` (keyboard only)."""
    for _ in range(20):
        screen = top(app)
        assert screen is not None
        item = screen.focused()
        if item is not None and item.name == name:
            return
        press(app, pygame.K_DOWN)
    raise AssertionError(f"the focus never reached {name}: {names(top(app))}")


def button_centre(screen: Screen | None, name: str) -> tuple[int, int]:
    assert screen is not None
    for it in screen.items:
        if it.name == name:
            c = it.widgets[0].rect.center
            return (int(c[0]), int(c[1]))
    raise AssertionError(name)


def run_until(app: App, cond: Callable[[], bool], max_frames: int = 3000) -> None:
    for _ in range(max_frames):
        if cond():
            return
        app.step(DT)
    raise AssertionError("never reached the expected state")


# ----- main menu -----------------------------------------------------------------------------

def test_the_main_menu_comes_first_and_new_match_starts_one(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        assert isinstance(top(app), MainMenu)
        assert not app.match_live
        assert names(top(app)) == ["new", "learn", "puzzles", "settings", "howto", "stats", "open", "quit"], \
            "no Continue without a save"
        for _ in range(30):
            app.step(DT)
        assert app.match is None, "no match is dealt behind the menu"
        press(app, pygame.K_RETURN)  # the focus starts on New match
        assert not app.screens and app.match_live
        run_until(app, lambda: len(app.match.driver.state.actions) > 0 or app.match.human_turn())
    finally:
        app.close()


def make_a_save(data_dir: Path) -> int:
    app = make_app(menu=False)
    try:
        run_until(app, lambda: len(app.match.driver.state.actions) >= 2 and app.match.human_turn())
        n = len(app.match.driver.state.actions)
    finally:
        app.close()
    assert (data_dir / "match.json").exists()
    return n


def test_continue_appears_only_with_a_saved_match_and_resumes_it(data_dir: Path) -> None:
    n = make_a_save(data_dir)
    saved, _ = load_match()
    assert saved is not None
    app = make_app()
    try:
        app.step(DT)
        menu = top(app)
        assert isinstance(menu, MainMenu)
        assert names(menu) == ["new", "continue", "learn", "puzzles", "settings", "howto", "stats", "open",
                               "quit"]
        assert menu.focused() is not None and menu.focused().name == "continue"  # type: ignore[union-attr]
        press(app, pygame.K_RETURN)
        assert not app.screens and app.match_live
        actions = app.match.driver.state.actions
        assert actions == saved.match.actions and len(actions) == n
    finally:
        app.close()


def test_new_match_over_a_save_asks_first(data_dir: Path) -> None:
    make_a_save(data_dir)
    app = make_app()
    try:
        app.step(DT)
        focus_on(app, "new")
        press(app, pygame.K_RETURN)
        question = top(app)
        assert isinstance(question, ConfirmScreen) and question.focused().name == "no"  # type: ignore[union-attr]
        press(app, pygame.K_ESCAPE)  # No
        assert isinstance(top(app), MainMenu) and (data_dir / "match.json").exists()
        focus_on(app, "new")
        press(app, pygame.K_RETURN)
        press(app, pygame.K_LEFT)  # to Yes
        assert top(app).focused().name == "yes"  # type: ignore[union-attr]
        press(app, pygame.K_RETURN)
        assert not app.screens and app.match_live
        assert len(app.match.driver.state.sheet) == 0
    finally:
        app.close()


def test_the_main_menu_with_the_mouse(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        click(app, button_centre(top(app), "howto"))
        assert isinstance(top(app), HowToScreen)
        click(app, button_centre(top(app), "back"))
        assert isinstance(top(app), MainMenu)
        click(app, button_centre(top(app), "stats"))
        assert isinstance(top(app), StatsScreen)
        click(app, (5, 5))  # outside the box: back
        assert isinstance(top(app), MainMenu)
        click(app, button_centre(top(app), "new"))
        assert not app.screens and app.match_live
    finally:
        app.close()


def test_quit_from_the_main_menu(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        focus_on(app, "quit")
        press(app, pygame.K_RETURN)
        assert not app.running
    finally:
        app.close()


# ----- how to play, statistics ---------------------------------------------------------------

def test_how_to_play_scrolls_and_closes(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        focus_on(app, "howto")
        press(app, pygame.K_RETURN)
        howto = top(app)
        assert isinstance(howto, HowToScreen) and howto.max_scroll() > 0
        press(app, pygame.K_DOWN)
        assert howto.scroll > 0
        press(app, pygame.K_END)
        assert howto.scroll == howto.max_scroll()
        press(app, pygame.K_HOME)
        assert howto.scroll == 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                                             precise_y=-2.0))
        app.step(DT)
        assert howto.scroll > 0
        press(app, pygame.K_ESCAPE)
        assert isinstance(top(app), MainMenu)
    finally:
        app.close()


def test_statistics_open_show_the_counts_and_close(data_dir: Path) -> None:
    app = make_app()
    try:
        app.statistics.matches_played, app.statistics.matches_won = 4, 3
        app.statistics.recent = ["152-98 won"]
        app.step(DT)
        focus_on(app, "stats")
        press(app, pygame.K_RETURN)
        stats = top(app)
        assert isinstance(stats, StatsScreen)
        from ui.screens import recent_lines, stats_columns
        rows = dict(stats_columns(stats.stats)[0][1])
        assert rows["Matches won"] == "3 of 4 (75%)"
        assert recent_lines(stats.stats) == ["152 – 98, won"]
        press(app, pygame.K_ESCAPE)
        assert isinstance(top(app), MainMenu)
    finally:
        app.close()


def test_the_statistics_show_the_puzzles_solved_and_the_streak() -> None:
    import datetime

    from ui.files.stats import Statistics
    from ui.learn.progress import record_puzzle
    from ui.screens import stats_columns

    s = Statistics()
    day = datetime.date(2026, 12, 1)
    for d in (day, day + datetime.timedelta(days=1), day + datetime.timedelta(days=1)):
        record_puzzle(s, d)
    rows = dict(stats_columns(s, day + datetime.timedelta(days=2))[0][1])
    assert rows["Puzzles solved"] == "3" and rows["Puzzle streak (best)"] == "2 (2)"
    rows = dict(stats_columns(s, day + datetime.timedelta(days=5))[0][1])
    assert rows["Puzzle streak (best)"] == "0 (2)", "a day without a puzzle breaks the streak"


# ----- settings ------------------------------------------------------------------------------

def settings_tab(app: App, index: int) -> SettingsScreen:
    screen = top(app)
    assert isinstance(screen, SettingsScreen)
    focus_on(app, "tabs")
    while screen.tab != index:
        press(app, pygame.K_RIGHT if not i18n.is_rtl() else pygame.K_LEFT)
        screen = top(app)  # type: ignore[assignment]
        assert isinstance(screen, SettingsScreen)
    return screen


def on_disk() -> Settings:
    settings, problem = load_settings()
    assert problem is None
    return settings


def test_settings_change_by_keyboard_and_persist(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        focus_on(app, "settings")
        press(app, pygame.K_RETURN)
        assert isinstance(top(app), SettingsScreen)
        # Display: the language, live (every screen is rebuilt in Arabic) and saved
        settings_tab(app, 1)
        focus_on(app, "language")
        press(app, pygame.K_RIGHT)
        assert app.settings.language == "ar" and i18n.language() == "ar" and on_disk().language == "ar"
        assert isinstance(top(app), SettingsScreen) and top(app).focused().name == "language"  # type: ignore[union-attr]
        press(app, pygame.K_LEFT)  # right to left: ← goes on to the next choice, English again
        assert on_disk().language == "en" and i18n.language() == "en"
        focus_on(app, "deck")
        before = app.settings.deck
        press(app, pygame.K_RETURN)
        assert app.settings.deck != before and on_disk().deck == app.settings.deck == app.assets.deck
        focus_on(app, "animation_speed")
        press(app, pygame.K_LEFT)
        assert on_disk().animation_speed == "normal"
        # Sound: on/off and volume
        settings_tab(app, 2)
        focus_on(app, "volume")
        press(app, pygame.K_LEFT)
        assert on_disk().volume == pytest.approx(0.6) and app.sounds.volume == pytest.approx(0.6)
        focus_on(app, "speech")
        press(app, pygame.K_RETURN)
        assert on_disk().speech is True and app.speaker.enabled
        # Rules: for the next match
        settings_tab(app, 3)
        focus_on(app, "rules.kawesh")
        press(app, pygame.K_RETURN)
        assert on_disk().rules.kawesh is True
        # Players: a name typed in, a difficulty
        settings_tab(app, 0)
        focus_on(app, "name_south")
        for _ in range(3):
            press(app, pygame.K_BACKSPACE)
        for ch in "Ali":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
        app.step(DT)
        app.step(DT)  # pygame-gui posts the change event, handled on the next frame
        assert on_disk().name_south == "Ali"
        from ui.text import display_names
        assert display_names(app.settings.names())[0] == "Ali"
        focus_on(app, "difficulty_west")
        press(app, pygame.K_RIGHT)
        assert on_disk().difficulty_west == "hard"
        press(app, pygame.K_ESCAPE)
        assert isinstance(top(app), MainMenu)
        # the next match uses the new rules and difficulty
        focus_on(app, "new")
        press(app, pygame.K_RETURN)
        assert app.match.driver.state.rules.kawesh is True
        app.ai_override = None  # the test plays random bots; a person's window uses the difficulty
        assert app.agent_specs()[3] == "ismcts:hard" and app.agent_specs()[1] == "ismcts:medium"
    finally:
        app.close()


def test_an_empty_name_is_refused(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        app.open_screen(SettingsScreen(app))
        app.step(DT)
        focus_on(app, "name_east")
        for _ in range(8):
            press(app, pygame.K_BACKSPACE)
        app.step(DT)
        screen = top(app)
        assert isinstance(screen, SettingsScreen) and screen.problem
        assert app.settings.name_east == on_disk().name_east == "F"  # the last good name, never ""
        press(app, pygame.K_DOWN)  # leaving the entry puts the saved name back in it
        entry = next(it for it in screen.items if it.name == "name_east")
        assert entry.widgets[0].get_text() == "F" and not screen.problem
    finally:
        app.close()


def test_settings_with_the_mouse(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        click(app, button_centre(top(app), "settings"))
        screen = top(app)
        assert isinstance(screen, SettingsScreen)
        tabs = next(it for it in screen.items if it.name == "tabs")
        click(app, tabs.widgets[1].rect.center)
        screen = top(app)  # type: ignore[assignment]
        assert isinstance(screen, SettingsScreen) and screen.tab == 1
        deck = next(it for it in screen.items if it.name == "deck")
        click(app, deck.widgets[1].rect.center)
        assert on_disk().deck == "4color"
        click(app, button_centre(top(app), "reset"))
        assert on_disk() == Settings()
        click(app, button_centre(top(app), "back"))
        assert isinstance(top(app), MainMenu)
    finally:
        app.close()


# ----- the pause menu ------------------------------------------------------------------------

def test_pause_menu_resume_main_menu_and_continue(data_dir: Path) -> None:
    app = make_app(menu=False)
    try:
        run_until(app, lambda: app.match.human_turn())
        press(app, pygame.K_ESCAPE)
        pause = top(app)
        assert isinstance(pause, PauseMenu)
        assert names(pause) == ["resume", "settings", "howto", "main_menu", "quit"]
        press(app, pygame.K_RETURN)  # Resume
        assert not app.screens
        # while paused, nothing moves: wait for a computer's turn, pause, count the moves
        state = app.match.driver.state
        run_until(app, lambda: (app.match.driver.thinking_seat() is not None
                                and not app.match.animator.busy())
                  or app.match.human_turn())
        press(app, pygame.K_ESCAPE)
        n = len(state.actions)
        for _ in range(100):
            app.step(DT)
        assert len(state.actions) == n
        press(app, pygame.K_ESCAPE)  # Esc resumes too
        assert not app.screens
        # Main menu: the match is kept (saved) and Continue picks it up
        press(app, pygame.K_ESCAPE)
        focus_on(app, "main_menu")
        press(app, pygame.K_RETURN)
        menu = top(app)
        assert isinstance(menu, MainMenu) and "continue" in names(menu) and not app.match_live
        actions = list(app.match.driver.state.actions)
        press(app, pygame.K_RETURN)  # Continue has the focus
        assert app.match_live and not app.screens and app.match.driver.state.actions[:len(actions)] == actions
        # the Menu button of the toolbar opens the pause menu as well
        app.step(DT)
        click(app, app.match.gui.tools["menu"].rect.center)
        assert isinstance(top(app), PauseMenu)
        click(app, (3, 3))  # a click on the dimmed table resumes
        assert not app.screens
    finally:
        app.close()


def test_settings_from_the_pause_menu_apply_to_the_table(data_dir: Path) -> None:
    app = make_app(menu=False)
    try:
        run_until(app, lambda: app.match.human_turn())
        app.step(DT)
        press(app, pygame.K_ESCAPE)
        focus_on(app, "settings")
        press(app, pygame.K_RETURN)
        settings_tab(app, 1)
        focus_on(app, "language")
        press(app, pygame.K_RIGHT)
        assert i18n.language() == "ar"
        press(app, pygame.K_ESCAPE)  # back to the pause menu, in Arabic
        pause = top(app)
        assert isinstance(pause, PauseMenu)
        assert all(i18n.has_arabic(str(it.widgets[0].text)) for it in pause.items)
        press(app, pygame.K_ESCAPE)
        app.step(DT)
        assert not app.screens
        assert app.match.animator.hud.names[0] == "أنت"
        if app.match.gui.panel is not None:
            assert any(i18n.has_arabic(str(b.text)) for b in app.match.gui.panel.buttons.values())
        assert i18n.has_arabic(str(app.match.gui.tools["menu"].text))
    finally:
        app.close()


def test_screens_follow_a_resize(data_dir: Path) -> None:
    app = make_app()
    try:
        app.step(DT)
        focus_on(app, "settings")
        press(app, pygame.K_RETURN)
        for w, h in ((1024, 640), (1920, 1080)):
            pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)))
            app.step(DT)
            screen = top(app)
            assert isinstance(screen, SettingsScreen)
            win = app.layout.window()
            assert win.size == (w, h) and win.contains(screen.frame)
            for it in screen.items:
                for widget in it.widgets:
                    assert screen.frame.contains(widget.rect), (it.name, widget.rect, screen.frame)
    finally:
        app.close()
