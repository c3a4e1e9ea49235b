"""Drawing the table's overlays (each shown by a scene of `ui.table.overlays`): hand summary with
the score sheet, match end, last trick."""

from __future__ import annotations

import pygame

from game.contract import Contract
from game.events import HandScored, MatchOver
from game.match import HandRecord
from game.projects import project_value
from game.rules import Rules
from game.scoring import to_game_points
from ui import i18n
from ui.table.layout import Layout
from ui.table.render import Renderer
from ui.table.summary_words import belote_rows, belote_sentence, reason_sentence
from ui.text import contract_label, project_name, seat_tr, team_name, tr, trn
from ui.theme import DIM_INK, GOLD, INK, RULE_LINE, TEAM_COLOURS, Colour

Row = tuple[str, str, str]


def rounding_sentence(e: HandScored, record: HandRecord | None = None, belote: bool = False) -> str:
    """How the counting team's card points became game points (docs/rules.md §7, step 2); classic
    Belote (`belote`): the takers' points against the 82 to make, and held points won."""
    if belote:
        return belote_sentence(e, record)
    sc = e.score
    pts = sc.counted_points
    if sc.kaboot:
        return tr("sum.kaboot", award=sc.game_points[sc.winner])
    counted = tr(f"sum.counting.{sc.counting_team}", points=pts)
    sun = e.contract.sun
    game = to_game_points(pts, sun)
    if sun:
        if pts % 10 == 5:
            how = tr("sum.round_sun5", points=pts, game=game, rest=26 - game)
        else:
            how = tr("sum.round_sun", points=pts, rounded=(pts + 5) // 10 * 10, game=game, rest=26 - game)
    else:
        how = tr("sum.round_hokum", points=pts, rounded=game * 10, game=game, rest=16 - game)
    return f"{counted}: {how}"



def projects_cell(kinds: tuple[str, ...], sun: bool) -> str:
    if not kinds:
        return tr("sum.none")
    names = i18n.list_join([project_name(k) for k in kinds])
    return f"{names} ({sum(project_value(k, sun) for k in kinds)})"


def breakdown_rows(e: HandScored, record: HandRecord | None, belote: bool = False) -> list[Row]:
    if belote:
        return belote_rows(e, record)
    sc, c = e.score, e.contract
    rows: list[Row] = [
        (tr("sum.tricks"), str(e.tricks[0]), str(e.tricks[1])),
        (tr("sum.card_points"), str(e.card_points[0]), str(e.card_points[1])),
        (tr("sum.game_points"), str(sc.game_points[0]), str(sc.game_points[1])),
        (tr("sum.projects"), projects_cell(e.projects[0], c.sun), projects_cell(e.projects[1], c.sun)),
        (tr("sum.baloot"), "2" if e.baloot[0] else tr("sum.none"), "2" if e.baloot[1] else tr("sum.none")),
    ]
    if c.raise_level == 5:
        raise_text = tr("sum.raise_gahwa")
    elif c.raise_level > 1:
        raise_text = tr("sum.raise_x", level=c.raise_level) + (" " + tr("hud.locked") if c.locked else "")
    else:
        raise_text = tr("sum.raise_none")
    rows.append((tr("sum.raise"), raise_text, ""))
    rows.append((tr("sum.added"), f"+{sc.points[0]}", f"+{sc.points[1]}"))
    if record is not None:
        rows.append((tr("sum.total"), str(record.totals[0]), str(record.totals[1])))
    return rows


def sheet_rows(sheet: list[HandRecord], contracts: dict[int, Contract],
               names: tuple[str, ...], belote: bool = False) -> list[tuple[str, str, str, str]]:
    out = []
    for rec in sheet:
        pts = rec.score.points if rec.score is not None else (0, 0)
        pts = (pts[0] + rec.held_awarded[0], pts[1] + rec.held_awarded[1])
        if rec.score is None:
            label = tr("sum.thrown")
        elif rec.number in contracts:
            label = contract_label(contracts[rec.number], names, belote)
        elif rec.contract is not None:
            label = contract_label(rec.contract, names, belote)
        else:
            label = rec.contract_label
        if rec.score is not None and rec.score.held:
            label += " · " + tr("sum.held_cell", points=rec.score.held)
        out.append((str(rec.number), label, f"+{pts[0]}  ({rec.totals[0]})",
                    f"+{pts[1]}  ({rec.totals[1]})"))
    return out


class Overlays:
    """The modal screens. Laid out left to right; in Arabic every row is mirrored inside its box
    (labels on the right, then Us, then Them), so the reading order follows the language."""

    def __init__(self, renderer: Renderer) -> None:
        self.r = renderer
        self.names: tuple[str, ...] = ("You", "East", "North", "West")
        self.contracts: dict[int, Contract] = {}
        self.rules = Rules()
        """Set by the app: the players' names, each hand's contract and the match's rules."""

    def frame(self, screen: pygame.Surface, lay: Layout, box: pygame.Rect | None = None) -> pygame.Rect:
        """An opaque box (the window dims what is around it): nothing below shows through."""
        box = box or lay.modal_rect()
        self.r.panel(screen, box, border=GOLD, alpha=255, radius=max(10, round(14 * lay.u)))
        return box

    def put(self, screen: pygame.Surface | None, surf: pygame.Surface, box: pygame.Rect, x: int,
            y: int) -> None:
        if screen is not None:
            self.r.put(screen, surf, box, x, y)

    def hline(self, screen: pygame.Surface | None, box: pygame.Rect, x0: int, x1: int, y: int) -> None:
        if screen is not None:
            a, b = self.r.mirror_x(box, x0), self.r.mirror_x(box, x1)
            pygame.draw.line(screen, RULE_LINE, (round(min(a, b)), y), (round(max(a, b)), y), 1)

    def button_rects(self, lay: Layout, n: int, box: pygame.Rect | None = None) -> list[pygame.Rect]:
        box = box or lay.modal_rect()
        bw, bh, m = lay.button_w() + round(20 * lay.u), lay.button_h(), lay.m
        total = n * bw + (n - 1) * m
        x0 = box.centerx - total // 2
        rects = [pygame.Rect(x0 + i * (bw + m), box.bottom - m - bh, bw, bh) for i in range(n)]
        return rects[::-1] if i18n.is_rtl() else rects

    # ----- hand summary --------------------------------------------------------------------

    def summary_rect(self, lay: Layout, e: HandScored, record: HandRecord | None,
                     sheet: list[HandRecord]) -> pygame.Rect:
        """The summary box, as tall as its content (at most the modal size)."""
        full = lay.modal_rect()
        h = self.summary(None, lay, e, record, sheet, full)
        box = pygame.Rect(0, 0, full.width, min(full.height, h))
        box.center = full.center
        return box

    def summary(self, screen: pygame.Surface | None, lay: Layout, e: HandScored, record: HandRecord | None,
                sheet: list[HandRecord], box: pygame.Rect | None = None) -> int:
        """Draw the hand summary in `box` (or only measure it when `screen` is None); returns the
        height the content needs."""
        if box is None:
            box = self.summary_rect(lay, e, record, sheet)
        if screen is not None:
            self.frame(screen, lay, box)
        a, r = self.r.assets, self.r
        pad = lay.box_pad
        fs, small = lay.font_size, lay.small_font
        number = record.number if record is not None else len(sheet)
        belote = self.rules.belote
        contract = contract_label(e.contract, self.names, belote)
        title = r.fit_rich(tr("sum.title", number=number, contract=contract),
                           lay.big_font, box.width - 2 * pad, INK, True)
        y = box.y + pad
        self.put(screen, title, box, box.x + pad, y)
        y += title.get_height() + pad // 2
        top = y
        winner = a.text(tr(f"sum.winner.{e.score.winner}"), fs + 1, TEAM_COLOURS[e.score.winner], bold=True)
        self.put(screen, winner, box, box.x + pad, y)
        y += winner.get_height() + 2
        left_w = round((box.width - 3 * pad) * 0.56)
        for text in (reason_sentence(e, belote) + ".", rounding_sentence(e, record, belote) + "."):
            for line in a.wrap(text, small, left_w):
                self.put(screen, a.text(line, small, DIM_INK), box, box.x + pad, y)
                y += a.font(small).get_linesize()
            y += pad // 2
        y = self.table(screen, lay, box, box.x + pad, y, left_w, breakdown_rows(e, record, belote))
        sx = box.x + 2 * pad + left_w
        buttons = lay.button_h() + 2 * lay.m
        sheet_bottom = self.sheet(screen, lay, box, sx, top, box.right - pad - sx,
                                  box.bottom - buttons - pad // 2, sheet)
        return max(y, sheet_bottom) - box.y + pad // 2 + buttons

    def table(self, screen: pygame.Surface | None, lay: Layout, box: pygame.Rect, x: int, y: int, w: int,
              rows: list[Row]) -> int:
        """The breakdown: label | Us | Them; a long cell wraps. Returns the y below it."""
        a, fs = self.r.assets, lay.font_size
        line = a.font(fs).get_linesize() + max(2, round(4 * lay.u))
        c1, c2 = x + round(w * 0.47), x + round(w * 0.74)
        heads = (team_name(0), team_name(1))
        for col, head, team in ((c1, heads[0], 0), (c2, heads[1], 1)):
            self.put(screen, a.text(head, fs, TEAM_COLOURS[team], bold=True), box, col, y)
        y += line
        self.hline(screen, box, x, x + w, y - 3)
        for i, (label, us, them) in enumerate(rows):
            bold = i >= len(rows) - 2
            colour: Colour = INK if bold else (225, 228, 214)
            cells = [(us, c1, x + w - c1)] if them == "" else [(us, c1, c2 - c1 - 8), (them, c2, x + w - c2)]
            height = 1
            for text, cx, width in cells:
                lines = a.wrap(text, fs, width, bold) or [""]
                height = max(height, len(lines))
                for k, ln in enumerate(lines):
                    self.put(screen, a.fit_text(ln, fs, width, colour, bold), box, cx, y + k * (line - 4))
            self.put(screen, a.fit_text(label, fs, c1 - x - 8, DIM_INK), box, x, y)
            y += line + (height - 1) * (line - 4)
        return y

    def sheet(self, screen: pygame.Surface | None, lay: Layout, box: pygame.Rect, x: int, y: int, w: int,
              bottom: int, sheet: list[HandRecord]) -> int:
        """The score sheet, newest rows kept when it does not fit. Returns the y below it."""
        a, r = self.r.assets, self.r
        fs = lay.small_font
        self.put(screen, a.text(tr("sum.sheet"), lay.font_size, INK, bold=True), box, x, y)
        y += a.font(lay.font_size).get_linesize() + 2
        cols = (x, x + round(w * 0.08), x + round(w * 0.60), x + round(w * 0.81))
        heads = (tr("sum.sheet_hand"), tr("sum.sheet_contract"), team_name(0), team_name(1))
        colours = (DIM_INK, DIM_INK, TEAM_COLOURS[0], TEAM_COLOURS[1])
        for cx, head, colour in zip(cols, heads, colours, strict=True):
            self.put(screen, a.text(head, fs, colour, bold=True), box, cx, y)
        line = a.font(fs).get_linesize() + 2
        y += line
        self.hline(screen, box, x, x + w, y - 2)
        rows = sheet_rows(sheet, self.contracts, self.names, self.rules.belote)
        fit = max(1, (bottom - y) // line)
        if len(rows) > fit:
            rows = rows[-(fit - 1):] if fit > 1 else rows[-1:]
            self.put(screen, a.text("…", fs, DIM_INK), box, x, y)
            y += line
        for row in rows:
            if screen is not None:
                for i, (cx, cell) in enumerate(zip(cols, row, strict=True)):
                    limit = (cols[i + 1] - cx - 6) if i < 3 else (x + w - cx)
                    surf = r.rich(cell, fs, INK) if i == 1 else a.text(cell, fs, INK)
                    if surf.get_width() > limit:
                        surf = pygame.transform.smoothscale(
                            surf, (limit, max(1, round(surf.get_height() * limit / surf.get_width()))))
                    self.put(screen, surf, box, cx, y)
            y += line
        return y

    # ----- match end -----------------------------------------------------------------------

    def match_end_rect(self, lay: Layout, e: MatchOver, sheet: list[HandRecord],
                       names: tuple[str, ...] = ("You", "East", "North", "West"),
                       footer: str = "") -> pygame.Rect:
        full = lay.modal_rect()
        h = self.match_end(None, lay, e, sheet, names, full, footer)
        box = pygame.Rect(0, 0, min(full.width, max(round(lay.w * 0.5), round(760 * lay.u))),
                          min(full.height, h))
        box.center = full.center
        return box

    def match_end(self, screen: pygame.Surface | None, lay: Layout, e: MatchOver, sheet: list[HandRecord],
                  names: tuple[str, ...] = ("You", "East", "North", "West"),
                  box: pygame.Rect | None = None, footer: str = "") -> int:
        """Winner, final score, the score sheet and a `footer` line (the match's seed); returns the
        height the content needs."""
        if box is None:
            box = self.match_end_rect(lay, e, sheet, names, footer)
        if screen is not None:
            self.frame(screen, lay, box)
        a = self.r.assets
        pad = lay.box_pad
        key = "end.title_win" if e.winner == 0 else "end.title_loss"
        title = a.fit_text(tr(key, partner=names[2], east=names[1], west=names[3]),
                           round(lay.big_font * 1.35), box.width - 2 * pad, TEAM_COLOURS[e.winner], bold=True)
        final = a.text(tr("end.final", us=e.scores[0], them=e.scores[1]), lay.big_font, INK, bold=True)
        extra = trn("end.hands", len(sheet))
        if e.by_gahwa:
            extra = tr("end.gahwa") + " · " + extra
        else:
            extra += " · " + tr("hud.target", target=self.rules.target)
        sub = a.fit_text(extra, lay.font_size, box.width - 2 * pad, DIM_INK)
        y = box.y + pad
        for surf, gap in ((title, pad // 2), (final, pad // 3), (sub, pad)):
            if screen is not None:
                screen.blit(surf, surf.get_rect(midtop=(box.centerx, y)))
            y += surf.get_height() + gap
        w = min(box.width - 2 * pad, round(680 * lay.u))
        buttons = lay.button_h() + 2 * lay.m
        small = max(10, lay.small_font - 1)
        foot_h = a.font(small).get_linesize() + pad // 2 if footer else 0
        y = self.sheet(screen, lay, box, box.centerx - w // 2, y, w,
                       box.bottom - buttons - pad // 2 - foot_h, sheet)
        if footer:
            y += pad // 2
            if screen is not None:
                s = a.fit_text(footer, small, box.width - 2 * pad, DIM_INK)
                screen.blit(s, s.get_rect(midtop=(box.centerx, y)))
            y += foot_h - pad // 2
        return y - box.y + pad // 2 + buttons

    # ----- last trick ----------------------------------------------------------------------

    def last_trick_rect(self, lay: Layout) -> pygame.Rect:
        w, h = round(lay.tcw * 5.2), round(lay.tch * 3.1)
        r = pygame.Rect(0, 0, min(w, lay.w - 2 * lay.m), min(h, lay.h - 2 * lay.m))
        r.center = (round(lay.cx), round(lay.cy))
        return r

    def last_trick(self, screen: pygame.Surface, lay: Layout,
                   last: tuple[int, list[tuple[int, int]]] | None, names: tuple[str, ...]) -> list[str]:
        """The last trick: the four cards where they were played, each with its player's name, the
        leader marked ('led') and the winner's card outlined. Returns the labels drawn (tests)."""
        box = self.last_trick_rect(lay)
        self.r.panel(screen, box, border=GOLD, alpha=255)
        a = self.r.assets
        pad = max(8, round(12 * lay.u))
        if last is None:
            t = a.fit_text(tr("last.none"), lay.font_size, box.width - 2 * pad, INK)
            screen.blit(t, t.get_rect(center=box.center))
            return []
        winner, cards = last
        leader = cards[0][0]
        title = a.fit_text(seat_tr("last.title", winner, names), lay.font_size, box.width - 2 * pad, INK,
                           bold=True)
        screen.blit(title, title.get_rect(midtop=(box.centerx, box.y + pad)))
        w, h = lay.tcw * 0.68, lay.tch * 0.68
        cx, cy = box.centerx, box.centery + title.get_height() // 3
        offs = {0: (0, 0.56 * h), 1: (1.3 * w, 0), 2: (0, -0.56 * h), 3: (-1.3 * w, 0)}
        labels: list[str] = []
        small = lay.small_font
        for seat, card in cards:
            dx, dy = offs[seat]
            r = self.r.draw_card(screen, card, cx + dx, cy + dy, w, h, 0, True, True)
            if seat == winner:
                pygame.draw.rect(screen, GOLD, r.inflate(6, 6), 3, border_radius=max(4, r.width // 12))
            text = names[seat] + (" · " + tr("last.led") if seat == leader else "")
            labels.append(text)
            colour = GOLD if seat == leader else DIM_INK
            label = a.fit_text(text, small, round(w * 1.9), colour, bold=seat == leader)
            if seat == 2:
                spot = label.get_rect(bottomleft=(r.right + 4, r.top + label.get_height() + 2))
            elif seat == 0:
                spot = label.get_rect(topleft=(r.right + 4, r.bottom - label.get_height() - 2))
            else:
                spot = label.get_rect(midtop=(r.centerx, r.bottom + 3))
            screen.blit(label, spot.clamp(box.inflate(-4, -4)))
        hint = a.fit_text(tr("last.hint"), small, box.width - 2 * pad, DIM_INK)
        screen.blit(hint, hint.get_rect(midbottom=(box.centerx, box.bottom - pad // 2)))
        return labels
