"""The review while the coach works in the worker process (a benchmark, not a test):
python -m bench.review [--seed N]

Plays one hand headless (South random, the others random), opens its review and steps the window
at 60 fps until the coach has judged every decision of South's, then prints how long that took
and the window's frame work meanwhile (input, drawing; the clock's sleep excluded).
"""

from __future__ import annotations

import argparse
import os
import random
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    from ui.app import App
    from ui.files.settings import Settings
    from ui.review.screen import ReviewScreen, open_table_review
    from ui.table.overlays import HandSummaryScreen
    from ui.table.worker import make_thinker

    app = App(args.seed, humans=(0,), settings=Settings(animation_speed="instant", sound=False),
              thinker=make_thinker("process"), size=(1280, 800), sound=False, ai="random")
    try:
        t = app.match
        assert t is not None
        rng = random.Random(args.seed)
        while not isinstance(app.top, HandSummaryScreen):
            app.step(16.0)
            time.sleep(0.001)
            if t.human_turn():
                t.submit(rng.choice(t.driver.legal_actions()))
        open_table_review(app, t)
        rv = app.top
        assert isinstance(rv, ReviewScreen)
        start = time.perf_counter()
        work: list[float] = []
        while not rv.coach.done():
            s = time.perf_counter()
            app.step(16.0)
            work.append(time.perf_counter() - s)
            time.sleep(max(0.0, 1 / 60 - work[-1]))
        elapsed = time.perf_counter() - start
        work.sort()
        print(f"{rv.coach.total()} decisions judged in {elapsed:.1f} s by the worker process; the window "
              f"drew {len(work)} frames meanwhile: frame work median {1000 * work[len(work) // 2]:.1f} ms, "
              f"p95 {1000 * work[int(len(work) * 0.95)]:.1f} ms, max {1000 * work[-1]:.1f} ms; "
              f"the review opened on step {rv.index} (mistakes at {rv.coach.mistakes()})")
    finally:
        app.close()


if __name__ == "__main__":
    main()
