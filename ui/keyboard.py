"""Keyboard play, announcements and hints: the part of the App that a player without a mouse uses.

← → move the selection through what can be chosen now (the buttons of a summary, the calls of the
panel, or South's legal cards, as drawn), Enter takes it; C, A, F, S and Space announce; H asks the
computer for a hint, which arrives later from the worker and moves the selection to the hinted move.
`KeyboardPlay` is a mixin of `ui.app.App` and uses its table, panels, driver and speaker.
"""

from __future__ import annotations

from collections.abc import Callable

from ai.hints import HintReason
from game.actions import DECLARE, NO_DECLARE, Action, action_str, is_card
from game.bidding import BiddingStage
from game.phase import Phase

from . import i18n
from .announce import Announcement, announce
from .text import call_label, card_label, tr

HUMAN = 0
TOAST_MS = 2800.0
INFO_MS = 6500.0
HINT_MS = 12000.0

Target = tuple[str, int | str]
"""What the keyboard selection is on: ("card", card), ("call", action) or ("modal", code)."""


class KeyboardPlay:
    # ----- keyboard play -----------------------------------------------------------------

    def selectables(self) -> list[Target]:
        """What ← → move through now, left to right as drawn: the buttons of a summary / match end,
        the calls of the panel, or South's legal cards."""
        if self.gui.modal is not None and self.gui.modal.buttons:
            return [(kind, code) for kind, code, _b in self.gui.buttons_in_view()]
        if HUMAN not in self.humans or not self.human_turn():
            return []
        if self.gui.panel is not None and self.gui.panel.buttons:
            return [(kind, code) for kind, code, _b in self.gui.buttons_in_view()]
        playable = self.aff.playable
        if playable:
            return [("card", c) for c in self.table.hands[HUMAN] if c in playable]
        return []

    def target_of(self, action: Action) -> Target:
        if self.gui.panel is not None and action in self.gui.panel.buttons:
            return ("call", action)
        return ("card", action)

    def sync_selection(self) -> None:
        """Keep the selection on something that can be chosen now; show it on cards and buttons."""
        items = self.selectables()
        if not items:
            self.kb_target = None
        elif self.kb_target not in items:
            hint = self.hint_action
            target = None
            if hint is not None and hint[0] == len(self.driver.state.actions):
                target = self.target_of(hint[1])
            if target not in items:
                if items[0][0] == "card":
                    target = items[min(self._kb_index, len(items) - 1)]
                else:  # the first call or button in reading order (on the right in Arabic)
                    target = items[-1] if i18n.is_rtl() else items[0]
            self.kb_target = target
        if self.kb_target is not None and self.kb_target[0] == "card":
            self._kb_index = items.index(self.kb_target)
        shown = self.kb_target if self.kb_active else None
        card = shown[1] if shown is not None and shown[0] == "card" else None
        self.aff.selected = card if isinstance(card, int) else None
        for kind, code, button in self.gui.buttons_in_view():
            want = shown == (kind, code)
            if want != bool(button.is_selected):
                getattr(button, "select" if want else "unselect")()

    def move_selection(self, step: int) -> None:
        """An arrow: the first shows the selection, the next ones move it (wrapping around)."""
        items = self.selectables()
        was = self.kb_active
        self.kb_active = True
        if not items:
            return
        if self.kb_target not in items:
            self.sync_selection()
        if was and self.kb_target in items:
            i = items.index(self.kb_target)
            self.kb_target = items[(i + step) % len(items)]
        self.sync_selection()

    def enter(self) -> None:
        """Enter: continue after a hand summary, skip an animation, or take the selected card,
        call or button (the first Enter only shows the selection)."""
        hud = self.animator.hud
        if hud.summary is not None and hud.match_over is None:
            self.dismiss_summary()
            return
        items = self.selectables()
        if not items:
            if not self.idle() and not self.animator.blocked():
                self.animator.skip()
            self.kb_active = True
            return
        if not self.kb_active or self.kb_target not in items:
            self.kb_active = True
            self.sync_selection()
            return
        self.take(self.kb_target)

    def take(self, target: Target) -> None:
        kind, code = target
        if not isinstance(code, int):
            return
        if kind == "card" and self.human_turn():
            self.try_play(code)
        elif kind == "call" and self.human_turn():
            self.submit(code)
        elif kind == "modal":
            self.on_modal(code)

    # ----- announcements and hints -------------------------------------------------------

    def announce(self, key: str) -> Announcement:
        """C, A, F, S, Space: the announcement on screen, and aloud when speech is on."""
        obs = self.driver.state.observation(HUMAN)
        ann = announce(key, obs, self.animator.hud.names)
        self.last_announcement = ann
        self.toast(ann.text, "info", INFO_MS)
        self.speaker.say(ann.speech)
        return ann

    def request_hint(self) -> None:
        """H or the Hint button: the computer recommends a move for South (in the worker: the window
        keeps drawing); the answer arrives in `poll_hint`."""
        if self.hint_token is not None:
            return
        if HUMAN not in self.humans or not self.human_turn():
            self.toast(tr("hint.none"), "info", TOAST_MS)
            return
        token = self.driver.request_hint(HUMAN, self.hint_level)
        if token is None:
            return
        self.hint_token = (token, len(self.driver.state.actions))
        self.toast(tr("hint.thinking"), "info", HINT_MS)
        self.poll_hint()

    def poll_hint(self) -> None:
        if self.hint_token is None:
            return
        token, n = self.hint_token
        if n != len(self.driver.state.actions):  # the move was made meanwhile
            self.hint_token = None
            return
        got = self.driver.take_hint(token)
        if got is None:
            return
        self.hint_token = None
        action, reason = got
        self.hint_action = (n, action)
        why = hint_reason(reason, self.action_label)
        move = self.action_label(action)
        self.toast(tr("hint.suggested", move=move, reason=why) if why else move, "info", HINT_MS)
        self.speaker.say(tr("hint.suggested", move=move, reason=why) if why else move)
        self.kb_active = True
        self.kb_target = None  # sync_selection puts it on the hinted move
        self.sync_selection()

    def action_label(self, action: Action) -> str:
        if is_card(action):
            return card_label(action)
        return dict(self.call_labels()).get(action, tr(action_str(action)))

    def call_labels(self) -> list[tuple[Action, str]]:
        rnd = self.driver.state.round
        legal = self.driver.legal_actions()
        if rnd.phase is Phase.PLAYING:
            return [(a, tr("call.declare") if a == DECLARE else tr("call.no_declare"))
                    for a in legal if a in (DECLARE, NO_DECLARE)]
        b = rnd.bidding
        choice = rnd.phase is Phase.BIDDING and b.stage == BiddingStage.CHOICE
        buy_suit = rnd.buying_card >> 3 if rnd.buying_card >= 0 else None
        return [(a, call_label(a, buy_suit, b.round, choice)) for a in legal]


def hint_reason(why: HintReason | None, label: Callable[[Action], str]) -> str:
    """The reason of `ai.hints`, in the player's language (`label` names another move)."""
    if why is None:
        return ""
    values: dict[str, object] = {}
    for name, value in why.values.items():
        if name in ("chance", "alt_chance"):
            values[name] = f"{round(float(value) * 100)}%"
        elif name in ("points", "alt_points"):
            values[name] = f"{float(value):+.0f}"
        elif name == "alt":
            values[name] = label(int(value))
        elif name == "rule":
            values[name] = tr(f"hint.rule.{value}")
        else:
            values[name] = value
    return tr(f"hint.why.{why.key}", **values)
