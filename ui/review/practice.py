"""Practice: a hand played again from its first call (the same cards, the same dealer, the same
score) or from any moment of its review ("take back to here"), against the same computer players.

The practice table is a `TableScene` pushed over the review; the match it came from (if any)
waits below. Nothing of it is saved or counted: the window's autosave and statistics look only at
the match of the window (`App.after_action`), and the practice has its own driver. It ends with
the hand: its summary offers the review of what was just played, the same start again, or back.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from game.events import HandThrownIn
from game.state import DealBase, RoundState
from ui import i18n
from ui.files.savegame import SavedMatch
from ui.review.model import HUMAN, HandPlay, ReviewSource, deal_match
from ui.review.screen import ReviewHost
from ui.screens.base import ConfirmScreen, Item, Screen
from ui.table.driver import UIEvent
from ui.table.layout import Layout
from ui.table.overlay_drawing import Overlays
from ui.table.overlays import TableOverlay
from ui.table.scene import TOOLS, TableHost, TableScene
from ui.table.view import Update
from ui.text import tr
from ui.theme import GOLD, INK

PRACTICE_EDGE = (200, 140, 40)
"""The window's edge while a hand is practised."""


class PracticeHost(TableHost, ReviewHost, Protocol):
    """What practice needs from the window (the `App`): what the table and the review need."""


class PracticeTable(TableScene):
    """One hand at the table from a given moment; it ends with the hand."""

    def __init__(self, host: PracticeHost, source: ReviewSource, hand: int, upto: int) -> None:
        self.practice_host = host
        self.source, self.hand, self.upto = source, hand, upto
        start = source.match_at(hand, upto)
        self.start_hand = start.hand_number
        self.offset = len(start.actions) - upto
        """Where the practised hand's actions start in the match's."""
        base = start.round.base
        assert isinstance(base, DealBase)
        self.base = base
        players = tuple("human" if seat == HUMAN else p for seat, p in enumerate(source.players))
        saved = SavedMatch(start, (players[0], players[1], players[2], players[3]), source.agent_seed)
        self.ended = False
        specs = dict.fromkeys(range(4), "ismcts:medium")  # a seat "human" in a record: medium if ever asked
        super().__init__(host, source.agent_seed, (HUMAN,), specs, host.hub.client(), None, saved)
        self.animator.hud.scores = start.scores

    # ----- the hand played -------------------------------------------------------------------

    def hand_actions(self) -> tuple[int, ...]:
        """The practised hand's actions so far (never those of the hand after it)."""
        st = RoundState(self.base)
        out = []
        for a in self.driver.state.actions[self.offset:]:
            if st.is_over():
                break
            st.apply(a)
            out.append(a)
        return tuple(out)

    def played_source(self) -> ReviewSource:
        """The practised hand as a deal to review."""
        actions = self.hand_actions()
        done = RoundState(self.base)
        for a in actions:
            done.apply(a)
        record = None
        if done.is_over():
            m = deal_match(self.base, actions)
            record = m.sheet[-1] if m.sheet else None
        play = HandPlay(self.start_hand, self.base, actions, record)
        return ReviewSource(self.source.rules, [play], self.source.players, self.source.agent_seed, None, [0])

    # ----- the end, Esc, the Menu button ------------------------------------------------------

    def open_modals(self) -> None:
        hud = self.animator.hud
        if not self.ended and (hud.summary is not None or hud.match_over is not None):
            self.end()

    def on_shown(self, e: UIEvent) -> None:
        super().on_shown(e)
        if isinstance(e, HandThrownIn) and not self.ended:
            self.end()

    def end(self) -> None:
        self.ended = True
        self.summary_open = self.end_open = True
        self.host.open_screen(PracticeEndScreen(self.practice_host, self))

    def on_key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_ESCAPE:
            self.ask_leave()
        else:
            super().on_key(key, mod)

    def on_button(self, element: object) -> None:
        if self.gui.which(element) == ("tool", "menu"):
            self.ask_leave()
        else:
            super().on_button(element)

    def ask_leave(self) -> None:
        self.host.open_screen(ConfirmScreen(self.host, "practice.leave_confirm", self.leave))

    def leave(self) -> None:
        """Back to the review this practice came from."""
        stack = self.practice_host.stack
        while self in stack:
            self.host.close_screen()
        self.close()

    def again(self) -> None:
        self.leave()
        start(self.practice_host, self.source, self.hand, self.upto)

    # ----- drawing: the table, and a banner saying it is practice ---------------------------

    def present(self, surface: pygame.Surface) -> Update:
        update = super().present(surface)
        if update:
            rect = self.draw_banner(surface)
            if isinstance(update, list):
                update.append(rect)
        return update

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_banner(surface)

    def draw_banner(self, surface: pygame.Surface) -> pygame.Rect:
        """'Practice: not counted' above the toolbar, and an amber edge round the window."""
        lay = self.host.layout
        tools = lay.toolbar_rects(len(TOOLS))[0]
        text = tr("practice.banner")
        width = self.host.renderer.rich(text, lay.font_size + 1, INK, True).get_width() \
            + 2 * max(8, round(14 * lay.u))
        x = min(tools.centerx, tools.right - width / 2)  # right-aligned with the toolbar when wider
        pill = self.host.renderer.draw_pill(surface, lay, text, (x, tools.top - lay.m), (110, 70, 10, 235),
                                            INK, anchor="midbottom")
        edge = max(3, round(4 * lay.u))
        pygame.draw.rect(surface, PRACTICE_EDGE, lay.window(), edge)  # drawn before any rect is shown
        return pill


def start(host: PracticeHost, source: ReviewSource, hand: int, upto: int) -> PracticeTable:
    """Push a practice of hand `hand` of `source` from its action `upto` (0: its first call)."""
    table = PracticeTable(host, source, hand, upto)
    host.push(table)
    return table


class PracticeEndScreen(TableOverlay):
    """The practised hand's summary (or that it was thrown in): its review, the same start again,
    or back to the review it came from (Esc)."""

    BUTTONS = (("review", "practice.review"), ("again", "practice.again"), ("done", "practice.done"))

    def __init__(self, host: PracticeHost, table: PracticeTable) -> None:
        self.practice = table
        self.practice_host = host
        super().__init__(host, table)

    def layout(self, lay: Layout) -> None:
        hud = self.table.animator.hud
        self.overlays = Overlays(self.host.renderer)
        self.overlays.names, self.overlays.contracts = hud.names, self.table.animator.contracts
        if hud.summary is not None:
            e, record = hud.summary
            self.frame = self.overlays.summary_rect(lay, e, record, self.table.driver.sheet)
            room = lay.modal_rect().h - self.frame.h
            self.frame = self.frame.inflate(0, min(room, round(lay.small_font * 1.8)))  # the note
        else:
            w = min(lay.w - 4 * lay.m, round(620 * lay.u))
            self.frame = pygame.Rect(0, 0, w, round(lay.big_font * 3) + 3 * lay.button_h())
            self.frame.center = (lay.w // 2, lay.h // 2)
        for (name, key), rect in zip(self.BUTTONS, button_row(self, lay, self.frame, self.BUTTONS),
                                     strict=True):
            self.button(name, rect, key)
        self.set_focus("review")

    def item_words(self, item: Item) -> str:
        return item.words

    def pressed(self, name: str) -> None:
        if name == "review":
            self.host.show("review", self.practice.played_source(), 0)
        elif name == "again":
            self.practice.again()
        elif name == "done":
            self.practice.leave()

    def back(self) -> None:
        self.practice.leave()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        hud = self.table.animator.hud
        if hud.summary is not None:
            e, record = hud.summary
            self.overlays.names = hud.names
            self.overlays.summary(surface, lay, e, record, self.table.driver.sheet, self.frame)
        else:
            self.panel(surface, self.frame)
            self.title(surface, self.frame, tr("note.thrown_in"))
        pad = lay.box_pad
        s = self.fit(tr("practice.not_counted"), max(10, lay.small_font - 1),
                     self.frame.w - 2 * pad, GOLD)
        surface.blit(s, s.get_rect(midbottom=(self.frame.centerx,
                                              self.frame.bottom - lay.m - lay.button_h()
                                              - max(10, round(16 * lay.u)))))


def button_row(screen: Screen, lay: Layout, box: pygame.Rect,
               buttons: tuple[tuple[str, str], ...]) -> list[pygame.Rect]:
    """One row of buttons at the bottom of `box`, each as wide as the widest label (in the box),
    in reading order (from the right in Arabic)."""
    n = len(buttons)
    gap = lay.m
    bw = min(screen.button_width(tuple(k for _n, k in buttons), lay.button_w()),
             (box.w - (n + 3) * gap) // n)
    bh = lay.button_h()
    x0 = box.centerx - (n * bw + (n - 1) * gap) // 2
    rects = [pygame.Rect(x0 + i * (bw + gap), box.bottom - lay.m - bh, bw, bh) for i in range(n)]
    return rects[::-1] if i18n.is_rtl() else rects
