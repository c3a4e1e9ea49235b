"""Idle CPU of the main menu: the real window loop (the 60 fps clock of `App.run`) with nobody
touching it, for `--seconds`; prints the share of one core the process used and how many frames
were drawn. See docs/performance.md.

    SDL_AUDIODRIVER=dummy SDL_FRAMEBUFFER_ACCELERATION=0 xvfb-run -a -s "-screen 0 1920x1080x24" \\
        python bench/idlebench.py --seconds 20 --size 1280x800
"""

from __future__ import annotations

import argparse
import time

import pygame

from ui.app import App
from ui.files.settings import Settings


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python bench/idlebench.py")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--size", default="1280x800")
    args = p.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    app = App(1, settings=Settings(sound=False), size=(w, h), sound=False, menu=True)
    clock = pygame.time.Clock()
    for _ in range(30):  # the first frames build the felt, the fonts and the buttons
        app.step(float(clock.tick(60)))
    cpu0, wall0, frames0, drawn0 = time.process_time(), time.perf_counter(), app.frames, app.redraws
    while time.perf_counter() - wall0 < args.seconds:
        app.step(float(min(clock.tick(60), 100)))
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"idle main menu {w}x{h}: {100 * cpu / wall:.1f}% of a core over {wall:.1f} s "
          f"({app.frames - frames0} frames, {app.redraws - drawn0} redraws), "
          f"video driver {pygame.display.get_driver()}")
    app.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
