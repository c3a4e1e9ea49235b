"""The window and its loop: input → driver → animator → drawing, one frame at a time.

`App.step(dt_ms)` runs exactly one frame and never sleeps, so tests and the headless demo drive
it with a fixed dt; `App.run()` adds the 60 fps clock. The human sits South (seat 0).

`App(menu=True)` opens on the main menu (`ui.screens`); without it the table starts at once (tests,
the demo). Screens (main menu, pause menu, settings, how to play, statistics) are drawn over the
table and pause it: while one is open the animations and the computer players wait.

The table is played with the mouse or the keyboard alone: ← → move the selection through the legal
cards (or the calls of the panel, or the buttons of a summary), Enter plays, calls or confirms;
C, A, F, S and Space announce the table, the trump, the suit led, the scores and Baloot (on screen
and, when speech is on, aloud); H asks for a hint; L shows the last trick; + / − change the speed;
Esc pauses.
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

import pygame
import pygame_gui

from game.actions import DECLARE, NO_DECLARE, Action, is_card
from game.bidding import IllegalActionError
from game.cards import SUIT_SYMBOLS
from game.phase import Phase
from game.projects import Project

from . import i18n
from .animator import Animator
from .announce import Announcement
from .assets import Assets, asset_root
from .driver import MatchDriver
from .host import REDRAW_AFTER_INPUT_MS, MenuHost
from .keyboard import HUMAN, TOAST_MS, KeyboardPlay, Target
from .layout import MIN_SIZE, Layout
from .overlays import Overlays
from .panels import Gui
from .render import Affordance, Renderer
from .savegame import SavedMatch, save_match
from .screens import MainMenu, Screen
from .settings import SPEEDS, Settings, save_settings
from .sound import Sounds
from .speech import Speaker
from .stats import Statistics, load_stats, save_stats
from .storage import save_file
from .table import HAND, TableModel
from .text import card_label, display_names, file_problem, project_name, tr
from .worker import InlineThinker, Thinker, Token

BOT_PACE_MS = {"slow": 900.0, "normal": 550.0, "fast": 220.0, "instant": 0.0}
CONTINUE, NEW_MATCH, QUIT = 1, 2, 3

ANNOUNCE_KEYS = {pygame.K_c: "c", pygame.K_a: "a", pygame.K_f: "f", pygame.K_s: "s", pygame.K_SPACE: "space"}
"""The announcement keys of the classic Belote client."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ARROW_STEPS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1}

@dataclass
class FrameStat:
    work_ms: float
    thinking: bool


class App(KeyboardPlay, MenuHost):
    def __init__(self, seed: int, humans: Iterable[int] = (HUMAN,), settings: Settings | None = None,
                 thinker: Thinker | None = None, size: tuple[int, int] = (1280, 800),
                 hint_seat: int | None = None, persist: bool = False, sound: bool = True,
                 ai: str | None = None, resume: SavedMatch | None = None, menu: bool = False,
                 speaker: Speaker | None = None, hint_level: str = "medium") -> None:
        pygame.display.init()
        pygame.font.init()
        self.settings = settings or Settings()
        i18n.set_language(self.settings.language)
        self.ai_override = ai
        """One agent spec for every computer seat (else each seat's difficulty from the settings)."""
        self.persist = persist
        """Save the match after every action (and, for a person's game, settings and statistics)."""
        self.persist_profile = persist
        """Settings and statistics belong to the person playing; the demo leaves them alone."""
        self.humans = tuple(humans)
        self.hint_seat = hint_seat
        """A computer seat whose calls and playable cards are shown as if it were a person (demo)."""
        size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(tr("app.title"))
        try:
            icon = pygame.image.load(str(asset_root() / "icon" / "icon.png"))
            pygame.display.set_icon(pygame.transform.smoothscale(icon, (64, 64)))
        except (pygame.error, FileNotFoundError):
            pass
        self.set_minimum_size()
        self.fullscreen = False
        self.windowed_size = size
        self.assets = Assets(self.settings.deck)
        self.sound_allowed = sound
        """False with --mute (and in the demo): the settings cannot turn the sound on."""
        self.sounds = Sounds(enabled=sound and self.settings.sound, volume=self.settings.volume)
        self.speaker = speaker if speaker is not None else Speaker(self.settings.speech,
                                                                   self.settings.language)
        self.layout = Layout(*self.screen.get_size())
        self.table = TableModel(self.layout, human=HUMAN)
        self.renderer = Renderer(self.assets)
        self.overlays = Overlays(self.renderer)
        self.gui = Gui(self.layout)
        self.thinker: Thinker = thinker if thinker is not None else InlineThinker()
        self.aff = Affordance()
        self.mouse = (-1, -1)
        self.toast_ms = 0.0
        self.toast_rect: pygame.Rect | None = None
        self.show_last_trick = False
        self.running = True
        self.clock_ms = 0.0
        self.frames = 0
        self.redraws = 0
        self.redraw_until = 0.0
        self._last_sig: tuple[object, ...] = ()
        self._last_cards: dict[int, tuple[int, ...]] = {}
        self._last_dots = -1
        self.stats: list[FrameStat] = []
        self.screens: list[Screen] = []
        """Menus and screens open over the table, the top one last (empty: the table is played)."""
        self._backdrop: pygame.Surface | None = None
        self.match_live = not menu
        """A match is on the table (False while the main menu stands alone)."""
        self.match_started = not menu
        """A match was started or continued in this window (Continue can pick it up from memory)."""
        self.kb_active = False
        """The keyboard selection is shown (an arrow or Enter was pressed; a click hides it)."""
        self.kb_target: Target | None = None
        self._kb_index = 0
        self.hint_level = hint_level
        self.hint_token: tuple[Token, int] | None = None
        self.hint_action: tuple[int, Action] | None = None
        """(action index, move) of the last hint: the selection goes to it."""
        self.last_announcement: Announcement | None = None
        self.statistics = Statistics()
        if persist and self.persist_profile and self.humans:
            self.statistics, problem = load_stats()
            if problem:
                self.toast(file_problem("stats", problem) or problem)
        self.catch_up = 0
        """Events of a resumed hand still to be shown instantly."""
        self.driver: MatchDriver
        self.animator: Animator
        self.new_match(seed, resume)
        if menu:
            self.open_screen(MainMenu(self))

    # ----- match -------------------------------------------------------------------------

    def new_match(self, seed: int, resume: SavedMatch | None = None) -> None:
        self.seed = seed
        specs = self.agent_specs()
        state = None
        if resume is not None:
            self.seed = resume.agent_seed
            state = resume.match
            specs = {seat: p for seat, p in enumerate(resume.players) if p != "human"} | {
                seat: specs[seat] for seat in range(4) if resume.players[seat] == "human"}
        self.driver = MatchDriver(self.seed, humans=self.humans, agent_specs=specs, thinker=self.thinker,
                                  state=state, on_action=self.after_action,
                                  rules=None if resume is not None else self.settings.rules)
        self.hands_counted = len(self.driver.state.sheet)
        self.catch_up = len(self.driver.events) if resume is not None else 0
        self.table = TableModel(self.layout, human=HUMAN)
        self.animator = Animator(self.table, play_sound=self.play_sound)
        self.animator.sheet = self.driver.state.sheet
        self.animator.hud.names = display_names(self.settings.names())
        self.overlays.names = self.animator.hud.names
        self.overlays.contracts = self.animator.contracts
        self.animator.speed = self.settings.animation_speed
        self.gui.clear_panel()
        self.gui.clear_modal()
        self.show_last_trick = False
        self.kb_target, self.hint_token, self.hint_action = None, None, None

    def players(self) -> tuple[str, str, str, str]:
        specs = self.driver.specs
        names = tuple("human" if seat in self.humans else specs[seat] for seat in range(4))
        return (names[0], names[1], names[2], names[3])

    def after_action(self, driver: MatchDriver) -> None:
        """After every action: save the match, count finished hands in the statistics."""
        if not self.persist:
            return
        m = driver.state
        new_hands = m.sheet[self.hands_counted:]
        self.hands_counted = len(m.sheet)
        if self.persist_profile and self.humans and (new_hands or m.is_over()):
            for hand in new_hands:
                self.statistics.record_hand(hand)
            if m.is_over() and m.winner is not None:
                self.statistics.record_match(m.winner, m.scores)
            self.safely(lambda: save_stats(self.statistics))
        if m.is_over():
            save_file().delete()
        else:
            self.safely(lambda: save_match(SavedMatch(m, self.players(), driver.seed)))

    def safely(self, write: Callable[[], None]) -> None:
        """A full disk or a read-only folder must not stop the game: say so and play on."""
        try:
            write()
        except OSError as exc:
            self.toast(tr("toast.save_failed", reason=exc.strerror or str(exc)))

    def agent_specs(self) -> dict[int, str]:
        if self.ai_override:
            return dict.fromkeys(range(4), self.ai_override)
        return {seat: "ismcts:" + (self.settings.difficulty(seat) if seat else "medium")
                for seat in range(4)}

    def idle(self) -> bool:
        """Everything so far has been shown: the next move may be made."""
        return not self.animator.busy() and not self.driver.events

    def human_turn(self) -> bool:
        return self.idle() and self.driver.human_to_move() == HUMAN

    def south_active(self) -> bool:
        """South's decision is on screen: the human's turn, or the demo's watched seat."""
        if not self.idle():
            return False
        seat = self.driver.to_move()
        return seat == HUMAN and (HUMAN in self.humans or self.hint_seat == HUMAN)

    # ----- the frame ---------------------------------------------------------------------

    def step(self, dt_ms: float) -> bool:
        start = time.perf_counter()
        thinking = self.thinker_busy()
        self.frames += 1
        self.clock_ms += dt_ms
        events = pygame.event.get()
        for event in events:
            self.handle(event)
        if events:
            self.redraw_until = self.clock_ms + REDRAW_AFTER_INPUT_MS
        self.toast_ms = max(0.0, self.toast_ms - dt_ms)
        if self.toast_ms <= 0:
            self.aff.toast = ""
        if not self.match_live and not self.screens:
            self.open_screen(MainMenu(self))
        if self.screens:
            self.step_screens(dt_ms)
        else:
            self.step_table(dt_ms)
        self.stats.append(FrameStat((time.perf_counter() - start) * 1000.0, thinking))
        if len(self.stats) > 20_000:
            del self.stats[:10_000]
        return self.running

    def step_table(self, dt_ms: float) -> None:
        if self.catch_up and not self.driver.events and not self.animator.busy():
            self.catch_up = 0
        self.animator.speed = "instant" if self.catch_up else self.settings.animation_speed
        self.animator.update(dt_ms, self.driver.pop_event)
        self.poll_hint()
        self.update_affordances(dt_ms)
        self.sync_widgets()
        self.sync_selection()
        self.gui.manager.update(dt_ms / 1000.0)  # after the widgets change: it refreshes what is drawn
        self.present()
        self.after_draw()
        self.driver.min_bot_ms = BOT_PACE_MS.get(self.settings.animation_speed, 500.0)
        if self.running:
            self.driver.update(dt_ms, self.idle())

    def step_screens(self, dt_ms: float) -> None:
        """A screen is open: the table waits (no animation, no computer move) under it."""
        for s in self.screens:  # the ones below are drawn too (a question over the main menu)
            s.update(dt_ms)
        self.draw_screens()
        pygame.display.flip()
        self.redraws += 1
        self.after_draw()

    def draw_screens(self) -> None:
        screen, lay = self.screen, self.layout
        if self.match_live:
            if self._backdrop is None or self._backdrop.get_size() != screen.get_size():
                self.sync_widgets()
                self.gui.manager.update(0.0)
                self.draw(toast=False)  # a message goes on top of the screens instead
                self._backdrop = screen.copy()
            screen.blit(self._backdrop, (0, 0))
        else:
            screen.blit(self.renderer.felt(lay), (0, 0))
        for s in self.screens:
            s.draw(screen, focus=s is self.screens[-1])
        if self.aff.toast:
            self.toast_rect = self.renderer.draw_toast(screen, lay, self.aff.toast, self.aff.toast_kind,
                                                       at_top=True)

    def present(self) -> None:
        """Draw and show only what changed: a still table (a bot thinking) costs almost nothing,
        flying cards update just their own rects, the thinking dots just their name plate."""
        sig = self.frame_signature()
        cards = self.card_snapshot()
        dots = int(self.clock_ms / 350) if self.aff.thinking else -1
        if sig != self._last_sig or self.clock_ms < self.redraw_until or self.frames <= 2:
            self.draw()
            pygame.display.flip()
            self.redraws += 1
        elif cards != self._last_cards:
            pad = max(8, round(16 * self.layout.u))
            dirty: list[pygame.Rect] = []
            for card in set(cards) | set(self._last_cards):
                now, before = cards.get(card), self._last_cards.get(card)
                if now != before:
                    dirty += [pygame.Rect(v[:4]).inflate(pad, pad) for v in (now, before) if v is not None]
            self.draw()
            pygame.display.update(dirty)
            self.redraws += 1
        elif dots != self._last_dots and self.aff.active_seat is not None:
            self.draw()
            pygame.display.update(self.layout.plate_rect(self.aff.active_seat).inflate(8, 8))
            self.redraws += 1
        self._last_sig, self._last_cards, self._last_dots = sig, cards, dots

    def card_snapshot(self) -> dict[int, tuple[int, ...]]:
        """Where each card is drawn now: rect, face, squash while turning, stacking order."""
        t = self.table
        out: dict[int, tuple[int, ...]] = {}
        for s in t.drawing_order():
            r = self.renderer.sprite_rect(t, s)
            out[s.card] = (r.x, r.y, r.w, r.h, int(s.pose.face), round(t.flip_scale(s) * 50), t.z_of(s.card))
        return out

    def frame_signature(self) -> tuple[object, ...]:
        """Everything else the picture depends on (the clock aside)."""
        hud, aff, gui = self.animator.hud, self.aff, self.gui
        return (
            self.layout.w, self.layout.h, i18n.language(), self.assets.deck, hud.names,
            hud.hand_number, hud.dealer, hud.scores, hud.contract, hud.bidding_round, hud.buying_card,
            hud.phase, tuple(hud.tricks), tuple(hud.points),
            tuple((seat, b.text, b.alert) for seat, b in sorted(hud.bubbles.items())),
            hud.note, hud.note_centre, tuple((k, tuple(v)) for k, v in sorted(hud.shown.items())),
            hud.winning_card, id(hud.summary), id(hud.match_over), id(hud.last_trick),
            None if aff.playable is None else frozenset(aff.playable), aff.hover, aff.active_seat,
            aff.thinking, aff.toast, aff.toast_kind, aff.selected, self.show_last_trick,
            self.kb_target if self.kb_active else None,
            None if gui.panel is None else gui.panel.key, None if gui.modal is None else gui.modal.key,
            self.settings.animation_speed, len(self.driver.state.sheet),
            tuple(len(p) for p in self.table.piles),
        )

    def after_draw(self) -> None:
        """Hook for the demo's screenshots (called after drawing, before the flip)."""

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
        self.thinker.close()
        self.speaker.stop()
        if self.persist_profile:
            self.safely(lambda: save_settings(self.settings))

    # ----- input -------------------------------------------------------------------------

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
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.screens:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            self.screens[-1].handle(event)
            return
        consumed = self.gui.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if event.type == pygame.KEYDOWN:
            self.on_key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.kb_active = False
            if not consumed:
                self.mouse = event.pos
                self.on_click(event.pos)

    def on_key(self, key: int, mod: int = 0) -> None:
        if self.show_last_trick:
            self.show_last_trick = False
            return
        if key == pygame.K_F11:
            self.toggle_fullscreen()
        elif key == pygame.K_ESCAPE:
            self.pause()
        elif key == pygame.K_l:
            self.show_last_trick = True
        elif key == pygame.K_h:
            self.request_hint()
        elif key in ANNOUNCE_KEYS:
            self.announce(ANNOUNCE_KEYS[key])
        elif key in FASTER_KEYS:
            self.change_speed(1)
        elif key in SLOWER_KEYS:
            self.change_speed(-1)
        elif key in ARROW_STEPS:
            step = ARROW_STEPS[key]
            if key == pygame.K_TAB and mod & pygame.KMOD_SHIFT:
                step = -1
            self.move_selection(step)
        elif key in ENTER_KEYS:
            self.enter()

    def on_click(self, pos: tuple[int, int]) -> None:
        if self.show_last_trick:
            self.show_last_trick = False
            return
        if self.animator.blocked():
            return
        card = self.card_at(pos)
        if card is not None and self.human_turn():
            self.try_play(card)
            return
        if not self.idle():
            self.animator.skip()
        elif card is not None and self.driver.human_to_move() is None:
            self.toast(tr("toast.not_your_turn"))

    def try_play(self, card: int) -> None:
        """A click on one of South's cards: play it if legal, otherwise say why."""
        rnd = self.driver.state.round
        legal = self.driver.legal_actions()
        if card in legal:
            self.submit(card)
            return
        if rnd.phase is not Phase.PLAYING:
            self.toast(tr("illegal.bidding") if rnd.phase in (Phase.BIDDING, Phase.DOUBLING)
                       else tr(rnd.why_illegal(card)))
            return
        if DECLARE in legal:  # the projects come first
            self.toast(tr("illegal.projects_first"))
            return
        code, suit = rnd.card_refusal(card)
        if code:
            self.toast(tr(f"illegal.{code}", suit=SUIT_SYMBOLS[suit] if suit >= 0 else ""))
        else:
            self.toast(tr(rnd.why_illegal(card)) or tr("toast.not_your_turn"))

    def submit(self, action: Action) -> None:
        try:
            self.driver.submit(action)
        except (IllegalActionError, ValueError) as exc:
            self.toast(tr(str(exc)))
            return
        if self.aff.toast_kind == "error" or self.hint_action is not None:
            self.toast_ms = 0.0
        self.hint_action = None
        self.gui.clear_panel()
        if not is_card(action):
            self.sounds.play("click")

    def toast(self, text: str, kind: str = "error", ms: float = TOAST_MS) -> None:
        """A message above South's hand (at the top over a screen): "error" (red) or "info"
        (announcements, hints)."""
        self.aff.toast = text
        self.aff.toast_kind = kind
        self.toast_ms = ms

    def on_button(self, element: object) -> None:
        which = self.gui.which(element)
        if which is None:
            return
        kind, code = which
        if kind == "call" and isinstance(code, int) and self.human_turn():
            self.submit(code)
        elif kind == "modal" and isinstance(code, int):
            self.on_modal(code)
        elif kind == "tool":
            if code == "last":
                self.show_last_trick = not self.show_last_trick
            elif code == "speed":
                self.cycle_speed()
            elif code == "hint":
                self.request_hint()
            elif code == "menu":
                self.pause()

    def on_modal(self, code: int) -> None:
        if code == CONTINUE:
            self.dismiss_summary()
        elif code == NEW_MATCH:
            self.new_match(self.seed + 1)
        elif code == QUIT:
            self.running = False

    def cycle_speed(self) -> None:
        speed = self.settings.animation_speed
        i = SPEEDS.index(speed) if speed in SPEEDS else 1
        self.set_speed(SPEEDS[(i + 1) % len(SPEEDS)])

    def change_speed(self, step: int) -> None:
        """+ faster, − slower (no wrapping); says the new speed."""
        speed = self.settings.animation_speed
        i = SPEEDS.index(speed) if speed in SPEEDS else 1
        new = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        self.set_speed(new)
        self.toast(tr("toast.speed", speed=tr(f"speed.{new}")), "info", TOAST_MS)

    def set_speed(self, speed: str) -> None:
        self.settings = replace(self.settings, animation_speed=speed)
        if self.persist_profile:
            self.safely(lambda: save_settings(self.settings))

    def dismiss_summary(self) -> None:
        if self.animator.hud.summary is not None:
            self.animator.hud.summary = None
            self.gui.clear_modal()

    # ----- window ------------------------------------------------------------------------

    def resize(self, w: int, h: int) -> None:
        w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        if (w, h) != self.screen.get_size():
            self.screen = pygame.display.set_mode((w, h), pygame.FULLSCREEN if self.fullscreen
                                                  else pygame.RESIZABLE)
        self.relayout()

    def relayout(self) -> None:
        self.layout = Layout(*self.screen.get_size())
        self.table.set_layout(self.layout)
        self.gui.resize(self.layout)
        self._backdrop = None
        for s in self.screens:
            s.build()

    def set_minimum_size(self) -> None:
        """Stop the window from being dragged smaller than the layout supports."""
        try:
            with warnings.catch_warnings():  # only the size is set; drawing stays on the display surface
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, ValueError, pygame.error):
            pass

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

    # ----- what the player may do --------------------------------------------------------

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """South's card under the point (the topmost), as drawn now."""
        hand = self.table.hands[HUMAN]
        for card in reversed(hand):
            s = self.table.sprites[card]
            if s.moving:
                continue
            if self.renderer.sprite_rect(self.table, s).collidepoint(pos):
                return card
        return None

    def playable(self) -> set[int] | None:
        if not self.south_active():
            return None
        rnd = self.driver.state.round
        if rnd.phase is not Phase.PLAYING:
            return None
        legal = self.driver.legal_actions()
        if DECLARE in legal:
            return None
        return {a for a in legal if is_card(a)}

    def update_affordances(self, dt_ms: float) -> None:
        aff = self.aff
        aff.clock_ms = self.clock_ms
        aff.playable = self.playable()
        idle = self.idle()
        seat = self.driver.to_move() if idle else None
        aff.active_seat = seat
        aff.thinking = seat is not None and seat not in self.humans
        hover = self.card_at(self.mouse) if aff.playable is not None and not self.kb_active else None
        if self.kb_active and aff.playable is not None and aff.selected in aff.playable:
            hover = aff.selected
        aff.hover = hover if aff.playable is not None and hover in aff.playable else None
        rate = min(1.0, dt_ms / 70.0)
        for card in range(32):
            s = self.table.sprites[card]
            want = 1.0 if card == aff.hover else 0.0
            if self.table.where[card][0] != HAND:
                want = 0.0
            s.lift += (want - s.lift) * rate
            if abs(s.lift - want) < 0.01:
                s.lift = want

    def sync_widgets(self) -> None:
        hud = self.animator.hud
        lay = self.layout
        size = (lay.w, lay.h)
        if hud.match_over is not None:
            self.gui.clear_panel()
            labels = [(NEW_MATCH, tr("btn.new_match")), (QUIT, tr("btn.quit"))]
            box = self.overlays.match_end_rect(lay, hud.match_over, self.driver.state.sheet, hud.names)
            self.gui.want_modal(("end", size, i18n.language()), self.overlays.button_rects(lay, 2, box),
                                labels)
        elif hud.summary is not None:
            self.gui.clear_panel()
            e, record = hud.summary
            box = self.overlays.summary_rect(lay, e, record, self.driver.state.sheet)
            self.gui.want_modal(("summary", hud.hand_number, size, box.height, i18n.language()),
                                self.overlays.button_rects(lay, 1, box), [(CONTINUE, tr("btn.continue"))])
        else:
            self.gui.clear_modal()
            self.sync_call_panel()
        modal = hud.match_over is not None or hud.summary is not None
        self.gui.want_tools([("hint", tr("btn.hint")), ("last", tr("btn.last_trick")),
                             ("speed", tr("btn.speed", speed=tr(f"speed.{self.settings.animation_speed}"))),
                             ("menu", tr("btn.menu"))])
        self.gui.set_tools_visible(not modal)

    def sync_call_panel(self) -> None:
        if not self.south_active():
            self.gui.want_panel(None)
            return
        st = self.driver.state
        rnd = st.round
        legal = self.driver.legal_actions()
        size = (self.layout.w, self.layout.h)
        key = (len(st.actions), st.hand_number, size, i18n.language())
        if rnd.phase in (Phase.BIDDING, Phase.DOUBLING):
            if rnd.phase is Phase.BIDDING:
                title = tr("panel.your_call", round=rnd.bidding.round)
            else:
                title = tr("panel.your_call_raise")
            self.gui.want_panel(("call", *key), title, "", self.call_labels())
        elif rnd.phase is Phase.PLAYING and DECLARE in legal:
            projects = rnd.available[HUMAN]
            title = tr("panel.projects", projects=describe_projects(projects))
            self.gui.want_panel(("projects", *key), title, "",
                                [(DECLARE, tr("call.declare")), (NO_DECLARE, tr("call.no_declare"))])
        else:
            self.gui.want_panel(None)

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, toast: bool = True) -> None:
        screen, lay, hud = self.screen, self.layout, self.animator.hud
        self.renderer.draw_table(screen, self.table, hud, self.aff)
        panel = self.gui.panel
        if panel is not None:
            self.renderer.panel(screen, panel.rect, border=(232, 190, 82), alpha=225)
            pad = max(6, round(10 * lay.u))
            title = self.renderer.fit_rich(panel.title, lay.font_size, panel.rect.width - 2 * pad, bold=True)
            screen.blit(title, title.get_rect(midtop=(panel.rect.centerx, panel.rect.y + pad // 2 + 1)))
        if toast:
            self.toast_rect = self.renderer.draw_toast(screen, lay, self.aff.toast, self.aff.toast_kind,
                                                       above=panel.rect.top if panel is not None else None)
        if hud.summary is not None and hud.match_over is None:
            e, record = hud.summary
            self.overlays.summary(screen, lay, e, record, self.driver.state.sheet)
        elif hud.match_over is not None:
            self.overlays.match_end(screen, lay, hud.match_over, self.driver.state.sheet, hud.names)
        elif self.show_last_trick:
            self.overlays.last_trick(screen, lay, hud.last_trick, hud.names)
        self.gui.manager.draw_ui(screen)
        if self.kb_active and self.kb_target is not None and self.kb_target[0] != "card":
            for kind, code, button in self.gui.buttons_in_view():
                if (kind, code) == self.kb_target:
                    self.renderer.focus_ring(screen, button.rect, lay)


def describe_projects(projects: tuple[Project, ...]) -> str:
    from game.cards import cards_in
    parts = []
    for p in projects:
        cards = sorted(cards_in(p.cards), key=lambda c: (c >> 3, -(c & 7)))
        parts.append(f"{project_name(p.kind)} ({' '.join(card_label(c) for c in cards)})")
    return i18n.list_join(parts)
