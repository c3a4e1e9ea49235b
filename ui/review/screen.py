"""The review of a hand, and opening a record to review.

`ReviewScreen` steps through a hand call by call and card by card (← →, Home / End, the ◀ ▶
buttons, the slider, a click on a row of the hand's list) with all four hands open, the tricks as
they fell and who won them, the running card points, the projects and Baloot as announced; other
hands of the match with Page Up / Page Down. The coach judges each of the player's decisions in
the worker (`ui.review.coach`), from the player's own observation at the time; the review opens on the
first mistake once every decision is judged (unless the player has moved on by then), M goes to
the next one. Take back to here / Replay deal play it again (`ui.review.practice`), Copy deal puts the
deal's one-line notation on the clipboard, Export writes the match's JSON record.

Opening a record to review is `ui.screens.open_record`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, cast

import pygame

from ai.coach import Verdict
from game.actions import DECLARE, NO_DECLARE, Action, is_card
from game.cards import card_str
from game.events import (
    BalootCalled,
    HandScored,
    HandThrownIn,
    ProjectsDeclared,
    ProjectsShown,
    TrickWon,
)
from game.phase import Phase
from ui import i18n
from ui.audio.narrator import spoken
from ui.clipboard import copy_text
from ui.files.records import export_match
from ui.review.coach import CoachKey, HandCoach, VerdictWords, verdict_words
from ui.review.model import HandReview, ReviewSource, source_of_match
from ui.review.view import GREEN, MISTAKE, ListRow, ReviewLayout, ReviewPainter, call_words
from ui.scene import Scene
from ui.screens.base import Item, Screen, ScreenHost, mirrored
from ui.table.choices import call_labels
from ui.table.layout import Layout
from ui.table.worker import SharedThinker
from ui.text import card_label, contract_label, display_names, project_name, seat_tr, team_name, tr, trn
from ui.theme import DIM_INK, GOLD, INK, TEAM_COLOURS
from ui.toasts import TOAST_MS, Toasts

if TYPE_CHECKING:
    from ui.table.scene import TableScene

STEP_KEYS = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1}


class ReviewHost(ScreenHost, Protocol):
    """What the review needs from the window (the `App`)."""

    toasts: Toasts
    hub: SharedThinker
    coach_cache: dict[CoachKey, Verdict]
    stack: list[Scene]

    def push(self, scene: Scene) -> None: ...

    def players(self) -> tuple[str, str, str, str]: ...

    def start_practice(self, source: ReviewSource, hand: int, upto: int) -> None:
        """Play hand `hand` of `source` again from its action `upto` (ui.review.practice)."""


class ReviewScreen(Screen):
    covers = True
    close_on_outside_click = False
    show_focus_always = False

    def __init__(self, host: ReviewHost, source: ReviewSource, hand: int,
                 on_close: Callable[[], None] | None = None) -> None:
        self.host = self.review_host = host
        self.source = source
        self.on_close = on_close
        self.painter = ReviewPainter(host.renderer)
        self.keyboard = False
        """The focus ring is drawn once a key moved it (a mouse player does not need it)."""
        self.client = host.hub.client()
        self.row_rects: list[pygame.Rect] = []
        self.notice, self.notice_ms = "", 0.0
        """A message of the review's own (M with no mistake left, Copy, Export), shown in the
        coach's panel rather than over the title."""
        self.load_hand(hand)
        super().__init__(host)

    # ----- the hand -----------------------------------------------------------------------

    def load_hand(self, hand: int) -> None:
        self.hand = hand
        self.review: HandReview = self.source.review(hand)
        self.coach = HandCoach(self.client, self.review_host.coach_cache, self.review)
        self.index = 0
        self.touched = False
        """The player moved since the hand was opened: the review no longer jumps on its own."""
        self.opened_on_mistake = False
        self.coach.update(None)
        self.jump_when_judged()

    @property
    def step(self) -> int:
        return self.index

    @property
    def belote(self) -> bool:
        """Classic Belote: its contracts and calls are named as its table names them."""
        return self.source.rules.belote

    def names(self) -> tuple[str, str, str, str]:
        return display_names(self.host.settings.names())

    def go(self, index: int, by_player: bool = True) -> None:
        index = max(0, min(len(self.review.steps) - 1, index))
        if by_player:
            self.touched = True
        if index != self.index:
            self.index = index
            self._changed = True
            self.host.speaker.say(spoken(self.spoken_step()))

    def next_mistake(self) -> None:
        steps = self.coach.mistakes()
        later = [s for s in steps if s > self.index] or steps
        if later:
            self.go(later[0])
        else:
            self.tell(tr("review.no_mistake_yet") if not self.coach.done() else self.status(), TOAST_MS)

    def tell(self, text: str, ms: float) -> None:
        """Show `text` for `ms` in the coach's panel (and say it, with speech on)."""
        self.notice, self.notice_ms = text, ms
        self._changed = True
        self.host.speaker.say(spoken(text))

    def jump_when_judged(self) -> None:
        """The hand opens on its first mistake once every decision is judged (and the player has
        not moved on meanwhile)."""
        if self.touched or self.opened_on_mistake or not self.coach.done():
            return
        self.opened_on_mistake = True
        steps = self.coach.mistakes()
        if steps:
            self.go(steps[0], by_player=False)

    # ----- building -----------------------------------------------------------------------

    def layout(self, lay: Layout) -> None:
        self.rl = rl = ReviewLayout(lay)
        self.frame = lay.window()
        bh = lay.button_h()
        self.button("back_step", pygame.Rect(lay.m, rl.slider.centery - bh // 2, rl.nav_w, bh),
                    "review.btn.back", "#menu")
        self.button("next_step", pygame.Rect(lay.w - lay.m - rl.nav_w, rl.slider.centery - bh // 2,
                                             rl.nav_w, bh), "review.btn.next", "#menu")
        names = [("mistake", "review.btn.mistake"), ("takeback", "review.btn.takeback"),
                 ("replay", "review.btn.replay"), ("copy", "review.btn.copy")]
        if self.source.is_match:
            names.append(("export", "review.btn.export"))
        names.append(("close", "btn.close"))
        gap = lay.m
        n = len(names)
        bw = min(self.button_width(tuple(k for _n, k in names), lay.button_w()),
                 (lay.w - 2 * lay.m - (n - 1) * gap) // n)
        x0 = lay.w // 2 - (n * bw + (n - 1) * gap) // 2
        rects = [pygame.Rect(x0 + i * (bw + gap), rl.buttons_y, bw, bh) for i in range(n)]
        if i18n.is_rtl():
            rects.reverse()
        for (name, key), rect in zip(names, rects, strict=True):
            self.button(name, rect, key, "#pass" if name == "close" else None)
        if len(self.source.hands) > 1:
            hb = max(36, round(44 * lay.u))
            h = rl.header.h - lay.m // 2
            nxt = pygame.Rect(rl.header.right - hb, rl.header.y, hb, h)
            prev = pygame.Rect(nxt.x - lay.m // 2 - hb, rl.header.y, hb, h)
            self.button("prev_hand", mirrored(prev, rl.header), "review.btn.prev_hand", "#menu")
            self.button("next_hand", mirrored(nxt, rl.header), "review.btn.next_hand", "#menu")
        self.set_focus("next_step")

    # ----- input ---------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            self.click(event.pos)
        elif event.type == pygame.MOUSEMOTION and event.buttons[0] and \
                self.rl.slider.inflate(0, self.rl.slider_h).collidepoint(event.pos):
            self.go(self.painter.slider_index(self.rl, len(self.review.steps), event.pos[0]))

    def click(self, pos: tuple[int, int]) -> None:
        if self.rl.slider.inflate(0, self.rl.slider_h // 2).collidepoint(pos):
            self.go(self.painter.slider_index(self.rl, len(self.review.steps), pos[0]))
            return
        for row, rect in zip(self.list_rows(), self.row_rects, strict=False):
            if rect.collidepoint(pos):
                self.go(row.first if self.index != row.first else row.last)
                return

    def key(self, key: int, mod: int = 0) -> None:
        if key in STEP_KEYS:
            self.go(self.index + STEP_KEYS[key])
        elif key == pygame.K_HOME:
            self.go(0)
        elif key == pygame.K_END:
            self.go(len(self.review.steps) - 1)
        elif key == pygame.K_PAGEUP:
            self.change_hand(-1)
        elif key == pygame.K_PAGEDOWN:
            self.change_hand(1)
        elif key == pygame.K_m:
            self.next_mistake()
        else:
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.keyboard = True
            super().key(key, mod)

    def wheel(self, dy: int) -> None:
        self.go(self.index - dy)

    def pressed(self, name: str) -> None:
        if name == "back_step":
            self.go(self.index - 1)
        elif name == "next_step":
            self.go(self.index + 1)
        elif name == "mistake":
            self.next_mistake()
        elif name == "takeback":
            self.practise(self.takeback_index())
        elif name == "replay":
            self.practise(0)
        elif name == "copy":
            self.copy_deal()
        elif name == "export":
            self.export()
        elif name == "close":
            self.back()
        elif name == "prev_hand":
            self.change_hand(-1)
        elif name == "next_hand":
            self.change_hand(1)

    def change_hand(self, delta: int) -> None:
        i = self.hand + delta
        if 0 <= i < len(self.source.hands) and i != self.hand:
            self.coach.stop()
            self.load_hand(i)
            self._changed = True
            self.host.speaker.say(spoken(self.opening_words()))

    def back(self) -> None:
        self.coach.stop()
        self.host.close_screen()
        if self.on_close is not None:
            self.on_close()

    # ----- playing it again, sharing ------------------------------------------------------------

    def takeback_index(self) -> int:
        """'Take back to here': just before the player's move at this step, else from this very
        moment (the end of the hand: before the player's last move)."""
        k = self.index
        if self.review.decision_at(k) is not None:
            return k - 1
        if k == len(self.review.steps) - 1:
            earlier = [d.action_index for d in self.review.decisions if d.step <= k]
            return earlier[-1] if earlier else 0
        return k

    def practise(self, upto: int) -> None:
        self.review_host.start_practice(self.source, self.hand, upto)

    def copy_deal(self) -> None:
        text = self.review.notation()
        if copy_text(text):
            self.tell(tr("review.copied"), TOAST_MS * 2)
        else:
            self.tell(tr("review.copy_by_hand", notation=text), TOAST_MS * 4)

    def export(self) -> None:
        try:
            path = export_match(self.source)
        except (OSError, ValueError) as e:
            self.tell(tr("review.export_failed", reason=str(getattr(e, "strerror", "") or e)), TOAST_MS * 2)
            return
        self.tell(tr("review.exported", path=str(path)), TOAST_MS * 3)

    # ----- the frame -----------------------------------------------------------------------

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if self.notice_ms > 0:
            self.notice_ms = max(0.0, self.notice_ms - dt_ms)
            if self.notice_ms == 0:
                self.notice = ""
                self._changed = True
        top = self.review_host.stack[-1] if self.review_host.stack else None
        if top is not self:
            return
        if self.coach.update(self.index):
            self._changed = True
            self.jump_when_judged()

    # ----- words ---------------------------------------------------------------------------

    def label(self, step: int) -> Callable[[Action], str]:
        """Moves in words, as the table offered them at the decision of `step`."""
        d = self.review.decision_at(step)
        calls = dict(call_labels(d.observation)) if d is not None else {}

        def label(a: Action) -> str:
            if is_card(a):
                return card_label(a)
            return calls.get(a) or tr("call.declare" if a == DECLARE else "call.no_declare")
        return label

    def caption(self, k: int | None = None) -> str:
        """What happened at step `k`, in words."""
        k = self.index if k is None else k
        st = self.review.steps[k]
        names = self.names()
        base = self.review.base
        if k == 0:
            return seat_tr("review.dealt", base.dealer, names, card=card_label(base.buying_card))
        assert st.seat is not None and st.action is not None
        seat = names[st.seat]
        a = st.action
        parts: list[str] = []
        if is_card(a):
            parts.append(tr("review.plays", seat=seat, card=card_label(a)))
        elif a == NO_DECLARE:
            parts.append(tr("review.no_declare", seat=seat))
        elif a != DECLARE:  # a declaration is said with its projects below
            call = st.calls[-1] if st.calls else None
            words = call_words(call, base.buying_card, self.belote) if call is not None else card_str(a)
            parts.append(tr("review.calls", seat=seat, call=words))
        for e in st.events:
            if isinstance(e, ProjectsDeclared) and e.kinds:
                parts.append(tr("review.declares", seat=seat,
                                projects=i18n.list_join([project_name(x) for x in e.kinds])))
            elif isinstance(e, BalootCalled):
                parts.append(seat_tr("review.baloot", e.seat, names))
            elif isinstance(e, TrickWon):
                parts.append(seat_tr("review.trick_won", e.seat, names, number=e.number, points=e.points))
            elif isinstance(e, ProjectsShown):
                parts.append(seat_tr("review.shows", e.seat, names,
                                     projects=i18n.list_join([project_name(p.kind) for p in e.projects])))
            elif isinstance(e, HandScored):
                parts.append(tr(f"review.result.{e.score.winner}", us=e.score.points[0],
                                them=e.score.points[1]))
            elif isinstance(e, HandThrownIn):
                parts.append(tr("note.thrown_in"))
        if st.contract is not None and self.review.steps[k - 1].contract is None:
            parts.append(tr("bids.contract", contract=contract_label(st.contract, names, self.belote)))
        return ". ".join(parts)

    def spoken_step(self) -> str:
        words = self.verdict_words()
        head = f" {words.head}." if words is not None and words.head else ""
        return tr("review.step", step=self.index, steps=len(self.review.steps) - 1) + ". " + \
            self.caption() + "." + head

    def opening_words(self) -> str:
        return tr("review.title", number=self.review.number) + ". " + self.spoken_step()

    def verdict(self) -> Verdict | None:
        return self.coach.verdict(self.index)

    def verdict_words(self) -> VerdictWords | None:
        if self.review.decision_at(self.index) is None:
            return None
        v = self.verdict()
        if v is None:
            return VerdictWords(tr("coach.looking"), "pending", (), "")
        return verdict_words(v, self.label(self.index))

    def tone(self, step: int) -> str:
        v = self.coach.verdict(step)
        if v is None:
            return "pending"
        if v.mistake:
            return "mistake"
        if v.kind in ("only", "unknown"):
            return "none"
        return "small" if round(v.cost) >= 1 else "good"

    def list_rows(self) -> list[ListRow]:
        """The calls, then each trick with its winner and points, with a dot per decision."""
        steps = self.review.steps
        names = self.names()
        rows: list[ListRow] = []
        calls_end = next((s.index - 1 for s in steps[1:] if s.action is not None and is_card(s.action)),
                         len(steps) - 1)
        contract = steps[calls_end].contract
        detail = contract_label(contract, names, self.belote) if contract is not None else (
            tr("note.thrown_in") if steps[-1].thrown_in else tr("review.bidding"))
        rows.append(ListRow(tr("review.calls_row"), detail, 0, calls_end))
        for n in range(1, 9):
            cards = [s for s in steps if s.trick is not None and s.trick.number == n and s.action is not None
                     and is_card(s.action)]
            if not cards:
                break
            first, last = cards[0].index, cards[-1].index
            if n == 1:
                first = calls_end + 1
            t = steps[last].trick
            assert t is not None
            if t.winner is not None:
                detail = tr("review.trick_detail", seat=names[t.winner], points=t.points)
                colour = TEAM_COLOURS[t.winner & 1]
            else:
                detail, colour = "…", INK
            rows.append(ListRow(tr("review.trick_row", number=n), detail, first, last, colour=colour))
        for d in self.review.decisions:
            for row in rows:
                if row.first <= d.step <= row.last:
                    row.marks.append(self.tone(d.step))
                    break
        return rows

    def current_row(self, rows: list[ListRow]) -> int:
        for i, row in enumerate(rows):
            if row.first <= self.index <= row.last:
                return i
        return len(rows) - 1

    def info_lines(self) -> list[tuple[str, str]]:
        st = self.review.steps[self.index]
        names = self.names()
        out = []
        for team in (0, 1):
            out.append((team_name(team), trn("hud.points", st.points[team]) + " · "
                        + trn("hud.tricks", st.tricks_won[team])))
        for seat in range(4):
            if st.declared[seat]:
                kinds = i18n.list_join([project_name(k) for k in st.declared[seat]])
                out.append((names[seat], kinds))
        if st.baloot is not None:
            out.append((tr("sum.baloot"), names[st.baloot]))
        if st.score is not None:
            out.append((tr("sum.added"), f"+{st.score.points[0]} / +{st.score.points[1]}"))
        return out

    def status(self) -> str:
        """How the hand went, in words that agree with the marks: "No mistake" only when no
        decision is red, and the orange ones (small slips) counted beside it."""
        total = self.coach.total()
        if total == 0:
            return tr("review.no_decisions")
        if not self.coach.done():
            return trn("review.checking", total, done=self.coach.checked())
        n = len(self.coach.mistakes())
        if n:
            return trn("review.mistakes", n)
        slips = sum(self.tone(d.step) == "small" for d in self.review.decisions)
        return trn("review.no_mistakes_slips", slips) if slips else tr("review.no_mistakes")

    def bubbles(self) -> dict[int, tuple[str, bool]]:
        st = self.review.steps[self.index]
        out: dict[int, tuple[str, bool]] = {}
        if st.phase in (Phase.BIDDING, Phase.DOUBLING) or (st.trick is None and st.calls):
            for call in st.calls:
                out[call.seat] = (call_words(call, self.review.base.buying_card, self.belote), False)
        for e in st.events:
            if isinstance(e, ProjectsDeclared) and e.kinds:
                out[e.seat] = (i18n.list_join([project_name(k) for k in e.kinds]), False)
            elif isinstance(e, BalootCalled):
                out[e.seat] = (tr("call.baloot"), True)
        return out

    def rings(self) -> dict[int, tuple[int, int, int]]:
        st = self.review.steps[self.index]
        out: dict[int, tuple[int, int, int]] = {}
        if st.trick is not None and st.trick.winner is not None:
            out[st.trick.cards[(st.trick.winner - st.trick.leader) & 3]] = GOLD
        if st.action is not None and is_card(st.action):
            out[st.action] = INK
        v = self.verdict()
        if v is not None and not v.agrees and is_card(v.preferred):
            out[v.preferred] = GREEN
            if v.mistake and is_card(v.played):
                out[v.played] = MISTAKE
        return out

    # ----- drawing -------------------------------------------------------------------------

    def draw_below(self, surface: pygame.Surface) -> None:
        lay, r, rl = self.host.layout, self.host.renderer, self.rl
        surface.blit(r.felt(lay), (0, 0))
        names = self.names()
        st = self.review.steps[self.index]
        # header: the hand, its contract, where we are
        title = tr("review.title", number=self.review.number)
        if len(self.source.hands) > 1:
            title = tr("review.title_of", number=self.review.number,
                       hands=self.source.hands[-1].number)
        contract = st.contract or self.review.steps[-1].contract
        if contract is not None:
            title += " — " + contract_label(contract, names, self.belote)
        head = r.fit_rich(title, lay.big_font, round(rl.header.w * 0.62), INK, True)
        r.put(surface, head, rl.header, rl.header.x, rl.header.y)
        where = tr("review.step", step=self.index, steps=len(self.review.steps) - 1)
        sub = r.fit_rich(where, lay.small_font, round(rl.header.w * 0.2), DIM_INK)
        x = rl.header.x + head.get_width() + lay.m * 2
        r.put(surface, sub, rl.header, x, rl.header.y + head.get_height() - sub.get_height() - 2)
        # the table
        self.painter.table(surface, rl, st, names, self.review.base.dealer, self.bubbles(), self.rings())
        # the hand's list
        rows = self.list_rows()
        legend = [(tone, tr(f"review.legend.{tone}")) for tone in ("mistake", "small", "good", "none")]
        self.row_rects = self.painter.hand_list(surface, rl, tr("review.hand_list"), rows,
                                                self.current_row(rows), self.info_lines(), legend)
        # the coach
        words = self.verdict_words()
        if words is None:
            head_text, tone, lines, detail = "", "none", [tr("review.not_yours")], ""
        else:
            head_text, tone, lines, detail = words.head, words.tone, list(words.lines), words.detail
        self.painter.coach_panel(surface, rl, tr("coach.title"), self.status(), tr("coach.caveat"),
                                 self.caption(), head_text, tone, lines, detail, self.notice)
        # the slider
        marks = {d.step: self.tone(d.step) for d in self.review.decisions}
        self.painter.slider(surface, rl, len(self.review.steps), self.index, marks)

    def draw_above(self, surface: pygame.Surface) -> None:
        item = self.focused()
        if item is not None and self.keyboard:
            self.host.renderer.focus_ring(surface, item.rect, self.host.layout)

    def item_words(self, item: Item) -> str:
        return item.words


def table_review(host: object, table: TableScene) -> ReviewScreen | None:
    """The review of the match on the table, on its last finished hand (the hand being played is
    not there: its cards are still hidden). None when no hand is finished yet."""
    h = cast(ReviewHost, host)
    driver = table.driver
    source = source_of_match(driver.state, h.players(), table.seed, finished_only=True)
    if not source.hands:
        return None
    return ReviewScreen(h, source, len(source.hands) - 1)


__all__ = ["ReviewHost", "ReviewScreen", "table_review"]
