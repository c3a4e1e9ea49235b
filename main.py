"""Baloot: start the game.

    python main.py                      # the main menu, then a match as South against three computer players
    python main.py --new                # straight to a new match (--continue: the saved one)
    python main.py --demo --hands 2 --seed 7 --screenshot-dir shots
                                        # four computer players, headless, screenshots, exit 0
    python main.py --demo --menus --language ar --screenshot-dir shots   # also the menus, in Arabic
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

STARTED = time.perf_counter()


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="baloot", description="Saudi Baloot on the desktop.")
    p.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    p.add_argument("--ai", default=None, help="computer players, e.g. ismcts:hard, heuristic, random")
    p.add_argument("--size", type=parse_size, default=None,
                   help="window size, e.g. 1280x800 (default: as the window was left)")
    p.add_argument("--fullscreen", action="store_true", help="start in full screen (F11 toggles)")
    p.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default=None,
                   help="animation speed (instant: demo only)")
    p.add_argument("--thinker", choices=("process", "thread", "inline"), default=None,
                   help="where the computer players think (default: process; demo: inline)")
    p.add_argument("--mute", action="store_true", help="no sound")
    p.add_argument("--language", choices=("en", "ar"), default=None,
                   help="English or Arabic (the window remembers it in the settings)")
    p.add_argument("--demo", action="store_true", help="four computer players, headless, then exit")
    p.add_argument("--hands", type=int, default=1,
                   help="demo: scored hands to play, 0 for the whole match (stops early at match end)")
    p.add_argument("--screenshot-dir", type=Path, default=None, help="demo: where to save PNGs")
    p.add_argument("--window", action="store_true", help="demo: show a real window (default headless)")
    p.add_argument("--new", action="store_true", help="skip the main menu: start a new match")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="skip the main menu: continue the saved match (the demo: or exit 1)")
    p.add_argument("--menus", action="store_true",
                   help="demo: also save screenshots of the menus and screens (00_menu_*.png)")
    p.add_argument("--autosave", action="store_true",
                   help="demo: save the match after every action, like the window does")
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never let the window just vanish: log it and say so
        from ui.crash import report
        return report(exc)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.demo:
        if not args.window:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.worker import make_thinker

    if args.demo:
        from ui.demo import run_demo
        thinker = make_thinker(args.thinker or "inline")
        resume = None
        if args.resume:
            from ui.savegame import load_match
            resume, problem = load_match()
            if problem:
                print(problem, file=sys.stderr)
            if resume is None:
                print("no saved match to continue", file=sys.stderr)
                return 1
        return run_demo(seed, args.hands, args.screenshot_dir, args.size or (1280, 800), args.ai or "random",
                        thinker,
                        args.speed or "fast", autosave=args.autosave, resume=resume,
                        language=args.language or "en", menus=args.menus)

    from dataclasses import replace

    from ui.app import App
    from ui.savegame import load_match
    from ui.settings import load_settings
    from ui.text import file_problem
    settings, problem = load_settings()
    if args.speed and args.speed != "instant":
        settings = replace(settings, animation_speed=args.speed)
    if args.language:
        settings = replace(settings, language=args.language)
    resume, save_problem = load_match() if args.resume else (None, None)
    menu = not (args.new or args.resume)
    app = App(seed, settings=settings, thinker=make_thinker(args.thinker or "process"), size=args.size,
              persist=True, sound=not args.mute, ai=args.ai, resume=resume, menu=menu,
              seed_given=args.seed is not None)
    for kind, message in (("settings", problem), ("save", save_problem)):
        if message:
            app.toast(file_problem(kind, message) or message)
    if args.exit_after_first_frame:  # start-up benchmark (docs/performance.md)
        app.step(0.0)
        print(f"first frame drawn {1000 * (time.perf_counter() - STARTED):.0f} ms after main.py started")
        app.close()
        return 0
    if args.fullscreen:
        app.toggle_fullscreen()
    app.run()
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main(sys.argv[1:]))
