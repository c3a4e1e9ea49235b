"""The table as a scene of the window's stack: a match played by South against three computer players.

Made of typed parts: the `MatchDriver` (the engine, the computer players), the `Animator` and its
`TableModel` (what is shown), the pygame-gui `Gui` (call panel, toolbar), the keyboard `Selection`,
the `HintAdvisor`, the `Narrator` (speech) and the `TableView` (drawing). The game is read only
through the seat's `Observation`, the engine's events and refusal codes.

Keys: ← → choose among the legal cards or calls, Enter plays or calls; C, A, F, S, Space announce
(in classic Belote Space also arms belote / rebelote: the next King or Queen of trump is played
announcing it; the "announce belote for me" setting always does);
R reads your hand by suit; H a hint; L the last trick; B the bid history; P the score sheet;
+ / − the speed; Esc pauses. Overlays (last trick, bids, score sheet, the hand summary, the match
end) are scenes pushed on the stack: they take all input and the match waits under them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

import pygame
import pygame_gui

from game.actions import DECLARE, Action, announced, card_of, is_announced, is_card
from game.cards import SUIT_SYMBOLS, cards_in
from game.observation import Observation
from game.phase import Phase
from game.rules import Rules
from ui import i18n
from ui.assets import Assets
from ui.audio.announce import Announcement, announce, card_words
from ui.audio.cues import Sounds
from ui.audio.narrator import Narrator, hand_by_suit, spoken
from ui.files.savegame import SavedMatch
from ui.files.settings import SPEEDS
from ui.screens.base import MatchHost
from ui.table.animator import Animator, held_pot
from ui.table.choices import (
    belote_cards,
    call_labels,
    display_key,
    holds_belote,
    panel_note,
    panel_title,
    playable,
    showing_late,
)
from ui.table.driver import DealStarted, MatchDriver, UIEvent
from ui.table.hints import HintAdvisor
from ui.table.model import HAND, TableModel
from ui.table.panels import Gui
from ui.table.render import Affordance
from ui.table.selection import Selection, Target
from ui.table.view import TableParts, TableView, Update
from ui.table.worker import Thinker
from ui.text import card_label, display_names, tr
from ui.toasts import HINT_MS, INFO_MS, TOAST_MS, Toasts

HUMAN = 0
CUE_MS = 1200.0
"""The 'your turn' cue's length at normal speed."""
BOT_PACE_MS = {"slow": 900.0, "normal": 550.0, "fast": 220.0, "instant": 0.0}
ANNOUNCE_KEYS = {pygame.K_c: "c", pygame.K_a: "a", pygame.K_f: "f", pygame.K_s: "s", pygame.K_SPACE: "space"}
"""The announcement keys of the classic Belote client."""
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
FASTER_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
ARROW_STEPS = {pygame.K_LEFT: -1, pygame.K_UP: -1, pygame.K_RIGHT: 1, pygame.K_DOWN: 1, pygame.K_TAB: 1}
TOOLS = (("hint", "btn.hint"), ("last", "btn.last_trick"), ("bids", "btn.bids"), ("sheet", "btn.sheet"),
         ("menu", "btn.menu"))


class TableHost(MatchHost, Protocol):
    """What the table needs from the window (the `App`): what its screens need, and more."""

    assets: Assets
    sounds: Sounds
    toasts: Toasts

    def pause(self) -> None: ...

    def set_speed(self, speed: str) -> None: ...

    def after_action(self, driver: MatchDriver) -> None: ...

    def play_sound(self, name: str) -> None: ...


class TableScene:
    covers = True

    def __init__(self, host: TableHost, seed: int, humans: Iterable[int], specs: dict[int, str],
                 thinker: Thinker, rules: Rules | None, resume: SavedMatch | None = None,
                 hint_seat: int | None = None, hint_level: str = "medium") -> None:
        self.host = host
        self.humans = tuple(humans)
        self.hint_seat = hint_seat
        """A computer seat whose calls and playable cards are shown as if it were a person (demo)."""
        self.hint_level = hint_level
        state = None
        if resume is not None:
            seed = resume.agent_seed
            state = resume.match
            specs = {seat: p for seat, p in enumerate(resume.players) if p != "human"} | {
                seat: specs[seat] for seat in range(4) if resume.players[seat] == "human"}
        self.seed = seed
        self.driver = MatchDriver(seed, humans=self.humans, agent_specs=specs, thinker=thinker,
                                  state=state, on_action=host.after_action,
                                  rules=None if resume is not None else rules)
        self.catch_up = len(self.driver.events) if resume is not None else 0
        """Events of a resumed hand still to be shown instantly."""
        lay = host.layout
        self.table = TableModel(lay, human=HUMAN)
        self.animator = Animator(self.table, play_sound=host.play_sound)
        self.animator.sheet = self.driver.sheet
        self.animator.hud.names = display_names(host.settings.names())
        self.animator.hud.rules = self.driver.observation(HUMAN).rules
        self.animator.hud.held = held_pot(self.driver.sheet)
        self.animator.speed = host.settings.animation_speed
        self.animator.on_event = self.on_shown
        self.gui = Gui(lay)
        self.aff = Affordance()
        self.selection = Selection()
        self.hints = HintAdvisor()
        self.narrator = Narrator(host.speaker.queue, HUMAN)
        self.view = TableView(host.renderer)
        self.mouse = (-1, -1)
        self.clock_ms = 0.0
        self.lively_ms = 0.0
        self.last_announcement: Announcement | None = None
        self.summary_open = False
        self.end_open = False
        self._prompted: int | None = None
        """The action index of the last 'your turn' said."""
        self.cue_ms = 0.0
        """What is left of the 'your turn' cue."""
        self.belote_armed = False
        """Classic Belote: Space was pressed, the next King or Queen of trump is played announcing
        belote / rebelote."""
        self._belote_told = 0
        """The hand number in which 'press Space to announce your belote' was said."""

    # ----- what is going on ----------------------------------------------------------------

    def observation(self) -> Observation:
        return self.driver.observation(HUMAN)

    def idle(self) -> bool:
        """Everything so far has been shown (and said): the next move may be made."""
        return not self.animator.busy() and not self.driver.events

    def human_turn(self) -> bool:
        return self.idle() and self.driver.human_to_move() == HUMAN

    def south_active(self) -> bool:
        """South's decision is on screen: the human's turn, or the demo's watched seat."""
        return (self.idle() and self.driver.to_move() == HUMAN
                and (HUMAN in self.humans or self.hint_seat == HUMAN))

    def call_labels(self) -> list[tuple[Action, str]]:
        return call_labels(self.observation())

    def action_label(self, action: Action) -> str:
        if is_card(action):
            return card_label(action)
        if is_announced(action):
            kq = belote_cards(self.observation())
            queen = kq is not None and card_of(action) == kq[1]
            key = "hint.announced_rebelote" if queen else "hint.announced_belote"
            return tr(key, card=card_label(card_of(action)))
        return dict(self.call_labels()).get(action, str(action))

    # ----- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        self.lively_ms = 400.0
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        consumed = self.gui.manager.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key, getattr(event, "mod", 0))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.selection.active = False
            if not consumed:
                self.mouse = event.pos
                self.on_click(event.pos)

    def on_key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_ESCAPE:
            self.host.pause()
        elif key == pygame.K_l:
            self.open_overlay("last")
        elif key == pygame.K_b:
            self.open_overlay("bids")
        elif key == pygame.K_p:
            self.open_overlay("sheet")
        elif key == pygame.K_h:
            self.request_hint()
        elif key == pygame.K_r:
            self.read_hand()
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
        card = self.card_at(pos)
        if card is not None and self.human_turn():
            self.try_play(card)
            return
        if not self.idle():
            self.animator.skip()
        elif card is not None and self.driver.human_to_move() is None:
            self.toast(tr("toast.not_your_turn"))

    def on_button(self, element: object) -> None:
        which = self.gui.which(element)
        if which is None:
            return
        kind, code = which
        if kind == "call" and isinstance(code, int) and self.human_turn():
            self.submit(code)
        elif kind == "tool" and isinstance(code, str):
            if code == "hint":
                self.request_hint()
            elif code == "menu":
                self.host.pause()
            else:
                self.open_overlay(code)

    def toast(self, text: str, kind: str = "error", ms: float = TOAST_MS, detail: str = "") -> None:
        """A message of the table: drawn above South's hand, and kept (hidden, not counting down)
        while a screen is open over the table, never moved over North's cards."""
        self.host.toasts.say(text, kind, ms, detail, table=True)

    def open_overlay(self, which: str) -> None:
        names = {"last": "last_trick", "bids": "bid_history", "sheet": "score_sheet"}
        self.host.show(names[which], self)

    def try_play(self, card: int) -> None:
        """South chose a card: play it if legal, otherwise say why (refusal codes, translated)."""
        obs = self.observation()
        if card in obs.legal_actions:
            self.submit(self.card_action(obs, card))
            return
        if obs.phase in (Phase.BIDDING, Phase.DOUBLING):
            self.toast(tr("illegal.bidding"))
        elif obs.phase is not Phase.PLAYING:
            self.toast(tr("illegal.hand_over"))
        elif DECLARE in obs.legal_actions:
            self.toast(tr("illegal.show_first" if showing_late(obs) else "illegal.projects_first"))
        else:
            code, suit = self.driver.card_refusal(card)
            key = f"illegal.{code}" if code else "toast.not_your_turn"
            self.toast(tr(key, suit=SUIT_SYMBOLS[suit] if suit >= 0 else ""))
        self.host.speaker.say(self.host.toasts.text)

    # ----- classic Belote: belote-rebelote ------------------------------------------------

    def belote_auto(self) -> bool:
        return self.host.settings.announce_belote

    def card_action(self, obs: Observation, card: int) -> Action:
        """The card as South plays it: announcing belote / rebelote when that is legal and wanted
        (the setting, Space pressed, or the hint's move); the plain card otherwise."""
        said = announced(card)
        if said not in obs.legal_actions:
            return card
        hint = self.hints.current(self.driver)
        if self.belote_auto() or self.belote_armed or (hint is not None and hint.action == said):
            self.belote_armed = False
            return said
        return card

    def arm_belote(self) -> bool:
        """Space in classic Belote while South may still announce: the next King or Queen of trump
        is played announcing it. True if it is armed (it stays so until that card is played)."""
        obs = self.observation()
        if HUMAN not in self.humans or not holds_belote(obs) or self.belote_auto():
            return False
        self.belote_armed = True
        return True

    @staticmethod
    def loses_belote(obs: Observation, action: Action) -> bool:
        """South plays its King or Queen of trump without the announcement (or the Queen first)
        while it could still have announced: the 20 points are gone."""
        kq = belote_cards(obs)
        return kq is not None and is_card(action) and action in kq and holds_belote(obs)

    def tell_belote(self, obs: Observation) -> None:
        """Once a hand, on South's turn holding belote that is not announced automatically: how."""
        if (not holds_belote(obs) or self.belote_auto() or self.belote_armed
                or self._belote_told == self.animator.hud.hand_number):
            return
        self._belote_told = self.animator.hud.hand_number
        kq = belote_cards(obs)
        assert kq is not None
        king = card_label(kq[1] if obs.belote_said[HUMAN] else kq[0])
        text = tr("toast.belote_space_rebelote" if obs.belote_said[HUMAN] else "toast.belote_space",
                  card=king)
        self.toast(text, "info", INFO_MS)
        self.host.speaker.queue(spoken(text))

    def submit(self, action: Action) -> None:
        if action not in self.driver.legal_actions() or self.driver.human_to_move() is None:
            return
        lost = self.loses_belote(self.observation(), action)
        self.driver.submit(action)
        if self.host.toasts.kind == "error" or self.hints.last is not None or is_announced(action):
            self.host.toasts.clear()  # a refusal, a hint or "belote ready" said what it had to
        if lost:
            self.toast(tr("toast.belote_lost"), "info", TOAST_MS)
            self.host.speaker.say(tr("toast.belote_lost"))
        self.hints.forget()
        self.gui.clear_panel()
        if not is_card(action):
            self.host.sounds.play("click")

    # ----- keyboard selection --------------------------------------------------------------

    def selectables(self) -> list[Target]:
        """What ← → move through now, left to right as drawn: the calls of the panel, or South's
        legal cards."""
        if HUMAN not in self.humans or not self.human_turn():
            return []
        if self.gui.panel is not None and self.gui.panel.buttons:
            return [(kind, code) for kind, code, _b in self.gui.buttons_in_view()]
        cards = self.aff.playable
        if cards:
            return [("card", c) for c in self.table.hands[HUMAN] if c in cards]
        return []

    def hinted_target(self) -> Target | None:
        hint = self.hints.current(self.driver)
        if hint is None:
            return None
        if self.gui.panel is not None and hint.action in self.gui.panel.buttons:
            return ("call", hint.action)
        return ("card", card_of(hint.action))

    def sync_selection(self) -> None:
        self.selection.sync(self.selectables(), self.hinted_target(), i18n.is_rtl())
        self.aff.selected = self.selection.card()
        shown = self.selection.shown()
        for kind, code, button in self.gui.buttons_in_view():
            want = shown == (kind, code)
            if want != bool(button.is_selected):
                getattr(button, "select" if want else "unselect")()

    def move_selection(self, step: int) -> None:
        if self.selection.move(self.selectables(), step, i18n.is_rtl()):
            self.sync_selection()
            self.speak_target()

    def speak_target(self) -> None:
        """Moving the focus says what it is on: the card ('King of Hearts') or the call."""
        t = self.selection.target
        if t is None or not isinstance(t[1], int):
            return
        self.host.speaker.say(card_words(t[1]) if t[0] == "card" else spoken(self.action_label(t[1])))

    def enter(self) -> None:
        """Enter: skip an animation, or take the selected card or call (the first Enter only
        shows the selection)."""
        items = self.selectables()
        if not items:
            if not self.idle():
                self.animator.skip()
            self.selection.active = True
            return
        if not self.selection.active or self.selection.target not in items:
            self.selection.active = True
            self.sync_selection()
            self.speak_target()
            return
        kind, code = self.selection.target
        if isinstance(code, int) and self.human_turn():
            if kind == "card":
                self.try_play(code)
            else:
                self.submit(code)

    # ----- announcements, hints, speed -----------------------------------------------------

    def announce(self, key: str) -> Announcement:
        """C, A, F, S, Space: the announcement on screen, and aloud when speech is on. In classic
        Belote Space first arms belote / rebelote when South may announce it."""
        obs = self.observation()
        if key == "space" and obs.rules.belote:
            self.arm_belote()
        ann = announce(key, obs, self.animator.hud.names, armed=self.belote_armed,
                       auto=self.belote_auto())
        self.last_announcement = ann
        self.toast(ann.text, "info", INFO_MS)
        self.host.speaker.say(ann.speech)
        return ann

    def shown_hand(self) -> list[int]:
        """South's cards in the order they are drawn (while a card is still on its way, the
        observation's cards sorted as the table sorts them)."""
        held = cards_in(self.observation().hand)
        drawn = self.table.hands[HUMAN]
        if sorted(drawn) == sorted(held):
            return list(drawn)
        return sorted(held, key=lambda c: display_key(c, self.table.trump))

    def read_hand(self) -> None:
        """R: your hand, suit by suit, in the order it is drawn (on screen and aloud)."""
        text = hand_by_suit(self.shown_hand())
        self.toast(text, "info", INFO_MS)
        self.host.speaker.say(text)

    def request_hint(self) -> None:
        """H or the Hint button: the computer recommends a move for South (in the worker: the window
        keeps drawing); the answer arrives in `poll_hint`."""
        if self.hints.pending():
            return
        if HUMAN not in self.humans or not self.human_turn():
            self.toast(tr("hint.none"), "info", TOAST_MS)
            return
        if self.hints.request(self.driver, HUMAN, self.hint_level):
            self.toast(tr("hint.thinking"), "info", HINT_MS)
            self.poll_hint()

    def poll_hint(self) -> None:
        hint = self.hints.poll(self.driver, self.action_label)
        if hint is None:
            return
        self.toast(hint.text, "info", HINT_MS, detail=hint.detail)
        self.host.speaker.say(spoken(hint.text))
        self.selection.active = True
        self.selection.target = None  # sync_selection puts it on the hinted move
        self.sync_selection()

    def change_speed(self, step: int) -> None:
        """+ faster, − slower (no wrapping); says the new speed."""
        speed = self.host.settings.animation_speed
        i = SPEEDS.index(speed) if speed in SPEEDS else 1
        new = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]
        self.host.set_speed(new)
        self.toast(tr("toast.speed", speed=tr(f"speed.{new}")), "info", TOAST_MS)

    # ----- the frame -----------------------------------------------------------------------

    def on_shown(self, e: UIEvent) -> None:
        if isinstance(e, DealStarted):
            self.belote_armed = False
        if not self.catch_up:
            self.narrator.on_event(e, self.animator.hud)

    def update(self, dt_ms: float) -> None:
        self.clock_ms += dt_ms
        self.lively_ms = max(0.0, self.lively_ms - dt_ms)
        if self.catch_up and not self.driver.events and not self.animator.busy():
            self.catch_up = 0
        settings = self.host.settings
        self.animator.speed = "instant" if self.catch_up else settings.animation_speed
        self.animator.reduced = self.table.reduced = settings.reduced_motion
        self.cue_ms = max(0.0, self.cue_ms - dt_ms) if self.human_turn() else 0.0
        self.animator.update(dt_ms, self.driver.pop_event)
        self.open_modals()
        self.poll_hint()
        self.prompt()
        self.update_affordances(dt_ms)
        self.sync_widgets()
        self.sync_selection()
        self.gui.manager.update(dt_ms / 1000.0)  # after the widgets change: it refreshes what is drawn
        self.driver.min_bot_ms = BOT_PACE_MS.get(settings.animation_speed, 500.0)
        waiting_for_voice = self.host.speaker.busy()
        self.driver.update(dt_ms, self.idle() and not waiting_for_voice)

    def open_modals(self) -> None:
        """The hand summary and the match end are scenes of their own (modal, on the stack)."""
        hud = self.animator.hud
        if hud.match_over is not None and not self.end_open:
            self.end_open = True
            self.host.show("match_end", self)
        elif hud.summary is not None and hud.match_over is None and not self.summary_open:
            self.summary_open = True
            self.host.show("hand_summary", self)

    def dismiss_summary(self) -> None:
        """Continue after a hand summary."""
        if self.animator.hud.summary is not None:
            self.animator.hud.summary = None
        self.summary_open = False

    def prompt(self) -> None:
        """Say 'your turn' once per decision, with what may be chosen."""
        if HUMAN not in self.humans or not self.human_turn():
            return
        n = self.driver.actions_count()
        if self._prompted == n:
            return
        self._prompted = n
        self.cue_ms = self.animator.d(CUE_MS)
        if self.cue_ms > 0:
            self.host.play_sound("your_turn")
        obs = self.observation()
        self.narrator.your_turn(obs, [label for _a, label in call_labels(obs)], playable(obs))
        self.tell_belote(obs)

    def card_at(self, pos: tuple[int, int]) -> int | None:
        """South's card under the point (the topmost), as drawn now."""
        for card in reversed(self.table.hands[HUMAN]):
            s = self.table.sprites[card]
            if not s.moving and self.host.renderer.sprite_rect(self.table, s).collidepoint(pos):
                return card
        return None

    def update_affordances(self, dt_ms: float) -> None:
        aff = self.aff
        aff.clock_ms = self.clock_ms
        obs = self.observation()
        aff.playable = playable(obs) if self.south_active() else None
        if aff.playable is None and self.south_active() and DECLARE in obs.legal_actions:
            aff.playable = set()  # "Declare your projects?" first: no card may be played yet
        full = self.animator.d(CUE_MS)
        aff.cue = self.cue_ms / full if full > 0 else 0.0
        aff.steady = self.animator.reduced
        idle = self.idle()
        seat = self.driver.to_move() if idle else None
        aff.active_seat = seat
        aff.thinking = seat is not None and seat not in self.humans
        hover = self.card_at(self.mouse) if aff.playable is not None and not self.selection.active else None
        if self.selection.active and aff.playable is not None and aff.selected in aff.playable:
            hover = aff.selected
        aff.hover = hover if aff.playable is not None and hover in aff.playable else None
        rate = min(1.0, dt_ms / 70.0)
        for card in range(32):
            s = self.table.sprites[card]
            want = 1.0 if card == aff.hover and self.table.where[card][0] == HAND else 0.0
            s.lift += (want - s.lift) * rate
            if abs(s.lift - want) < 0.01:
                s.lift = want

    def sync_widgets(self) -> None:
        self.sync_call_panel()
        self.gui.want_tools([(name, tr(key)) for name, key in TOOLS])

    def sync_call_panel(self) -> None:
        if not self.south_active():
            self.gui.want_panel(None)
            return
        obs = self.observation()
        labels = call_labels(obs)
        if not labels:
            self.gui.want_panel(None)
            return
        lay = self.host.layout
        key = ("call" if obs.phase is not Phase.PLAYING else "projects", self.driver.actions_count(),
               obs.phase.value, (lay.w, lay.h), i18n.language())
        self.gui.want_panel(key, panel_title(obs), panel_note(obs), labels)

    # ----- drawing -------------------------------------------------------------------------

    def parts(self) -> TableParts:
        return TableParts(self.table, self.animator, self.gui, self.aff, self.selection, self.host.toasts)

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface, self.host.layout, self.parts(), toast=False)

    def present(self, surface: pygame.Surface) -> Update:
        return self.view.present(surface, self.host.layout, self.parts(), self.clock_ms, self.lively_ms > 0)

    def dirty(self) -> bool:
        return True  # `present` finds out what changed

    def relayout(self) -> None:
        lay = self.host.layout
        self.table.set_layout(lay)
        self.gui.resize(lay)
        self.view.invalidate()

    def set_names(self) -> None:
        self.animator.hud.names = display_names(self.host.settings.names())
        self.view.invalidate()

    def close(self) -> None:
        """The match is given up (a new one, or the window closes)."""
        self.gui.clear_panel()
