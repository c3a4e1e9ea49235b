"""How to play and the statistics."""

from __future__ import annotations

import datetime

import pygame
import pygame_gui

from ai.registry import LEVELS
from ui import i18n
from ui.files.rating import LEVEL_RATINGS, MIXED, START, K, Rating
from ui.files.stats import BeloteStats, Statistics
from ui.learn.progress import current_streak
from ui.screens.base import ConfirmScreen, Item, Screen, ScreenHost, mirrored
from ui.table.layout import Layout
from ui.text import tr, trn
from ui.textlog import noted_page
from ui.theme import DIM_INK, GOLD, INK, TRACK


def howto_rows() -> list[tuple[str, str]]:
    """The rules summary and, after it, the keyboard."""
    rows = i18n.howto_blocks()
    rows.append(("heading", tr("keys.title")))
    for k in ("arrows", "enter", "continue", "c", "a", "f", "s", "space", "r", "h", "l", "b", "p",
              "plus_minus", "esc", "f11"):
        rows.append(("bullet", tr(f"keys.{k}")))
    return rows


class HowToScreen(Screen):
    """The rules summary (assets/i18n/howto_<language>.md), scrolled with ↑ ↓, Page Up/Down or the wheel."""

    def __init__(self, host: ScreenHost) -> None:
        self.scroll = 0
        self.page: pygame.Surface | None = None
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay)
        pad = lay.box_pad
        a = self.host.renderer.assets
        top = box.y + pad + a.font(lay.big_font, True).get_linesize() + pad // 2
        bh = lay.button_h()
        self.view = pygame.Rect(box.x + pad, top, box.w - 2 * pad, box.bottom - pad - bh - pad - top)
        self.page = self.render_page(self.view.w - round(16 * lay.u))
        self.scroll = max(0, min(self.scroll, self.max_scroll()))
        bw = lay.button_w()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
        self.button("back", mirrored(back, box), "btn.back")

    def render_page(self, width: int) -> pygame.Surface:
        lay = self.host.layout
        a, r = self.host.renderer.assets, self.host.renderer
        fs, hs = lay.font_size, round(lay.font_size * 1.2)
        indent = round(22 * lay.u)
        parts: list[tuple[pygame.Surface, int, int]] = []
        y = 0
        for kind, text in howto_rows():
            if kind == "heading":
                y += round(fs * 0.6) if parts else 0
                s = r.fit_rich(text, hs, width, GOLD, True)
                parts.append((s, i18n.aligned_x(0, width, s.get_width()), y))
                y += s.get_height() + 4
                continue
            lines = a.wrap(text, fs, width - indent)
            rtl = i18n.is_rtl()
            # Arabic's dots and hamzas reach beyond the font's line: its lines stand further apart
            line_h = a.font(fs).get_linesize() + (round(fs * 0.3) if rtl else 0)
            for i, line in enumerate(lines):
                s = r.rich(line, fs, INK)
                parts.append((s, width - indent - s.get_width() if rtl else indent, y))
                if i == 0 and kind == "bullet":
                    dot = a.text("•", fs, GOLD, True)
                    parts.append((dot, width - indent // 3 - dot.get_width() if rtl else indent // 3, y))
                y += line_h
            y += 3
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for s, x, yy in parts:
            page.blit(s, (x, yy))
        return noted_page(page, parts)

    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    def key(self, key: int, mod: int = 0) -> None:
        line = self.host.renderer.assets.font(self.host.layout.font_size).get_linesize()
        if key == pygame.K_UP:
            self.scroll_by(-line * 2)
        elif key == pygame.K_DOWN:
            self.scroll_by(line * 2)
        else:
            super().key(key, mod)

    def other_key(self, key: int) -> None:
        if key == pygame.K_PAGEUP:
            self.scroll_by(-self.view.h + 40)
        elif key == pygame.K_PAGEDOWN:
            self.scroll_by(self.view.h - 40)
        elif key == pygame.K_HOME:
            self.scroll = 0
        elif key == pygame.K_END:
            self.scroll = self.max_scroll()

    def wheel(self, dy: int) -> None:
        self.scroll_by(-dy * 60)

    def pressed(self, name: str) -> None:
        self.back()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        self.panel(surface, box)
        self.title(surface, box, tr("howto.title"))
        if self.page is None:
            return
        view = self.view
        surface.blit(self.page, view.topleft, pygame.Rect(0, self.scroll, view.w, view.h))
        if self.max_scroll() > 0:
            bar_w = max(4, round(6 * lay.u))
            track = pygame.Rect(view.right - bar_w, view.y, bar_w, view.h)
            track = mirrored(track, box)
            pygame.draw.rect(surface, TRACK, track, border_radius=bar_w // 2)
            h = max(20, round(view.h * view.h / self.page.get_height()))
            y = view.y + round((view.h - h) * self.scroll / self.max_scroll())
            pygame.draw.rect(surface, GOLD, pygame.Rect(track.x, y, bar_w, h), border_radius=bar_w // 2)
        self.nav_hint(surface, box, "howto.nav", box.bottom - lay.box_pad - lay.button_h()
                      + (lay.button_h() - lay.small_font) // 2)


# ----- statistics ------------------------------------------------------------------------------

def ratio(won: int, played: int) -> str:
    if played <= 0:
        return tr("stats.none")
    return tr("stats.ratio", won=won, played=played, percent=round(100 * won / played))


def margin(points: int | None, sign: int = 0, key: str = "stats.margin") -> str:
    """A hand's margin in game points (`key`: in points, classic Belote); `sign` +1 shows only a
    win (best hand), −1 only a loss (worst hand): after a match of losses the best hand is '—',
    never '−20'."""
    if points is None or (sign > 0 and points <= 0) or (sign < 0 and points >= 0):
        return tr("stats.none")
    return trn(key, abs(points), count=f"{points:+d}".replace("-", "−"))


def stats_columns(s: Statistics, today: datetime.date | None = None
                  ) -> list[tuple[str, list[tuple[str, str]]]]:
    """Two columns of (label, value) under a heading: matches, hands and the puzzles; contracts,
    Al-Kaboot, Gahwa."""
    streak = current_streak(s, today or datetime.date.today())
    left = [
        (tr("stats.matches_played"), str(s.matches_played)),
        (tr("stats.matches_won"), ratio(s.matches_won, s.matches_played)),
        (tr("stats.hands_played"), str(s.hands_played)),
        (tr("stats.hands_won"), ratio(s.hands_won, s.hands_played)),
        (tr("stats.hands_thrown_in"), str(s.hands_thrown_in)),
        (tr("stats.best_hand"), margin(s.best_hand, +1)),
        (tr("stats.worst_hand"), margin(s.worst_hand, -1)),
        (tr("stats.puzzles_solved"), str(s.puzzles_solved)),
        (tr("stats.puzzle_streak"), f"{streak} ({s.puzzle_best_streak})"),
    ]
    right = [
        (tr("stats.hokum_taken"), str(s.hokum_taken)),
        (tr("stats.hokum_made"), ratio(s.hokum_made, s.hokum_taken)),
        (tr("stats.sun_taken"), str(s.sun_taken)),
        (tr("stats.sun_made"), ratio(s.sun_made, s.sun_taken)),
        (tr("stats.kaboot_for"), str(s.kaboot_for)),
        (tr("stats.kaboot_against"), str(s.kaboot_against)),
        (tr("stats.gahwa_played"), str(s.gahwa_played)),
        (tr("stats.gahwa_won"), ratio(s.gahwa_won, s.gahwa_played)),
    ]
    return [(tr("stats.section.games"), left), (tr("stats.section.contracts"), right)]


def belote_columns(b: BeloteStats) -> list[tuple[str, list[tuple[str, str]]]]:
    """Classic Belote's two columns: matches and hands; contracts, capot, belote, 81-81."""
    left = [
        (tr("stats.matches_played"), str(b.matches_played)),
        (tr("stats.matches_won"), ratio(b.matches_won, b.matches_played)),
        (tr("stats.hands_played"), str(b.hands_played)),
        (tr("stats.hands_won"), ratio(b.hands_won, b.hands_played)),
        (tr("stats.hands_redealt"), str(b.hands_redealt)),
        (tr("stats.best_hand"), margin(b.best_hand, +1, "stats.margin_points")),
        (tr("stats.worst_hand"), margin(b.worst_hand, -1, "stats.margin_points")),
    ]
    right = [
        (tr("stats.taken"), str(b.taken)),
        (tr("stats.made"), ratio(b.made, b.taken)),
        (tr("stats.capot_for"), str(b.capot_for)),
        (tr("stats.capot_against"), str(b.capot_against)),
        (tr("stats.belote_for"), str(b.belote_for)),
        (tr("stats.belote_against"), str(b.belote_against)),
        (tr("stats.held_hands"), str(b.held_hands)),
    ]
    return [(tr("stats.section.games"), left), (tr("stats.section.belote"), right)]


RULE_SETS = (("baloot", "stats.tab.baloot"), ("belote", "stats.tab.belote"))
"""The statistics' tabs: each rule set keeps its own totals."""


def recent_lines(s: Statistics | BeloteStats) -> list[str]:
    """'152-98 won' (as stored) in the player's language."""
    out = []
    for line in s.recent:
        score, _, result = line.partition(" ")
        us, _, them = score.partition("-")
        key = "stats.recent_won" if result == "won" else "stats.recent_lost"
        out.append(tr(key, us=us, them=them))
    return out


def level_name(spec: str) -> str:
    """'ismcts:hard' → 'Hard' (the settings' words), 'mixed' → 'Mixed levels'."""
    if spec == MIXED:
        return tr("stats.rating_mixed")
    name = spec.partition(":")[2] or spec
    return tr(f"difficulty.{name}") if name in LEVELS else tr(f"stats.player_{name}")


def rating_lines(r: Rating) -> tuple[str, str, list[str]]:
    """The rating, how it is made, and the record against each level (weakest first)."""
    if r.matches == 0:
        head = tr("stats.rating_none", start=round(START))
    else:
        head = (tr("stats.rating_line", rating=round(r.rating)) + " · "
                + trn("stats.rating_matches", r.matches))
    how = tr("stats.rating_how", k=round(K), start=round(START))
    order = sorted(r.record, key=lambda k: LEVEL_RATINGS.get(k, 10_000))
    items = [tr("stats.rating_level", won=r.record[k][0], lost=r.record[k][1],
                level=level_name(k) + (f" ({LEVEL_RATINGS[k]})" if k in LEVEL_RATINGS else ""))
             for k in order]
    return head, how, items


class StatsScreen(Screen):
    """Matches and hands, contracts taken and made, Al-Kaboot, Gahwa, best and worst hands, recent matches."""

    def __init__(self, host: ScreenHost) -> None:
        self.stats = host.load_statistics()
        self.rating = host.player_rating()
        self.rule_set = "belote" if host.settings.rules.belote else "baloot"
        """The tab shown: the rule set of the settings first."""
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay)
        pad = lay.box_pad
        self.tabs_bottom = self.rule_set_tabs(lay, box, pad)
        bw = self.button_width(("stats.reset", "btn.back"), lay.button_w() + round(40 * lay.u))
        bh = lay.button_h()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh)
        reset = pygame.Rect(back.x - lay.m - bw, back.y, bw, bh)
        self.button("reset", mirrored(reset, box), "stats.reset", "#pass")
        self.button("back", mirrored(back, box), "btn.back")
        self.set_focus("back")

    def rule_set_tabs(self, lay: Layout, box: pygame.Rect, pad: int) -> int:
        """Baloot | Classic Belote under the title; returns the y below them."""
        a = self.host.renderer.assets
        y = box.y + pad + a.font(lay.big_font, True).get_linesize() + pad // 2
        tab_h = max(28, round(36 * lay.u))
        gap = max(4, round(6 * lay.u))
        tw = min(round(260 * lay.u), (box.w - 2 * pad - gap) // 2)
        widgets = []
        for i, (name, key) in enumerate(RULE_SETS):
            r = mirrored(pygame.Rect(box.x + pad + i * (tw + gap), y, tw, tab_h), box)
            widgets.append(pygame_gui.elements.UIButton(
                r, i18n.display_text(tr(key)), manager=self.manager,
                object_id="#tab_on" if name == self.rule_set else "#tab"))
        rect = mirrored(pygame.Rect(box.x + pad, y, 2 * tw + gap, tab_h), box)
        self.items.append(Item("rule_set", "tabs", rect, widgets))
        return y + tab_h

    def show_rule_set(self, index: int) -> None:
        self.rule_set = RULE_SETS[index % len(RULE_SETS)][0]
        self.build()
        self.set_focus("rule_set")
        self.say_focus()

    def item_words(self, item: Item) -> str:
        if item.kind == "tabs":
            return tr(dict(RULE_SETS)[self.rule_set])
        return item.words

    def adjust(self, item: Item, direction: int) -> None:
        if item.kind == "tabs":
            current = [n for n, _k in RULE_SETS].index(self.rule_set)
            self.show_rule_set(current + (-direction if i18n.is_rtl() else direction))
        else:
            super().adjust(item, direction)

    def activate(self, item: Item) -> None:
        if item.kind == "tabs":
            self.adjust(item, -1 if i18n.is_rtl() else 1)
        else:
            super().activate(item)

    def pressed_part(self, item: Item, index: int) -> None:
        if item.kind == "tabs":
            self.show_rule_set(index)

    def columns(self) -> list[tuple[str, list[tuple[str, str]]]]:
        if self.rule_set == "belote":
            return belote_columns(self.stats.belote)
        return stats_columns(self.stats)

    def pressed(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "reset":
            self.host.open_screen(ConfirmScreen(self.host, "stats.reset_confirm", self.reset))

    def reset(self) -> None:
        self.host.reset_statistics()
        self.stats = self.host.load_statistics()
        self.rating = self.host.player_rating()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        self.panel(surface, box)
        self.title(surface, box, tr("stats.title"))
        y0 = self.tabs_bottom + max(8, round(14 * lay.u))
        pad = lay.box_pad
        r = self.host.renderer
        fs = lay.font_size
        line = r.assets.font(fs).get_linesize() + max(4, round(8 * lay.u))
        col_w = (box.w - 4 * pad) // 2
        bottom = y0
        for c, (heading, rows) in enumerate(self.columns()):
            x = box.x + pad + c * (col_w + 2 * pad)
            head = self.fit(heading, fs, col_w, GOLD, True)
            r.put(surface, head, box, x, y0)
            y = y0 + line
            for i, (label, value) in enumerate(rows):
                if i % 2 == 0:
                    stripe = pygame.Surface((col_w + pad, line), pygame.SRCALPHA)
                    stripe.fill((255, 255, 255, 14))
                    lift = (line - r.assets.font(fs).get_linesize()) // 2
                    r.put(surface, stripe, box, x - pad // 2, y - lift)
                v = self.text(value, fs, INK, True)
                lab = self.fit(label, fs, col_w - v.get_width() - pad, DIM_INK)
                r.put(surface, lab, box, x, y)
                r.put(surface, v, box, x + col_w - v.get_width(), y)
                y += line
            bottom = max(bottom, y)
        recent = recent_lines(self.stats.belote if self.rule_set == "belote" else self.stats)
        y = bottom + pad // 2
        if recent:
            head = self.text(tr("stats.recent"), fs, GOLD, True)
            r.put(surface, head, box, box.x + pad, y)
            y += line
            limit = box.bottom - pad - lay.button_h() - pad
            x = box.x + pad
            for text in recent:
                s = self.text(text, lay.small_font, INK)
                if x + s.get_width() > box.right - pad:
                    x = box.x + pad
                    y += s.get_height() + 4
                if y + s.get_height() > limit:
                    break
                r.put(surface, s, box, x, y)
                x += s.get_width() + 2 * pad
            y += line
        self.draw_rating(surface, box, y + pad // 2)

    def draw_rating(self, surface: pygame.Surface, box: pygame.Rect, y: int) -> None:
        """The rating against the computer levels and the record against each (ui/files/rating.py)."""
        lay, r = self.host.layout, self.host.renderer
        pad = lay.box_pad
        limit = box.bottom - pad - lay.button_h() - pad
        head, how, items = rating_lines(self.rating)
        fs = lay.font_size
        if y + 2 * r.assets.font(fs).get_linesize() > limit:
            return
        title = self.text(tr("stats.rating"), fs, GOLD, True)
        r.put(surface, title, box, box.x + pad, y)
        line = self.fit(head, fs, box.w - 3 * pad - title.get_width(), INK, True)
        r.put(surface, line, box, box.x + 2 * pad + title.get_width(), y)
        y += title.get_height() + 4
        x = box.x + pad
        for text in [how, *items]:
            s = self.fit(text, lay.small_font, box.w - 2 * pad, DIM_INK if text == how else INK)
            if x > box.x + pad and x + s.get_width() > box.right - pad:
                x = box.x + pad
                y += s.get_height() + 4
            if y + s.get_height() > limit:
                break
            r.put(surface, s, box, x, y)
            x += s.get_width() + 2 * pad
            if text == how:
                x, y = box.x + pad, y + s.get_height() + 4
