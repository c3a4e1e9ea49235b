"""The App's side of the screens: what the menus, settings and statistics screens ask the window
to do (`ui.screens.base.ScreenHost`) — open and close screens, pause, resume, start or continue a
match, apply and save settings, reset statistics.

`MenuHost` is a mixin of `ui.app.App` and uses its driver, settings, sounds and speaker.
"""

from __future__ import annotations

import pygame

from . import i18n
from .keyboard import TOAST_MS
from .savegame import SavedMatch, load_match
from .screens import MainMenu, PauseMenu, Screen
from .settings import Settings, save_settings
from .stats import Statistics, save_stats
from .storage import save_file
from .text import display_names, file_problem, tr

REDRAW_AFTER_INPUT_MS = 400.0


class MenuHost:
    def open_screen(self, screen: Screen) -> None:
        if not self.screens:
            self._backdrop = None
            self.kb_active = False
        self.screens.append(screen)

    def close_screen(self) -> None:
        if self.screens:
            self.screens.pop()
        self.redraw_until = self.clock_ms + REDRAW_AFTER_INPUT_MS

    def pause(self) -> None:
        """Esc or the Menu button during a match."""
        if self.match_live and not self.screens:
            self.show_last_trick = False
            self.open_screen(PauseMenu(self))

    def resume(self) -> None:
        self.screens.clear()
        self.redraw_until = self.clock_ms + REDRAW_AFTER_INPUT_MS

    def start_new_match(self) -> None:
        """New match from the main menu (the saved one, if any, is given up)."""
        self.screens.clear()
        if self.persist:
            save_file().delete()
        self.new_match(self.seed + 1)
        self.match_live = self.match_started = True

    def continue_match(self, saved: SavedMatch | None) -> None:
        """Continue: the match left in this window, else the saved one."""
        self.screens.clear()
        if not (self.match_started and not self.driver.is_over()):
            if saved is None:
                self.start_new_match()
                return
            self.new_match(saved.agent_seed, saved)
        self.match_live = self.match_started = True

    def to_main_menu(self) -> None:
        """Main menu from the pause menu: the match stays saved (and in memory) for Continue."""
        self.screens.clear()
        self.match_live = False
        self.open_screen(MainMenu(self))

    def quit_game(self) -> None:
        self.running = False

    def saved_match(self) -> tuple[SavedMatch | None, bool]:
        """What Continue would pick up, and whether to offer it."""
        if self.match_started and not self.driver.is_over():
            return SavedMatch(self.driver.state, self.players(), self.driver.seed), True
        if not self.persist:
            return None, False
        saved, problem = load_match()
        if problem:
            self.toast(file_problem("save", problem) or problem)
        return saved, saved is not None

    def load_statistics(self) -> Statistics:
        return self.statistics

    def reset_statistics(self) -> None:
        self.statistics = Statistics()
        if self.persist_profile:
            self.safely(lambda: save_stats(self.statistics))
        self.toast(tr("stats.reset_done"), "info", TOAST_MS)

    def speech_available(self) -> bool:
        return self.speaker.available

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def apply_settings(self, new: Settings) -> None:
        """A change made on the settings screen: saved at once and applied where it can be now
        (language, deck, sound, speech, speed, names); rules and difficulty wait for the next match."""
        old = self.settings
        self.settings = new
        if new.language != old.language:
            i18n.set_language(new.language)
            self.speaker.set_language(new.language)
            pygame.display.set_caption(tr("app.title"))
            self.gui.resize(self.layout)
            for s in self.screens:
                s.build()
        if new.deck != old.deck:
            self.assets.set_deck(new.deck)
        if (new.sound, new.volume) != (old.sound, old.volume):
            self.sounds.set_volume(new.volume)
            self.sounds.set_enabled(new.sound and self.sound_allowed)
        if new.speech != old.speech:
            self.speaker.set_enabled(new.speech)
            if new.speech:
                self.speaker.say(tr("settings.speech"))
        names = display_names(new.names())
        self.animator.hud.names = names
        self.overlays.names = names
        self._backdrop = None
        if self.persist_profile:
            self.safely(lambda: save_settings(new))
