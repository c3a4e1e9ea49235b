"""The course: the list of lessons and the lesson being played (ui/learn/lessons.py is its model)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from game.actions import Action, announced, is_card
from game.state import RoundState
from ui import i18n
from ui.learn.data import load_lessons
from ui.learn.lessons import Lesson, LessonGame
from ui.learn.progress import Progress, load_progress, save_progress
from ui.learn.table import COMPUTER_MS, LearnTable
from ui.review.view import MISTAKE
from ui.screens.base import Screen, ScreenHost, mirrored
from ui.table.layout import Layout
from ui.text import tr
from ui.theme import DIM_INK


class LessonScreen(LearnTable):
    buttons = (("next", "learn.btn.next"), ("restart", "learn.btn.restart"), ("back", "learn.btn.lessons"))

    def __init__(self, host: ScreenHost, lesson: Lesson, on_finish: Callable[[str], None]) -> None:
        self.game = LessonGame(lesson)
        self.on_finish = on_finish
        self.feedback = ""
        self.tone = "none"
        self.reported = False
        self.said = tr(self.game.caption())
        """The lesson's words said last (with speech on, each new text is said once)."""
        super().__init__(host)

    def opening_words(self) -> str:
        return f"{tr(self.game.lesson.title)}. {self.said}"

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
            self.say(self.feedback)
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
        if name == "next" and self.game.waiting:
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
        words = tr(self.game.caption())
        if words != self.said:
            self.said = words
            self.say(words)

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
        pad = lay.box_pad
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
            self.host.renderer.put(surface, sub, self.frame, self.frame.x + lay.box_pad, y)
            y += sub.get_height()
        if self.problems or not self.lessons:
            detail = self.problems[0] if self.problems else ""
            msg = self.fit(tr("learn.bad_data", detail=detail), lay.small_font,
                           self.frame.w - 4 * lay.m, MISTAKE)
            surface.blit(msg, msg.get_rect(midbottom=(self.frame.centerx,
                                                      self.frame.bottom - lay.button_h() - 2 * lay.m)))
