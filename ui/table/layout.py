"""Every position on the table, computed from the window size alone (1024×640 up to full HD and beyond).

Seats: 0 South (bottom, the human), 1 East (right), 2 North (top), 3 West (left); play goes
counter-clockwise S → E → N → W. Card "places" are given as centre + unrotated size + angle
(90° for the side hands), so a card can fly between places and turn on the way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ui.theme import LINE_EM

CARD_RATIO = 240 / 336  # width / height of the card faces
MIN_SIZE = (1024, 640)


def line_size(font_size: int) -> int:
    """The line height of the game's font at this size."""
    return math.ceil(font_size * LINE_EM)


@dataclass(frozen=True)
class Place:
    """Where a card rests: centre, unrotated size, rotation in degrees."""
    x: float
    y: float
    w: float
    h: float
    angle: float = 0.0

    def rect(self) -> pygame.Rect:
        """The axis-aligned bounding rect of the (possibly turned) card."""
        a = round(self.angle) % 180
        if a == 0:
            w, h = self.w, self.h
        elif a == 90:
            w, h = self.h, self.w
        else:
            c, s = abs(math.cos(math.radians(a))), abs(math.sin(math.radians(a)))
            w, h = self.w * c + self.h * s, self.w * s + self.h * c
        return pygame.Rect(round(self.x - w / 2), round(self.y - h / 2), round(w), round(h))


class Layout:
    """All rects for one window size. Cheap to build: make a new one on every resize."""

    def __init__(self, width: int, height: int) -> None:
        self.w, self.h = max(width, 1), max(height, 1)
        w, h = self.w, self.h
        self.u = max(0.55, min(w / 1280, h / 800))  # unit scale; 1.0 at 1280×800
        u = self.u
        self.m = max(8, round(12 * u))  # margin
        self.ch = round(min(h * 0.205, w * 0.125))
        self.cw = round(self.ch * CARD_RATIO)
        self.sch, self.scw = round(self.ch * 0.7), round(self.cw * 0.7)  # opponents' hands
        self.tch, self.tcw = round(self.ch * 0.86), round(self.cw * 0.86)  # trick, buying card
        self.pch, self.pcw = round(self.ch * 0.42), round(self.cw * 0.42)  # won piles, shown
        self.lift = round(self.ch * 0.18)
        self.cx, self.cy = w / 2, h * 0.445
        self.font_size = max(13, round(18 * u))
        self.small_font = max(11, round(15 * u))
        self.big_font = max(16, round(26 * u))
        self.rules_font = max(10, self.small_font - 1)
        """The line of the rules under the scores."""
        self.plate_w, self.plate_h = max(132, round(184 * u)), max(44, round(56 * u))
        self.box_pad = max(10, round(18 * u))
        """The inner margin of a screen's or an overlay's box."""
        self.side_step = self.scw * 0.42

    # ----- hands ---------------------------------------------------------------------------

    def south_step(self, n: int) -> float:
        if n <= 1:
            return 0.0
        return min(self.cw * 0.64, (self.w * 0.62 - self.cw) / (n - 1))

    def hand_places(self, seat: int, n: int) -> list[Place]:
        """Rest places of n cards in a seat's hand, in display order (left→right / top→bottom)."""
        if n <= 0:
            return []
        m = self.m
        if seat == 0:
            step = self.south_step(n)
            x0 = self.cx - ((n - 1) * step) / 2
            y = self.h - m - self.ch / 2
            return [Place(x0 + i * step, y, self.cw, self.ch) for i in range(n)]
        if seat == 2:
            step = self.scw * 0.42
            x0 = self.cx - ((n - 1) * step) / 2
            y = m + self.sch / 2
            return [Place(x0 + i * step, y, self.scw, self.sch) for i in range(n)]
        step = self.side_step
        y0 = self.side_centre_y() - ((n - 1) * step) / 2
        x = self.w - m - self.sch / 2 if seat == 1 else m + self.sch / 2
        return [Place(x, y0 + i * step, self.scw, self.sch, 90.0) for i in range(n)]

    def side_centre_y(self) -> float:
        return self.cy + self.h * 0.02

    def hand_box(self, seat: int, n: int = 8) -> pygame.Rect:
        places = self.hand_places(seat, n)
        box = places[0].rect()
        for p in places[1:]:
            box.union_ip(p.rect())
        if seat == 0:
            box.top -= self.lift
            box.height += self.lift
        return box

    # ----- the centre ----------------------------------------------------------------------

    def trick_place(self, seat: int) -> Place:
        dx = (0.0, 0.78, 0.0, -0.78)[seat] * self.tcw
        dy = (0.36, 0.0, -0.36, 0.0)[seat] * self.tch
        return Place(self.cx + dx, self.cy + dy, self.tcw, self.tch)

    def buying_place(self) -> Place:
        return Place(self.cx + self.tcw * 0.22, self.cy, self.tcw, self.tch)

    def stock_place(self, i: int = 0) -> Place:
        """The face-down stock under the buying card; i lifts the stack a little per card."""
        off = min(i, 10) * max(1.0, self.u)
        return Place(self.cx - self.tcw * 0.22 - off * 0.4, self.cy - off * 0.6, self.tcw, self.tch)

    def deck_place(self, dealer: int, i: int = 0) -> Place:
        """The deck in front of the dealer, before the first deal."""
        hx, hy = self.seat_anchor(dealer)
        x = self.cx + (hx - self.cx) * 0.45
        y = self.cy + (hy - self.cy) * 0.45
        off = min(i, 31) * 0.35 * max(1.0, self.u)
        return Place(x - off * 0.3, y - off, self.scw, self.sch)

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """The centre of a seat's hand area."""
        if seat == 0:
            return self.cx, self.h - self.m - self.ch / 2
        if seat == 2:
            return self.cx, self.m + self.sch / 2
        x = self.w - self.m - self.sch / 2 if seat == 1 else self.m + self.sch / 2
        return x, self.side_centre_y()

    def pile_place(self, seat: int, i: int = 0) -> Place:
        """Won tricks, face down, beside each seat."""
        off = min(i, 8) * 1.2 * max(1.0, self.u)
        m = self.m
        if seat == 0:
            box = self.hand_box(0)
            x, y = box.right + 2 * m + self.pcw / 2, self.h - m - self.pch / 2
        elif seat == 2:
            box = self.hand_box(2)
            x, y = box.left - 2 * m - self.pcw / 2, m + self.pch / 2
        else:  # beside the name plate, towards the middle (the toolbar has the corner below East)
            plate = self.plate_rect(seat)
            y = plate.centery
            if seat == 1:
                x = plate.left - m - self.pcw / 2 - 8 * max(1.0, self.u)
            else:
                x = max(plate.right, self.score_rect().right) + m + self.pcw / 2
        return Place(x + off * 0.5, y - off, self.pcw, self.pch)

    def shown_places(self, seat: int, n: int) -> list[Place]:
        """Projects shown face up during the second trick."""
        w, h = self.pcw * 1.25, self.pch * 1.25
        step = w * 0.62
        if seat == 0:
            plate = self.plate_rect(0)
            room = self.hand_box(0).left - self.m - plate.left  # beside South's hand, never over it
            if n > 1:
                step = max(w * 0.25, min(step, (room - w) / (n - 1)))
            x0, y = plate.left + w / 2, plate.top - self.m - h / 2
            return [Place(x0 + i * step, y, w, h) for i in range(n)]
        if seat == 2:
            box = self.hand_box(2)
            x0 = box.left - 2 * self.m - (n - 1) * step - w / 2
            x0 = max(x0, self.m + w / 2)
            y = box.bottom + self.m + h / 2
            if x0 < self.score_rect().right + w / 2:
                x0 = box.centerx - (n - 1) * step / 2
            return [Place(x0 + i * step, y, w, h) for i in range(n)]
        box = self.hand_box(seat)
        y = box.bottom - h / 2
        if seat == 1:
            x0 = box.left - self.m - w / 2 - (n - 1) * step
        else:
            x0 = box.right + self.m + w / 2
        return [Place(x0 + i * step, y, w, h) for i in range(n)]

    # ----- plates, bubbles, HUD ------------------------------------------------------------

    def plate_rect(self, seat: int) -> pygame.Rect:
        pw, ph, m = self.plate_w, self.plate_h, self.m
        if seat == 0:
            box = self.hand_box(0)
            r = pygame.Rect(0, 0, pw, ph)
            r.bottomright = (box.left - 2 * m, self.h - m)
            r.left = max(r.left, m)
            return r
        if seat == 2:
            box = self.hand_box(2)
            r = pygame.Rect(0, 0, pw, ph)
            r.midleft = (box.right + 2 * m, box.centery)
            return r
        box = self.hand_box(seat)
        r = pygame.Rect(0, 0, pw, ph)
        if seat == 1:
            r.bottomright = (self.w - m, box.top - m)
        else:
            r.bottomleft = (m, box.top - m)
        return r

    def bubble_anchor(self, seat: int) -> tuple[float, float, str]:
        """Point and side a speech bubble grows from: 'up' (bubble above), 'down', 'left', 'right'."""
        m = self.m
        if seat == 0:  # above South's plate: never under the call panel
            plate = self.plate_rect(0)
            return plate.centerx, plate.top - m // 2, "up"
        if seat == 2:
            box = self.hand_box(2)
            return self.cx, box.bottom + m, "down"
        box = self.hand_box(seat)
        y = box.top + box.height * 0.3
        return (box.left - m, y, "left") if seat == 1 else (box.right + m, y, "right")

    def score_rect(self) -> pygame.Rect:
        """Title, then a row a team (its name, the hand's tricks and points, its match score);
        last the rules of the match."""
        pad = max(6, round(10 * self.u))
        rows = line_size(self.small_font) + 2 * line_size(self.font_size + 2) + line_size(self.rules_font)
        return pygame.Rect(self.m, self.m, max(190, round(260 * self.u)), pad + rows + 2)

    def call_log_rect(self) -> pygame.Rect:
        """The calls of the hand, shown during the bidding: left of the trick, under West's bubble."""
        west = self.hand_box(3)
        x = west.right + 2 * self.m
        top = round(west.top + west.height * 0.3 + 30 * self.u)
        right = self.trick_place(3).rect().left - 2 * self.m
        bottom = self.trick_place(0).rect().bottom  # above the call panel
        w = min(right - x, round(270 * self.u))
        return pygame.Rect(x, top, w, bottom - top)

    def badge_rect(self) -> pygame.Rect:
        w, h = max(170, round(250 * self.u)), max(56, round(78 * self.u))
        return pygame.Rect(self.w - self.m - w, self.m, w, h)

    def toolbar_rects(self, n: int) -> list[pygame.Rect]:
        """Small buttons stacked in the bottom-right corner."""
        bw, bh = max(120, round(160 * self.u)), max(28, round(36 * self.u))
        gap = max(4, round(6 * self.u))
        x = self.w - self.m - bw
        y0 = self.h - self.m - n * bh - (n - 1) * gap
        return [pygame.Rect(x, y0 + i * (bh + gap), bw, bh) for i in range(n)]

    def panel_rect(self, widths: list[int], note_lines: int = 0, min_w: int = 0) -> pygame.Rect:
        """The call panel, between the trick and the south hand, wide enough for its buttons (and
        `min_w`), tall enough for `note_lines` of small text under its title."""
        top = self.trick_place(0).rect().bottom + self.m // 2
        bottom = self.hand_box(0).top - self.m // 2
        note = line_size(self.small_font) * note_lines
        h = min(bottom - top, round(self.button_h() * 2.3) + note)
        content = sum(self.fit_widths(widths)) + (len(widths) + 1) * self.m
        w = min(max(round(380 * self.u), content, min_w), self.w - 2 * self.m)
        r = pygame.Rect(0, 0, w, h)
        r.midbottom = (round(self.cx), bottom)
        return r

    def button_w(self) -> int:
        return max(96, round(132 * self.u))

    def button_h(self) -> int:
        return max(30, round(40 * self.u))

    def fit_widths(self, widths: list[int]) -> list[int]:
        """Button widths: at least the standard width, shrunk together if the row is too wide."""
        ws = [max(self.button_w(), w) for w in widths]
        room = self.w - 2 * self.m - (len(ws) + 1) * self.m
        total = sum(ws)
        if total > room > 0:
            ws = [max(40, w * room // total) for w in ws]
        return ws

    def panel_buttons(self, panel: pygame.Rect, widths: list[int]) -> list[pygame.Rect]:
        ws = self.fit_widths(widths)
        bh, m = self.button_h(), self.m
        total = sum(ws) + (len(ws) - 1) * m
        x = panel.centerx - total // 2
        y = panel.bottom - m - bh
        out = []
        for w in ws:
            out.append(pygame.Rect(x, y, w, bh))
            x += w + m
        return out

    def modal_rect(self) -> pygame.Rect:
        w = min(self.w - 4 * self.m, max(700, round(1040 * self.u)))
        h = min(self.h - 4 * self.m, max(480, round(660 * self.u)))
        r = pygame.Rect(0, 0, w, h)
        r.center = (self.w // 2, self.h // 2)
        return r

    def toast_pos(self) -> tuple[float, float]:
        """Bottom-centre of the message shown above the south hand (e.g. why a card is illegal)."""
        return self.cx, self.hand_box(0).top - self.m

    def note_pos(self) -> tuple[float, float]:
        """Centre of the table message (round 2, trick winner...)."""
        return self.cx, self.cy - self.tch * 1.05

    def window(self) -> pygame.Rect:
        return pygame.Rect(0, 0, self.w, self.h)
