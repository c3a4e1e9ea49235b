"""Drawing the review: the four hands open around the trick, the hand's calls and tricks in a list,
the coach's panel and the step slider — every rect from the window size (1024×640 and up).

The table is drawn as at the game (South at the bottom, not mirrored); in Arabic the two side
panels change places and their text is mirrored.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.cards import SUIT_SYMBOLS, cards_in
from game.ranking import NO_TRUMP
from ui import i18n
from ui.review.model import DOUBLING_STAGE, Call, Step
from ui.table.layout import CARD_RATIO, Layout, line_size
from ui.table.model import display_key
from ui.table.render import Renderer
from ui.text import call_label
from ui.theme import (
    ALERT_PAPER,
    DARK,
    DIM_INK,
    GOLD,
    INK,
    PANEL_EDGE,
    PAPER,
    RED,
    RULE_LINE,
    SUIT_RED_ON_PAPER,
    TEAM_COLOURS,
    TRACK,
    TRACK_FILL,
    Colour,
)

GREEN: Colour = (120, 214, 130)
AMBER: Colour = (240, 178, 70)
MISTAKE: Colour = RED
GREY: Colour = (150, 160, 150)
TONE_COLOURS: dict[str, Colour] = {"mistake": MISTAKE, "small": AMBER, "good": GREEN, "none": GREY,
                                   "pending": GREY}


class ReviewLayout:
    """Header, the list (left), the table (middle), the coach (right), the slider and the buttons."""

    def __init__(self, lay: Layout) -> None:
        self.lay = lay
        w, h, m, u = lay.w, lay.h, lay.m, lay.u
        self.pad = max(8, round(12 * u))
        self.header = pygame.Rect(m, m, w - 2 * m, round(lay.big_font * 1.5) + m)
        bh = lay.button_h()
        self.buttons_y = h - m - bh
        self.slider_h = max(26, round(30 * u))
        slider_y = self.buttons_y - m - self.slider_h
        self.nav_w = max(44, round(54 * u))
        self.slider = pygame.Rect(m + self.nav_w + m, slider_y, w - 2 * (m + self.nav_w + m), self.slider_h)
        top, bottom = self.header.bottom + m, slider_y - m
        left_w = max(210, round(w * 0.2))
        right_w = max(260, round(w * 0.26))
        self.left = pygame.Rect(m, top, left_w, bottom - top)
        self.right = pygame.Rect(w - m - right_w, top, right_w, bottom - top)
        if i18n.is_rtl():
            self.left.x, self.right.x = w - m - left_w, m
        table_x = min(self.left.right, self.right.right) + m
        table_r = max(self.left.left, self.right.left) - m
        self.table = pygame.Rect(table_x, top, table_r - table_x, bottom - top)
        t = self.table
        self.ch = max(40, round(min(t.h / 3.9, t.w / (7.8 * CARD_RATIO))))
        self.cw = round(self.ch * CARD_RATIO)
        self.label_h = max(14, line_size(lay.small_font))

    # ----- the hands ---------------------------------------------------------------------

    def row_step(self) -> float:
        return min(self.cw * 0.62, (self.table.w - 2.6 * self.cw - self.cw) / 7)

    def fan_step(self) -> float:
        return min(self.ch * 0.3, (self.table.h - 2 * self.label_h - self.ch) / 7)

    def hand_centres(self, seat: int, n: int) -> list[tuple[float, float]]:
        t = self.table
        if n <= 0:
            return []
        if seat in (0, 2):
            step = self.row_step()
            x0 = t.centerx - (n - 1) * step / 2
            y = t.bottom - self.ch / 2 if seat == 0 else t.top + self.label_h + self.ch / 2
            return [(x0 + i * step, y) for i in range(n)]
        step = self.fan_step()
        x = t.left + self.cw / 2 if seat == 3 else t.right - self.cw / 2
        y0 = t.centery + self.label_h / 2 - (n - 1) * step / 2
        return [(x, y0 + i * step) for i in range(n)]

    def label_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's name goes: beside South's and North's rows, above the side fans."""
        t, lh = self.table, self.label_h
        w = round(self.cw * 2.4)
        if seat == 0:
            return pygame.Rect(t.left, t.bottom - self.ch - lh - 2, w, lh)
        if seat == 2:
            return pygame.Rect(t.left, t.top, w, lh)
        fan = (self.fan_step() * 7 + self.ch)
        y = round(t.centery + self.label_h / 2 - fan / 2 - lh - 2)
        if seat == 3:
            return pygame.Rect(t.left, y, w, lh)
        return pygame.Rect(t.right - w, y, w, lh)

    def trick_centre(self, seat: int) -> tuple[float, float]:
        t = self.table
        cx, cy = t.centerx, t.centery + self.label_h / 2
        tw, th = self.cw * 0.92, self.ch * 0.92
        dx = (0.0, 1.08, 0.0, -1.08)[seat] * tw  # apart: every card's corner index shows
        dy = (0.52, 0.0, -0.52, 0.0)[seat] * th
        return cx + dx, cy + dy


@dataclass
class ListRow:
    """A row of the hand's list: the calls, or one trick."""
    label: str
    detail: str
    first: int
    """The first step it covers."""
    last: int
    marks: list[str] = field(default_factory=list)
    """The tone of each of the player's decisions in it (its dot's colour)."""
    colour: Colour = INK


class ReviewPainter:
    def __init__(self, renderer: Renderer) -> None:
        self.r = renderer

    # ----- the table -----------------------------------------------------------------------

    def table(self, surface: pygame.Surface, rl: ReviewLayout, step: Step, names: tuple[str, ...],
              dealer: int, bubbles: dict[int, tuple[str, bool]], rings: dict[int, Colour]) -> None:
        """The four hands open, the buying card or the trick, the names and the calls in bubbles;
        `rings` outlines cards (the one just played, the trick's winner, the coach's card)."""
        r, lay = self.r, rl.lay
        c = step.contract
        trump = c.trump if c is not None and not c.sun else NO_TRUMP
        for seat in range(4):
            cards = sorted(cards_in(step.hands[seat]), key=lambda x: display_key(x, trump))
            for (x, y), card in zip(rl.hand_centres(seat, len(cards)), cards, strict=True):
                rect = r.draw_card(surface, card, x, y, rl.cw, rl.ch, 0, True, True)
                if card in rings:
                    self.ring(surface, rect, rings[card], lay)
            self.seat_label(surface, rl, seat, names[seat], seat == dealer, bubbles.get(seat))
        if step.buying_card >= 0:
            x, y = rl.table.centerx, rl.table.centery + rl.label_h / 2
            rect = r.draw_card(surface, step.buying_card, x, y, rl.cw * 0.92, rl.ch * 0.92, 0, True, True)
            self.ring(surface, rect, GOLD, lay)
        elif step.trick is not None:
            for i, card in enumerate(step.trick.cards):
                seat = step.trick.seat_of(i)
                x, y = rl.trick_centre(seat)
                rect = r.draw_card(surface, card, x, y, rl.cw * 0.92, rl.ch * 0.92, 0, True, True)
                if card in rings:
                    self.ring(surface, rect, rings[card], lay)

    def ring(self, surface: pygame.Surface, rect: pygame.Rect, colour: Colour, lay: Layout) -> None:
        width = max(3, round(4 * lay.u))
        pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width,
                         border_radius=max(4, rect.width // 10))

    def seat_label(self, surface: pygame.Surface, rl: ReviewLayout, seat: int, name: str, deals: bool,
                   bubble: tuple[str, bool] | None) -> None:
        lay, a = rl.lay, self.r.assets
        box = rl.label_rect(seat)
        colour = TEAM_COLOURS[seat & 1]
        text = a.fit_text(name, lay.small_font, box.w, colour, bold=True)
        x = box.right - text.get_width() if seat == 1 else box.x
        surface.blit(text, (x, box.y))
        right = x + text.get_width()
        if deals:
            rad = max(7, round(9 * lay.u))
            cx = right + rad + 4 if seat != 1 else x - rad - 4
            self.r.dealer_chip(surface, (cx, box.centery), rad)
            right = cx + rad if seat != 1 else right
            x = cx - rad if seat == 1 else x
        if bubble is not None:
            words, alert = bubble
            pill = self.r.rich(words, lay.small_font, DARK, bold=True, red=SUIT_RED_ON_PAPER)
            pad = max(4, round(6 * lay.u))
            pr = pygame.Rect(0, 0, pill.get_width() + 2 * pad, pill.get_height() + 2)
            if seat == 1:
                pr.midright = (x - 6, box.centery)
            else:
                pr.midleft = (right + 6, box.centery)
            pr.clamp_ip(rl.table)
            pygame.draw.rect(surface, ALERT_PAPER if alert else PAPER, pr,
                             border_radius=pr.height // 2)
            surface.blit(pill, pill.get_rect(center=pr.center))

    # ----- the list of the hand --------------------------------------------------------------

    def hand_list(self, surface: pygame.Surface, rl: ReviewLayout, title: str, rows: list[ListRow],
                  current: int, info: list[tuple[str, str]],
                  legend: list[tuple[str, str]] | None = None) -> list[pygame.Rect]:
        """The calls and the tricks (the current row lit), then `info` lines (label, value), and
        at the bottom the `legend` of the marks ((tone, words)); returns each row's rect (a click
        jumps there)."""
        lay, r, a = rl.lay, self.r, self.r.assets
        box = rl.left
        r.panel(surface, box, border=PANEL_EDGE, alpha=225)
        pad = rl.pad
        y = box.y + pad // 2
        head = r.fit_rich(title, lay.font_size, box.w - 2 * pad, GOLD, True)
        r.put(surface, head, box, box.x + pad, y)
        y += head.get_height() + pad // 3
        size = lay.small_font
        line = a.font(size).get_linesize() + max(3, round(5 * lay.u))
        rects: list[pygame.Rect] = []
        dot = max(3, round(4 * lay.u))
        # the labels' column as wide as its longest label (at most 42%): the rest is the details'
        label_w = min(round((box.w - 2 * pad) * 0.42), max((a.width(row.label, size, True) for row in rows),
                                                            default=0) + 2)
        for i, row in enumerate(rows):
            rect = pygame.Rect(box.x + pad // 2, y, box.w - pad, line)
            rects.append(rect)
            if i == current:
                lit = pygame.Surface(rect.size, pygame.SRCALPHA)
                pygame.draw.rect(lit, (255, 255, 255, 34), lit.get_rect(), border_radius=6)
                surface.blit(lit, rect)
            ty = y + (line - a.font(size).get_linesize()) // 2
            marks_w = len(row.marks) * (2 * dot + 3)
            ahead = i > current  # not reached yet: dimmed
            label = r.fit_rich(row.label, size, label_w, DIM_INK if ahead else row.colour, True)
            r.put(surface, label, box, box.x + pad, ty)
            detail_x = box.x + pad + label_w + pad // 2
            detail_w = box.right - pad - marks_w - pad // 2 - detail_x  # up to the marks, never under them
            if row.detail and detail_w > 20:
                d = r.fit_rich(row.detail, size, detail_w, DIM_INK, elide=True)
                r.put(surface, d, box, detail_x, ty)
            for k, tone in enumerate(row.marks):
                cx = box.right - pad - dot - k * (2 * dot + 3)
                cx = round(r.mirror_x(box, cx))
                pygame.draw.circle(surface, TONE_COLOURS.get(tone, GREY), (cx, rect.centery), dot)
            y += line
        y += pad // 2
        bottom = self.legend(surface, rl, legend) if legend else box.bottom - pad // 2
        for name, value in info:
            if y + line > bottom:
                break
            lab = r.fit_rich(name, size, round((box.w - 2 * pad) * 0.45), DIM_INK)
            r.put(surface, lab, box, box.x + pad, y)
            val = r.fit_rich(value, size, round((box.w - 2 * pad) * 0.55) - 4, INK, True)
            r.put(surface, val, box, box.right - pad - val.get_width(), y)
            y += line - 2
        return rects

    def legend(self, surface: pygame.Surface, rl: ReviewLayout, entries: list[tuple[str, str]]) -> int:
        """What the marks' colours mean, two to a line at the bottom of the list; returns its top."""
        lay, r = rl.lay, self.r
        box, pad = rl.left, rl.pad
        size = max(10, lay.small_font - 1)
        line = r.assets.font(size).get_linesize() + 2
        dot = max(3, round(4 * lay.u))
        col_w = (box.w - 2 * pad) // 2
        rows = (len(entries) + 1) // 2
        top = box.bottom - pad // 2 - rows * line
        pygame.draw.line(surface, RULE_LINE, (box.x + pad, top - 3), (box.right - pad, top - 3), 1)
        for k, (tone, words) in enumerate(entries):
            x = box.x + pad + (k % 2) * col_w
            y = top + (k // 2) * line
            cx = round(r.mirror_x(box, x + dot))
            pygame.draw.circle(surface, TONE_COLOURS.get(tone, GREY), (cx, y + line // 2), dot)
            gap = max(4, round(6 * lay.u))
            s = r.fit_rich(words, size, col_w - 2 * dot - gap - 4, DIM_INK)
            r.put(surface, s, box, x + 2 * dot + gap, y + (line - s.get_height()) // 2)
        return top - 4

    # ----- the coach -----------------------------------------------------------------------

    def coach_panel(self, surface: pygame.Surface, rl: ReviewLayout, title: str, status: str,
                    caveat: str, caption: str, head: str, tone: str, lines: list[str],
                    detail: str, notice: str = "") -> None:
        """The coach's panel: its title, how the hand went (`status`, or for a moment a `notice`:
        what M, Copy or Export did), the caveat, what happened, the verdict and its figures."""
        lay, r, a = rl.lay, self.r, self.r.assets
        box = rl.right
        r.panel(surface, box, border=GOLD, alpha=235)
        pad = rl.pad
        width = box.w - 2 * pad
        y = box.y + pad // 2
        ts = r.fit_rich(title, lay.font_size, width, GOLD, True)
        r.put(surface, ts, box, box.x + pad, y)
        y += ts.get_height()
        small = lay.small_font + 1
        tiny = max(11, lay.small_font - 1)
        if notice:
            for ln in a.wrap(notice, small, width, True)[:4]:
                s = r.rich(ln, small, GOLD, True)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height()
            y += 2
        elif status:
            for ln in a.wrap(status, small, width)[:2]:
                s = r.rich(ln, small, INK)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height()
            y += 2
        for ln in a.wrap(caveat, tiny, width):
            s = r.rich(ln, tiny, DIM_INK)
            r.put(surface, s, box, box.x + pad, y)
            y += s.get_height()
        y += pad // 2
        pygame.draw.line(surface, RULE_LINE, (box.x + pad, y), (box.right - pad, y), 1)
        y += pad // 2
        bottom = box.bottom - pad // 2
        for ln in a.wrap(caption, small, width, True):
            s = r.rich(ln, small, INK, True)
            r.put(surface, s, box, box.x + pad, y)
            y += s.get_height()
        y += pad // 2
        if head:
            colour = TONE_COLOURS.get(tone, INK)
            for ln in a.wrap(head, lay.font_size, width, True):
                s = r.rich(ln, lay.font_size, colour, True)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height()
            y += pad // 3
        for text in lines:
            for ln in a.wrap(text, small, width):
                if y + a.font(small).get_linesize() > bottom:
                    return
                s = r.rich(ln, small, INK)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height()
            y += pad // 4
        if detail:
            y += pad // 4
            for ln in a.wrap(detail, tiny, width):
                if y + a.font(tiny).get_linesize() > bottom:
                    return
                s = r.rich(ln, tiny, DIM_INK)
                r.put(surface, s, box, box.x + pad, y)
                y += s.get_height()

    # ----- the slider ----------------------------------------------------------------------

    def slider(self, surface: pygame.Surface, rl: ReviewLayout, steps: int, index: int,
               marks: dict[int, str]) -> None:
        """The steps as a track (left to right, in both languages: the order the hand was played),
        a tick at each of the player's decisions in its verdict's colour, the handle at `index`."""
        lay = rl.lay
        box = rl.slider
        track = pygame.Rect(box.x, box.centery - max(2, round(3 * lay.u)), box.w, max(4, round(6 * lay.u)))
        pygame.draw.rect(surface, TRACK, track, border_radius=track.h // 2)
        last = max(1, steps - 1)
        done = track.copy()
        done.w = round(track.w * index / last)
        pygame.draw.rect(surface, TRACK_FILL, done, border_radius=track.h // 2)
        tick = max(6, round(box.h * 0.36))
        for k, tone in marks.items():
            x = track.x + round(track.w * k / last)
            pygame.draw.line(surface, TONE_COLOURS.get(tone, GREY), (x, box.centery - tick),
                             (x, box.centery + tick), max(2, round(3 * lay.u)))
        x = track.x + round(track.w * index / last)
        rad = max(7, round(box.h * 0.34))
        pygame.draw.circle(surface, INK, (x, box.centery), rad)
        pygame.draw.circle(surface, GOLD, (x, box.centery), rad, 2)

    def slider_index(self, rl: ReviewLayout, steps: int, x: int) -> int:
        box = rl.slider
        frac = (x - box.x) / max(1, box.w)
        return max(0, min(steps - 1, round(frac * max(1, steps - 1))))


def call_words(call: Call, buying_card: int, belote: bool = False) -> str:
    """A call as the table words it (classic Belote's "Take ♦", a doubling's "No double")."""
    if call.stage == DOUBLING_STAGE:
        return call_label(call.action, doubling=True)
    buy_suit = buying_card >> 3 if buying_card >= 0 else None
    return call_label(call.action, buy_suit, call.stage, call.choice, belote)


def suit(s: int) -> str:
    return SUIT_SYMBOLS[s]
