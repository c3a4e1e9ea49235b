"""The main menu, the pause menu and the yes/no question."""

from __future__ import annotations

from typing import ClassVar

import pygame

from ui import i18n
from ui.rules_text import rules_details, rules_line
from ui.screens.base import ConfirmScreen, Screen, ScreenHost
from ui.table.layout import Layout, line_size
from ui.table.panels import button_font_size
from ui.text import tr
from ui.theme import DIM_INK, GOLD, INK, SHADOW, TITLE_FONT_ARABIC


class MenuScreen(Screen):
    """A column of big buttons in a box, with a title."""

    entries: ClassVar[list[tuple[str, str]]] = []

    def menu_entries(self) -> list[tuple[str, str]]:
        return list(self.entries)

    def column_width(self, lay: Layout, entries: list[tuple[str, str]]) -> int:
        return max(round(300 * lay.u), max(
            i18n.text_width(self.host.renderer.assets.font(round(button_font_size(lay) * 1.12), True), tr(k))
            for _, k in entries) + round(60 * lay.u))

    def column(self, lay: Layout, top: int, entries: list[tuple[str, str]]) -> pygame.Rect:
        bw = self.column_width(lay, entries)
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        x = round(lay.w / 2 - bw / 2)
        for i, (name, label) in enumerate(entries):
            self.button(name, pygame.Rect(x, top + i * (bh + gap), bw, bh), label, "#menu")
        return pygame.Rect(x, top, bw, len(entries) * (bh + gap) - gap)


class MainMenu(MenuScreen):
    """New match, Continue (only with a saved match), Settings, How to play, Statistics, Quit."""

    covers = True
    close_on_outside_click = False

    def __init__(self, host: ScreenHost) -> None:
        self.saved, self.can_continue = host.saved_match()
        super().__init__(host)

    def menu_entries(self) -> list[tuple[str, str]]:
        out = [("new", "menu.new_match")]
        if self.can_continue:
            out.append(("continue", "menu.continue"))
        out += [("learn", "menu.learn"), ("puzzles", "menu.puzzles")]  # issue 51
        return [*out, ("settings", "menu.settings"), ("howto", "menu.howto"), ("stats", "menu.stats"),
                ("open", "menu.open_record"), ("quit", "menu.quit")]

    def layout(self, lay: Layout) -> None:
        entries = self.menu_entries()
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        total = len(entries) * (bh + gap) - gap
        head = round(lay.big_font * 2.6) + lay.small_font * 2
        top = max(head + lay.m * 2, round((lay.h - total) / 2 + head * 0.45))
        top = min(top, lay.h - total - lay.small_font * 3)
        self.column_rect = self.frame = self.column(lay, top, entries)
        if self.can_continue and self.saved is not None:
            us, them = self.saved.match.scores
            b = self.items[1].widgets[0]
            b.set_text(i18n.display_text(tr("menu.continue_score", us=us, them=them)))
        if self.can_continue:
            self.set_focus("continue")

    def pressed(self, name: str) -> None:
        host = self.host
        if name == "new":
            if self.can_continue:
                host.open_screen(ConfirmScreen(host, "menu.confirm_new", host.start_new_match))
            else:
                host.start_new_match()
        elif name == "continue":
            host.continue_match(self.saved)
        elif name in ("settings", "howto", "stats", "puzzles"):
            host.show(name)
        elif name == "open":  # a record or a copied deal, to review
            host.show("open_record")
        elif name == "learn":
            host.show("lessons")
        elif name == "quit":
            host.quit_game()

    def back(self) -> None:
        """Esc on the main menu: back to the match left for it, else to the Quit button."""
        if self.can_continue:
            self.host.continue_match(self.saved)
        else:
            self.set_focus("quit")

    def tilted_card(self, surface: pygame.Surface, card: int, x: float, y: float, w: float, h: float,
                    angle: float) -> None:
        """A card lying on the felt at an angle, smoothly turned, with a soft shadow."""
        a = self.host.renderer.assets
        face = pygame.transform.rotozoom(a.card(card, round(w), round(h)), angle, 1.0)
        shadow = pygame.transform.rotozoom(a.rounded_mask(round(w), round(h), SHADOW), angle, 1.0)
        off = max(2, round(w * 0.04))
        surface.blit(shadow, shadow.get_rect(center=(round(x) + off, round(y) + off)))
        surface.blit(face, face.get_rect(center=(round(x), round(y))))

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, r = self.host.layout, self.host.renderer
        surface.blit(r.felt(lay), (0, 0))
        col = self.column_rect
        # two fans of cards on the felt, either side of the buttons: the four Aces, and Baloot (K Q of ♥)
        w, h = lay.cw * 1.05, lay.ch * 1.05
        room = (lay.w - col.w) / 2
        if room > w * 1.6:
            cy = col.centery + h * 0.1
            left = col.left - room / 2
            for i, card in enumerate((7, 15, 23, 31)):
                self.tilted_card(surface, card, left - w * 0.45 + i * w * 0.3, cy + abs(i - 1.5) * h * 0.06,
                                 w, h, 18 - i * 12)
            right = col.right + room / 2
            for i, card in enumerate((13, 14)):
                self.tilted_card(surface, card, right - w * 0.2 + i * w * 0.42, cy, w, h, 8 - i * 16)
        title_size = round(lay.big_font * 2.4)
        name = tr("menu.title")
        if i18n.has_arabic(name):
            font = pygame.font.Font(str(r.assets.root / "fonts" / TITLE_FONT_ARABIC), round(title_size * 1.1))
            title = i18n.render_text(font, name, GOLD)
        else:
            title = r.assets.text(name, title_size, GOLD, bold=True)
        sub = r.assets.text(tr("menu.subtitle"), lay.font_size, DIM_INK)
        gap = max(4, round(6 * lay.u))
        y = col.top - lay.m * 2 - sub.get_height() - gap - title.get_height()
        y = max(lay.m, y)
        surface.blit(title, title.get_rect(midtop=(lay.w // 2, y)))
        surface.blit(sub, sub.get_rect(midtop=(lay.w // 2, y + title.get_height() + gap)))
        nav = r.assets.text(tr("menu.nav"), max(10, lay.small_font - 1), DIM_INK)
        surface.blit(nav, nav.get_rect(midbottom=(lay.w // 2, lay.h - lay.m)))


MAX_RULES_LINES = 5
"""The pause menu names each extra variant in full while that takes at most this many lines."""


class PauseMenu(MenuScreen):
    """Esc during a match: Resume, Settings, How to play, Main menu, Quit (the match stays saved)."""

    entries: ClassVar[list[tuple[str, str]]] = [
        ("resume", "pause.resume"), ("settings", "pause.settings"), ("howto", "menu.howto"),
        ("main_menu", "pause.main_menu"), ("quit", "pause.quit")]

    def layout(self, lay: Layout) -> None:
        entries = self.menu_entries()
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        total = len(entries) * (bh + gap) - gap
        width = self.column_width(lay, entries) + round(80 * lay.u)
        self.rules_text = self.rules_lines(lay, width - 2 * lay.m)
        line = self.host.renderer.assets.font(lay.small_font).get_linesize()
        head = lay.big_font + 3 * lay.m + len(self.rules_text) * line + (lay.m if self.rules_text else 0)
        foot = 2 * line_size(lay.small_font) + lay.m + lay.box_pad // 2
        top = round(lay.h / 2 - (total + head + foot) / 2 + head)
        col = self.column(lay, top, entries)
        self.frame = col.inflate(round(80 * lay.u), 0)
        self.frame.top = top - head
        self.frame.height = total + head + foot

    def rules_lines(self, lay: Layout, width: int) -> list[tuple[str, bool]]:
        """The rules of the match (what is being played), wrapped: (line, bold). The first line
        names them and the target; each variant beyond the preset follows in full; and the rules
        of the next match when the settings changed them."""
        rules = self.host.match_rules()
        if rules is None:
            return []
        a = self.host.renderer.assets
        size = lay.small_font
        head, *variants = rules_details(rules)
        out = [(text, True) for text in a.wrap(tr("pause.rules", rules=head), size, width, True)]
        full = [(t, False) for text in variants for t in a.wrap(text, size, width)]
        if len(out) + len(full) <= MAX_RULES_LINES:  # else the tags of the first line say it
            out += full
        upcoming = self.host.settings.rules
        if upcoming != rules:
            nxt = tr("pause.rules_next", rules=rules_line(upcoming))
            out += [(t, False) for t in a.wrap(nxt, size, width)]
        return out

    def pressed(self, name: str) -> None:
        host = self.host
        if name == "resume":
            host.resume()
        elif name in ("settings", "howto"):
            host.show(name)
        elif name == "main_menu":
            host.to_main_menu()
        elif name == "quit":
            host.quit_game()

    def back(self) -> None:
        self.host.resume()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        self.panel(surface, self.frame)
        t = self.text(tr("pause.title"), lay.big_font, INK, True)
        surface.blit(t, t.get_rect(midtop=(self.frame.centerx, self.frame.y + lay.m)))
        y = self.frame.y + lay.m + t.get_height() + lay.m // 2
        for text, bold in self.rules_text:
            s = self.text(text, lay.small_font, GOLD if bold else DIM_INK, bold)
            surface.blit(s, s.get_rect(midtop=(self.frame.centerx, y)))
            y += self.host.renderer.assets.font(lay.small_font).get_linesize()
        if self.host.persist_profile:
            above_nav = lay.box_pad // 2 + line_size(lay.small_font - 1) + line_size(lay.small_font)
            self.nav_hint(surface, self.frame, "pause.saved", self.frame.bottom - above_nav)
        self.nav_hint(surface, self.frame, "menu.nav")
