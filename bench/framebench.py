"""Frame time while the computer players think: the real window loop, four bots, wall-clock frames.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/framebench.py --ai ismcts:hard --seconds 20
    ... --thinker thread     # for comparison: the same search in a thread of the drawing process

Reports the work time of each frame (input, animation, drawing, flip; the clock's sleep excluded)
and the interval between frames, for the frames during which a bot was thinking. A figure, not a
test: tests never depend on timing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[min(len(ys) - 1, round(q * (len(ys) - 1)))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ai", default="ismcts:hard")
    p.add_argument("--seconds", type=float, default=20.0)
    p.add_argument("--thinker", choices=("process", "thread", "inline"), default="process")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ui.app import App
    from ui.files.settings import Settings
    from ui.table.worker import make_thinker

    w, h = (int(v) for v in args.size.split("x"))
    app = App(args.seed, humans=(), settings=Settings(animation_speed="normal", sound=False),
              thinker=make_thinker(args.thinker), size=(w, h), hint_seat=0, sound=False, ai=args.ai)
    clock = pygame.time.Clock()
    intervals: list[tuple[float, bool]] = []
    end = time.perf_counter() + args.seconds
    last = time.perf_counter()
    try:
        while time.perf_counter() < end and app.running:
            dt = clock.tick(60)
            top = app.top
            if top is not None and top is not app.match and hasattr(top, "back"):
                top.back()
            app.step(float(min(dt, 100)))
            now = time.perf_counter()
            intervals.append(((now - last) * 1000.0, app.stats[-1].thinking))
            last = now
    finally:
        app.close()
    think = [s.work_ms for s in app.stats if s.thinking]
    other = [s.work_ms for s in app.stats if not s.thinking]
    gaps = [ms for ms, thinking in intervals[1:] if thinking]
    moves = app.match.driver.actions_count() if app.match else 0
    print(f"video driver: {pygame.display.get_driver()}, window {w}x{h}, thinker: {args.thinker}, "
          f"ai: {args.ai}, {moves} moves in {args.seconds:g} s, "
          f"{app.redraws} of {app.frames} frames redrawn")
    for label, xs in (("frame work while a bot thinks", think), ("frame work otherwise", other),
                      ("frame interval while a bot thinks", gaps)):
        if xs:
            print(f"{label}: n={len(xs)} mean={statistics.fmean(xs):.1f} ms "
                  f"p95={percentile(xs, 0.95):.1f} ms p99={percentile(xs, 0.99):.1f} ms max={max(xs):.1f} ms")
        else:
            print(f"{label}: no frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
