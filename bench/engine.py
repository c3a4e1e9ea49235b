"""Engine speed figures (not a test): python bench/engine.py [--seconds S]

1. complete random hands per second through RoundState (deal, bid, double, play, score);
2. random playouts of the card play per second with the kernel, game.cardplay (from the first
   card, full rules: projects, Baloot, Ekka, the score);
3. the cost of RoundState.legal_actions() in the card play and in the bidding.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

import game
from game.cards import nth_card
from game.phase import Phase
from game.state import RoundState


def timed(seconds: float, fn: object) -> tuple[int, float]:
    assert callable(fn)
    n, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        n += fn()
    return n, elapsed


def random_hand(rng: random.Random, seed: int) -> None:
    s = RoundState.deal(random.Random(seed), dealer=seed & 3)
    while not s.is_over():
        legal = s.legal_actions()
        s.apply(legal[int(rng.random() * len(legal))])


def play_positions(count: int, rng: random.Random) -> list[RoundState]:
    """Hands at their first card, reached by random bidding and doubling."""
    out: list[RoundState] = []
    seed = 0
    while len(out) < count:
        s = RoundState.deal(random.Random(seed), dealer=seed & 3)
        seed += 1
        while s.phase in (Phase.BIDDING, Phase.DOUBLING):
            legal = s.legal_actions()
            s.apply(legal[int(rng.random() * len(legal))])
        if s.phase is Phase.PLAYING:
            out.append(s)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    rng = random.Random(1)
    print(f"python {platform.python_version()} on {platform.machine()}, {platform.processor() or ''}; "
          f"modules: {game.BUILD}")

    counter = iter(range(10**9))

    def one_hand() -> int:
        random_hand(rng, next(counter))
        return 1

    n, el = timed(args.seconds, one_hand)
    print(f"complete random hands (deal, bid, play, score) via RoundState: {n / el:8.0f} /s")

    positions = play_positions(300, rng)
    rand = rng.random
    starts = [p.card_play() for p in positions]

    def playouts() -> int:
        for start in starts:
            cp = start.copy()
            while not cp.is_over():
                legal = cp.legal()
                cp.play(nth_card(legal, int(rand() * legal.bit_count())))
            cp.outcome()
        return len(starts)

    n, el = timed(args.seconds, playouts)
    print(f"random card-play playouts via game.cardplay (full rules):   {n / el:8.0f} /s")

    def ref_playouts() -> int:
        for p in positions[:50]:
            s = p.clone()
            while not s.is_over():
                legal = s.legal_actions()
                s.apply(legal[int(rand() * len(legal))])
        return 50

    n, el = timed(args.seconds, ref_playouts)
    print(f"random card-play playouts via RoundState.clone/apply:       {n / el:8.0f} /s")

    mid = []
    for p in positions:
        s = p.clone()
        for _ in range(rng.randrange(1, 28)):
            legal = s.legal_actions()
            s.apply(legal[int(rand() * len(legal))])
        if not s.is_over():
            mid.append(s)

    def legal_calls() -> int:
        for s in mid:
            s.legal_actions()
        return len(mid)

    n, el = timed(args.seconds / 2, legal_calls)
    print(f"legal_actions() in the card play:                  {1e6 * el / n:8.2f} µs per call")
    bids = [RoundState.deal(random.Random(i)) for i in range(300)]

    def bid_calls() -> int:
        for s in bids:
            s.legal_actions()
        return len(bids)

    n, el = timed(args.seconds / 2, bid_calls)
    print(f"legal_actions() in the bidding:                    {1e6 * el / n:8.2f} µs per call")


if __name__ == "__main__":
    main()
