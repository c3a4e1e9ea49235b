"""The cost of drawing the whole table once, with and without issue 50's marks: the winning card's
halo and the dimmed trick, and the 'your turn' ring. A figure, not a test.

    SDL_VIDEODRIVER=dummy .venv/bin/python -m bench.tabledraw --size 1920x1080

Plays seed 6 (random players, South by its last legal call or first playable card) to the first
trick's winning card, then times `TableView.draw` of that frame; the minimum of the repetitions is
the least disturbed by other work on the machine.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--size", default="1920x1080")
    p.add_argument("--repeat", type=int, default=200)
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ui.app import App
    from ui.files.settings import Settings
    from ui.table.worker import InlineThinker

    w, h = (int(v) for v in args.size.split("x"))
    app = App(6, humans=(0,), settings=Settings(sound=False), thinker=InlineThinker(), size=(w, h),
              sound=False, ai="random")
    t = app.match
    assert t is not None
    try:
        for _ in range(5000):
            app.step(20.0)
            if t.animator.hud.winning_card is not None:
                break
            if t.human_turn():
                legal = t.driver.legal_actions()
                cards = sorted(t.aff.playable or ())
                t.submit(cards[0] if cards else legal[-1])
        hud = t.animator.hud
        winner = hud.winning_card
        assert winner is not None, "never reached a trick's winner"

        def timed(label: str) -> None:
            xs = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                t.view.draw(app.screen, app.layout, t.parts())
                xs.append((time.perf_counter() - start) * 1000.0)
            print(f"{label}: min {min(xs):.2f} ms, median {statistics.median(xs):.2f} ms")

        print(f"window {w}x{h}, {args.repeat} draws of the whole table each")
        hud.winning_card = t.table.on_top = None
        timed("the trick, unmarked")
        hud.winning_card = t.table.on_top = winner
        timed("the winning card marked (halo, ring, the others dimmed)")
        t.aff.cue = 1.0
        timed("marked, and the 'your turn' ring")
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
