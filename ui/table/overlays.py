"""The table's overlays, each a scene of its own on the stack: it takes all input until closed and
the match waits under it. Last trick (L), bid history (B), score sheet (P), the hand summary and
the match end."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules import Rules
from ui import i18n
from ui.audio.announce import card_words
from ui.rules_text import seed_text
from ui.screens.base import Item, MatchHost, Screen, mirrored
from ui.table.animator import DOUBLING
from ui.table.layout import Layout
from ui.table.overlay_drawing import Overlays, sheet_rows
from ui.text import call_gloss, call_label, contract_label, seat_tr, tr
from ui.theme import DIM_INK, GOLD, INK

if TYPE_CHECKING:
    from ui.table.scene import TableScene


class TableOverlay(Screen):
    """A box over the paused table; Esc, its key again, or a click outside closes it."""

    keys: tuple[int, ...] = ()

    def __init__(self, host: MatchHost, table: TableScene) -> None:
        self.table = table
        self.match_host = host
        super().__init__(host)

    def key(self, key: int, mod: int = 0) -> None:
        if key in self.keys:
            self.back()
        else:
            super().key(key, mod)

    def close_button(self, box: pygame.Rect, lay: Layout) -> None:
        pad = lay.box_pad
        bw, bh = lay.button_w(), lay.button_h()
        self.button("close", mirrored(pygame.Rect(box.right - pad - bw, box.bottom - pad - bh, bw, bh), box),
                    "btn.close")

    def pressed(self, name: str) -> None:
        if name == "close":
            self.back()


class LastTrickScreen(TableOverlay):
    """The last trick with all four players named and the leader marked; any key or click closes it.
    Before the first trick is taken, a small box says so (no empty table of cards)."""

    def layout(self, lay: Layout) -> None:
        self.overlays = Overlays(self.host.renderer)
        self.frame = self.overlays.last_trick_rect(lay)
        self.labels: list[str] = []
        if self.table.animator.hud.last_trick is None:
            a, pad = self.host.renderer.assets, lay.box_pad
            small = lay.small_font
            w = max(a.width(tr("last.none"), lay.font_size, True), a.width(tr("last.hint"), small)) + 2 * pad
            h = a.font(lay.font_size, True).get_linesize() + a.font(small).get_linesize() + 2 * pad + pad // 2
            self.frame = pygame.Rect(0, 0, min(w, lay.w - 2 * lay.m), h)
            self.frame.center = (round(lay.cx), round(lay.cy))

    def handle(self, event: pygame.event.Event) -> None:
        self.lively_ms = 400.0
        self._changed = True
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
            self.back()

    def opening_words(self) -> str:
        """'Last trick, won by Fahad. Saad led: Nine of Diamonds. …' (for the ear)."""
        hud = self.table.animator.hud
        if hud.last_trick is None:
            return tr("last.none")
        winner, cards = hud.last_trick
        parts = [seat_tr("last.title", winner, hud.names)]
        for i, (seat, card) in enumerate(cards):
            who = hud.names[seat] + (" (" + tr("last.led") + ")" if i == 0 else "")
            parts.append(tr("say.card", seat=who, card=card_words(card)))
        return ". ".join(parts)

    def draw_below(self, surface: pygame.Surface) -> None:
        hud, lay = self.table.animator.hud, self.host.layout
        if hud.last_trick is not None:
            self.labels = self.overlays.last_trick(surface, lay, hud.last_trick, hud.names)
            return
        box, pad = self.frame, lay.box_pad
        self.panel(surface, box)
        head = self.fit(tr("last.none"), lay.font_size, box.w - 2 * pad, INK, True)
        surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + pad)))
        hint = self.fit(tr("last.hint"), lay.small_font, box.w - 2 * pad, DIM_INK)
        surface.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - pad)))
        self.labels = []


class BidHistoryScreen(TableOverlay):
    """Every call of the hand in order, by seat: both rounds of the bidding and the doubling."""

    keys = (pygame.K_b,)

    def layout(self, lay: Layout) -> None:
        full = lay.modal_rect()
        w = min(full.w, round(640 * lay.u))
        a = self.host.renderer.assets
        pad = lay.box_pad
        line = a.font(lay.font_size).get_linesize() + max(2, round(4 * lay.u))
        head = pad + a.font(lay.big_font, True).get_linesize() + max(6, round(10 * lay.u))
        need = head + line * max(1, len(self.rows())) + pad + lay.button_h() + pad
        self.frame = pygame.Rect(0, 0, w, min(full.h, max(need, round(260 * lay.u))))
        self.frame.center = full.center
        self.close_button(self.frame, lay)
        self.set_focus("close")

    def rows(self) -> list[tuple[str, str, str, str]]:
        """(kind, left, right, gloss): a 'head' for each stage, then a 'call' per call (the seat,
        the call, what it means in plain words), then the contract."""
        hud = self.table.animator.hud
        out: list[tuple[str, str, str, str]] = []
        stage = 0
        for c in hud.calls:
            if c.stage != stage:
                stage = c.stage
                head = tr("bids.doubling") if stage == DOUBLING else tr("bids.round", round=stage)
                out.append(("head", head, "", ""))
            words = call_label(c.action, doubling=True) if stage == DOUBLING else c.words()
            out.append(("call", hud.names[c.seat], words, call_gloss(c.action, hud.rules.belote)))
        if hud.contract is not None:
            contract = contract_label(hud.contract, hud.names, hud.rules.belote)
            out.append(("contract", tr("bids.contract", contract=contract), "", ""))
        return out

    def item_words(self, item: Item) -> str:
        return ". ".join(f"{a}: {b}" if b else a for _k, a, b, _g in self.rows()) or tr("bids.none")

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, box, r = self.host.layout, self.frame, self.host.renderer
        self.panel(surface, box)
        number = self.table.animator.hud.hand_number
        y = self.title(surface, box, tr("bids.title", number=number)) + max(6, round(10 * lay.u))
        pad = lay.box_pad
        rows = self.rows()
        if not rows:
            s = self.text(tr("bids.none"), lay.font_size, DIM_INK)
            r.put(surface, s, box, box.x + pad, y)
            return
        bottom = box.bottom - pad - lay.button_h() - pad // 2
        line = r.assets.font(lay.font_size).get_linesize() + max(2, round(4 * lay.u))
        columns = 1 if y + line * len(rows) <= bottom else 2
        col_w = (box.w - 2 * pad - (columns - 1) * pad) // columns
        per_col = max(1, (bottom - y) // line)
        glossed = columns == 1  # the meanings beside the calls while there is room for them
        split = (0.3, 0.62) if glossed else (0.45, 1.0)
        small = lay.small_font
        for i, (kind, left, right, gloss) in enumerate(rows):
            col, k = divmod(i, per_col)
            if col >= columns:
                break
            x = box.x + pad + col * (col_w + pad)
            yy = y + k * line
            if kind == "head":
                r.put(surface, self.fit(left, lay.font_size, col_w, GOLD, True), box, x, yy)
            elif kind == "contract":
                r.put(surface, self.fit(left, lay.font_size, col_w, INK, True), box, x, yy)
            else:
                call_x = x + round(col_w * split[0])
                name = self.fit(left, lay.font_size, call_x - x - round(col_w * 0.04) - 6, DIM_INK)
                r.put(surface, name, box, x + round(col_w * 0.04), yy)
                gloss_x = x + round(col_w * split[1])
                call = self.fit(right, lay.font_size, gloss_x - call_x - 6, INK, True)
                r.put(surface, call, box, call_x, yy)
                if glossed and gloss:
                    g = self.fit(gloss, small, x + col_w - gloss_x, DIM_INK)
                    r.put(surface, g, box, gloss_x, yy + (call.get_height() - g.get_height()) // 2)


class ScoreSheetScreen(TableOverlay):
    """Every hand of the match so far (as on the hand summary), the match score and its seed."""

    keys = (pygame.K_p,)

    def layout(self, lay: Layout) -> None:
        full = lay.modal_rect()
        w = min(full.w, max(round(lay.w * 0.5), round(760 * lay.u)))
        h = full.h
        if not self.table.driver.sheet:  # before the first hand: the title, one line, the buttons
            a, pad = self.host.renderer.assets, lay.box_pad
            h = min(full.h, pad + a.font(lay.big_font, True).get_linesize() + max(6, round(10 * lay.u))
                    + 2 * a.font(lay.font_size, True).get_height() + pad // 3 + pad + lay.button_h() + pad)
        self.frame = pygame.Rect(0, 0, w, h)
        self.frame.center = full.center
        self.close_button(self.frame, lay)
        if self.table.driver.sheet:  # the review of the hands played (issue 15)
            pad = lay.box_pad
            review_button(self, self.frame, lay, 2, self.frame.bottom - pad - lay.button_h())
        self.set_focus("close")

    def pressed(self, name: str) -> None:
        if name == "review":
            self.host.show("table_review", self.table)
        else:
            super().pressed(name)

    def item_words(self, item: Item) -> str:
        hud = self.table.animator.hud
        rows = sheet_rows(self.table.driver.sheet, self.table.animator.contracts, hud.names,
                          hud.rules.belote)
        lines = [tr("sheet.say_row", number=n, contract=c, us=u, them=t) for n, c, u, t in rows]
        lines.append(tr("announce.score_match", us=hud.scores[0], them=hud.scores[1],
                        target=hud.rules.target))
        return ". ".join(lines)

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, box, r = self.host.layout, self.frame, self.host.renderer
        self.panel(surface, box)
        hud = self.table.animator.hud
        y = self.title(surface, box, tr("sheet.title")) + max(6, round(10 * lay.u))
        pad = lay.box_pad
        if not self.table.driver.sheet:
            empty = self.fit(tr("sheet.empty"), lay.font_size, box.w - 2 * pad, DIM_INK)
            r.put(surface, empty, box, box.x + pad, y)
            y += empty.get_height() + pad // 3
            target = tr("sheet.to_target", target=hud.rules.target)
            r.put(surface, self.fit(target, lay.font_size, box.w - 2 * pad, INK, True), box, box.x + pad, y)
            seed_line(surface, self, box, self.table.driver.match_seed, hud.rules)
            return
        words = tr("sheet.match_score", us=hud.scores[0], them=hud.scores[1], target=hud.rules.target)
        score = self.fit(words, lay.font_size, box.w - 2 * pad, INK, True)
        r.put(surface, score, box, box.x + pad, y)
        y += score.get_height() + pad // 2
        ov = Overlays(r)
        ov.names, ov.contracts, ov.rules = hud.names, self.table.animator.contracts, hud.rules
        bottom = box.bottom - pad - lay.button_h() - pad
        ov.sheet(surface, lay, box, box.x + pad, y, box.w - 2 * pad, bottom, self.table.driver.sheet)
        seed_line(surface, self, box, self.table.driver.match_seed, hud.rules)


def review_button(screen: Screen, box: pygame.Rect, lay: Layout, slot: int, y: int) -> None:
    """'Review' at the bottom of the box: `slot` 1 in its corner, 2 left of the corner's button."""
    pad = lay.box_pad
    bw, bh = lay.button_w(), lay.button_h()
    rect = pygame.Rect(box.right - pad - slot * bw - (slot - 1) * lay.m, y, bw, bh)
    screen.button("review", mirrored(rect, box), "review.btn.open")


def seed_line(surface: pygame.Surface, screen: Screen, box: pygame.Rect, seed: int,
              rules: Rules | None = None) -> None:
    """'Match seed 12 — python main.py --seed 12 deals it again', at the bottom of a box beside its
    buttons: in the room between the box's reading-side edge and the nearest button of that row,
    on two lines when one does not fit at a readable size."""
    lay, a = screen.host.layout, screen.host.renderer.assets
    pad = lay.box_pad
    row = [it.rect for it in screen.items if it.kind == "button" and it.rect.bottom > box.bottom - 2 * pad]
    if not row:
        return
    if i18n.is_rtl():  # laid out left to right, then mirrored by `put`
        room = box.right - pad - max(r.right for r in row) - pad
    else:
        room = min(r.left for r in row) - pad - (box.x + pad)
    text, size = seed_text(seed, rules or Rules()), max(10, lay.small_font - 1)
    lines = [text] if a.width(text, size) <= room else a.wrap(text, size, room)[:2]
    line_h = a.font(size).get_linesize()
    y = min(r.centery for r in row) - line_h * len(lines) // 2
    for ln in lines:
        s = screen.fit(ln, size, room, DIM_INK)
        screen.host.renderer.put(surface, s, box, box.x + pad, y)
        y += line_h


class HandSummaryScreen(TableOverlay):
    """The hand summary (who won and why, the breakdown, the score sheet); Continue or Enter."""

    def layout(self, lay: Layout) -> None:
        hud = self.table.animator.hud
        assert hud.summary is not None
        self.overlays = Overlays(self.host.renderer)
        self.overlays.names, self.overlays.contracts = hud.names, self.table.animator.contracts
        self.overlays.rules = hud.rules
        e, record = hud.summary
        self.frame = self.overlays.summary_rect(lay, e, record, self.table.driver.sheet)
        rect = self.overlays.button_rects(lay, 1, self.frame)[0]
        self.button("continue", rect, "btn.continue")
        review_button(self, self.frame, lay, 1, rect.y)
        self.set_focus("continue")

    def item_words(self, item: Item) -> str:
        return item.words

    def pressed(self, name: str) -> None:
        if name == "review":
            self.host.show("table_review", self.table)
            return
        self.back()

    def back(self) -> None:
        self.host.close_screen()
        self.table.dismiss_summary()

    def draw_below(self, surface: pygame.Surface) -> None:
        hud = self.table.animator.hud
        if hud.summary is None:
            return
        e, record = hud.summary
        self.overlays.names = hud.names
        self.overlays.summary(surface, self.host.layout, e, record, self.table.driver.sheet, self.frame)
        seed_line(surface, self, self.frame, self.table.driver.match_seed, hud.rules)


class MatchEndScreen(TableOverlay):
    """The winner, the final score and the score sheet: New match, Same deals again, Main menu,
    Quit. Esc goes to the main menu (never 'Resume' over a finished match)."""

    def layout(self, lay: Layout) -> None:
        hud = self.table.animator.hud
        assert hud.match_over is not None
        self.overlays = Overlays(self.host.renderer)
        self.overlays.names, self.overlays.contracts = hud.names, self.table.animator.contracts
        self.overlays.rules = hud.rules
        self.footer = seed_text(self.table.driver.match_seed, hud.rules)
        self.frame = self.overlays.match_end_rect(lay, hud.match_over, self.table.driver.sheet, hud.names,
                                                  self.footer)
        names = [("new", "btn.new_match"), ("replay", "btn.replay"), ("main_menu", "pause.main_menu"),
                 ("quit", "btn.quit")]
        if self.table.driver.sheet:  # the review of the hands played (issue 15)
            names.insert(0, ("review", "review.btn.open"))
        widest = self.button_width(tuple(key for _n, key in names), lay.button_w())
        need = len(names) * widest + (len(names) + 4) * lay.m  # room for the focus ring too
        if self.frame.w < need:  # the four buttons in full, within the window
            self.frame = self.frame.inflate(min(need, lay.w - 4 * lay.m) - self.frame.w, 0)
        rects = self.end_button_rects(lay, len(names))
        for (name, key), rect in zip(names, rects, strict=True):
            self.button(name, rect, key, "#pass" if name == "quit" else None)
        self.set_focus("new")

    def end_button_rects(self, lay: Layout, n: int) -> list[pygame.Rect]:
        box = self.frame
        gap = lay.m
        bw = min(self.button_width(("review.btn.open", "btn.new_match", "btn.replay", "pause.main_menu",
                                    "btn.quit"), lay.button_w()), (box.w - 5 * gap - (n - 1) * gap) // n)
        bh = lay.button_h()
        total = n * bw + (n - 1) * gap
        x0 = box.centerx - total // 2
        rects = [pygame.Rect(x0 + i * (bw + gap), box.bottom - lay.m - bh, bw, bh) for i in range(n)]
        return rects[::-1] if i18n.is_rtl() else rects

    def pressed(self, name: str) -> None:
        seed = self.table.driver.match_seed
        if name == "review":
            self.host.show("table_review", self.table)
        elif name == "new":
            self.match_host.start_new_match()
        elif name == "replay":
            self.match_host.start_new_match(seed)
        elif name == "main_menu":
            self.host.to_main_menu()
        elif name == "quit":
            self.host.quit_game()

    def back(self) -> None:
        self.host.to_main_menu()

    def draw_below(self, surface: pygame.Surface) -> None:
        hud = self.table.animator.hud
        if hud.match_over is None:
            return
        self.overlays.match_end(surface, self.host.layout, hud.match_over, self.table.driver.sheet,
                                hud.names, self.frame, self.footer)


