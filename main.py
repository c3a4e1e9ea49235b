"""Baloot: start the game.

    python main.py                      # the main menu, then a match as South against three computer players
    python main.py --new                # straight to a new match (--continue: the saved one)
    python main.py --demo --hands 2 --seed 7 --screenshot-dir shots
                                        # four computer players, headless, screenshots, exit 0
    python main.py --demo --menus --language ar --screenshot-dir shots   # also the menus, in Arabic
    python main.py --demo --rules belote --hands 2 --screenshot-dir shots  # a classic Belote match
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from pathlib import Path

from game.cli import Parser, whole_number
from game.rules import PRESETS

STARTED = time.perf_counter()
DEMO_ONLY = ("screenshot_dir", "window", "menus", "review", "autosave")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x800, not {text!r}") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"size must be positive, not {text!r}")
    return w, h


def parse_seed(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if not -(2**63) <= n < 2**63:
        raise argparse.ArgumentTypeError("a seed fits in 64 bits")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="baloot", description="Saudi Baloot on the desktop.")
    p.add_argument("--seed", type=parse_seed, default=None, help="match seed (default: random)")
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
    p.add_argument("--rules", choices=PRESETS, default=None,
                   help="the rules of a new match: saudi (Saudi tournament), riyadh (Riyadh majlis) "
                        "or belote (Classic Belote); the settings remember it (the demo: saudi)")
    p.add_argument("--demo", action="store_true", help="four computer players, headless, then exit")
    p.add_argument("--hands", type=whole_number(0), default=1,
                   help="demo: scored hands to play, 0 for the whole match (stops early at match end)")
    p.add_argument("--screenshot-dir", type=Path, default=None, help="demo: where to save PNGs")
    p.add_argument("--window", action="store_true", help="demo: show a real window (default headless)")
    p.add_argument("--new", action="store_true", help="skip the main menu: start a new match")
    p.add_argument("--continue", dest="resume", action="store_true",
                   help="skip the main menu: continue the saved match (the demo: or exit 1)")
    p.add_argument("--menus", action="store_true",
                   help="demo: also save screenshots of the menus and screens (00_menu_*.png)")
    p.add_argument("--review", action="store_true",
                   help="demo: then open the last hand's review with the coach's marks (review_*.png)")
    p.add_argument("--autosave", action="store_true",
                   help="demo: save the match after every action, like the window does")
    p.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    return p


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """The arguments, every one checked: a bad one is a one-line usage error (exit 2)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.new and args.resume:
        parser.error("--new and --continue: choose one (a new match, or the saved one)")
    if not args.demo:
        given = [f"--{name.replace('_', '-')}" for name in DEMO_ONLY if getattr(args, name)]
        if args.speed == "instant":
            given.insert(0, "--speed instant")
        if given:
            parser.error(f"{', '.join(given)}: only with --demo" + (
                " (the window's speed is slow, normal or fast)" if args.speed == "instant" else ""))
    if args.ai is not None:
        from ai.registry import AgentSpecError, check_spec
        try:
            args.ai = check_spec(args.ai)
        except AgentSpecError as e:
            parser.error(f"--ai: {e}")
    if args.screenshot_dir is not None:
        try:
            args.screenshot_dir.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            parser.error(f"--screenshot-dir {args.screenshot_dir}: not a folder that can be made or "
                         f"written ({e.strerror or e})")
    return args


def tell_already_open(folder: str, language: str | None) -> int:
    """A second game on the same data folder: it says so (stderr, and a window in the player's
    language) and ends, having read and written nothing there."""
    from ui import i18n
    from ui.files.crash import show_dialog
    from ui.files.instance import already_open_lines
    from ui.files.settings import peek_language
    i18n.set_language(language or peek_language())
    lines = already_open_lines(folder)
    print("baloot: Baloot is already open with this data folder (" + folder + "): use that window, "
          "or close it and start again.", file=sys.stderr)
    show_dialog(lines, title_key="instance.title")
    return 1


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        return run(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # never let the window just vanish: log it and say so
        from ui.files.crash import report
        return report(exc)


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    if args.demo:
        if not args.window:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.files.storage import prepare_data_dir
    from ui.table.worker import make_thinker

    no_data = prepare_data_dir(clean=False)
    if no_data:
        print(f"baloot: {no_data.message()}", file=sys.stderr)
    else:
        from ui.files.storage import data_dir, remove_stale_temporaries
        if not args.demo or args.autosave:  # a run that writes the data folder holds it
            from ui.files.instance import AlreadyOpen, hold_data_folder
            try:
                lock = hold_data_folder(data_dir())  # noqa: F841 - held until the process ends
            except AlreadyOpen as e:  # before anything of the folder is read or written
                return tell_already_open(str(e), args.language)
        remove_stale_temporaries(data_dir())
    if args.demo:
        from ui.demo import run_demo
        from ui.display import DEFAULT_SIZE
        thinker = make_thinker(args.thinker or "inline")
        resume = None
        if args.resume:
            from ui.files.savegame import load_match
            resume, problem = (None, None) if no_data else load_match()
            if problem:
                print(problem, file=sys.stderr)
            if resume is None:
                print("no saved match to continue", file=sys.stderr)
                return 1
        return run_demo(seed, args.hands, args.screenshot_dir, args.size or DEFAULT_SIZE,
                        args.ai or "random", thinker,
                        args.speed or "fast", autosave=args.autosave and not no_data, resume=resume,
                        language=args.language or "en", menus=args.menus, review=args.review,
                        rules=args.rules or "saudi")

    from dataclasses import replace

    from ui.app import App
    from ui.files.savegame import load_match
    from ui.files.settings import Settings, load_settings
    from ui.text import tr
    settings, problem = load_settings() if not no_data else (Settings(), None)
    if args.speed and args.speed != "instant":
        settings = replace(settings, animation_speed=args.speed)
    if args.language:
        settings = replace(settings, language=args.language)
    if args.rules:
        from game.rules import Rules
        settings = replace(settings, rules=Rules.preset(args.rules))
    resume, save_problem = load_match() if args.resume and not no_data else (None, None)
    menu = not (args.new or args.resume)
    app = App(seed, settings=settings, thinker=make_thinker(args.thinker or "process"), size=args.size,
              persist=not no_data, sound=not args.mute, ai=args.ai, resume=resume, menu=menu,
              seed_given=args.seed is not None)
    for kind, message in (("settings", problem), ("save", save_problem)):
        app.report_file_problem(kind, message)
    if no_data:
        app.toast(tr("file.no_data_dir", path=no_data.path, reason=no_data.reason))
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
