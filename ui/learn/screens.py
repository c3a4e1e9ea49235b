"""The scenes of the course and the puzzles: two menus and one table screen for each.

The table is the review's (ui/review_view.py): the four hands open around the trick, a panel of
facts on one side and the teacher's words on the other. South's cards are clicked (or chosen with
← → and played with Enter); calls are buttons. The computer seats move on a short timer so each
card can be seen; a text that explains a move holds the lesson until Next (Enter, Space).
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable

import pygame

from game.actions import Action, announced, is_card
from game.cards import cards_in
from game.deal import DealBase
from game.phase import Phase
from game.state import RoundState

from .. import i18n
from ..choices import call_labels
from ..layout import Layout
from ..panels import button_font_size
from ..render import DIM_INK, GOLD, INK
from ..review_model import HandReview, Step, TrickView
from ..review_view import GREEN, MISTAKE, ReviewLayout, ReviewPainter, call_words
from ..screens.base import Screen, ScreenHost, mirrored
from ..stats import save_stats
from ..table import display_key
from ..text import card_label, contract_label, display_names, team_name, tr
from .data import load_lessons, load_puzzles
from .lessons import SOUTH, Lesson, LessonGame
from .progress import (
    Progress,
    current_streak,
    daily_puzzle,
    load_progress,
    next_puzzle,
    record_puzzle,
    save_progress,
)
from .puzzles import Puzzle, PuzzleGame

COMPUTER_MS = 650.0
"""How long a computer seat's card stays alone on the table before the next one."""


def table_step(state: RoundState) -> Step:
    """What the review's painter draws, from a live position: the hands, the buying card during
    the bidding, the trick being played (or the one just completed)."""
    trick: TrickView | None = None
    cp = state.cp
    if cp is not None and cp.trick:
        trick = TrickView(cp.done + 1, cp.leader, tuple(cp.trick))
    elif state.tricks_log:
        leader, cards = state.tricks_log[-1]
        trick = TrickView(len(state.tricks_log), leader, tuple(cards))
    hands = (state.hands[0], state.hands[1], state.hands[2], state.hands[3])
    buying = state.buying_card if state.phase is Phase.BIDDING else -1
    points = (state.points[0], state.points[1]) if cp is not None else (0, 0)
    won = (state.tricks_won[0], state.tricks_won[1]) if cp is not None else (0, 0)
    return Step(0, None, None, state.phase, hands, buying, state.contract, (), trick, (), points, won,
                ((), (), (), ()), (0, 0, 0, 0), state.project_team if cp is not None else None,
                state.baloot_seat if cp is not None else None, (), state.result)


def pair(ns: int, ew: int) -> str:
    """North-South's figure, then East-West's (read from the right in Arabic, as the review does)."""
    return f"{ns} – {ew}"


class LearnTable(Screen):
    """What the lesson and the puzzle screens share: the table, South's cards, the calls."""

    covers = True
    close_on_outside_click = False
    show_focus_always = False
    buttons: tuple[tuple[str, str], ...] = ()

    def __init__(self, host: ScreenHost) -> None:
        self.selected = -1
        """South's card chosen with the keyboard (-1: none)."""
        self.rings: dict[int, tuple[int, int, int]] = {}
        self.timer = 0.0
        self.keyboard = False
        self.painter = ReviewPainter(host.renderer)
        self._bubbles: tuple[int, dict[int, tuple[str, bool]]] = (-1, {})
        super().__init__(host)

    # ----- what the subclasses say ----------------------------------------------------------

    @property
    def state(self) -> RoundState:
        raise NotImplementedError

    def players_turn(self) -> bool:
        raise NotImplementedError

    def play(self, action: Action) -> None:
        """The player's move (a card or a call)."""
        raise NotImplementedError

    def call_choices(self) -> list[tuple[Action, str]]:
        st = self.state
        if not self.players_turn() or (st.phase is Phase.PLAYING and not st.must_decide_projects(SOUTH)):
            return []
        return call_labels(self.state.observation(SOUTH))

    # ----- layout ---------------------------------------------------------------------------

    def layout(self, lay: Layout) -> None:
        self.rl = rl = ReviewLayout(lay)
        self.frame = lay.window()
        bh = lay.button_h()
        names = list(self.buttons)
        gap = lay.m
        n = len(names)
        bw = min(self.button_width(tuple(k for _n, k in names), lay.button_w()),
                 (lay.w - 2 * lay.m - (n - 1) * gap) // max(1, n))
        x0 = lay.w // 2 - (n * bw + (n - 1) * gap) // 2
        rects = [pygame.Rect(x0 + i * (bw + gap), rl.buttons_y, bw, bh) for i in range(n)]
        if i18n.is_rtl():
            rects.reverse()
        for (name, key), rect in zip(names, rects, strict=True):
            self.button(name, rect, key, "#pass" if name == "back" else None)
        self.call_rects: list[tuple[Action, pygame.Rect]] = []
        calls = self.call_choices()
        if calls:
            font = self.host.renderer.assets.font(button_font_size(lay), True)
            cw = max(round(110 * lay.u), max(i18n.text_width(font, w) for _a, w in calls) + round(36 * lay.u))
            total = len(calls) * cw + (len(calls) - 1) * gap
            x = rl.table.centerx - total // 2
            y = rl.slider.y
            for i, (action, words) in enumerate(calls):
                rect = pygame.Rect(x + i * (cw + gap), y, cw, rl.slider_h + 6)
                self.call_rects.append((action, mirrored(rect, rl.table)))
                self.button(f"call:{action}", self.call_rects[-1][1], words)
        self.after_layout()

    def after_layout(self) -> None:
        """Focus: the first call when there are calls."""
        if self.call_rects:
            self.set_focus(f"call:{self.call_rects[0][0]}")

    def refresh(self) -> None:
        """The calls offered changed: rebuild the buttons."""
        self.build()
        self._changed = True

    # ----- South's cards --------------------------------------------------------------------

    def south_cards(self) -> list[tuple[int, pygame.Rect]]:
        st = self.state
        trump = st.contract.trump if st.contract is not None and not st.contract.sun else -1
        cards = sorted(cards_in(st.hands[SOUTH]), key=lambda c: display_key(c, trump))
        rl = self.rl
        out = []
        for (x, y), card in zip(rl.hand_centres(SOUTH, len(cards)), cards, strict=True):
            r = pygame.Rect(0, 0, rl.cw, rl.ch)
            r.center = (round(x), round(y))
            out.append((card, r))
        return out

    def card_at(self, pos: tuple[int, int]) -> int:
        for card, rect in reversed(self.south_cards()):
            if rect.collidepoint(pos):
                return card
        return -1

    # ----- input ----------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.keyboard = False
            card = self.card_at(event.pos)
            if card >= 0 and self.players_turn() and not self.call_rects:
                self.play(card)

    def pressed(self, name: str) -> None:
        if name.startswith("call:"):
            if self.players_turn():
                self.play(int(name[5:]))
        elif name == "back":
            self.back()
        else:
            self.button_pressed(name)

    def button_pressed(self, name: str) -> None:
        raise NotImplementedError

    def key(self, key: int, mod: int = 0) -> None:
        cards = [c for c, _r in self.south_cards()]
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and cards and not self.call_rects:
            self.keyboard = True
            step = 1 if key == pygame.K_RIGHT else -1
            k = cards.index(self.selected) if self.selected in cards else (-1 if step > 0 else 0)
            self.selected = cards[(k + step) % len(cards)]
            self._changed = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected in cards and \
                self.players_turn() and not self.call_rects:
            self.play(self.selected)
        else:
            if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                self.keyboard = True
            super().key(key, mod)

    # ----- drawing --------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, title: str) -> None:
        lay, r, rl = self.host.layout, self.host.renderer, self.rl
        surface.blit(r.felt(lay), (0, 0))
        head = r.fit_rich(title, lay.big_font, rl.header.w, INK, True)
        r.put(surface, head, rl.header, rl.header.x, rl.header.y)
        names = display_names(self.host.settings.names())
        rings = dict(self.rings)
        if self.selected >= 0 and self.keyboard:
            rings[self.selected] = GOLD
        self.painter.table(surface, rl, table_step(self.state), names, self.state.dealer, self.bubbles(),
                           rings)
        if self.players_turn() and not self.call_rects:
            legal = self.state.legal_play_mask() if self.state.cp is not None else 0
            for card, rect in self.south_cards():  # the cards that may not be played, dimmed
                if not legal >> card & 1:
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((0, 0, 0, 90))
                    surface.blit(veil, rect)

    def bubbles(self) -> dict[int, tuple[str, bool]]:
        """During the bidding and the doubling, each seat's last call, worded as the review does
        (its calls come from the review's model of the hand, cached by the number of actions)."""
        st = self.state
        if not isinstance(st.base, DealBase) or st.phase not in (Phase.BIDDING, Phase.DOUBLING):
            return {}
        key = len(st.actions)
        if self._bubbles[0] != key:
            calls = HandReview(st.base, st.actions).steps[-1].calls
            self._bubbles = (key, {c.seat: (call_words(c, st.base.buying_card), False) for c in calls})
        return self._bubbles[1]

    def facts(self) -> list[tuple[str, str]]:
        """The left panel: the contract, the tricks and points so far, the match score."""
        st = self.state
        names = display_names(self.host.settings.names())
        out: list[tuple[str, str]] = []
        if st.contract is not None:
            out.append((tr("learn.info.contract"), contract_label(st.contract, names, st.rules.belote)))
        if st.cp is not None:
            out.append((tr("learn.info.tricks"), pair(st.tricks_won[0], st.tricks_won[1])))
            out.append((tr("learn.info.points"), pair(st.points[0], st.points[1])))
            if st.project_team is not None:
                out.append((tr("learn.info.projects"), team_name(st.project_team)))
            if st.baloot_seat is not None:
                out.append((tr("learn.info.baloot"), names[st.baloot_seat]))
        us, them = st.match_scores
        out.append((tr("learn.info.score"), pair(us, them)))
        if st.result is not None:
            out.append((tr("learn.info.hand"), pair(st.result.points[0], st.result.points[1])))
            target = 1000 if st.rules.belote else 152
            total = (us + st.result.points[0], them + st.result.points[1])
            out.append((tr("learn.info.score_after"), pair(total[0], total[1])))
            if max(total) >= target and total[0] != total[1]:
                out.append((tr("learn.info.match_won", target=target),
                            team_name(0 if total[0] > total[1] else 1)))
        return out

    def draw_facts(self, surface: pygame.Surface, title: str) -> None:
        self.painter.hand_list(surface, self.rl, title, [], -1, self.facts())

    def draw_above(self, surface: pygame.Surface) -> None:
        item = self.focused()
        if item is not None and self.keyboard:
            self.host.renderer.focus_ring(surface, item.rect, self.host.layout)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        self.timer += dt_ms


# ----- the course ------------------------------------------------------------------------------


class LessonScreen(LearnTable):
    buttons = (("next", "learn.btn.next"), ("restart", "learn.btn.restart"), ("back", "learn.btn.lessons"))

    def __init__(self, host: ScreenHost, lesson: Lesson, on_finish: Callable[[str], None]) -> None:
        self.game = LessonGame(lesson)
        self.on_finish = on_finish
        self.feedback = ""
        self.tone = "none"
        self.reported = False
        super().__init__(host)

    @property
    def state(self) -> RoundState:
        return self.game.state

    def players_turn(self) -> bool:
        return not self.game.waiting and self.game.players_turn()

    def after_layout(self) -> None:
        super().after_layout()
        if not self.call_rects:
            self.set_focus("next")

    def play(self, action: Action) -> None:
        if is_card(action) and announced(action) in self.state.legal_actions():
            action = announced(action)  # Classic Belote: the King or Queen of trump says (re)belote
        refusal = self.game.try_move(action)
        if refusal is not None:
            self.feedback, self.tone = tr(refusal.text), "mistake"
            self.host.play_sound("click")
        else:
            self.feedback, self.tone = "", "good"
            self.host.play_sound("card_flick" if is_card(action) else "click")
            self.selected = -1
            self.timer = 0.0
            self.refresh()
            self.finish_if_done()
        self._changed = True

    def finish_if_done(self) -> None:
        if self.game.finished() and not self.reported:
            self.reported = True
            self.on_finish(self.game.lesson.id)

    def button_pressed(self, name: str) -> None:
        if name == "next":
            self.game.go_on()
            self.timer = 0.0
            self.refresh()
        elif name == "restart":
            self.game.restart()
            self.feedback, self.tone, self.timer = "", "none", 0.0
            self.refresh()

    def key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_SPACE or (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.game.waiting):
            self.button_pressed("next")
        else:
            super().key(key, mod)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        if self.game.computer_ready() and self.timer >= COMPUTER_MS:
            self.game.play_computer()
            self.host.play_sound("card_flick")
            self.timer = 0.0
            self.feedback = ""
            self.refresh()
            self.finish_if_done()

    def back(self) -> None:
        self.host.close_screen()

    def draw_below(self, surface: pygame.Surface) -> None:
        g = self.game
        lesson = g.lesson
        self.draw_table(surface, tr(lesson.title))
        self.draw_facts(surface, tr("learn.info.title"))
        lines = [tr(g.caption())]
        if g.finished():
            status = tr("learn.done")
        elif g.waiting:
            status = tr("learn.press_next")
        elif self.players_turn():
            status = tr("learn.your_turn")
        else:
            status = ""
        step = tr("learn.step", step=min(g.index + 1, len(lesson.steps)), steps=len(lesson.steps))
        head = self.feedback if self.feedback else ""
        self.painter.coach_panel(surface, self.rl, tr("learn.panel"), step, "", lines[0], head,
                                 self.tone, [status], "")


class LessonsMenu(Screen):
    """The course: one button a lesson (✓ once played to its end), and Back."""

    def __init__(self, host: ScreenHost) -> None:
        self.lessons, self.problems = load_lessons()
        self.progress, problem = load_progress() if host.persist_profile else (Progress(), None)
        if problem:
            self.problems.append(problem)
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay, round(720 * lay.u))
        pad = max(10, round(18 * lay.u))
        bh = max(30, round(38 * lay.u))
        gap = max(4, round(8 * lay.u))
        w = box.w - 2 * pad
        a = self.host.renderer.assets
        done = sum(1 for les in self.lessons if les.id in self.progress.lessons)
        self.sub_lines = a.wrap(tr("learn.menu.progress", done=done, total=len(self.lessons)),
                                lay.small_font, w)
        self.sub_y = box.y + pad + a.font(lay.big_font, True).get_linesize()
        top = self.sub_y + len(self.sub_lines) * a.font(lay.small_font).get_linesize() + pad
        room = box.bottom - pad - lay.button_h() - pad - top
        bh = min(bh, max(24, room // max(1, len(self.lessons)) - gap))  # ten lessons fit in 640 pixels
        for i, lesson in enumerate(self.lessons):
            mark = " ✓" if lesson.id in self.progress.lessons else ""
            label = tr("learn.menu.lesson", number=i + 1, title=tr(lesson.title)) + mark
            item = self.button(f"lesson:{i}", pygame.Rect(box.x + pad, top + i * (bh + gap), w, bh), "")
            item.widgets[0].set_text(i18n.display_text(label))
            item.words = label
        bw = lay.button_w()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - lay.button_h(), bw, lay.button_h())
        self.button("back", mirrored(back, box), "btn.back", "#pass")

    def pressed(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name.startswith("lesson:"):
            lesson = self.lessons[int(name[7:])]
            self.host.open_screen(LessonScreen(self.host, lesson, self.finished))

    def finished(self, lesson_id: str) -> None:
        self.progress.finish_lesson(lesson_id)
        if self.host.persist_profile:
            with contextlib.suppress(OSError):  # the lesson still counts for this session
                save_progress(self.progress)
        self.build()

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        self.panel(surface, self.frame)
        self.title(surface, self.frame, tr("learn.menu.title"))
        y = self.sub_y
        for line in self.sub_lines:
            sub = self.text(line, lay.small_font, DIM_INK)
            self.host.renderer.put(surface, sub, self.frame, self.frame.x + max(10, round(18 * lay.u)), y)
            y += sub.get_height()
        if self.problems or not self.lessons:
            detail = self.problems[0] if self.problems else ""
            msg = self.fit(tr("learn.bad_data", detail=detail), lay.small_font,
                           self.frame.w - 4 * lay.m, MISTAKE)
            surface.blit(msg, msg.get_rect(midbottom=(self.frame.centerx,
                                                      self.frame.bottom - lay.button_h() - 2 * lay.m)))


# ----- the puzzles -----------------------------------------------------------------------------


class PuzzleScreen(LearnTable):
    buttons = (("hint", "puzzle.btn.hint"), ("solution", "puzzle.btn.solution"),
               ("restart", "learn.btn.restart"), ("next", "puzzle.next"), ("back", "btn.back"))

    def __init__(self, host: ScreenHost, puzzle: Puzzle, menu: PuzzlesMenu) -> None:
        self.game = PuzzleGame(puzzle)
        self.menu = menu
        self.feedback = ""
        self.tone = "none"
        self.showing = False
        """Replaying the solution (every seat from the solution, on the timer)."""
        self.counted = False
        super().__init__(host)

    @property
    def state(self) -> RoundState:
        return self.game.state

    def players_turn(self) -> bool:
        return not self.showing and self.game.to_move() == SOUTH

    def after_layout(self) -> None:
        self.set_focus("hint")

    def play(self, action: Action) -> None:
        if not is_card(action):
            return
        verdict = self.game.play_south(action)
        if verdict.ok:
            self.feedback, self.tone = tr("puzzle.good", card=card_label(action)), "good"
            self.rings = {}
            self.host.play_sound("card_flick")
            self.selected = -1
            self.timer = 0.0
            self.solved_now()
        else:
            text = tr("puzzle.refused", card=card_label(action))
            if verdict.cost > 0:
                text += " " + tr("puzzle.cost", points=verdict.cost)
            self.feedback, self.tone = text, "mistake"
            self.host.play_sound("click")
        self._changed = True

    def solved_now(self) -> None:
        if self.game.solved() and not self.showing and not self.counted:
            self.counted = True
            self.menu.solved(self.game.puzzle)

    def button_pressed(self, name: str) -> None:
        if name == "hint" and self.players_turn():
            card = self.game.hint()
            self.rings = {card: GREEN}
            self.feedback, self.tone = tr("puzzle.hint", card=card_label(card)), "small"
        elif name == "solution":
            self.game.restart()
            self.showing, self.rings, self.timer = True, {}, 0.0
            self.feedback, self.tone = tr("puzzle.showing"), "small"
        elif name == "restart":
            self.game.restart()
            self.showing, self.rings, self.timer = False, {}, 0.0
            self.feedback, self.tone = "", "none"
        elif name == "next":
            self.host.close_screen()
            self.menu.open_next(self.game.puzzle.id)
        self._changed = True

    def key(self, key: int, mod: int = 0) -> None:
        if key == pygame.K_h:
            self.button_pressed("hint")
        else:
            super().key(key, mod)

    def update(self, dt_ms: float) -> None:
        super().update(dt_ms)
        who = self.game.to_move()
        if who is None or self.timer < COMPUTER_MS:
            return
        if self.showing:
            self.game.play_solution_card()
        elif who != SOUTH:
            self.game.play_other()
        else:
            return
        self.host.play_sound("card_flick")
        self.timer = 0.0
        self.solved_now()
        self._changed = True

    def draw_below(self, surface: pygame.Surface) -> None:
        p = self.game.puzzle
        self.draw_table(surface, tr("puzzle.title", id=p.id))
        self.draw_facts(surface, tr("learn.info.title"))
        if self.game.solved():
            status = tr("puzzle.showing") if self.showing else tr("puzzle.solved")
        elif self.players_turn():
            status = tr("puzzle.your_turn")
        else:
            status = ""
        sub = tr("puzzle.difficulty_line", level=tr(f"puzzle.difficulty.{p.difficulty}"))
        self.painter.coach_panel(surface, self.rl, tr("puzzle.goal_label"), sub, tr("puzzle.intro"),
                                 tr(f"goal.{p.goal}"), self.feedback, self.tone, [status],
                                 tr(p.note) if p.note else "")


class PuzzlesMenu(Screen):
    """Today's puzzle, the next unsolved one, the count solved and the streak."""

    def __init__(self, host: ScreenHost, today: datetime.date | None = None) -> None:
        self.today = today or datetime.date.today()
        puzzles, self.problems = load_puzzles()
        belote = host.settings.rules.belote
        self.puzzles = [p for p in puzzles if p.belote == belote]
        """The puzzles of the rule set chosen in the settings."""
        self.progress, problem = load_progress() if host.persist_profile else (Progress(), None)
        if problem:
            self.problems.append(problem)
        super().__init__(host)

    def layout(self, lay: Layout) -> None:
        box = self.frame = self.box(lay, round(620 * lay.u), round(430 * lay.u))
        pad = max(10, round(18 * lay.u))
        bh = max(34, round(46 * lay.u))
        gap = max(8, round(12 * lay.u))
        w = box.w - 2 * pad
        top = box.y + pad + lay.big_font * 2 + lay.small_font * 4 + pad
        self.button("daily", pygame.Rect(box.x + pad, top, w, bh), "puzzle.daily", "#menu")
        self.button("next", pygame.Rect(box.x + pad, top + bh + gap, w, bh), "puzzle.next", "#menu")
        bw = lay.button_w()
        back = pygame.Rect(box.right - pad - bw, box.bottom - pad - lay.button_h(), bw, lay.button_h())
        self.button("back", mirrored(back, box), "btn.back", "#pass")
        self.set_focus("next")

    def pressed(self, name: str) -> None:
        if name == "back":
            self.back()
        elif name == "daily":
            self.open(daily_puzzle(self.puzzles, self.today))
        elif name == "next":
            self.open_next(None)

    def open(self, puzzle: Puzzle | None) -> None:
        if puzzle is not None:
            self.host.open_screen(PuzzleScreen(self.host, puzzle, self))

    def open_next(self, after: str | None) -> None:
        self.open(next_puzzle(self.puzzles, self.progress.puzzles, after))

    def solved(self, puzzle: Puzzle) -> None:
        """Counted once per puzzle in the progress; every solve counts in the statistics."""
        self.progress.solve(puzzle.id)
        stats = self.host.load_statistics()
        record_puzzle(stats, self.today)
        if self.host.persist_profile:
            with contextlib.suppress(OSError):  # counted for this session; the next save tries again
                save_progress(self.progress)
                save_stats(stats)
        self._changed = True

    def draw_below(self, surface: pygame.Surface) -> None:
        lay = self.host.layout
        box = self.frame
        pad = max(10, round(18 * lay.u))
        self.panel(surface, box)
        y = self.title(surface, box, tr("puzzle.menu.title"))
        stats = self.host.load_statistics()
        solved = len({p.id for p in self.puzzles} & set(self.progress.puzzles))
        rules = tr("puzzle.rules.belote" if self.host.settings.rules.belote else "puzzle.rules.saudi")
        lines = [(rules, GOLD), (tr("puzzle.solved_count", solved=solved, total=len(self.puzzles)), INK),
                 (tr("puzzle.streak", days=current_streak(stats, self.today),
                     best=stats.puzzle_best_streak), INK)]
        for text, colour in lines:
            s = self.fit(text, lay.small_font + 1, box.w - 2 * pad, colour)
            self.host.renderer.put(surface, s, box, box.x + pad, y + pad // 2)
            y += s.get_height() + 2
        if self.problems or not self.puzzles:
            detail = self.problems[0] if self.problems else ""
            msg = self.fit(tr("puzzle.none") if not self.puzzles else tr("learn.bad_data", detail=detail),
                           lay.small_font, box.w - 2 * pad, MISTAKE)
            surface.blit(msg, msg.get_rect(midbottom=(box.centerx, box.bottom - lay.button_h() - 2 * pad)))
