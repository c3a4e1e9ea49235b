"""The window: its clock, the stack of scenes and the services every scene uses.

`App.step(dt_ms)` runs exactly one frame and never sleeps, so tests and the headless demo drive
it with a fixed dt; `App.run()` adds the 60 fps clock. The human sits South (seat 0).

The stack (`ui.scene.Scene`): the table (`ui.table.scene.TableScene`) or the main menu at the
bottom, then menus and overlays (pause menu, settings, how to play, statistics, last trick, bid
history, score sheet, hand summary, match end). The top scene takes all input and is the only one
that moves: the match waits under any overlay. Only the top scene is drawn readable: a scene that
does not cover the window is drawn as an opaque box over a dimmed picture of the table (or the
felt), never over the screens between. A scene is redrawn only when it changed, so an idle menu
costs almost nothing.

Services: settings (saved at once), statistics and the autosave (`MatchRecorder`), sounds, speech,
toasts, the assets and renderer, and the layout of the window size.
"""

from __future__ import annotations

import os
import sys
import time
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pygame

from game.rules import Rules
from ui import i18n
from ui.assets import Assets
from ui.audio.cues import Sounds
from ui.audio.narrator import spoken
from ui.audio.speech import Speaker
from ui.display import DEFAULT_SIZE, at_least_minimum, place_window
from ui.files.logfile import log_problem
from ui.files.rating import Rating, load_rating, save_rating
from ui.files.recorder import MatchRecorder
from ui.files.savegame import SavedMatch, load_match
from ui.files.settings import Settings, save_settings
from ui.files.stats import Statistics, load_stats, save_stats
from ui.files.storage import save_file
from ui.i18n import asset_root
from ui.scene import Scene
from ui.screen_index import SCREENS
from ui.screens import MainMenu, Screen
from ui.table.driver import MatchDriver
from ui.table.layout import MIN_SIZE, Layout
from ui.table.render import Renderer
from ui.table.scene import HUMAN, TableScene
from ui.table.worker import InlineThinker, SharedThinker, Thinker
from ui.text import display_names, file_problem, tr
from ui.toasts import TOAST_MS, Toasts

if TYPE_CHECKING:
    from ai.coach import Verdict
    from ui.review.coach import CoachKey
    from ui.review.model import ReviewSource

@dataclass
class FrameStat:
    work_ms: float
    thinking: bool


class App:
    fitted: tuple[int, int] | None = None
    """The size the window was made to fit the desktop (None: as asked)."""

    def __init__(self, seed: int, humans: Iterable[int] = (HUMAN,), settings: Settings | None = None,
                 thinker: Thinker | None = None, size: tuple[int, int] | None = DEFAULT_SIZE,
                 hint_seat: int | None = None, persist: bool = False, sound: bool = True,
                 ai: str | None = None, resume: SavedMatch | None = None, menu: bool = False,
                 speaker: Speaker | None = None, hint_level: str = "medium",
                 seed_given: bool = True) -> None:
        self.settings = settings or Settings()
        i18n.set_language(self.settings.language)
        self.seed = seed
        """The seed of the match on the table (the next new match takes another and says so)."""
        self.seed_given = seed_given
        self.ai_override = ai
        """One agent spec for every computer seat (else each seat's difficulty from the settings)."""
        self.persist = persist
        """Save the match after every action (and, for a person's game, settings and statistics)."""
        self.persist_profile = persist
        """Settings and statistics belong to the person playing; the demo leaves them alone."""
        self.humans = tuple(humans)
        self.hint_seat = hint_seat
        self.hint_level = hint_level
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker()
        self.hub = SharedThinker(self.thinker)
        """The worker shared by the match, a hand played again and the coach (each its own answers)."""
        self.coach_cache: dict[CoachKey, Verdict] = {}
        """The coach's verdicts of this session (a decision is judged once)."""
        # ----- the window
        self.screen = self.open_window(size)
        self.fullscreen = False
        self.windowed_size = self.screen.get_size()
        self.layout = Layout(*self.screen.get_size())
        # ----- services
        self.assets = Assets(self.settings.deck)
        self.renderer = Renderer(self.assets)
        self.sound_allowed = sound
        """False with --mute (and in the demo): the settings cannot turn the sound on."""
        self.sounds = Sounds(enabled=sound and self.settings.sound, volume=self.settings.volume)
        self.speaker = speaker if speaker is not None else Speaker(self.settings.speech,
                                                                   self.settings.language)
        self.toasts = Toasts()
        if self.fitted is not None:
            fitted = tr("toast.window_fitted", width=self.fitted[0], height=self.fitted[1])
            self.toasts.say(fitted, "info", TOAST_MS * 2)
            print(fitted, file=sys.stderr)
        statistics = Statistics()
        rating = Rating()
        if persist and self.humans:
            statistics, problem = load_stats()
            self.report_file_problem("stats", problem)
            rating, problem = load_rating()
            self.report_file_problem("stats", problem)
        self.recorder = MatchRecorder(self.toasts, statistics, persist, persist and bool(self.humans),
                                      rating)
        # ----- the stack
        self.stack: list[Scene] = []
        self.match: TableScene | None = None
        """The match of this window (kept while the main menu is open, for Continue)."""
        self.running = True
        self.frames = 0
        self.redraws = 0
        self.stats: list[FrameStat] = []
        self._backdrop: pygame.Surface | None = None
        self._full = True
        self._toast_drawn = False
        if menu:
            self.push(MainMenu(self))
        else:
            self.new_match(seed, resume)

    # ----- the window ----------------------------------------------------------------------

    def open_window(self, size: tuple[int, int] | None) -> pygame.Surface:
        """The window at `size`, else where and as large as it was left (the settings remember it)."""
        pygame.display.init()
        pygame.font.init()
        s = self.settings
        place = place_window(size, (s.window_x, s.window_y, s.window_w, s.window_h))
        if place.fitted:
            self.fitted = place.size
        if place.position is not None:
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{place.position[0]},{place.position[1]}"
        size = place.size
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        os.environ.pop("SDL_VIDEO_WINDOW_POS", None)
        pygame.display.set_caption(tr("app.title"))
        try:
            icon = pygame.image.load(str(asset_root() / "icon" / "icon.png"))
            pygame.display.set_icon(pygame.transform.smoothscale(icon, (64, 64)))
        except (pygame.error, FileNotFoundError):
            pass
        self.set_minimum_size()
        return screen

    def window_geometry(self) -> tuple[int, int, int, int] | None:
        """(x, y, w, h) of the window as it is now (None: full screen, or unknown)."""
        if self.fullscreen:
            return None
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                x, y = pygame.Window.from_display_module().position
        except (AttributeError, ValueError, pygame.error):
            return None
        w, h = self.screen.get_size()
        return int(x), int(y), w, h

    def remember_window(self) -> None:
        geo = self.window_geometry()
        if geo is not None:
            x, y, w, h = geo
            self.settings = replace(self.settings, window_x=x, window_y=y, window_w=w, window_h=h)

    def set_minimum_size(self) -> None:
        """Stop the window from being dragged smaller than the layout supports."""
        try:
            with warnings.catch_warnings():  # only the size is set; drawing stays on the display surface
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, ValueError, pygame.error):
            pass

    def resize(self, w: int, h: int) -> None:
        w, h = at_least_minimum((w, h))
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.FULLSCREEN if self.fullscreen
                                                  else pygame.RESIZABLE)
        self.relayout()

    def relayout(self) -> None:
        self.layout = Layout(*self.screen.get_size())
        if self.match is not None:
            self.match.relayout()
        for s in self.stack:
            if s is not self.match:
                s.relayout()
        self.invalidate()

    def toggle_fullscreen(self) -> None:
        if self.fullscreen:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            self.set_minimum_size()
        else:
            self.windowed_size = self.screen.get_size()
            self.fullscreen = True
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.relayout()

    # ----- the stack -----------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    @property
    def screens(self) -> list[Screen]:
        """The menus and overlays open over the table or the main menu (top last)."""
        return [s for s in self.stack if isinstance(s, Screen)]

    @property
    def match_live(self) -> bool:
        """The match is on the table (not left for the main menu)."""
        return self.match is not None and bool(self.stack) and self.stack[0] is self.match

    def push(self, scene: Scene) -> None:
        self.stack.append(scene)
        self.invalidate()

    def open_screen(self, screen: Screen) -> None:
        self.push(screen)
        self.speaker.queue(spoken(screen.opening_words()))  # with speech on, a screen says what it is

    def show(self, name: str, *args: object) -> bool:
        """Open the screen called `name` (ui/screen_index.py) with `args`; False: nothing to show."""
        screen = SCREENS[name](self, *args)
        if screen is None:
            return False
        self.open_screen(screen)
        return True

    def close_screen(self) -> None:
        if self.stack and self.stack[-1] is not self.match:
            self.stack.pop()
        self.invalidate()

    def invalidate(self) -> None:
        """Redraw everything on the next frame (the stack, the size or the language changed)."""
        self._full = True
        self._backdrop = None
        if self.match is not None:
            self.match.view.invalidate()
        for scene in self.stack:  # a hand played again over the review is a table too
            if isinstance(scene, TableScene) and scene is not self.match:
                scene.view.invalidate()

    # ----- matches -------------------------------------------------------------------------

    def agent_specs(self) -> dict[int, str]:
        if self.ai_override:
            return dict.fromkeys(range(4), self.ai_override)
        return {seat: "ismcts:" + (self.settings.difficulty(seat) if seat else "medium")
                for seat in range(4)}

    def new_match(self, seed: int, resume: SavedMatch | None = None) -> TableScene:
        if self.match is not None:
            self.match.close()
        self.seed = seed
        table = TableScene(self, seed, self.humans, self.agent_specs(), self.hub.client(),
                           self.settings.rules, resume, self.hint_seat, self.hint_level)
        self.seed = table.seed
        self.match = table
        self.recorder.started(table.driver)
        self.stack = [table]
        self.invalidate()
        return table

    def players(self) -> tuple[str, str, str, str]:
        assert self.match is not None
        specs = self.match.driver.specs
        names = tuple("human" if seat in self.humans else specs[seat] for seat in range(4))
        return (names[0], names[1], names[2], names[3])

    def after_action(self, driver: MatchDriver) -> None:
        """After every action: save the match, count finished hands in the statistics."""
        if self.match is not None and driver is self.match.driver:
            self.recorder.after_action(driver, self.players())

    def start_new_match(self, seed: int | None = None) -> None:
        """New match (the saved one, if any, is given up). `seed`: deal that match again; else a
        new seed, said on screen when the first match was asked for by seed (--seed)."""
        if self.persist:
            save_file().delete()
        if seed is None:
            seed = self.seed + 1 if self.match is not None else self.seed
            if self.match is not None and self.seed_given:
                self.toasts.say(tr("toast.new_seed", seed=seed), "info", TOAST_MS * 2)
        self.new_match(seed)

    def continue_match(self, saved: SavedMatch | None) -> None:
        """Continue: the match left in this window, else the saved one."""
        if self.match is not None and not self.match.driver.is_over():
            self.stack = [self.match]
            self.invalidate()
            return
        if saved is None:
            self.start_new_match()
            return
        self.new_match(saved.agent_seed, saved)

    def pause(self) -> None:
        """Esc or the Menu button during a match (not over a finished one)."""
        if self.match is not None and self.top is self.match:
            self.show("pause")

    def resume(self) -> None:
        if self.match is not None:
            self.stack = [self.match]
        self.invalidate()

    def to_main_menu(self) -> None:
        """Main menu: the match stays saved (and in memory) for Continue."""
        self.stack = [MainMenu(self)]
        self.invalidate()

    def quit_game(self) -> None:
        self.running = False

    def saved_match(self) -> tuple[SavedMatch | None, bool]:
        """What Continue would pick up, and whether to offer it."""
        if self.match is not None and not self.match.driver.is_over():
            d = self.match.driver
            return SavedMatch(d.state, self.players(), d.seed), True
        if not self.persist:
            return None, False
        saved, problem = load_match()
        self.report_file_problem("save", problem)
        return saved, saved is not None

    # ----- services the screens use ---------------------------------------------------------

    def report_file_problem(self, kind: str, message: str | None) -> None:
        """A bad file found and dealt with ("save", "settings", "stats"): said at the top of the
        window in the player's language, and in English on stderr and in the log."""
        if not message:
            return
        print(f"baloot: {message}", file=sys.stderr)
        log_problem(message)
        self.toasts.say(file_problem(kind, message) or message)

    def toast(self, text: str, kind: str = "error") -> None:
        """A message at the top of the window (a problem with a file, a new seed)."""
        self.toasts.say(text, kind)

    @property
    def statistics(self) -> Statistics:
        return self.recorder.statistics

    def load_statistics(self) -> Statistics:
        return self.recorder.statistics

    def player_rating(self) -> Rating:
        return self.recorder.rating

    def reset_statistics(self) -> None:
        self.recorder.statistics = Statistics()
        self.recorder.rating = Rating()
        if self.persist_profile:
            self.recorder.safely(lambda: save_stats(self.recorder.statistics))
            self.recorder.safely(lambda: save_rating(self.recorder.rating))
        self.toasts.say(tr("stats.reset_done"), "info", TOAST_MS)

    def start_practice(self, source: ReviewSource, hand: int, upto: int) -> None:
        """A hand of a review played again, over it (ui.review.practice: not saved, not counted)."""
        from ui.review.practice import start
        start(self, source, hand, upto)

    def speech_available(self) -> bool:
        return self.speaker.available

    def match_rules(self) -> Rules | None:
        """The rules of the match of this window (None: no match yet)."""
        return self.match.animator.hud.rules if self.match is not None else None

    def play_sound(self, name: str) -> None:
        self.sounds.play(name)

    def set_speed(self, speed: str) -> None:
        self.settings = replace(self.settings, animation_speed=speed)
        self.save_settings()

    def save_settings(self) -> None:
        if self.persist_profile:
            settings = self.settings
            self.recorder.safely(lambda: save_settings(settings))

    def apply_settings(self, new: Settings) -> None:
        """A change made on the settings screen: saved at once and applied where it can be now
        (language, deck, sound, speech, speed, names); rules and difficulty wait for the next match."""
        old = self.settings
        self.settings = new
        if new.language != old.language:
            i18n.set_language(new.language)
            self.speaker.set_language(new.language)
            pygame.display.set_caption(tr("app.title"))
            self.relayout()
        if new.deck != old.deck:
            self.assets.set_deck(new.deck)
        if (new.sound, new.volume) != (old.sound, old.volume):
            self.sounds.set_volume(new.volume)
            self.sounds.set_enabled(new.sound and self.sound_allowed)
        if new.speech != old.speech:
            self.speaker.set_enabled(new.speech)
            if new.speech:
                self.speaker.say(tr("settings.speech"))
        if self.match is not None:
            self.match.animator.hud.names = display_names(new.names())
        self.invalidate()
        self.save_settings()

    # ----- the frame -----------------------------------------------------------------------

    def step(self, dt_ms: float) -> bool:
        start = time.perf_counter()
        thinking = self.thinker_busy()
        self.frames += 1
        for event in pygame.event.get():
            self.handle(event)
        self.toasts.tick(dt_ms, bool(self.stack) and isinstance(self.stack[-1], TableScene))
        self.speaker.poll()
        if not self.stack:
            self.push(MainMenu(self))
        top = self.stack[-1]
        top.update(dt_ms)
        if self.running:
            self.render()
            self.after_draw()
        self.stats.append(FrameStat((time.perf_counter() - start) * 1000.0, thinking))
        if len(self.stats) > 20_000:
            del self.stats[:10_000]
        return self.running

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.w, event.h)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            if (event.x, event.y) != (self.layout.w, self.layout.h):
                self.resize(event.x, event.y)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self.invalidate()
        if self.stack:
            self.stack[-1].handle(event)

    def render(self) -> None:
        """Draw the top scene only if something changed: the table finds out by itself what to
        redraw; any other scene is redrawn whole, over the backdrop, when it says it changed."""
        top = self.stack[-1] if self.stack else None
        if top is None:
            return
        if isinstance(top, TableScene):
            update = top.present(self.screen)
            if update is True:
                pygame.display.flip()
            elif update:
                pygame.display.update(update)
            if update:
                self.redraws += 1
            self._full = False
            return
        toast = self.toasts.text if not self.toasts.table else ""  # the table's wait for the table
        if not (top.dirty() or self._full or toast or self._toast_drawn):
            return
        if top.covers:
            top.draw(self.screen)
        else:
            self.screen.blit(self.backdrop(), (0, 0))
            top.draw(self.screen)
        if toast:
            self.renderer.draw_toast(self.screen, self.layout, toast, self.toasts.kind,
                                     at_top=True, detail=self.toasts.detail)
        self._toast_drawn = bool(toast)  # one more drawing once it is gone
        pygame.display.flip()
        self.redraws += 1
        self._full = False

    def backdrop(self) -> pygame.Surface:
        """What is seen around a box: the table (or the felt) dimmed — never the screens between."""
        if self._backdrop is None or self._backdrop.get_size() != self.screen.get_size():
            base = pygame.Surface(self.screen.get_size()).convert()
            tables = [s for s in self.stack[:-1] if isinstance(s, TableScene)]
            if tables:  # the nearest table below the top (a hand played again, else the match)
                tables[-1].sync_widgets()
                tables[-1].gui.manager.update(0.0)
                tables[-1].draw(base)
            else:
                base.blit(self.renderer.felt(self.layout), (0, 0))
            shade = pygame.Surface(base.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 165))
            base.blit(shade, (0, 0))
            self._backdrop = base
        return self._backdrop

    def after_draw(self) -> None:
        """Hook for the demo's screenshots (called after drawing)."""

    def thinker_busy(self) -> bool:
        busy = getattr(self.thinker, "busy", None)
        return bool(busy()) if callable(busy) else False

    def run(self) -> None:
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60)
            self.step(float(min(dt, 100)))
        self.close()

    def close(self) -> None:
        if self.persist_profile:
            self.remember_window()
        self.thinker.close()
        self.speaker.stop()
        self.save_settings()
