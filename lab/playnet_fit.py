"""Fit the network play model (ai/playnet.py) to recorded card decisions (not a test).

    python lab/playnet_fit.py plays.jsonl [more.jsonl ...] [--hidden 16] [--holdout 0.25]
        [--l2 1e-4] [--steps 1500] [--write ai/data/playnets.npz --name hard]

The lines of the files are lab/playdata.py's (a position, a seat, the card it played). The
held-out hands (a `--holdout` share of them, by a fixed shuffle) are never fitted; the script
prints the mean log-likelihood per held-out decision of: uniform play among the legal cards, the
shipped network of that name (today's weights), the network's linear term alone refitted, and
the network; and the network's gain over today's per held-out hand with a 95% interval.
With --write it refits on every decision, writes the weights file and prints its SHA-256 (to
put in ai/playnet.py WEIGHTS_SHA256). `make playnet-weights` runs lab/playdata.py and this.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import os
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ai.playnet import INPUTS, N_INPUTS, decision_inputs, load_networks
from lab.playdata import recorded

FloatArray = np.ndarray


@dataclass
class Data:
    """Decisions as rows of inputs: decision i's rows are starts[i]:starts[i+1]."""
    x: FloatArray
    starts: np.ndarray
    chosen: np.ndarray
    hand: np.ndarray
    """The hand each decision belongs to (an index)."""
    today: np.ndarray
    """log P of the card played under the shipped network (filled in by `main`)."""


def load(paths: list[str]) -> tuple[Data, int]:
    rows: list[float] = []
    starts: list[int] = []
    chosen: list[int] = []
    hand_of: list[int] = []
    hands: dict[str, int] = {}
    at = 0
    for key, s, card in recorded(paths):
        st = s.card_play()
        r, cards = decision_inputs(s.observation(st.to_move()), st.hands)
        rows.extend(r)
        starts.append(at)
        chosen.append(at + cards.index(card))
        at += len(cards)
        hand_of.append(hands.setdefault(key, len(hands)))
    x = np.array(rows).reshape(-1, N_INPUTS)
    return Data(x, np.array(starts), np.array(chosen), np.array(hand_of), np.zeros(len(starts))), len(hands)


def subset(d: Data, keep: np.ndarray) -> Data:
    """The decisions whose `keep` is true."""
    idx = np.flatnonzero(keep)
    ends = np.append(d.starts[1:], len(d.x))
    parts = [np.arange(d.starts[i], ends[i]) for i in idx]
    rows = np.concatenate(parts)
    lengths = np.array([len(p) for p in parts])
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    chosen = starts + (d.chosen[idx] - d.starts[idx])
    return Data(d.x[rows], starts, chosen, d.hand[idx], d.today[idx])


def forward(p: dict[str, FloatArray], x: FloatArray) -> tuple[FloatArray, FloatArray]:
    h = np.tanh(x @ p["w1"] + p["b1"]) if p["w1"].shape[1] else np.zeros((len(x), 0))
    return h @ p["out"] + x @ p["lin"], h


def log_probs(p: dict[str, FloatArray], d: Data) -> FloatArray:
    s, _ = forward(p, d.x)
    top = np.maximum.reduceat(s, d.starts)
    counts = np.diff(np.append(d.starts, len(s)))
    shifted = s - np.repeat(top, counts)
    return shifted[d.chosen] - np.log(np.add.reduceat(np.exp(shifted), d.starts))


def fit(d: Data, hidden: int, l2: float, steps: int, seed: int) -> dict[str, FloatArray]:
    """Maximum likelihood with an L2 penalty, by Adam on the whole batch."""
    rng = np.random.default_rng(seed)
    p = {"w1": rng.normal(0.0, 0.3, (N_INPUTS, hidden)), "b1": np.zeros(hidden),
         "out": rng.normal(0.0, 0.3, hidden), "lin": np.zeros(N_INPUTS)}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}
    counts = np.diff(np.append(d.starts, len(d.x)))
    onehot = np.zeros(len(d.x))
    onehot[d.chosen] = 1.0
    n = len(d.starts)
    lr, b1, b2 = 0.02, 0.9, 0.999
    for t in range(1, steps + 1):
        s, h = forward(p, d.x)
        top = np.repeat(np.maximum.reduceat(s, d.starts), counts)
        e = np.exp(s - top)
        prob = e / np.repeat(np.add.reduceat(e, d.starts), counts)
        gs = (prob - onehot) / n  # d(mean NLL)/d score
        g = {"lin": d.x.T @ gs + 2 * l2 * p["lin"]}
        if hidden:
            g["out"] = h.T @ gs + 2 * l2 * p["out"]
            gz = np.outer(gs, p["out"]) * (1.0 - h * h)
            g["w1"] = d.x.T @ gz + 2 * l2 * p["w1"]
            g["b1"] = gz.sum(axis=0)
        else:
            g["out"] = np.zeros(0)
            g["w1"] = np.zeros((N_INPUTS, 0))
            g["b1"] = np.zeros(0)
        rate = lr * (0.1 if t > steps * 0.7 else 1.0)
        for k in p:
            m[k] = b1 * m[k] + (1 - b1) * g[k]
            v[k] = b2 * v[k] + (1 - b2) * g[k] ** 2
            p[k] -= rate * (m[k] / (1 - b1 ** t)) / (np.sqrt(v[k] / (1 - b2 ** t)) + 1e-8)
    return p


def per_hand_gain(test: Data, lp: FloatArray) -> tuple[float, float, int]:
    """Mean and 95% half-width over held-out hands of (the network's log-likelihood minus
    today's model's), summed over each hand's decisions."""
    hands = np.unique(test.hand)
    diff = lp - test.today
    sums = np.array([diff[test.hand == h].sum() for h in hands])
    return float(sums.mean()), float(1.96 * sums.std(ddof=1) / math.sqrt(len(sums))), len(sums)


def write(path: str, name: str, p: dict[str, FloatArray], note: str) -> str:
    """Rewrite the weights file with the network `name` replaced by `p` (the others kept, read
    from `path` without checking its digest); the new file's SHA-256."""
    nets, notes = load_networks(Path(path), digest=None) if os.path.exists(path) else ({}, {})
    nets[name] = (p["w1"], p["b1"], p["out"], p["lin"])
    notes[name] = note
    arrays: dict[str, np.ndarray] = {}
    for k in sorted(nets):
        w1, b1, out, lin = nets[k]
        arrays.update({f"{k}/w1": w1, f"{k}/b1": b1, f"{k}/out": out, f"{k}/lin": lin,
                       f"{k}/note": np.array(notes[k])})
    np.savez(path, **arrays)  # np.savez writes the same bytes for the same arrays
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--hidden", type=int, default=16)
    ap.add_argument("--holdout", type=float, default=0.25)
    ap.add_argument("--l2", type=float, default=1e-4)
    ap.add_argument("--steps", type=int, default=1500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", help="refit on every decision and write the weights file here")
    ap.add_argument("--name", default="hard", help="the network's name in the weights file")
    args = ap.parse_args()
    data, n_hands = load(args.files)
    shipped = load_networks()[0]
    if args.name in shipped:
        w1, b1, out, lin = shipped[args.name]
        data.today = log_probs({"w1": w1, "b1": b1, "out": out, "lin": lin}, data)
    order = list(range(n_hands))
    random.Random(args.seed).shuffle(order)
    test_hands = np.array(order[:int(n_hands * args.holdout)])
    is_test = np.isin(data.hand, test_hands)
    train, test = subset(data, ~is_test), subset(data, is_test)
    counts = np.diff(np.append(test.starts, len(test.x)))
    print(f"{len(data.starts)} decisions in {n_hands} hands; {len(test.starts)} held out "
          f"({len(test_hands)} hands); {N_INPUTS} inputs")
    print(f"mean log-likelihood per held-out decision: uniform {-np.log(counts).mean():.4f}, "
          f"today's {args.name!r} network {test.today.mean():.4f}")
    for hidden in sorted({0, args.hidden}):
        p = fit(train, hidden, args.l2, args.steps, args.seed)
        lp = log_probs(p, test)
        gain, half, k = per_hand_gain(test, lp)
        s, _ = forward(p, test.x)
        top_hits = np.mean([int(np.argmax(s[a:b]) == c - a) for a, b, c in
                            zip(test.starts, np.append(test.starts[1:], len(s)), test.chosen, strict=True)])
        print(f"  hidden {hidden:2d}: held out {lp.mean():.4f} (train {log_probs(p, train).mean():.4f}); "
              f"minus today's per hand {gain:+.3f} ± {half:.3f} ({k} hands); most likely card "
              f"played {top_hits:.1%}")
    if args.write:
        p = fit(data, args.hidden, args.l2, args.steps, args.seed)
        files = ", ".join(os.path.basename(f) for f in args.files)
        note = (f"Fitted to {len(data.starts)} card decisions in {n_hands} hands ({files}), "
                f"{args.hidden} hidden units, L2 {args.l2}, {args.steps} Adam steps.")
        digest = write(args.write, args.name, p, note)
        lin = dict(zip(INPUTS, p["lin"], strict=True))
        print("linear term: " + ", ".join(f"{k} {v:+.2f}" for k, v in lin.items()))
        print(f"wrote {args.write}, SHA-256 {digest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
