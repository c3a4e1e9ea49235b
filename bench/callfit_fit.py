"""Fit ai/callfit.py's call model to recorded calls (not a test).

    python -m bench.callfit_fit calls51.jsonl calls52.jsonl [--l2 1e-3] [--write]

Reads bench/calldata.py's lines, describes each call with a choice by ai/callfit.py's features
from the caller's own view, and fits the weights by Newton's method (the log-likelihood of a
softmax is concave) on three deals in four; the fourth (deal number % 4 == 3) is held out. Printed,
held out, log-likelihood per call: uniform among the legal calls, the mismatch model of
ai/inference.py (the rule-based call, every other call `eps` times as likely) at the Expert's 0.1
and at the eps that fits the training part best, and the fitted model; and the fitted model minus
the best mismatch model per held-out deal with a 95% interval. `--write` writes the weights to
ai/callfit_weights.py.
"""

from __future__ import annotations

import argparse
import json
import math
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from statistics import fmean, stdev

import numpy as np

from ai.callfit import FEATURES, NF, call_features
from game.actions import KAWESH, action_str
from game.notation import from_notation

WEIGHTS_FILE = Path(__file__).resolve().parent.parent / "ai" / "callfit_weights.py"


class Calls:
    """The recorded calls as feature matrices: X[i] (legal calls x features), the call's row y[i],
    the deal, the kind of decision (for the report)."""

    def __init__(self) -> None:
        self.X: list[np.ndarray] = []
        self.y: list[int] = []
        self.deal: list[str] = []
        self.kind: list[str] = []
        self.call: list[str] = []
        self.seat: list[int] = []


def load(paths: Sequence[str]) -> Calls:
    out = Calls()
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                row = json.loads(line)
                if row["position"] is None:
                    continue
                st = from_notation(row["position"])
                seat = row["seat"]
                assert st.to_move() == seat
                obs = st.observation(seat)
                legal = [a for a in obs.legal_actions if a != KAWESH]
                rows = call_features(seat, obs.hand, legal, obs.buying_card,
                                     tuple(obs.bids) + tuple(obs.raises), obs.contract,
                                     obs.match_scores, obs.bidding_round)
                out.X.append(np.array(rows, dtype=float))
                out.y.append(legal.index(row["call"]))
                out.deal.append(f"{path}:{row['deal']}")
                out.kind.append("raise" if obs.contract is not None
                                else f"round {obs.bidding_round}")
                out.call.append(action_str(row["call"]))
                out.seat.append(seat)
    return out


def loglik(X: np.ndarray, y: int, w: np.ndarray) -> float:
    s = X @ w
    top = s.max()
    return float(s[y] - top - math.log(np.exp(s - top).sum()))


def fit(data: Calls, idx: Sequence[int], l2: float, steps: int = 50) -> np.ndarray:
    w = np.zeros(NF)
    for _ in range(steps):
        g = -l2 * w
        H = -l2 * np.eye(NF)
        for i in idx:
            X = data.X[i]
            s = X @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mu = p @ X
            g += X[data.y[i]] - mu
            H -= (X * p[:, None]).T @ X - np.outer(mu, mu)
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def mismatch_loglik(X: np.ndarray, y: int, eps: float) -> float:
    rule = X[:, 0]
    n = len(rule)
    norm = rule.sum() + eps * (n - rule.sum())
    return math.log((1.0 if rule[y] else eps) / norm)


def interval(xs: Sequence[float]) -> str:
    return f"{fmean(xs):+.4f} ± {1.96 * stdev(xs) / math.sqrt(len(xs)):.4f}"


def write_weights(w: np.ndarray, note: str) -> None:
    body = "\n    ".join(textwrap.wrap(", ".join(f"{x:.6f}" for x in w) + ",", 92))
    WEIGHTS_FILE.write_text(
        '"""The fitted weights of ai/callfit.py (written by bench/callfit_fit.py --write; do not '
        'edit)."""\n\nfrom typing import Final\n\n'
        "NOTE: Final[str] = (\n" + "".join(f"    {part!r}\n" for part in textwrap.wrap(
            note, 90, drop_whitespace=False)) + ")\n\"\"\"How the weights were fitted.\"\"\"\n\n"
        f"WEIGHTS: Final[tuple[float, ...]] = (\n    {body}\n)\n"
        '"""One weight per feature of ai/callfit.py FEATURES."""\n', encoding="utf-8")


def per_deal(data: Calls, ids: Sequence[int], w: np.ndarray,
             best_eps: float) -> list[dict[str, float]]:
    """Per deal among `ids`, the log-likelihood of its calls as each model weighs a deal (a
    product over the calls; for the mixture, cfit=2, the mean of the fitted model's and the
    mismatch model 0.1's products per seat): "fitted", "rules", "best" (mismatch `best_eps`),
    "mixture"."""
    seats: dict[tuple[str, int], list[int]] = {}
    for i in ids:
        seats.setdefault((data.deal[i], data.seat[i]), []).append(i)
    out: dict[str, dict[str, float]] = {}
    for (deal, _seat), calls in seats.items():
        f = sum(loglik(data.X[i], data.y[i], w) for i in calls)
        r = sum(mismatch_loglik(data.X[i], data.y[i], 0.1) for i in calls)
        b = sum(mismatch_loglik(data.X[i], data.y[i], best_eps) for i in calls)
        m = math.log(0.5 * math.exp(f) + 0.5 * math.exp(r))
        acc = out.setdefault(deal, dict.fromkeys(("fitted", "rules", "best", "mixture"), 0.0))
        for name, x in (("fitted", f), ("rules", r), ("best", b), ("mixture", m)):
            acc[name] += x
    return list(out.values())


def minus(deals: list[dict[str, float]], a: str, b: str) -> str:
    return interval([d[a] - d[b] for d in deals])


def judge_other(other: Calls, w: np.ndarray, best_eps: float) -> None:
    """The fitted model, the mismatch models and their mixture on another player's calls, per
    deal (a product over each seat's calls, as a deal is weighed)."""
    deals = per_deal(other, range(len(other.y)), w, best_eps)
    rule_share = fmean(float(other.X[i][other.y[i], 0]) for i in range(len(other.y)))
    print(f"other player's calls: {len(other.y)} in {len(deals)} deals, the rule-based call made "
          f"{rule_share:.1%}; nats per deal minus the mismatch model 0.1: fitted "
          f"{minus(deals, 'fitted', 'rules')}, the mixture (cfit=2) "
          f"{minus(deals, 'mixture', 'rules')}, mismatch {best_eps:.2f} "
          f"{minus(deals, 'best', 'rules')}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--l2", type=float, default=1e-3)
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--other", nargs="*", default=[],
                    help="calls of another player: the model fitted here judged on all of them")
    args = ap.parse_args()
    data = load(args.files)
    held = [i for i, d in enumerate(data.deal) if int(d.rsplit(":", 1)[1]) % 4 == 3]
    train = [i for i, d in enumerate(data.deal) if int(d.rsplit(":", 1)[1]) % 4 != 3]
    deals = len(set(data.deal))
    print(f"{len(data.y)} calls with a choice in {deals} deals; {len(train)} fitted, "
          f"{len(held)} held out")
    rule_share = fmean(float(data.X[i][data.y[i], 0]) for i in range(len(data.y)))
    print(f"the rule-based call made: {rule_share:.1%}")
    grid = [0.01 * k for k in range(1, 61)]
    best_eps = max(grid, key=lambda e: sum(mismatch_loglik(data.X[i], data.y[i], e) for i in train))
    w = fit(data, train, args.l2)
    print("weights: " + ", ".join(f"{n}={x:+.3f}" for n, x in zip(FEATURES, w, strict=True)))
    models = {
        "uniform": lambda i: -math.log(len(data.X[i])),
        "mismatch 0.1": lambda i: mismatch_loglik(data.X[i], data.y[i], 0.1),
        f"mismatch {best_eps:.2f} (best on the fitted part)":
            lambda i: mismatch_loglik(data.X[i], data.y[i], best_eps),
        "fitted": lambda i: loglik(data.X[i], data.y[i], w),
    }
    print("held out, nats per call:")
    for kind in ("all", "round 1", "round 2", "raise"):
        ids = [i for i in held if kind == "all" or data.kind[i] == kind]
        if ids:
            print(f"  {kind} ({len(ids)} calls): " + "; ".join(
                f"{name} {fmean(m(i) for i in ids):.4f}" for name, m in models.items()))
    deals_held = per_deal(data, held, w, best_eps)
    print(f"fitted minus mismatch {best_eps:.2f}, nats per held-out deal ({len(deals_held)}): "
          f"{minus(deals_held, 'fitted', 'best')}")
    print(f"the mixture with the mismatch model 0.1 (cfit=2) minus mismatch {best_eps:.2f}, nats "
          f"per held-out deal: {minus(deals_held, 'mixture', 'best')}; minus the fitted "
          f"model: {minus(deals_held, 'mixture', 'fitted')}")
    if args.other:
        judge_other(load(args.other), w, best_eps)
    made = Counter(data.call)
    print("calls made: " + ", ".join(f"{k} {v}" for k, v in made.most_common()))
    if args.write:
        w_all = fit(data, list(range(len(data.y))), args.l2)
        names = ", ".join(Path(p).name for p in args.files)
        write_weights(w_all, f"Fitted to {len(data.y)} calls with a choice in {deals} deals "
                             f"({names}), L2 {args.l2}.")
        print(f"wrote {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
