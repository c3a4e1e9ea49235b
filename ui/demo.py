"""Headless demo: four computer players, screenshots at the key moments, then exit.

South is a computer player too, but its call panel and playable cards are drawn as if a person
sat there, so the screenshots show them. Frames advance by a fixed dt and never sleep.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.events import HandThrownIn

from .app import App
from .driver import UIEvent
from .savegame import SavedMatch
from .screens import Screen
from .settings import Settings
from .worker import Thinker

DEMO_DT_MS = 40.0
MAX_FRAMES_PER_HAND = 30_000


class DemoApp(App):
    def __init__(self, seed: int, hands: int, out_dir: Path | None, size: tuple[int, int] = (1280, 800),
                 ai: str = "random", thinker: Thinker | None = None, speed: str = "fast",
                 autosave: bool = False, resume: SavedMatch | None = None, language: str = "en") -> None:
        settings = Settings(animation_speed=speed, sound=False, language=language)
        super().__init__(seed, humans=(), settings=settings,
                         thinker=thinker, size=size, hint_seat=0, persist=autosave, sound=False, ai=ai,
                         resume=resume)
        self.persist_profile = False
        self.hands_wanted = hands
        self.out_dir = out_dir
        self.hands_done = 0
        self.thrown_in = 0
        self.saved: list[Path] = []
        self.taken: set[str] = set()
        self.animator.on_event = self.on_event
        self._pause_shot = False

    def on_event(self, e: UIEvent) -> None:
        if isinstance(e, HandThrownIn):
            self.thrown_in += 1

    def shot(self, name: str, once: bool = True) -> None:
        if once and name in self.taken:
            return
        self.taken.add(name)
        if self.out_dir is None:
            return
        import pygame
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{name}.png"
        pygame.image.save(self.screen, str(path))
        self.saved.append(path)

    def menu_shots(self) -> None:
        """00_menu_*.png: the main menu, settings (each tab), how to play, statistics, the pause menu."""
        from .screens import HowToScreen, MainMenu, SettingsScreen, StatsScreen, settings_tabs

        live = self.match_live
        self.match_live = False
        shots: list[tuple[str, Screen]] = [("00_menu_main", MainMenu(self))]
        shots += [(f"00_menu_settings_{i + 1}", SettingsScreen(self, tab=i))
                  for i in range(len(settings_tabs()))]
        shots += [("00_menu_howto", HowToScreen(self)), ("00_menu_stats", StatsScreen(self))]
        for name, screen in shots:
            self.screens = [screen]
            self.step(DEMO_DT_MS)
            self.shot(name)
        self.screens = []
        self.match_live = live
        self._pause_shot = True

    def after_draw(self) -> None:
        if self._pause_shot and self.screens and self.out_dir is not None:
            self.shot("00_menu_pause")
            self.screens = []
            self._pause_shot = False
            return
        hud, table = self.animator.hud, self.table
        moving = table.moving()
        if hud.match_over is not None:
            self.shot("06_match_end")
            self.running = False
            return
        if hud.summary is not None:
            self.shot(f"05_hand_summary_{hud.hand_number:02d}", once=True)
            self.hands_done += 1
            if 0 < self.hands_wanted <= self.hands_done:
                self.running = False
            else:
                self.dismiss_summary()
            return
        if moving:
            return
        if hud.phase == "bidding" and hud.hand_number == 1 and not hud.bubbles:
            self.shot("01_deal")
        if self.gui.panel is not None and self.gui.panel.key[0] == "call":
            self.shot("02_bidding_panel")
        if self.gui.panel is not None and self.gui.panel.key[0] == "projects":
            self.shot("03_projects_panel")
        if self.aff.playable is not None and 0 < len(table.trick) < 4 and self.aff.playable != set(
                table.hands[0]):
            self.shot("03_mid_trick")
            if self._pause_shot and not self.screens:
                from .screens import PauseMenu
                self.open_screen(PauseMenu(self))
        if hud.shown and not moving:
            self.shot("04_projects_shown")


def run_demo(seed: int, hands: int, out_dir: Path | None, size: tuple[int, int] = (1280, 800),
             ai: str = "random", thinker: Thinker | None = None, speed: str = "fast",
             autosave: bool = False, resume: SavedMatch | None = None, language: str = "en",
             menus: bool = False) -> int:
    """Play `hands` scored hands (0: the whole match); True exit code 0 when it got there.

    `autosave` saves the match after every action as the window does; `resume` continues one.
    `language`: "en" or "ar". `menus`: also save screenshots of the main menu and the other screens."""
    app = DemoApp(seed, hands, out_dir, size, ai, thinker, speed, autosave, resume, language)
    try:
        if menus:
            app.menu_shots()
        limit = MAX_FRAMES_PER_HAND * (hands if hands > 0 else 40)
        while app.running and app.frames < limit:
            app.step(DEMO_DT_MS)
        ok = not app.running
        for w in app.driver.warnings:
            print("warning:", w, file=sys.stderr)
        print(f"demo: {app.hands_done} hand(s) played ({app.thrown_in} thrown in), "
              f"{app.frames} frames, score {app.driver.state.scores[0]}-{app.driver.state.scores[1]}"
              + (", match over" if app.driver.is_over() else ""))
        for p in app.saved:
            print("screenshot:", p)
        return 0 if ok else 1
    finally:
        app.close()
