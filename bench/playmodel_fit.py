"""Fit the play model's weights (ai/playmodel.py) to recorded card decisions (not a test).

    python bench/playmodel_fit.py plays.jsonl [more.jsonl ...] [--holdout 0.25]

Each line of the files (bench/playdata.py) is a position, a seat and the card it played. The
weights maximise the likelihood of the chosen cards under the softmax of ai/playmodel.py
(Newton's method: the log-likelihood is concave); the script prints them as a Python tuple, and
the mean log-likelihood per decision on held-out hands next to two baselines: uniform among the
legal cards, and the playout policy's card with a fitted probability.
"""

from __future__ import annotations

import argparse
import math
import random

import numpy as np

from ai.playmodel import FEATURES, card_features, situation
from ai.policy import policy_card
from bench.playdata import recorded
from game.cards import FULL_DECK


def decisions(paths: list[str]) -> list[tuple[str, np.ndarray, int]]:
    """(position, feature matrix of the legal cards, index of the card played)."""
    out = []
    for key, s, card in recorded(paths):
        st = s.card_play()
        legal = st.legal()
        seat = st.to_move()
        hand = st.hands[seat]
        outside = FULL_DECK & ~st.played & ~hand
        policy = policy_card(st, legal, 1.0, 0.0)
        ctx = situation(st)
        cards = [c for c in range(32) if legal >> c & 1]
        x = np.array([card_features(st, c, policy, outside, hand, ctx) for c in cards])
        out.append((key, x, cards.index(card)))
    return out


def loglik(w: np.ndarray, data: list[tuple[str, np.ndarray, int]]) -> float:
    total = 0.0
    for _, x, k in data:
        s = x @ w
        top = s.max()
        total += s[k] - top - math.log(np.exp(s - top).sum())
    return total / len(data)


def fit(data: list[tuple[str, np.ndarray, int]], l2: float = 0.01, steps: int = 30) -> np.ndarray:
    n = data[0][1].shape[1]
    w = np.zeros(n)
    for _ in range(steps):
        grad = -l2 * w
        hess = -l2 * np.eye(n)
        for _, x, k in data:
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[k] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="+")
    ap.add_argument("--holdout", type=float, default=0.25)
    args = ap.parse_args()
    data = decisions(args.files)
    hands = sorted({d[0] for d in data})
    random.Random(1).shuffle(hands)
    test_hands = set(hands[:int(len(hands) * args.holdout)])
    train = [d for d in data if d[0] not in test_hands]
    test = [d for d in data if d[0] in test_hands]
    w = fit(train)
    uniform = sum(-math.log(x.shape[0]) for _, x, _ in test) / len(test)
    policy_only = np.zeros(len(FEATURES))
    policy_only[0] = fit([(h, x[:, :1], k) for h, x, k in train])[0]
    print(f"{len(data)} decisions from {len(hands)} hands; {len(test)} held out ({len(test_hands)} hands)")
    print(f"mean log-likelihood per held-out decision: uniform {uniform:.3f}, "
          f"policy card only (weight {policy_only[0]:.2f}) {loglik(policy_only, test):.3f}, "
          f"full model {loglik(w, test):.3f} (train {loglik(w, train):.3f})")
    agree = sum(int(np.argmax(x @ w) == k) for _, x, k in test) / len(test)
    pol = sum(int(x[k, 0] == 1.0) for _, x, k in test) / len(test)
    print(f"held-out decisions where the card played is the model's most likely: {agree:.1%}; "
          f"the policy's card: {pol:.1%}")
    w_all = fit(data)
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w_all) + ")")
    for name, v in zip(FEATURES, w_all, strict=True):
        print(f"  {name:18s} {v:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
