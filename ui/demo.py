"""Headless demo: four computer players, screenshots at the key moments, then exit.

South is a computer player too, but its call panel and playable cards are drawn as if a person
sat there, so the screenshots show them. Frames advance by a fixed dt and never sleep. Besides the
table it saves the bid history (bid_history_*.png) and the score sheet (score_sheet_*.png) as they
look during play, opened like a player would open them (B, P). With `review`, the last hand's
review is opened from its summary, the coach judges South's decisions (South plays as the demo's
computer players do, so a random South makes mistakes to mark), and review_*.png are saved: where
the review opens (the first mistake), the deal, a call, a card and the end of the hand.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from game.actions import is_card
from game.events import HandThrownIn
from game.rules import Rules
from ui.app import App
from ui.display import DEFAULT_SIZE
from ui.files.savegame import SavedMatch
from ui.files.settings import Settings
from ui.review.screen import ReviewScreen
from ui.screens import Screen
from ui.table.driver import UIEvent
from ui.table.overlays import (
    BidHistoryScreen,
    HandSummaryScreen,
    LastTrickScreen,
    MatchEndScreen,
    ScoreSheetScreen,
)
from ui.table.scene import TableScene
from ui.table.worker import Thinker

DEMO_DT_MS = 40.0
MAX_FRAMES_PER_HAND = 30_000


class DemoApp(App):
    def __init__(self, seed: int, hands: int, out_dir: Path | None, size: tuple[int, int] = DEFAULT_SIZE,
                 ai: str = "random", thinker: Thinker | None = None, speed: str = "fast",
                 autosave: bool = False, resume: SavedMatch | None = None, language: str = "en",
                 review: bool = False, rules: str = "saudi") -> None:
        settings = Settings(animation_speed=speed, sound=False, language=language,
                            rules=Rules.preset(rules))
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
        self._pause_shot = False
        self._overlay: str | None = None
        self.review = review
        self.reviewing: ReviewScreen | None = None

    def new_match(self, seed: int, resume: SavedMatch | None = None) -> TableScene:
        table = super().new_match(seed, resume)
        inner = table.animator.on_event

        def hook(e: UIEvent) -> None:
            if isinstance(e, HandThrownIn):
                self.thrown_in += 1
            if inner is not None:
                inner(e)

        table.animator.on_event = hook
        return table

    def shot(self, name: str, once: bool = True) -> None:
        if once and name in self.taken:
            return
        self.taken.add(name)
        if self.out_dir is None:
            return
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"{name}.png"
        pygame.image.save(self.screen, str(path))
        self.saved.append(path)

    def menu_shots(self) -> None:
        """00_menu_*.png: the main menu, settings (each tab), how to play, statistics, the pause menu."""
        from ui.screens import HowToScreen, MainMenu, SettingsScreen, StatsScreen, settings_tabs

        keep = list(self.stack)
        shots: list[tuple[str, Screen]] = [("00_menu_main", MainMenu(self))]
        shots += [(f"00_menu_settings_{i + 1}", SettingsScreen(self, tab=i))
                  for i in range(len(settings_tabs()))]
        shots += [("00_menu_howto", HowToScreen(self)), ("00_menu_stats", StatsScreen(self))]
        for name, screen in shots:
            self.stack = [screen] if isinstance(screen, MainMenu) else [MainMenu(self), screen]
            self.invalidate()
            self.render()
            self.shot(name)
        self.stack = keep
        self.invalidate()
        self._pause_shot = True

    def open_and_shoot(self, screen: Screen, name: str) -> None:
        self.open_screen(screen)
        self.render()
        self.shot(name)
        self.close_screen()

    def after_draw(self) -> None:
        from ui.screens import PauseMenu
        table = self.match
        if table is None:
            return
        top = self.top
        if isinstance(top, PauseMenu):
            self.shot("00_menu_pause")
            self.resume()
            return
        hud = table.animator.hud
        if isinstance(top, MatchEndScreen):
            self.shot("06_match_end")
            self.running = False
            return
        if self.reviewing is not None:
            self.review_shots(self.reviewing)
            return
        if isinstance(top, HandSummaryScreen):
            n = hud.hand_number
            self.shot(f"05_hand_summary_{n:02d}", once=True)
            if len(table.driver.sheet) >= 1 and f"score_sheet_{n:02d}" not in self.taken:
                self.close_screen()
                self.open_and_shoot(ScoreSheetScreen(self, table), f"score_sheet_{n:02d}")
                self.open_screen(top)
            self.hands_done += 1
            if 0 < self.hands_wanted <= self.hands_done:
                if self.review and self.show("table_review", table) and isinstance(self.top, ReviewScreen):
                    self.reviewing = self.top
                else:
                    self.running = False
            else:
                top.back()
            return
        if top is not table or table.table.moving():
            return
        if hud.phase == "bidding" and hud.hand_number == 1 and not hud.bubbles:
            self.shot("01_deal")
        panel = table.gui.panel
        if panel is not None and panel.key[0] == "call":
            self.shot("02_bidding_panel")
        if panel is not None and panel.key[0] == "projects":
            self.shot("03_projects_panel")
        if hud.phase == "playing" and hud.calls and f"bid_history_{hud.hand_number:02d}" not in self.taken:
            self.open_and_shoot(BidHistoryScreen(self, table), f"bid_history_{hud.hand_number:02d}")
            return  # the window still holds the box: the table's shots wait for the next frame
        if hud.last_trick is not None and "07_last_trick" not in self.taken:
            self.open_and_shoot(LastTrickScreen(self, table), "07_last_trick")
        playable = table.aff.playable
        if playable is not None and 0 < len(table.table.trick) < 4 and playable != set(table.table.hands[0]):
            self.shot("03_mid_trick")
            if self._pause_shot:
                self._pause_shot = False
                self.pause()
        if hud.shown:
            self.shot("04_projects_shown")


    def review_shots(self, rv: ReviewScreen) -> None:
        """Once the coach has judged every decision: the review where it opened, then a few steps."""
        if not rv.coach.done():
            return
        self.shot(f"review_01_opened_{'mistake' if rv.coach.mistakes() else 'no_mistake'}")
        steps = rv.review.steps
        calls = [d.step for d in rv.review.decisions if not is_card(d.played)]
        cards = [d.step for d in rv.review.decisions if is_card(d.played)]
        for name, k in (("02_deal", 0), ("03_call", calls[0] if calls else 1),
                        ("04_card", cards[len(cards) // 2] if cards else len(steps) // 2),
                        ("05_end", len(steps) - 1)):
            rv.go(k)
            self.render()
            self.shot(f"review_{name}")
        self.running = False


def run_demo(seed: int, hands: int, out_dir: Path | None, size: tuple[int, int] = DEFAULT_SIZE,
             ai: str = "random", thinker: Thinker | None = None, speed: str = "fast",
             autosave: bool = False, resume: SavedMatch | None = None, language: str = "en",
             menus: bool = False, review: bool = False, rules: str = "saudi") -> int:
    """Play `hands` scored hands (0: the whole match); exit code 0 when it got there.

    `autosave` saves the match after every action as the window does; `resume` continues one.
    `language`: "en" or "ar". `menus`: also save screenshots of the main menu and the other screens.
    `review`: then open the last hand's review with the coach's marks (review_*.png).
    `rules`: a preset of `game.rules` (saudi, riyadh, belote)."""
    app = DemoApp(seed, hands, out_dir, size, ai, thinker, speed, autosave, resume, language, review,
                  rules)
    try:
        if menus:
            app.menu_shots()
        limit = MAX_FRAMES_PER_HAND * (hands if hands > 0 else 40)
        while app.running and app.frames < limit:
            app.step(DEMO_DT_MS)
        ok = not app.running
        assert app.match is not None
        driver = app.match.driver
        for w in driver.warnings:
            print("warning:", w, file=sys.stderr)
        print(f"demo: {app.hands_done} hand(s) played ({app.thrown_in} thrown in), "
              f"{app.frames} frames, score {driver.state.scores[0]}-{driver.state.scores[1]}"
              + (", match over" if driver.is_over() else "") + f", seed {driver.match_seed}")
        for p in app.saved:
            print("screenshot:", p)
        return 0 if ok else 1
    finally:
        app.close()
