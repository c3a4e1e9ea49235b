"""Drawing the table: felt, cards, name plates, score panel, contract badge, bubbles, messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import pygame

from game.cards import SUIT_SYMBOLS, team_of
from game.contract import Contract
from ui import i18n
from ui.assets import BACK, Assets
from ui.rules_text import rules_line
from ui.table.animator import DOUBLING, Hud
from ui.table.layout import Layout, Place
from ui.table.model import HAND, TRICK, Sprite, TableModel
from ui.text import call_label, card_label, contract_name, team_name, tr, trn
from ui.textlog import noted
from ui.theme import (
    ALERT_PAPER,
    DARK,
    DIM_INK,
    GOLD,
    INK,
    PANEL,
    PANEL_ALPHA,
    PANEL_EDGE,
    PAPER,
    RED,
    REFUSAL,
    SHADOW,
    SUIT_RED_ON_PAPER,
    TAB_PAPER,
    TEAM_COLOURS,
    Colour,
)

RED_SUITS = {"♥", "♦"}


class ScoreItem(NamedTuple):
    text: str
    rect: pygame.Rect
    size: int
    colour: Colour
    bold: bool


@dataclass
class Affordance:
    """What the player may do now, for highlighting (filled by the app each frame)."""
    playable: set[int] | None = None
    """South's playable cards while South is to play (None: the hand is not active)."""
    hover: int | None = None
    active_seat: int | None = None
    thinking: bool = False
    toast: str = ""
    toast_kind: str = "error"
    """"error" (red: why a card cannot be played) or "info" (announcements, hints)."""
    clock_ms: float = 0.0
    selected: int | None = None
    """The card the keyboard selection is on (None: the keyboard is not in use)."""
    cue: float = 0.0
    """The 'your turn' cue, 1 when South's turn begins, fading to 0."""
    steady: bool = False
    """Reduced motion: the cue stands still instead of closing in on the hand."""


def muted(c: Colour) -> Colour:
    """A team's colour, quieter: the edge of a plate whose seat is not to play."""
    return (c[0] // 2 + 20, c[1] // 2 + 20, c[2] // 2 + 20)


class Renderer:
    def __init__(self, assets: Assets) -> None:
        self.assets = assets
        self._felt: pygame.Surface | None = None
        self._felt_size = (0, 0)

    # ----- background ----------------------------------------------------------------------

    def felt(self, lay: Layout) -> pygame.Surface:
        if self._felt is not None and self._felt_size == (lay.w, lay.h):
            return self._felt
        w, h = lay.w, lay.h
        sw, sh = (w + 1) // 2, (h + 1) // 2  # computed at half size, then scaled: fast on a resize
        xs = (np.arange(sw, dtype=np.float32) * 2 - w / 2) / (w * 0.62)
        ys = (np.arange(sh, dtype=np.float32) * 2 - lay.cy) / (h * 0.72)
        d = np.sqrt(xs[:, None] ** 2 + ys[None, :] ** 2)
        k = np.clip(d, 0.0, 1.0) ** 1.6
        inner = np.array([38, 120, 70], dtype=np.float32)
        outer = np.array([9, 52, 30], dtype=np.float32)
        img = inner[None, None, :] * (1 - k[:, :, None]) + outer[None, None, :] * k[:, :, None]
        rng = np.random.default_rng(7)
        img += rng.normal(0.0, 1.8, size=(sw, sh)).astype(np.float32)[:, :, None]
        small = pygame.surfarray.make_surface(np.clip(img, 0, 255).astype(np.uint8))
        surf = pygame.transform.smoothscale(small, (w, h)).convert()
        ring = pygame.Surface((w, h), pygame.SRCALPHA)
        oval = pygame.Rect(0, 0, round(w * 0.56), round(h * 0.60))
        oval.center = (round(lay.cx), round(lay.cy))
        pygame.draw.ellipse(ring, (255, 255, 255, 22), oval, max(2, round(3 * lay.u)))
        oval.inflate_ip(-round(14 * lay.u), -round(14 * lay.u))
        pygame.draw.ellipse(ring, (0, 0, 0, 28), oval, max(1, round(2 * lay.u)))
        surf.blit(ring, (0, 0))
        self._felt, self._felt_size = surf, (w, h)
        return surf

    # ----- cards ---------------------------------------------------------------------------

    def draw_card(self, screen: pygame.Surface, card: int, pose_x: float, pose_y: float, w: float,
                  h: float, angle: float, face: bool, exact: bool, flip: float = 1.0,
                  shadow: bool = True) -> pygame.Rect:
        a = self.assets
        key = card if face else BACK
        iw, ih = max(1, round(w * flip)), max(1, round(h))
        ang = round(angle)
        if ang % 360 == 0:
            img = a.card(key, iw, ih, exact)
        elif exact and flip == 1.0 and ang % 90 == 0:
            img = a.rotated(key, iw, ih, ang)
        else:
            img = pygame.transform.rotate(a.card(key, iw, ih, False), ang)
        r = img.get_rect(center=(round(pose_x), round(pose_y)))
        if shadow and ang % 90 == 0:
            off = max(2, round(min(w, h) * 0.035))
            sh = a.rounded_mask(r.width, r.height, SHADOW)
            screen.blit(sh, (r.x + off, r.y + off))
        screen.blit(img, r)
        return r

    def sprite_rect(self, t: TableModel, s: Sprite) -> pygame.Rect:
        """Where a sprite is drawn now (with its hover lift)."""
        p = s.pose
        lift = s.lift * t.layout.lift
        return Place(p.x, p.y - lift, p.w, p.h, p.angle).rect()

    def draw_cards(self, screen: pygame.Surface, t: TableModel, hud: Hud, aff: Affordance) -> None:
        lay = t.layout
        for s in t.drawing_order():
            p = s.pose
            lift = s.lift * lay.lift
            flip = t.flip_scale(s)
            if s.card == hud.winning_card and not s.moving:  # a soft gold halo behind the winner
                halo = max(8, round(14 * lay.u))
                box = Place(p.x, p.y, p.w, p.h, p.angle).rect().inflate(2 * halo, 2 * halo)
                screen.blit(self.assets.rounded_mask(box.width, box.height, (255, 214, 90, 90)), box)
            r = self.draw_card(screen, s.card, p.x, p.y - lift, p.w, p.h, p.angle, p.face,
                               exact=not s.moving, flip=flip)
            kind, seat = t.where[s.card]
            if s.moving or kind != HAND or seat != t.human or aff.playable is None:
                if hud.winning_card is not None and kind == TRICK and not s.moving:
                    self.mark_trick_card(screen, r, lay, s.card == hud.winning_card)
                continue
            if s.card in aff.playable:
                width = max(2, round(3 * lay.u))
                pygame.draw.rect(screen, GOLD, r.inflate(width * 2, width * 2), width,
                                 border_radius=max(4, r.width // 12))
                if s.card == aff.selected:
                    self.focus_ring(screen, r, lay)
            else:
                screen.blit(self.assets.rounded_mask(r.width, r.height, (10, 20, 14, 120)), r)

    def mark_trick_card(self, screen: pygame.Surface, r: pygame.Rect, lay: Layout, wins: bool) -> None:
        """Before a trick is collected: the winning card ringed in gold with a soft halo, the
        others dimmed."""
        radius = max(4, r.width // 12)
        if not wins:
            screen.blit(self.assets.rounded_mask(r.width, r.height, (8, 16, 12, 110)), r)
            return
        pygame.draw.rect(screen, GOLD, r.inflate(6, 6), max(3, round(4 * lay.u)), border_radius=radius)

    def draw_turn_cue(self, screen: pygame.Surface, t: TableModel, aff: Affordance) -> None:
        """'Your turn': a gold ring that closes in on South's hand and fades (steady with reduced
        motion)."""
        if aff.cue <= 0 or t.human is None or not t.hands[t.human]:
            return
        lay = t.layout
        box = lay.hand_box(t.human, len(t.hands[t.human]))
        grow = round((6 if aff.steady else 6 + 22 * aff.cue) * lay.u)
        ring = box.inflate(2 * grow, 2 * grow).clip(lay.window())
        width = max(3, round(4 * lay.u))
        surf = pygame.Surface(ring.size, pygame.SRCALPHA)
        alpha = 220 if aff.steady else round(80 + 175 * aff.cue)
        radius = max(8, round(14 * lay.u))
        pygame.draw.rect(surf, (*GOLD, alpha), surf.get_rect(), width, border_radius=radius)
        screen.blit(surf, ring)

    def draw_shown(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        """The projects face up; a card of them already played is dimmed and struck through."""
        for seat, cards in hud.shown.items():
            for place, card in zip(lay.shown_places(seat, len(cards)), cards, strict=True):
                r = self.draw_card(screen, card, place.x, place.y, place.w, place.h, 0, True, True)
                if card in hud.played_shown:
                    screen.blit(self.assets.rounded_mask(r.width, r.height, (8, 16, 12, 170)), r)
                    width = max(2, round(3 * lay.u))
                    pygame.draw.line(screen, RED, r.topright, r.bottomleft, width)

    # ----- text helpers --------------------------------------------------------------------

    def rich(self, s: str, size: int, colour: Colour = INK, bold: bool = False,
             red: Colour = RED) -> pygame.Surface:
        """One line of text with ♥ and ♦ in red (reordered as a whole line first, then cut)."""
        if not any(ch in RED_SUITS for ch in s):
            return self.assets.text(s, size, colour, bold)
        visual = i18n.display_text(s)
        parts: list[pygame.Surface] = []
        buf = ""
        for ch in visual:
            if ch in RED_SUITS:
                if buf:
                    parts.append(self.assets.visual_text(buf, size, colour, bold))
                    buf = ""
                parts.append(self.assets.visual_text(ch, size, red, bold))
            else:
                buf += ch
        if buf:
            parts.append(self.assets.visual_text(buf, size, colour, bold))
        w = sum(p.get_width() for p in parts)
        h = max(p.get_height() for p in parts)
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        x = 0
        for p in parts:
            out.blit(p, (x, 0))
            x += p.get_width()
        return noted(out, s)

    @staticmethod
    def put(screen: pygame.Surface, surf: pygame.Surface, box: pygame.Rect, x: int, y: int) -> pygame.Rect:
        """Blit at `x` as laid out left to right in `box`; in Arabic, at the mirrored place."""
        if i18n.is_rtl():
            x = box.left + box.right - x - surf.get_width()
        return screen.blit(surf, (x, y))

    @staticmethod
    def mirror_x(box: pygame.Rect, x: float) -> float:
        """A point's x in `box`, mirrored in Arabic."""
        return box.left + box.right - x if i18n.is_rtl() else x

    def panel(self, screen: pygame.Surface, r: pygame.Rect, border: Colour | None = None,
              alpha: int = PANEL_ALPHA, radius: int = 10) -> None:
        """Every panel and box alike: dark green glass with a soft shadow, and an edge (gold when
        it asks for a decision)."""
        self.shadow(screen, r, radius)
        screen.blit(self.assets.rounded_mask(r.width, r.height, (*PANEL, alpha), radius), r)
        if border is not None:
            pygame.draw.rect(screen, border, r, 2, border_radius=radius)

    # ----- plates, HUD ---------------------------------------------------------------------

    def draw_plates(self, screen: pygame.Surface, lay: Layout, hud: Hud, aff: Affordance) -> None:
        """Each seat's plate: an avatar disc with the name's first letter in the team's colour (the
        dealer's chip on it), the name and, under it, the seat's role, 'your turn' or 'thinking'.
        The seat to play glows; the buyer's plate carries the contract's tab."""
        for seat in range(4):
            r = lay.plate_rect(seat)
            team = team_of(seat)
            colour = TEAM_COLOURS[team]
            active = aff.active_seat == seat
            radius = max(6, r.height // 4)
            self.panel(screen, r, border=colour if active else muted(colour), alpha=205 if active else 170,
                       radius=radius)
            if active:
                pygame.draw.rect(screen, colour, r.inflate(6, 6), 2, border_radius=radius + 3)
            pad = max(6, round(10 * lay.u))
            inset = max(4, round(6 * lay.u))
            d = r.height - 2 * inset
            centre = (round(self.mirror_x(r, r.x + inset + d / 2)), r.centery)
            self.avatar(screen, lay, centre, d, hud.names[seat], colour, active)
            if hud.dealer == seat:  # on the avatar's lower outer corner, clear of the name
                step = round(d * 0.34)
                chip = (round(self.mirror_x(r, r.x + inset + d / 2 - step)), r.centery + step)
                self.dealer_chip(screen, chip, max(8, round(11 * lay.u)))
            left = r.x + inset + d + pad * 2 // 3
            tab = 0  # the declarer's tab takes the top edge's end: the name stops before it
            if hud.contract is not None and hud.contract.declarer == seat:
                tab = self.declarer_mark(screen, lay, r, hud.contract).width + pad
            room = r.right - pad // 2 - left
            name = self.assets.fit_text(hud.names[seat], lay.font_size, room - tab, INK, bold=True)
            self.put(screen, name, r, left, r.y + max(3, round(5 * lay.u)))
            role = tr(f"plate.sub.{seat}")
            role_colour = DIM_INK
            if active and aff.thinking:
                role = tr("hud.thinking") + "." * (1 + int(aff.clock_ms / 350) % 3)
                role_colour = colour
            elif active:
                role, role_colour = tr("hud.your_turn"), colour
            sub = self.assets.fit_text(role, lay.small_font, room, role_colour)
            self.put(screen, sub, r, left, r.bottom - sub.get_height() - max(3, round(5 * lay.u)))

    def shadow(self, screen: pygame.Surface, r: pygame.Rect, radius: int) -> None:
        """What lies on the felt casts a soft shadow down and to the right (cached by size)."""
        off = max(2, min(4, r.height // 16))
        screen.blit(self.assets.rounded_mask(r.width, r.height, SHADOW, radius), r.move(off, off + 1))

    def avatar(self, screen: pygame.Surface, lay: Layout, centre: tuple[int, int], d: int, name: str,
               colour: Colour, active: bool) -> None:
        """A disc with the name's first letter: the Baloot apps' avatar, drawn, not a picture."""
        rad = d // 2
        pygame.draw.circle(screen, tuple(round(c * 0.32) + 10 for c in colour), centre, rad)
        pygame.draw.circle(screen, colour if active else muted(colour), centre, rad, max(2, round(2 * lay.u)))
        letter = name.strip()[:1] or "?"
        txt = self.assets.fit_text(letter, max(10, round(d * 0.5)), round(d * 0.62), colour, bold=True)
        screen.blit(txt, txt.get_rect(center=centre))

    def dealer_chip(self, screen: pygame.Surface, centre: tuple[int, int], rad: int) -> None:
        """The dealer's mark wherever a seat is drawn (plates, the review, lessons): a white chip
        with a gold rim and the language's letter (D, م)."""
        pygame.draw.circle(screen, PAPER, centre, rad)
        pygame.draw.circle(screen, GOLD, centre, rad, max(1, rad // 5))
        mark = self.assets.text(tr("hud.dealer"), max(9, round(rad * 1.1)), DARK, bold=True)
        screen.blit(mark, mark.get_rect(center=centre))

    def declarer_mark(self, screen: pygame.Surface, lay: Layout, plate: pygame.Rect,
                      c: Contract) -> pygame.Rect:
        """The buyer's plate carries the contract on a gold tab across its top edge (the trump's
        suit, or Sun), as the Baloot apps mark the buyer's seat."""
        words = tr("call.sun") if c.sun else SUIT_SYMBOLS[c.trump]
        size = lay.small_font
        txt = self.rich(words, size, DARK, bold=True, red=SUIT_RED_ON_PAPER)
        pad = max(5, round(8 * lay.u))
        tab = pygame.Rect(0, 0, txt.get_width() + 2 * pad, txt.get_height() + 2)
        tab.center = (round(self.mirror_x(plate, plate.right - tab.width // 2 - pad)), plate.top)
        pygame.draw.rect(screen, TAB_PAPER, tab, border_radius=tab.height // 2)
        pygame.draw.rect(screen, GOLD, tab, 2, border_radius=tab.height // 2)
        screen.blit(txt, txt.get_rect(center=tab.center))
        return tab

    def score_items(self, lay: Layout, hud: Hud) -> list[ScoreItem]:
        """The score panel as (text, where, font size): the title, then a row a team with its name,
        the hand's tricks and card points and its match score, and last the rules of the match
        (classic Belote: with the 81-81 points held). Every figure has its place at any size and in
        both languages (a text is made smaller, never left out)."""
        r = lay.score_rect()
        a, pad = self.assets, max(6, round(10 * lay.u))
        room = r.width - 2 * pad
        items: list[ScoreItem] = []

        def place(text: str, size: int, colour: Colour, bold: bool, x: int, y: int, width: int,
                  right: bool = False) -> int:
            while size > 9 and a.width(text, size, bold) > width:
                size -= 1
            w = a.width(text, size, bold)
            h = a.font(size, bold).get_linesize()
            left = x + width - w if right else x
            if i18n.is_rtl():
                left = r.left + r.right - left - w
            items.append(ScoreItem(text, pygame.Rect(left, y, w, h), size, colour, bold))
            return h

        y = r.y + pad // 2
        title = tr("hud.hand", number=hud.hand_number) + " · " + tr("hud.target", target=hud.rules.target)
        y += place(title, lay.small_font, DIM_INK, False, r.x + pad, y, room)
        big = lay.font_size + 2
        score_w = max(a.width(str(n), big, True) for n in ("888", *hud.scores))  # the scores' column
        row = a.font(big, True).get_linesize()
        for team in (0, 1):  # one row a team: its name, the hand so far, its match score
            place(str(hud.scores[team]), big, INK, True, r.x + pad, y, room, right=True)
            name_h = a.font(lay.font_size, True).get_linesize()
            name_w = a.width(team_name(team), lay.font_size, True)
            place(team_name(team), lay.font_size, TEAM_COLOURS[team], True, r.x + pad,
                  y + (row - name_h) // 2, room - score_w - pad)
            hand = trn("hud.tricks", hud.tricks[team]) + " · " + trn("hud.points", hud.points[team])
            hand_size = max(10, lay.small_font - 1)
            hand_h = a.font(hand_size).get_linesize()
            gap = max(4, pad // 2)
            place(hand, hand_size, DIM_INK, False, r.x + pad + name_w + gap, y + (row - hand_h) // 2,
                  room - name_w - score_w - 2 * gap, right=True)
            y += row
        small = lay.rules_font
        held_w = 0
        if hud.held:
            held = trn("hud.held", hud.held)
            held_w = a.width(held, small, True) + pad // 2
            place(held, small, GOLD, True, r.x + pad, y, room, right=True)
        rules = rules_line(hud.rules)
        if a.width(rules, small) > room - held_w:  # too many variants for the line: count them
            rules = rules_line(hud.rules, max_tags=0)
        place(rules, small, DIM_INK, False, r.x + pad, y, room - held_w)
        return items

    def draw_score(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        r = lay.score_rect()
        self.panel(screen, r, border=PANEL_EDGE)
        for item in self.score_items(lay, hud):
            screen.blit(self.assets.text(item.text, item.size, item.colour, item.bold), item.rect.topleft)

    def draw_badge(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        r = lay.badge_rect()
        pad = max(6, round(10 * lay.u))
        c = hud.contract
        border = GOLD if c is not None and c.raise_level > 1 else PANEL_EDGE
        self.panel(screen, r, border=border)
        room = r.width - 2 * pad
        if c is None:
            phase = tr("hud.bidding", round=hud.bidding_round) if hud.phase != "over" else ""
            head = self.fit_rich(phase, lay.font_size, room, INK, bold=True)
            self.put(screen, head, r, r.x + pad, r.y + pad // 2 + 2)
            if hud.buying_card >= 0 and hud.phase == "bidding":  # not while the cards are dealt
                sub = self.fit_rich(tr("panel.buying", card=card_label(hud.buying_card)), lay.font_size, room)
                self.put(screen, sub, r, r.x + pad, r.bottom - pad // 2 - sub.get_height() - 2)
            return
        head = self.fit_rich(contract_name(c, hud.rules.belote), lay.big_font, room, INK, bold=True)
        self.put(screen, head, r, r.x + pad, r.y + pad // 2)
        sub = self.fit_rich(contract_detail(c, hud.names), lay.small_font, room, DIM_INK)
        self.put(screen, sub, r, r.x + pad, r.bottom - pad // 2 - sub.get_height() - 1)

    def fit_rich(self, s: str, size: int, max_w: int, colour: Colour = INK,
                 bold: bool = False, elide: bool = False) -> pygame.Surface:
        """`rich` at `size`, or smaller until it fits `max_w`; `elide`: still too wide at the
        smallest size, its end is cut and marked '…' rather than left to run over what is beside it."""
        surf = self.rich(s, size, colour, bold)
        while surf.get_width() > max_w and size > 9:
            size -= 1
            surf = self.rich(s, size, colour, bold)
        while elide and surf.get_width() > max_w and len(s) > 1:
            s = s[:-1].rstrip() if not s.endswith("…") else s[:-2].rstrip() + "…"
            s = s if s.endswith("…") else s + "…"
            surf = self.rich(s, size, colour, bold)
        return surf

    def draw_bubbles(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        for seat, b in hud.bubbles.items():
            x, y, side = lay.bubble_anchor(seat)
            colour = ALERT_PAPER if b.alert else PAPER
            txt = self.rich(b.text, lay.font_size + 1, DARK, bold=True, red=SUIT_RED_ON_PAPER)
            pad = max(8, round(12 * lay.u))
            r = pygame.Rect(0, 0, txt.get_width() + 2 * pad, txt.get_height() + pad)
            tip = max(6, round(9 * lay.u))
            if side == "up":
                r.midbottom = (round(x), round(y - tip))
                pts = [(x - tip, r.bottom - 1), (x + tip, r.bottom - 1), (x, y)]
            elif side == "down":
                r.midtop = (round(x), round(y + tip))
                pts = [(x - tip, r.top + 1), (x + tip, r.top + 1), (x, y)]
            elif side == "left":
                r.midright = (round(x - tip), round(y))
                pts = [(r.right - 1, y - tip), (r.right - 1, y + tip), (x, y)]
            else:
                r.midleft = (round(x + tip), round(y))
                pts = [(r.left + 1, y - tip), (r.left + 1, y + tip), (x, y)]
            self.shadow(screen, r, r.height // 2)
            pygame.draw.rect(screen, colour, r, border_radius=r.height // 2)
            pygame.draw.polygon(screen, colour, pts)
            screen.blit(txt, txt.get_rect(center=r.center))

    def draw_pill(self, screen: pygame.Surface, lay: Layout, text: str, centre: tuple[float, float],
                  bg: tuple[int, int, int, int], colour: Colour = INK, anchor: str = "center") -> pygame.Rect:
        txt = self.rich(text, lay.font_size + 1, colour, bold=True)
        pad = max(8, round(14 * lay.u))
        r = pygame.Rect(0, 0, txt.get_width() + 2 * pad, txt.get_height() + pad)
        if anchor == "midbottom":
            r.midbottom = (round(centre[0]), round(centre[1]))
        else:
            r.center = (round(centre[0]), round(centre[1]))
        r.clamp_ip(lay.window())
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=r.height // 2)
        screen.blit(surf, r)
        screen.blit(txt, txt.get_rect(center=r.center))
        return r

    def draw_note(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        if hud.note:
            pos = (lay.cx, lay.cy) if hud.note_centre else lay.note_pos()
            self.draw_pill(screen, lay, hud.note, pos, (0, 0, 0, 150))

    def focus_ring(self, screen: pygame.Surface, r: pygame.Rect, lay: Layout) -> None:
        """The keyboard selection: a white ring outside a dark one, visible on felt, cards and buttons."""
        w = max(3, round(4 * lay.u))
        radius = max(6, min(r.width, r.height) // 8)
        pygame.draw.rect(screen, (20, 24, 22), r.inflate(4 * w, 4 * w), w, border_radius=radius + 2 * w)
        pygame.draw.rect(screen, (255, 255, 255), r.inflate(6 * w, 6 * w), w, border_radius=radius + 3 * w)

    def draw_toast(self, screen: pygame.Surface, lay: Layout, text: str, kind: str = "error",
                   above: int | None = None, at_top: bool = False, detail: str = "") -> pygame.Rect | None:
        """A message above South's hand (or above `above`, the call panel's top): red for a refused
        card, dark with a gold edge for announcements and hints; wrapped to at most four lines,
        and a smaller `detail` line under it (a hint's figures)."""
        if not text:
            return None
        a = self.assets
        size = lay.font_size + 1 if kind == "error" else lay.font_size
        pad = max(8, round(14 * lay.u))
        max_w = min(lay.w - 6 * lay.m, round(900 * lay.u))
        lines = a.wrap(text, size, max_w - 2 * pad, bold=True)[:4] or [text]
        surfs = [self.rich(line, size, INK, bold=True) for line in lines]
        line_h = a.font(size, True).get_linesize()
        small = max(10, lay.small_font - 1)
        for line in a.wrap(detail, small, max_w - 2 * pad)[:2]:
            surfs.append(self.rich(line, small, DIM_INK))
        w = max(s.get_width() for s in surfs) + 2 * pad
        h = sum(max(line_h, s.get_height()) if i < len(lines) else s.get_height() + 2
                for i, s in enumerate(surfs)) + pad
        r = pygame.Rect(0, 0, min(w, lay.w - 2 * lay.m), h)
        x, y = lay.toast_pos()
        if above is not None:
            y = min(y, above - lay.m // 2)
        r.midbottom = (round(x), round(y))
        if at_top:
            r.top = lay.m
        r.clamp_ip(lay.window())
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        bg = (*REFUSAL, 230) if kind == "error" else (*PANEL, 235)
        radius = min(r.height // 2, max(10, round(18 * lay.u)))
        pygame.draw.rect(surf, bg, surf.get_rect(), border_radius=radius)
        screen.blit(surf, r)
        if kind != "error":
            pygame.draw.rect(screen, GOLD, r, 2, border_radius=radius)
        y = r.y + pad // 2
        for i, s in enumerate(surfs):
            screen.blit(s, s.get_rect(midtop=(r.centerx, y)))
            y += line_h if i < len(lines) else s.get_height() + 2
        return r

    # ----- the call panel and the calls of the hand ----------------------------------------

    def draw_call_panel(self, screen: pygame.Surface, lay: Layout, rect: pygame.Rect, title: str,
                        note: str) -> None:
        """The panel's box, its title and, under it, a note (the projects, what Locked means),
        wrapped rather than shrunk below the small font."""
        self.panel(screen, rect, border=GOLD, alpha=225)
        pad = max(6, round(10 * lay.u))
        y = rect.y + pad // 2 + 1
        head = self.fit_rich(title, lay.font_size, rect.width - 2 * pad, bold=True)
        screen.blit(head, head.get_rect(midtop=(rect.centerx, y)))
        y += head.get_height()
        if note:
            size = lay.small_font
            for line in self.assets.wrap(note, size, rect.width - 2 * pad)[:2]:
                s = self.rich(line, size, DIM_INK)
                screen.blit(s, s.get_rect(midtop=(rect.centerx, y)))
                y += s.get_height()

    def draw_call_log(self, screen: pygame.Surface, lay: Layout, hud: Hud) -> None:
        """The calls of the hand so far, by seat (the latest ones when they do not all fit)."""
        box = lay.call_log_rect()
        rows = call_rows(hud)
        if not rows:
            return
        a = self.assets
        pad = max(6, round(9 * lay.u))
        size = lay.small_font
        line = a.font(size).get_linesize()
        why = [self.rich(text, size, GOLD) for text in a.wrap(hud.skip, size, box.width - 2 * pad)[:4]]
        why_h = sum(max(line, s.get_height()) for s in why) + pad if why else 0
        fit = max(1, (box.height - pad - line - why_h) // line)
        shown = rows[-fit:]
        h = pad + line * (len(shown) + 1) + why_h
        r = pygame.Rect(box.x, box.y, box.width, min(box.height, h))
        self.panel(screen, r, border=PANEL_EDGE, alpha=200)
        title = tr("bids.title_short") + (" …" if len(shown) < len(rows) else "")
        head = a.fit_text(title, size, r.width - 2 * pad, DIM_INK, True)
        self.put(screen, head, r, r.x + pad, r.y + pad // 2)
        y = r.y + pad // 2 + line
        name_w = round((r.width - 2 * pad) * 0.45)
        for left, words in shown:
            if not words:  # a new stage: round 2, the doubling
                head = a.fit_text(left, size, r.width - 2 * pad, GOLD, True)
                self.put(screen, head, r, r.x + pad, y)
                y += line
                continue
            name = a.fit_text(left, size, name_w, DIM_INK)
            self.put(screen, name, r, r.x + pad, y)
            call = self.fit_rich(words, size, r.width - 2 * pad - name_w - pad // 2, INK, bold=True)
            self.put(screen, call, r, r.x + pad + name_w + pad // 2, y)
            y += line
        if why:  # why the bidding passed the player by, under the calls
            y += pad // 2
            pygame.draw.line(screen, PANEL_EDGE, (r.x + pad, y - pad // 4), (r.right - pad, y - pad // 4))
            for surf in why:
                self.put(screen, surf, r, r.x + pad, y)
                y += max(line, surf.get_height())

    # ----- everything ----------------------------------------------------------------------

    def draw_table(self, screen: pygame.Surface, t: TableModel, hud: Hud, aff: Affordance) -> None:
        lay = t.layout
        screen.blit(self.felt(lay), (0, 0))
        self.draw_score(screen, lay, hud)
        self.draw_badge(screen, lay, hud)
        self.draw_plates(screen, lay, hud, aff)
        self.draw_cards(screen, t, hud, aff)
        self.draw_turn_cue(screen, t, aff)
        self.draw_pile_counts(screen, t)
        self.draw_shown(screen, lay, hud)
        self.draw_bubbles(screen, lay, hud)
        self.draw_note(screen, lay, hud)

    def draw_pile_counts(self, screen: pygame.Surface, t: TableModel) -> None:
        lay = t.layout
        for seat in range(4):
            n = len(t.piles[seat]) // 4
            if n == 0 or any(t.sprites[c].moving for c in t.piles[seat]):
                continue
            top = lay.pile_place(seat, len(t.piles[seat]) - 1).rect()
            rad = max(9, round(11 * lay.u))
            c = (top.right - rad // 2, top.top + rad // 2)
            pygame.draw.circle(screen, PAPER, c, rad)
            num = self.assets.text(str(n), max(10, round(rad * 1.2)), DARK, bold=True)
            screen.blit(num, num.get_rect(center=c))


def call_rows(hud: Hud) -> list[tuple[str, str]]:
    """The call log's lines so far this hand: (seat, call) for a call, (stage, "") where a new stage
    begins (round 2 or 3, the doubling, where a pass reads "No double")."""
    out: list[tuple[str, str]] = []
    stage = 1
    for c in hud.calls:
        if c.stage != stage:
            stage = c.stage
            out.append((tr("bids.doubling") if stage == DOUBLING else tr("bids.round", round=stage), ""))
        words = call_label(c.action, doubling=True) if stage == DOUBLING else c.words()
        out.append((hud.names[c.seat], words))
    return out


def contract_detail(c: Contract, names: tuple[str, ...]) -> str:
    parts = [tr("hud.by", seat=names[c.declarer])]
    if c.raise_level == 5:
        parts.append(tr("call.gahwa"))
    elif c.raise_level > 1:
        parts.append(f"×{c.raise_level}")
    if c.locked:
        parts.append(tr("hud.locked"))
    return " · ".join(parts)
