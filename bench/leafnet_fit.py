"""Fit the search's leaf evaluation (ai/leafnet.py) to solved positions (not a test).

    python -m bench.leafnet_fit leaf-900.jsonl [--hidden 64] [--holdout 0.25] [--l2 1e-5]
        [--epochs 30] [--write ai/leafnet_weights.py]

The lines are bench/valuedata.py's: a position at the start of the fourth trick, its exact value
and one playout's. The target is the exact value for the team to lead over the search's reward
scale (ai/leafnet.py `scale`). The held-out hands (a `--holdout` share, by a fixed shuffle) are
never fitted; the script prints, on them, the root mean square error in game points of: the
mean, the network's linear term alone, the network, and the one playout that the network
replaces in the search (the rule-based policy, then solved from 8 cards). The suits that the
contract does not tell apart (all four in Sun, the three plain suits in Hokum) are permuted to
multiply the training rows. With --write it refits on every position and writes the weights.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import os
import random
import textwrap

import numpy as np

from ai.config import points_scale
from ai.leafnet import N_CARDS, N_INPUTS, N_SUITS, forward, inputs

Array = np.ndarray


def load(paths: list[str]) -> tuple[Array, Array, Array, Array, Array]:
    """Inputs, target (value / scale, the leader's team), playout target, scale, sun."""
    xs, ys, ps, ss, sun = [], [], [], [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                d = json.loads(line)
                sc = points_scale(d["trump"] < 0, d["raise"])
                sign = 1.0 if d["leader"] & 1 == 0 else -1.0
                xs.append(inputs(d))
                ys.append(sign * d["value"] / sc)
                ps.append(sign * d["playout"] / sc)
                ss.append(sc)
                sun.append(d["trump"] < 0)
    return np.array(xs), np.array(ys), np.array(ps), np.array(ss), np.array(sun)


def _perm_columns(perm: tuple[int, ...]) -> Array:
    """Column order that moves the inputs of canonical suit i (its cards, its per-suit inputs)
    to suit perm[i]."""
    cols = np.arange(N_INPUTS)
    per = N_SUITS // 4
    for i, j in enumerate(perm):
        cols[j * 32:(j + 1) * 32] = np.arange(i * 32, (i + 1) * 32)
        lo, to = N_CARDS + i * per, N_CARDS + j * per
        cols[to:to + per] = np.arange(lo, lo + per)
    return cols


def augment(x: Array, y: Array, sun: Array, copies: int, rng: np.random.Generator) -> tuple[Array, Array]:
    """`copies` suit-permuted versions of each row (the first is the row itself)."""
    hokum = [_perm_columns((0, *p)) for p in itertools.permutations((1, 2, 3))]
    suns = [_perm_columns(p) for p in itertools.permutations((0, 1, 2, 3))]
    out_x, out_y = [x], [y]
    for _ in range(copies - 1):
        xx = np.empty_like(x)
        for r in range(len(x)):
            pool = suns if sun[r] else hokum
            xx[r] = x[r, pool[rng.integers(len(pool))]]
        out_x.append(xx)
        out_y.append(y)
    return np.concatenate(out_x), np.concatenate(out_y)


def fit(x: Array, y: Array, hidden: int, l2: float, epochs: int, seed: int,
        linear: bool = False) -> dict[str, Array]:
    """Adam on the mean squared error, minibatches of 256 (`linear`: the hidden layer kept at 0)."""
    rng = np.random.default_rng(seed)
    p = {"w1": rng.normal(0, 1 / math.sqrt(N_INPUTS), (N_INPUTS, hidden)),
         "b1": np.zeros(hidden), "w2": np.zeros(hidden) if linear else
         rng.normal(0, 1 / math.sqrt(hidden), hidden),
         "b2": np.zeros(1), "lin": np.zeros(N_INPUTS)}
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(a) for k, a in p.items()}
    t = 0
    lr = 2e-3
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        rate = lr * (0.5 * (1 + math.cos(math.pi * epoch / epochs)))
        for s in range(0, len(x), 256):
            idx = order[s:s + 256]
            xb, yb = x[idx], y[idx]
            pre = xb @ p["w1"] + p["b1"]
            h = np.maximum(pre, 0.0)
            err = h @ p["w2"] + p["b2"][0] + xb @ p["lin"] - yb
            g_out = 2 * err / len(idx)
            gh = np.outer(g_out, p["w2"]) * (pre > 0)
            grads = {"w1": xb.T @ gh + l2 * p["w1"], "b1": gh.sum(0), "w2": h.T @ g_out + l2 * p["w2"],
                     "b2": np.array([g_out.sum()]), "lin": xb.T @ g_out + l2 * p["lin"]}
            t += 1
            if linear:
                grads["w1"][:] = grads["b1"][:] = grads["w2"][:] = 0.0
            for k, g in grads.items():
                m[k] = 0.9 * m[k] + 0.1 * g
                v[k] = 0.999 * v[k] + 0.001 * g * g
                p[k] -= rate * (m[k] / (1 - 0.9 ** t)) / (np.sqrt(v[k] / (1 - 0.999 ** t)) + 1e-8)
    return p


def predict(p: dict[str, Array], x: Array) -> Array:
    out: Array = forward(x, p["w1"], p["b1"], p["w2"], float(p["b2"][0]), p["lin"])
    return out


def rmse_points(pred: Array, y: Array, sc: Array) -> tuple[float, float]:
    """Root mean square error in game points, and its 95% interval's half-width (delta method)."""
    se = ((pred - y) * sc) ** 2
    mse = float(se.mean())
    half = 1.96 * float(se.std()) / math.sqrt(len(se)) / (2 * math.sqrt(mse))
    return math.sqrt(mse), half


def write(path: str, p: dict[str, Array], hidden: int, note: str) -> None:
    def tup(a: Array) -> str:
        items = [f"{x:.5f}," for x in np.ravel(a)]
        return "(\n" + textwrap.fill(" ".join(items), 96, initial_indent=" " * 8,
                                     subsequent_indent=" " * 8) + "\n    )"
    with open(path, "w", encoding="utf-8") as f:
        f.write('"""The fitted leaf evaluation of ai/leafnet.py (written by bench/leafnet_fit.py '
                '--write; do not edit):\n(hidden units, hidden weights, hidden biases, output '
                'weights, output bias, linear weights)."""\n\nfrom typing import Final\n\n')
        f.write("NOTE: Final = (\n" + textwrap.fill(note, 92, initial_indent=" " * 4 + '"',
                                                     subsequent_indent=" " * 4 + '"')
                .replace("\n", ' "\n') + '"\n)\n"""How the network was fitted."""\n\n')
        f.write("NET: Final[tuple[int, tuple[float, ...], tuple[float, ...], tuple[float, ...], float,\n"
                "                 tuple[float, ...]]] = (\n")
        f.write(f"    {hidden},\n")
        for a in (p["w1"], p["b1"], p["w2"]):
            f.write(f"    {tup(a)},\n")
        f.write(f"    {float(p['b2'][0]):.5f},\n    {tup(p['lin'])},\n)\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--holdout", type=float, default=0.25)
    ap.add_argument("--l2", type=float, default=1e-5)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--copies", type=int, default=4, help="suit-permuted copies of each training row")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--write", help="refit on every position and write the weights module here")
    args = ap.parse_args()
    x, y, yp, sc, sun = load(args.files)
    rng = np.random.default_rng(args.seed)
    order = list(range(len(x)))
    random.Random(args.seed).shuffle(order)
    n_test = int(len(x) * args.holdout)
    test, train = np.array(sorted(order[:n_test])), np.array(sorted(order[n_test:]))
    xa, ya = augment(x[train], y[train], sun[train], args.copies, rng)
    print(f"{len(x)} positions: {len(train)} fitted ({len(xa)} rows with the suits permuted), "
          f"{len(test)} held out; hidden {args.hidden}, L2 {args.l2}, {args.epochs} epochs")
    linear = fit(xa, ya, 1, args.l2, args.epochs, args.seed, linear=True)
    net = fit(xa, ya, args.hidden, args.l2, args.epochs, args.seed)
    rows = [("the mean of the fitted positions", np.full(len(test), y[train].mean())),
            ("the network (hidden layer and linear term)", predict(net, x[test])),
            ("its linear term alone, fitted alone", predict(linear, x[test])),
            ("one playout (policy, solved from 8 cards)", yp[test])]
    print("| estimate of the exact value (held out) | RMSE, game points | 95% |")
    print("|---|---|---|")
    for name, pred in rows:
        r, half = rmse_points(pred, y[test], sc[test])
        print(f"| {name} | {r:.2f} | ± {half:.2f} |")
    gap = ((rows[3][1] - y[test]) * sc[test]) ** 2 - ((rows[1][1] - y[test]) * sc[test]) ** 2
    print(f"playout minus network, squared error a position: {gap.mean():.1f} "
          f"± {1.96 * gap.std() / math.sqrt(len(gap)):.1f}")
    bias = (rows[1][1] - y[test]) * sc[test]
    print(f"network bias on held-out positions: {bias.mean():+.2f} game points "
          f"(Sun {bias[sun[test]].mean():+.2f}, Hokum {bias[~sun[test]].mean():+.2f}); "
          f"playout bias {((yp[test] - y[test]) * sc[test]).mean():+.2f}")
    if args.write:
        xa, ya = augment(x, y, sun, args.copies, rng)
        p = fit(xa, ya, args.hidden, args.l2, args.epochs, args.seed)
        names = ", ".join(os.path.basename(f) for f in args.files)
        note = (f"Fitted to {len(x)} positions ({names}) with the suits permuted "
                f"x{args.copies}, {args.hidden} hidden units, L2 {args.l2}, {args.epochs} epochs of Adam.")
        write(args.write, p, args.hidden, note)
        print(f"wrote {args.write}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
