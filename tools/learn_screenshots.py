"""Screenshots of the course and the puzzles (issue 51), headless, in English and Arabic at
1024×640 and 1920×1080: `python tools/learn_screenshots.py OUT_DIR [--rules belote]`.

For each lesson, its key moment: the player's last decision, a wrong move refused with the
lesson's words (`lesson_ID_*.png`), and its end with the summary (`lesson_ID_end_*.png`);
the main menu, the course, the puzzles menu, a puzzle with a refused card and its cost, a hint,
and a solved puzzle (`puzzle_*.png`). Moves are made as a player would: clicks on the cards and
the call buttons.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.actions import card_of, is_announced
from game.cards import SOUTH, cards_in
from game.notation import from_notation
from game.rules import Rules
from ui.app import App
from ui.files.settings import Settings
from ui.learn.lessons import Lesson
from ui.learn.puzzles import Puzzle, PuzzleGame, reaches
from ui.learn.screens import LessonScreen, LessonsMenu, PuzzleScreen, PuzzlesMenu
from ui.table.worker import InlineThinker

DT = 50.0


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(DT)
    app.step(DT)


def press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    app.step(DT)


def shot(app: App, out: Path, name: str) -> None:
    app.step(DT)
    pygame.image.save(app.screen, str(out / f"{name}.png"))


def move(app: App, screen: LessonScreen | PuzzleScreen, action: int) -> None:
    """Click South's card, or the call's button."""
    for a, rect in screen.call_rects:
        if a == action:
            click(app, rect.center)
            return
    target = card_of(action) if is_announced(action) else action  # a click announces by itself
    for card, rect in screen.south_cards():
        if card == target:
            click(app, (rect.centerx, rect.y + rect.h // 4))
            return
    raise RuntimeError(f"no way to play {action}")


def key_step(lesson: Lesson) -> int:
    """The lesson's key moment: its last decision (a step of the player's with a legal choice), else
    the player's first move (then the wrong move shown is a card the rules refuse)."""
    state = from_notation(lesson.position)
    key = next((i for i, step in enumerate(lesson.steps) if step.seat == SOUTH), -1)
    for i, step in enumerate(lesson.steps):
        moves = {card_of(a) if card_of(a) >= 0 else a for a in state.legal_actions()}
        if step.seat == SOUTH and len(moves) > 1:
            key = i
        state.apply(step.move)
    return key


def lesson_shots(app: App, out: Path, tag: str) -> None:
    menu = LessonsMenu(app)
    app.open_screen(menu)
    shot(app, out, f"learn_menu_{tag}")
    for lesson in menu.lessons:
        screen = LessonScreen(app, lesson, menu.finished)
        app.open_screen(screen)
        g = screen.game
        key = key_step(lesson)
        for _ in range(400):
            if g.finished():
                break
            if g.waiting:
                press(app, pygame.K_SPACE)
            elif g.players_turn():
                step = g.pending()
                assert step is not None and step.seat == SOUTH
                if g.index == key:
                    legal = g.state.legal_actions()
                    wrong = [a for a in legal if a != step.move and
                             (card_of(a) < 0 or card_of(a) != card_of(step.move))] or \
                        [c for c in cards_in(g.state.hands[SOUTH]) if c not in legal]  # refused by the rules
                    move(app, screen, wrong[0])
                    shot(app, out, f"lesson_{lesson.id}_{tag}")
                move(app, screen, step.move)
            else:
                app.step(DT)
        press(app, pygame.K_SPACE)
        shot(app, out, f"lesson_{lesson.id}_end_{tag}")
        app.close_screen()
    app.close_screen()


def first_is_a_decision(p: Puzzle) -> bool:
    """South's first turn has a card that loses the goal (so a refusal can be shown)."""
    return any(not reaches(v) for v in PuzzleGame(p).values().values())


def puzzle_shots(app: App, out: Path, tag: str) -> None:
    menu = PuzzlesMenu(app)
    app.open_screen(menu)
    shot(app, out, f"puzzle_menu_{tag}")
    puzzle = next((p for p in menu.puzzles if p.difficulty >= 2 and first_is_a_decision(p)),
                  menu.puzzles[0] if menu.puzzles else None)
    if puzzle is None:
        return
    screen = PuzzleScreen(app, puzzle, menu)
    app.open_screen(screen)
    shot(app, out, f"puzzle_start_{tag}")
    values = screen.game.values()
    losing = [c for c, v in values.items() if not reaches(v)]
    if losing:
        move(app, screen, losing[0])
        shot(app, out, f"puzzle_refused_{tag}")
    press(app, pygame.K_h)
    shot(app, out, f"puzzle_hint_{tag}")
    for _ in range(400):
        if screen.game.solved():
            break
        if screen.players_turn():
            move(app, screen, screen.game.hint())
        else:
            app.step(DT)
    shot(app, out, f"puzzle_solved_{tag}")
    app.close_screen()
    app.close_screen()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--rules", default="saudi")
    ap.add_argument("--sizes", default="1024x640,1920x1080")
    ap.add_argument("--languages", default="en,ar")
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.languages.split(","):
        for size in args.sizes.split(","):
            w, h = (int(x) for x in size.split("x"))
            settings = Settings(animation_speed="fast", sound=False, language=lang,
                                rules=Rules.preset(args.rules))
            app = App(3, humans=(0,), settings=settings, thinker=InlineThinker(), size=(w, h),
                      sound=False, ai="random", persist=False, menu=True)
            tag = f"{args.rules}_{lang}_{w}x{h}"
            shot(app, out, f"main_menu_{tag}")
            lesson_shots(app, out, tag)
            puzzle_shots(app, out, tag)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
