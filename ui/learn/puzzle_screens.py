"""The puzzles: the menu (daily, next, solved count, streak) and the puzzle being played."""

from __future__ import annotations

import contextlib
import datetime

import pygame

from game.actions import Action, is_card
from game.cards import SOUTH
from game.state import RoundState
from ui.files.stats import save_stats
from ui.learn.data import load_puzzles
from ui.learn.progress import (
    Progress,
    current_streak,
    daily_puzzle,
    load_progress,
    next_puzzle,
    record_puzzle,
    save_progress,
)
from ui.learn.puzzles import Puzzle, PuzzleGame
from ui.learn.table import COMPUTER_MS, LearnTable
from ui.review.view import GREEN, MISTAKE
from ui.screens.base import Screen, ScreenHost, mirrored
from ui.table.layout import Layout
from ui.text import card_label, tr
from ui.theme import GOLD, INK


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
        self.say(self.feedback)
        self._changed = True

    def opening_words(self) -> str:
        return f"{tr('puzzle.title', id=self.game.puzzle.id)}. {tr(f'goal.{self.game.puzzle.goal}')}"

    def solved_now(self) -> None:
        if self.game.solved() and not self.showing and not self.counted:
            self.counted = True
            self.menu.solved(self.game.puzzle)
            self.say(tr("puzzle.solved"))

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
        pad = lay.box_pad
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
        pad = lay.box_pad
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
