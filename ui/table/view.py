"""Drawing the table scene, and showing only what changed: a still table (a bot thinking) costs
almost nothing, flying cards update just their own rects, the thinking dots just their name plate."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui import i18n
from ui.table.animator import Animator
from ui.table.layout import Layout
from ui.table.model import TableModel
from ui.table.panels import Gui
from ui.table.render import Affordance, Renderer
from ui.table.selection import Selection
from ui.toasts import Toasts

Update = list[pygame.Rect] | bool
"""What `present` drew: True the whole window, a list of rects, or False nothing."""


@dataclass
class TableParts:
    """What the picture is made of (owned by the table scene, read here)."""
    table: TableModel
    animator: Animator
    gui: Gui
    aff: Affordance
    selection: Selection
    toasts: Toasts


class TableView:
    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        self._last_sig: tuple[object, ...] = ()
        self._last_cards: dict[int, tuple[int, ...]] = {}
        self._last_dots = -1
        self.full = True
        """The next `present` redraws everything (a scene above was closed, a resize)."""
        self.toast_rect: pygame.Rect | None = None

    def invalidate(self) -> None:
        self.full = True

    # ----- drawing -------------------------------------------------------------------------

    def draw(self, screen: pygame.Surface, lay: Layout, p: TableParts, toast: bool = True) -> None:
        hud = p.animator.hud
        r = self.renderer
        r.draw_table(screen, p.table, hud, p.aff)
        panel = p.gui.panel
        if panel is not None:
            r.draw_call_panel(screen, lay, panel.rect, panel.title, panel.subtitle)
        if hud.calls_shown():  # the calls so far, until the first trick is taken
            r.draw_call_log(screen, lay, hud)
        if toast:
            self.toast_rect = r.draw_toast(screen, lay, p.toasts.text, p.toasts.kind,
                                           above=panel.rect.top if panel is not None else None,
                                           detail=p.toasts.detail)
        p.gui.manager.draw_ui(screen)
        target = p.selection.shown()
        if target is not None and target[0] != "card":
            for kind, code, button in p.gui.buttons_in_view():
                if (kind, code) == target:
                    r.focus_ring(screen, button.rect, lay)

    def present(self, screen: pygame.Surface, lay: Layout, p: TableParts, clock_ms: float,
                lively: bool) -> Update:
        """Draw what changed since the last call; `lively`: input just happened (redraw all)."""
        sig = self.signature(lay, p)
        cards = self.card_snapshot(p)
        dots = int(clock_ms / 350) if p.aff.thinking else -1
        out: Update = False
        if self.full or sig != self._last_sig or lively:
            self.draw(screen, lay, p)
            out = True
        elif cards != self._last_cards:
            pad = max(8, round(16 * lay.u))
            dirty: list[pygame.Rect] = []
            for card in set(cards) | set(self._last_cards):
                now, before = cards.get(card), self._last_cards.get(card)
                if now != before:
                    dirty += [pygame.Rect(v[:4]).inflate(pad, pad) for v in (now, before) if v is not None]
            self.draw(screen, lay, p)
            out = dirty
        elif dots != self._last_dots and p.aff.active_seat is not None:
            self.draw(screen, lay, p)
            out = [lay.plate_rect(p.aff.active_seat).inflate(8, 8)]
        self._last_sig, self._last_cards, self._last_dots = sig, cards, dots
        self.full = False
        return out

    def card_snapshot(self, p: TableParts) -> dict[int, tuple[int, ...]]:
        """Where each card is drawn now: rect, face, squash while turning, stacking order."""
        t = p.table
        out: dict[int, tuple[int, ...]] = {}
        for s in t.drawing_order():
            r = self.renderer.sprite_rect(t, s)
            out[s.card] = (r.x, r.y, r.w, r.h, int(s.pose.face), round(t.flip_scale(s) * 50), t.z_of(s.card))
        return out

    def signature(self, lay: Layout, p: TableParts) -> tuple[object, ...]:
        """Everything else the picture depends on (the clock aside)."""
        hud, aff, gui = p.animator.hud, p.aff, p.gui
        return (
            lay.w, lay.h, i18n.language(), self.renderer.assets.deck, hud.names,
            hud.hand_number, hud.dealer, hud.scores, hud.contract, hud.bidding_round, hud.buying_card,
            hud.phase, tuple(hud.tricks), tuple(hud.points),
            tuple((seat, b.text, b.alert) for seat, b in sorted(hud.bubbles.items())),
            hud.note, hud.note_centre, hud.skip, p.table.on_top, round(aff.cue * 24), aff.steady,
            tuple((k, tuple(v)) for k, v in sorted(hud.shown.items())),
            frozenset(hud.played_shown), len(hud.calls),
            hud.winning_card, id(hud.last_trick),
            None if aff.playable is None else frozenset(aff.playable), aff.hover, aff.active_seat,
            aff.thinking, p.toasts.text, p.toasts.kind, p.toasts.detail, aff.selected,
            p.selection.shown(),
            None if gui.panel is None else gui.panel.key, gui.tools_key(),
            tuple(len(pile) for pile in p.table.piles),
        )
